// PlanView: painting, hit testing and tooltips of the template rows.
#include "plan_view.h"

#include <QEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <set>

#include "catalog/gpu_catalog.h"
#include "gpu_colors.h"
#include "time_format.h"

namespace arachne::gui {

namespace {
constexpr int kMargin = 12;
constexpr int kLegendHeight = 26;
constexpr int kHeaderWidth = 130;
constexpr int kBlockWidth = 150;
constexpr int kBlockGap = 14;  // room for the arrow to the next stage
constexpr int kRowGap = 12;
}  // namespace

PlanView::PlanView(const GpuCatalog& catalog, QWidget* parent) : QWidget(parent), catalog_(catalog) {
  setMouseTracking(true);
  setBackgroundRole(QPalette::Base);
  setAutoFillBackground(true);
}

void PlanView::setPlan(const Plan& plan, const std::optional<PlanReport>& report) {
  plan_ = plan;
  report_ = report;
  updateGeometry();
  update();
}

void PlanView::clear() { setPlan(Plan{}, std::nullopt); }

bool PlanView::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(e);
    auto [t, s] = stageAt(help->pos());
    if (t >= 0)
      QToolTip::showText(help->globalPos(), stageToolTip(t, s), this);
    else
      QToolTip::hideText();
    return true;
  }
  return QWidget::event(e);
}

void PlanView::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) update();
  QWidget::changeEvent(e);
}

void PlanView::mousePressEvent(QMouseEvent* e) {
  auto [t, s] = stageAt(e->position().toPoint());
  if (t >= 0) emit stageClicked(t, s);
  QWidget::mousePressEvent(e);
}

int PlanView::rowHeight() const { return std::max(118, fontMetrics().height() * 7 + 10); }

int PlanView::rowTop(int templateIndex) const {
  return kMargin + kLegendHeight + templateIndex * (rowHeight() + kRowGap);
}

QRect PlanView::blockRect(int t, int s) const {
  return QRect(kMargin + kHeaderWidth + s * (kBlockWidth + kBlockGap), rowTop(t), kBlockWidth,
               rowHeight());
}

std::pair<int, int> PlanView::stageAt(const QPoint& pos) const {
  for (int t = 0; t < static_cast<int>(plan_.templates.size()); ++t)
    for (int s = 0; s < plan_.templates[static_cast<size_t>(t)].depth(); ++s)
      if (blockRect(t, s).contains(pos)) return {t, s};
  return {-1, -1};
}

QSize PlanView::sizeHint() const {
  int depth = 1;
  for (const auto& t : plan_.templates) depth = std::max(depth, t.depth());
  const int rows = std::max<int>(1, static_cast<int>(plan_.templates.size()));
  return {kMargin * 2 + kHeaderWidth + depth * (kBlockWidth + kBlockGap),
          rowTop(rows) + kMargin};
}

QSize PlanView::minimumSizeHint() const { return {320, 160}; }

QString PlanView::stageToolTip(int t, int s) const {
  const Template& tpl = plan_.templates[static_cast<size_t>(t)];
  const Stage& st = tpl.stages[static_cast<size_t>(s)];
  QString text = tr("<b>Template %1, stage %2</b>: %3, TP %4, layers %5–%6, micro-batch %7")
                     .arg(t + 1).arg(s + 1)
                     .arg(QString::fromStdString(st.gpu_type).toUpper())
                     .arg(st.tp).arg(st.first_layer).arg(st.last_layer).arg(tpl.micro_batch);
  if (report_ && t < static_cast<int>(report_->templates.size()) &&
      s < static_cast<int>(report_->templates[static_cast<size_t>(t)].stages.size())) {
    const StageReport& r = report_->templates[static_cast<size_t>(t)].stages[static_cast<size_t>(s)];
    text += QStringLiteral("<table>");
    auto row = [&](const QString& name, double seconds) {
      text += QStringLiteral("<tr><td>%1</td><td align=right>%2</td></tr>").arg(name, formatSeconds(seconds));
    };
    row(tr("compute per micro-batch"), r.time.compute);
    row(tr("TP communication per micro-batch"), r.time.tp_comm);
    row(tr("to next stage (%1) per micro-batch").arg(QString::fromStdString(r.p2p_link)), r.time.p2p);
    row(tr("stage time t_s"), r.time.perMicroBatch());
    row(tr("gradient sync per iteration (%1)").arg(QString::fromStdString(r.grad_sync_link)),
        r.time.grad_sync);
    row(tr("optimizer step per iteration"), r.time.optimizer);
    text += QStringLiteral("</table>");
    text += tr("Memory %1 of %2 GB, %3 micro-batches in flight")
                .arg(QLocale().toString(r.memory.total() / 1e9, 'f', 1))
                .arg(QLocale().toString(r.memory.capacity / 1e9, 'f', 1))
                .arg(r.in_flight_micro_batches);
  } else {
    text += QStringLiteral("<br>") + tr("No timing for this stage: the plan is not priced.");
  }
  return text;
}

void PlanView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  if (plan_.templates.empty()) return;
  paintLegend(p);
  const QLocale locale;
  for (int t = 0; t < static_cast<int>(plan_.templates.size()); ++t) {
    const Template& tpl = plan_.templates[static_cast<size_t>(t)];
    const int top = rowTop(t);
    QRect header(kMargin, top, kHeaderWidth - 8, rowHeight());
    p.setPen(palette().color(QPalette::Text));
    QString head = tr("Template %1").arg(t + 1) + QLatin1Char('\n') +
                   tr("× %n replica(s)", nullptr, tpl.replicas) + QLatin1Char('\n') +
                   tr("%n micro-batch(es)", nullptr, tpl.micro_batches);
    if (report_ && t < static_cast<int>(report_->templates.size()))
      head += QLatin1Char('\n') + tr("iteration %1").arg(formatSeconds(report_->templates[static_cast<size_t>(t)].iteration_time_s));
    p.drawText(header, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, head);
    for (int s = 0; s < tpl.depth(); ++s) {
      const QRect r = blockRect(t, s);
      paintBlock(p, tpl.stages[static_cast<size_t>(s)], r, tpl.replicas, tpl.micro_batch);
      if (s + 1 < tpl.depth()) {
        const int y = r.center().y();
        p.setPen(QPen(palette().color(QPalette::Text), 1.5));
        p.drawLine(r.right() + 2, y, r.right() + kBlockGap - 2, y);
        p.drawLine(r.right() + kBlockGap - 6, y - 4, r.right() + kBlockGap - 2, y);
        p.drawLine(r.right() + kBlockGap - 6, y + 4, r.right() + kBlockGap - 2, y);
      }
    }
  }
}

void PlanView::paintLegend(QPainter& p) const {
  std::vector<std::string> types;
  for (const auto& t : plan_.templates)
    for (const auto& s : t.stages)
      if (std::find(types.begin(), types.end(), s.gpu_type) == types.end()) types.push_back(s.gpu_type);
  int x = kMargin;
  const int y = kMargin;
  p.setPen(palette().color(QPalette::Text));
  p.drawText(QRect(x, y, 80, 18), Qt::AlignVCenter, tr("GPU types:"));
  x += p.fontMetrics().horizontalAdvance(tr("GPU types:")) + 10;
  for (const auto& id : types) {
    const QString q = QString::fromStdString(id);
    QRect swatch(x, y + 2, 24, 14);
    p.fillRect(swatch, GpuColors::color(catalog_, q));
    p.fillRect(swatch, QBrush(QColor(0, 0, 0, 90), GpuColors::pattern(catalog_, q)));
    p.setPen(palette().color(QPalette::Text));
    p.drawRect(swatch);
    const GpuType* g = catalog_.find(id);
    const QString label = q.toUpper() + (g ? QStringLiteral(" (%1)").arg(QString::fromStdString(g->name)) : QString());
    p.drawText(QRect(x + 30, y, 400, 18), Qt::AlignVCenter, label);
    x += 30 + p.fontMetrics().horizontalAdvance(label) + 18;
  }
}

void PlanView::paintBlock(QPainter& p, const Stage& stage, const QRect& r, int replicas,
                          int microBatch) const {
  const QString type = QString::fromStdString(stage.gpu_type);
  const QColor fill = GpuColors::color(catalog_, type);
  const QColor ink = GpuColors::textOn(fill);
  p.setPen(QPen(palette().color(QPalette::Text), 1));
  p.setBrush(fill);
  p.drawRoundedRect(r, 6, 6);
  // The pattern strip on the left edge names the type without colour.
  QRect strip(r.left() + 1, r.top() + 1, 10, r.height() - 2);
  p.fillRect(strip, QBrush(QColor(0, 0, 0, 140), GpuColors::pattern(catalog_, type)));
  p.setPen(ink);
  const QRect text = r.adjusted(16, 4, -6, -4);
  const int lh = p.fontMetrics().height();
  QFont bold = p.font();
  bold.setBold(true);
  p.save();
  p.setFont(bold);
  p.drawText(QRect(text.left(), text.top(), text.width(), lh), Qt::AlignLeft,
             tr("%1 · TP %2").arg(type.toUpper()).arg(stage.tp));
  p.restore();
  p.drawText(QRect(text.left(), text.top() + lh, text.width(), lh), Qt::AlignLeft,
             tr("layers %1–%2 · mb %3").arg(stage.first_layer).arg(stage.last_layer).arg(microBatch));
  const std::set<int> nodes(stage.node_ids.begin(), stage.node_ids.end());
  QString where;
  if (nodes.size() <= 3) {
    QStringList names;
    for (int n : nodes) names << QString::number(n);
    where = tr("node %1").arg(names.join(QLatin1Char(',')));
  } else {
    where = tr("%1 nodes").arg(nodes.size());
  }
  p.drawText(QRect(text.left(), text.top() + 2 * lh, text.width(), lh), Qt::AlignLeft,
             tr("%n GPU(s) · %1", nullptr, stage.tp * replicas).arg(where));
  const QRect art(text.left(), text.top() + 3 * lh + 4, text.width(), text.bottom() - (text.top() + 3 * lh + 4));
  if (stage.expert_tiling)
    paintTiling(p, art, *stage.expert_tiling, ink);
  else
    paintTpGroup(p, art, stage.tp, ink);
}

void PlanView::paintTpGroup(QPainter& p, const QRect& r, int tp, const QColor& ink) const {
  // One square per GPU of the TP group, framed together: the GPUs that share every layer.
  const int cell = std::clamp((r.width() - 8) / std::max(tp, 1) - 3, 6, 16);
  const int w = tp * (cell + 3) + 5;
  QRect frame(r.left(), r.top(), w, cell + 8);
  p.setPen(QPen(ink, 1, Qt::DashLine));
  p.setBrush(Qt::NoBrush);
  p.drawRoundedRect(frame, 3, 3);
  p.setPen(QPen(ink, 1));
  for (int i = 0; i < tp; ++i) {
    QRect c(frame.left() + 4 + i * (cell + 3), frame.top() + 4, cell, cell);
    p.setBrush(QColor(255, 255, 255, 150));
    p.drawRect(c);
  }
  p.drawText(QRect(frame.right() + 6, frame.top(), r.right() - frame.right() - 6, frame.height()),
             Qt::AlignVCenter | Qt::AlignLeft, tr("TP group"));
}

void PlanView::paintTiling(QPainter& p, const QRect& r, const ExpertTiling& t,
                           const QColor& ink) const {
  // One EP-columns by ETP-rows grid per EDP copy: every square is a GPU holding 1/(EP*ETP) of
  // the experts, and the copies hold the same experts (expert data parallel).
  const int cols = std::max(t.ep, 1), rows = std::max(t.etp, 1), copies = std::max(t.edp, 1);
  const int labelWidth = 64;
  const int gap = 4;
  const int avail = r.width() - labelWidth - gap * (copies - 1);
  const int cell = std::clamp(std::min(avail / (cols * copies), (r.height() - 2) / rows) - 1, 2, 14);
  const int gridWidth = cols * (cell + 1);
  p.setPen(QPen(ink, 1));
  for (int c = 0; c < copies; ++c) {
    const int left = r.left() + c * (gridWidth + gap);
    for (int y = 0; y < rows; ++y)
      for (int x = 0; x < cols; ++x) {
        p.setBrush(c == 0 ? QColor(255, 255, 255, 170) : QColor(255, 255, 255, 90));
        p.drawRect(left + x * (cell + 1), r.top() + y * (cell + 1), cell, cell);
      }
  }
  const int gridRight = r.left() + copies * (gridWidth + gap);
  p.drawText(QRect(gridRight, r.top(), r.right() - gridRight, r.height()),
             Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
             tr("EP %1 × ETP %2 × EDP %3").arg(t.ep).arg(t.etp).arg(t.edp));
}

}  // namespace arachne::gui
