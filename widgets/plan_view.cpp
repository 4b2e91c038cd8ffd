// PlanView: layout, painting, hit testing and tooltips of the template rows.
#include "plan_view.h"

#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <limits>
#include <cstring>
#include <map>

#include "catalog/gpu_catalog.h"
#include "core_text.h"
#include "cost/report_items.h"
#include "gpu_colors.h"
#include "layer_text.h"
#include "time_format.h"

namespace arachne::gui {

namespace {
constexpr int kMargin = 12;
constexpr int kHeaderWidth = 130;
constexpr int kBlockWidth = 158;
constexpr int kBlockGap = 14;  // room for the arrow to the next stage
constexpr int kRowGap = 12;
constexpr int kMinLegendWidth = 720;
}  // namespace

PlanView::PlanView(const GpuCatalog& catalog, QWidget* parent) : QWidget(parent), catalog_(catalog) {
  setMouseTracking(true);
  setBackgroundRole(QPalette::Base);
  setAutoFillBackground(true);
}

void PlanView::setPlan(const Plan& plan, const std::optional<PlanReport>& report,
                       const std::optional<Model>& model) {
  plan_ = plan;
  report_ = report;
  if (model) model_ = model;
  selected_ = {-1, -1};
  highlighted_.clear();
  updateGeometry();
  adjustSize();  // outside a resizable scroll area the view keeps the size of the whole plan
  update();
}

void PlanView::clear() {
  model_.reset();
  setPlan(Plan{}, std::nullopt);
}

void PlanView::setSelectedStage(int t, int s) {
  selected_ = {t, s};
  update();
}

void PlanView::setHighlightedNodes(const std::set<int>& nodes) {
  highlighted_ = nodes;
  update();
}

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
  if (e->type() == QEvent::LanguageChange || e->type() == QEvent::FontChange) {
    updateGeometry();
    update();
  }
  QWidget::changeEvent(e);
}

void PlanView::mousePressEvent(QMouseEvent* e) {
  auto [t, s] = stageAt(e->position().toPoint());
  if (t >= 0) emit stageClicked(t, s);
  QWidget::mousePressEvent(e);
}

// Up to six lines of text (type, layers, what the stage holds on one or two lines, GPUs, expert
// tiling) and the TP group or expert grid below them.
int PlanView::rowHeight() const { return std::max(128, fontMetrics().height() * 9 + 10); }

int PlanView::contentWidth() const {
  int depth = 1;
  for (const auto& t : plan_.templates) depth = std::max(depth, t.depth());
  return kMargin * 2 + kHeaderWidth + depth * (kBlockWidth + kBlockGap);
}

std::vector<PlanView::LegendEntry> PlanView::legendLayout() const {
  // Where each type is: the templates and stages that use it, so a legend entry points at its
  // blocks even when they are scrolled out of sight.
  std::vector<std::string> order;
  std::map<std::string, QStringList> where;
  for (size_t t = 0; t < plan_.templates.size(); ++t) {
    std::map<std::string, std::pair<int, int>> span;
    const auto& stages = plan_.templates[t].stages;
    for (size_t s = 0; s < stages.size(); ++s) {
      const std::string& id = stages[s].gpu_type;
      if (std::find(order.begin(), order.end(), id) == order.end()) order.push_back(id);
      auto it = span.find(id);
      if (it == span.end()) span[id] = {int(s) + 1, int(s) + 1};
      else it->second.second = int(s) + 1;
    }
    for (const auto& [id, range] : span)
      where[id] << (range.first == range.second ? tr("T%1 S%2").arg(t + 1).arg(range.first)
                                                : tr("T%1 S%2–%3").arg(t + 1).arg(range.first).arg(range.second));
  }
  const QFontMetrics fm = fontMetrics();
  const int width = std::max(contentWidth(), kMinLegendWidth) - kMargin;
  int x = kMargin + fm.horizontalAdvance(tr("GPU types:")) + 10, y = kMargin;
  std::vector<LegendEntry> out;
  for (const auto& id : order) {
    const GpuType* g = catalog_.find(id);
    const QString label = QString::fromStdString(id).toUpper() +
                          (g ? QStringLiteral(" (%1)").arg(QString::fromStdString(g->name)) : QString()) +
                          QStringLiteral(" · ") + where[id].join(QStringLiteral(", "));
    const int w = 30 + fm.horizontalAdvance(label) + 18;
    if (x + w > width && x > kMargin + 120) {
      x = kMargin;
      y += fm.height() + 6;
    }
    out.push_back({label, QRect(x, y, w, fm.height() + 2), std::max(0, catalog_.indexOf(id))});
    x += w;
  }
  return out;
}

int PlanView::legendHeight() const {
  const auto entries = legendLayout();
  const int bottom = entries.empty() ? kMargin + fontMetrics().height() : entries.back().rect.bottom();
  return bottom - kMargin + 14;
}

int PlanView::rowTop(int templateIndex) const {
  return kMargin + legendHeight() + templateIndex * (rowHeight() + kRowGap);
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
  if (plan_.templates.empty()) return {320, 160};
  const int rows = static_cast<int>(plan_.templates.size());
  return {std::max(contentWidth(), kMinLegendWidth), rowTop(rows) + kMargin};
}

QString PlanView::layersLabel(const Stage& st) const {
  if (!model_) return tr("layers %1–%2").arg(st.first_layer).arg(st.last_layer);
  return layerRangeText(*model_, st.first_layer, st.last_layer);
}

QString PlanView::stageToolTip(int t, int s) const {
  const Template& tpl = plan_.templates[static_cast<size_t>(t)];
  const Stage& st = tpl.stages[static_cast<size_t>(s)];
  QString text = tr("<b>Template %1, stage %2</b>: %3, TP %4, layers %5–%6 (%7), micro-batch %8")
                     .arg(t + 1).arg(s + 1)
                     .arg(QString::fromStdString(st.gpu_type).toUpper())
                     .arg(st.tp).arg(st.first_layer).arg(st.last_layer)
                     .arg(layersLabel(st).toHtmlEscaped()).arg(tpl.micro_batch);
  if (tpl.virtual_stages > 1)
    text += QStringLiteral("<br>") + tr("interleaved 1F1B: the stage runs as %1 model chunks (virtual stages)").arg(tpl.virtual_stages);
  if (st.expert_tiling)
    text += QStringLiteral("<br>") + tr("experts: EP %1 × ETP %2 × EDP %3")
                                         .arg(st.expert_tiling->ep).arg(st.expert_tiling->etp).arg(st.expert_tiling->edp);
  if (report_ && t < static_cast<int>(report_->templates.size()) &&
      s < static_cast<int>(report_->templates[static_cast<size_t>(t)].stages.size())) {
    const StageReport& r = report_->templates[static_cast<size_t>(t)].stages[static_cast<size_t>(s)];
    const bool moe = st.expert_tiling.has_value();
    text += QStringLiteral("<table>");
    auto row = [&](const QString& name, const QString& value, bool bold = false) {
      text += bold ? QStringLiteral("<tr><td><b>%1</b></td><td align=right><b>%2</b></td></tr>").arg(name, value)
                   : QStringLiteral("<tr><td>%1</td><td align=right>%2</td></tr>").arg(name, value);
    };
    // Every term of the cost model, in its order: per micro-batch ones make up t_s.
    const auto items = timeItems(r.time);
    for (const TimeItem& i : items) {
      if (i.scope != ItemScope::PerMicroBatch) continue;
      // A TP-1 stage has no TP collectives and a dense stage no expert all-to-all: no empty rows.
      if ((!std::strcmp(i.key, "tp_comm") && st.tp == 1 && i.seconds <= 0) ||
          (!std::strcmp(i.key, "expert_comm") && !moe))
        continue;
      QString name = timeItemName(i.key, moe, st.tp);
      if (!std::strcmp(i.key, "p2p")) name += QStringLiteral(" (%1)").arg(linkName(r.p2p_link));
      row(tr("%1 per micro-batch").arg(name), formatSeconds(i.seconds));
    }
    row(tr("stage time t_s"), formatSeconds(r.time.perMicroBatch()), true);
    for (const TimeItem& i : items) {
      if (i.scope != ItemScope::PerIteration) continue;
      QString name = timeItemName(i.key, moe, st.tp);
      if (!std::strcmp(i.key, "grad_sync")) name += QStringLiteral(" (%1)").arg(linkName(r.grad_sync_link));
      row(tr("%1 per iteration").arg(name), formatSeconds(i.seconds));
    }
    // What overlap hides (not charged): shown when there is any, so the gain is visible.
    for (const TimeItem& i : items)
      if (i.scope == ItemScope::Hidden && i.seconds > 0) row(timeItemName(i.key, moe, st.tp), formatSeconds(i.seconds));
    for (const MemoryItem& m : memoryItems(r.memory)) row(memoryItemName(m.key), formatGibibytes(m.bytes));
    row(tr("memory per GPU"), tr("%1 of %2").arg(formatGibibytes(r.memory.total()), formatGibibytes(r.memory.capacity)), true);
    text += QStringLiteral("</table>");
    text += tr("%n micro-batch(es) in flight", nullptr, r.in_flight_micro_batches);
  } else {
    text += QStringLiteral("<br>") + tr("No timing for this stage: the plan is not priced.");
  }
  return text;
}

QString PlanView::templateHeaderText(int t) const {
  const Template& tpl = plan_.templates[static_cast<size_t>(t)];
  QString head = tr("Template %1").arg(t + 1) + QLatin1Char('\n') +
                 tr("× %n replica(s)", nullptr, tpl.replicas) + QLatin1Char('\n') +
                 // 0: the what-if editor's edit that the cost model stopped before the batch split.
                 (tpl.micro_batches > 0 ? tr("%n micro-batch(es)", nullptr, tpl.micro_batches)
                                        : tr("micro-batches not split"));
  // Interleaved 1F1B: every stage holds its layers as v model chunks (Megatron's virtual stages).
  if (tpl.virtual_stages > 1) head += QLatin1Char('\n') + tr("interleaved 1F1B: %1 chunks per stage").arg(tpl.virtual_stages);
  if (report_ && t < static_cast<int>(report_->templates.size()))
    head += QLatin1Char('\n') + tr("iteration %1").arg(formatSeconds(report_->templates[static_cast<size_t>(t)].iteration_time_s));
  return head;
}

void PlanView::paintEvent(QPaintEvent* event) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  if (plan_.templates.empty()) return;
  paintLegend(p);
  for (int t = 0; t < static_cast<int>(plan_.templates.size()); ++t) {
    const Template& tpl = plan_.templates[static_cast<size_t>(t)];
    const int top = rowTop(t);
    if (top > event->rect().bottom() || top + rowHeight() < event->rect().top()) continue;
    QRect header(kMargin, top, kHeaderWidth - 8, rowHeight());
    p.setPen(palette().color(QPalette::Text));
    p.drawText(header, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, templateHeaderText(t));
    for (int s = 0; s < tpl.depth(); ++s) {
      const QRect r = blockRect(t, s);
      paintBlock(p, t, s, r);
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
  p.setPen(palette().color(QPalette::Text));
  const QFontMetrics fm = p.fontMetrics();
  p.drawText(QRect(kMargin, kMargin, fm.horizontalAdvance(tr("GPU types:")) + 4, fm.height() + 2),
             Qt::AlignVCenter, tr("GPU types:"));
  for (const LegendEntry& e : legendLayout()) {
    QRect swatch(e.rect.left(), e.rect.top() + 2, 24, e.rect.height() - 4);
    GpuColors::paintSwatch(p, swatch, e.catalogIndex, 110);
    p.setPen(palette().color(QPalette::Text));
    p.setBrush(Qt::NoBrush);
    p.drawRect(swatch);
    p.drawText(QRect(e.rect.left() + 30, e.rect.top(), e.rect.width() - 30, e.rect.height()), Qt::AlignVCenter, e.label);
  }
}

void PlanView::paintBlock(QPainter& p, int t, int s, const QRect& r) const {
  const Template& tpl = plan_.templates[static_cast<size_t>(t)];
  const Stage& stage = tpl.stages[static_cast<size_t>(s)];
  const int index = std::max(0, catalog_.indexOf(stage.gpu_type));
  const QColor fill = GpuColors::colorAt(index);
  const QColor ink = GpuColors::textOn(fill);
  const bool selected = selected_ == std::pair<int, int>{t, s};
  const bool highlighted = std::any_of(stage.node_ids.begin(), stage.node_ids.end(),
                                       [this](int n) { return highlighted_.count(n) > 0; });
  p.setPen(QPen(selected ? palette().color(QPalette::Highlight) : palette().color(QPalette::Text),
                selected ? 3 : 1, highlighted ? Qt::DashLine : Qt::SolidLine));
  p.setBrush(fill);
  p.drawRoundedRect(r, 6, 6);
  // The pattern strip on the left edge names the type without colour.
  QRect strip(r.left() + 1, r.top() + 1, 10, r.height() - 2);
  if (GpuColors::patternAt(index) != Qt::NoBrush)
    p.fillRect(strip, QBrush(QColor(0, 0, 0, 150), GpuColors::patternAt(index)));
  else
    p.fillRect(strip, fill.darker(125));
  p.setPen(ink);
  const QRect text = r.adjusted(16, 4, -6, -4);
  const int lh = p.fontMetrics().height();
  const QStringList lines = blockTextLines(t, s, p.fontMetrics(), text.width());
  for (int n = 0; n < lines.size(); ++n) {
    p.save();
    if (n == 0) {
      QFont bold = p.font();
      bold.setBold(true);
      p.setFont(bold);
    }
    // Elided only as a last resort (a very long GPU type name): the lines are made to fit.
    p.drawText(QRect(text.left(), text.top() + n * lh, text.width(), lh), Qt::AlignLeft,
               p.fontMetrics().elidedText(lines[n], Qt::ElideRight, text.width()));
    p.restore();
  }
  const int top = text.top() + static_cast<int>(lines.size()) * lh + (stage.expert_tiling ? 2 : 4);
  if (stage.expert_tiling)
    paintTiling(p, QRect(text.left(), top, text.width(), text.bottom() - top), *stage.expert_tiling, ink);
  else
    paintTpGroup(p, QRect(text.left(), top, text.width(), text.bottom() - top), stage.tp, ink);
}

QStringList PlanView::blockTextLines(int t, int s, const QFontMetrics& fm, int width) const {
  const Template& tpl = plan_.templates[static_cast<size_t>(t)];
  const Stage& stage = tpl.stages[static_cast<size_t>(s)];
  QStringList out;
  // The first line is drawn bold: a long GPU type ("RTX-PRO-6000 · TP 1") too wide for the block
  // in bold puts its TP degree on a line of its own instead of being cut to "RTX-PRO-6000 · T…".
  const QString gpu = QString::fromStdString(stage.gpu_type).toUpper();
  const QString title = tr("%1 · TP %2").arg(gpu).arg(stage.tp);
  QFont bold = font();
  bold.setBold(true);
  if (QFontMetrics(bold).horizontalAdvance(title) <= width)
    out << title;
  else
    out << gpu << tr("TP %1").arg(stage.tp);
  // Too wide for the block (German "Schichten 12–23 · MB 1" was cut to "Schichten 12–23 · M…"):
  // the micro-batch takes a line of its own.
  const QString layersMb = tr("layers %1–%2 · mb %3").arg(stage.first_layer).arg(stage.last_layer).arg(tpl.micro_batch);
  if (fm.horizontalAdvance(layersMb) <= width)
    out << layersMb;
  else
    out << tr("layers %1–%2").arg(stage.first_layer).arg(stage.last_layer) << tr("mb %1").arg(tpl.micro_batch);
  // What the stage holds ("embedding + blocks 1–32 + head") takes a second line when it is wider
  // than the block, instead of being cut to "embedding + blocks…".
  if (model_) {
    const QString holds = layerRangeText(*model_, stage.first_layer, stage.last_layer);
    const QStringList words = holds.split(QLatin1Char(' '));
    QString first;
    int k = 0;
    for (; k < words.size(); ++k) {
      const QString next = first.isEmpty() ? words[k] : first + QLatin1Char(' ') + words[k];
      if (!first.isEmpty() && fm.horizontalAdvance(next) > width) break;
      first = next;
    }
    out << first;
    if (k < words.size()) out << QStringList(words.mid(k)).join(QLatin1Char(' '));
  }
  // A few nodes are listed with the language's separator ("nodes 0, 2"; Chinese uses 、): joined
  // with a bare comma, German read "Knoten 0,2" as the decimal 0.2. A list too wide for the block
  // gives way to the count.
  const std::set<int> nodes(stage.node_ids.begin(), stage.node_ids.end());
  const int gpus = stage.tp * tpl.replicas;
  const QString counted = tr("%n GPU(s) · %1", nullptr, gpus).arg(tr("%1 nodes").arg(nodes.size()));
  QString where = counted;
  if (nodes.size() == 1) {
    where = tr("%n GPU(s) · %1", nullptr, gpus).arg(tr("node %1").arg(*nodes.begin()));
  } else if (nodes.size() <= 3) {
    QStringList names;
    for (int n : nodes) names << QString::number(n);
    where = tr("%n GPU(s) · %1", nullptr, gpus).arg(tr("nodes %1").arg(names.join(tr(", ", "separates the node numbers of a stage"))));
    if (fm.horizontalAdvance(where) > width) where = counted;
  }
  out << where;
  if (stage.expert_tiling)
    out << tr("EP %1 × ETP %2 × EDP %3").arg(stage.expert_tiling->ep).arg(stage.expert_tiling->etp).arg(stage.expert_tiling->edp);
  return out;
}

int PlanView::blockTextWidth() const { return kBlockWidth - 22; }

void PlanView::paintTpGroup(QPainter& p, const QRect& r, int tp, const QColor& ink) const {
  // One square per GPU of the TP group, framed together: the GPUs that share every layer.
  const int cell = std::clamp((r.width() - 8) / std::max(tp, 1) - 3, 6, 16);
  const int shown = std::min(tp, (r.width() - 8) / (cell + 3));
  const int w = shown * (cell + 3) + 5;
  QRect frame(r.left(), r.top(), w, cell + 8);
  p.setPen(QPen(ink, 1, Qt::DashLine));
  p.setBrush(Qt::NoBrush);
  p.drawRoundedRect(frame, 3, 3);
  p.setPen(QPen(ink, 1));
  for (int i = 0; i < shown; ++i) {
    QRect c(frame.left() + 4 + i * (cell + 3), frame.top() + 4, cell, cell);
    p.setBrush(QColor(255, 255, 255, 150));
    p.drawRect(c);
  }
  if (frame.bottom() + p.fontMetrics().height() <= r.bottom() + 4)
    p.drawText(QRect(r.left(), frame.bottom() + 2, r.width(), p.fontMetrics().height()), Qt::AlignLeft,
               shown < tp ? tr("TP group of %1 (%2 shown)").arg(tp).arg(shown) : tr("TP group"));
}

PlanView::TilingLayout PlanView::tilingLayout(const QSize& room, int lineHeight, const ExpertTiling& t) {
  // As many EDP copies as fit with squares of at least kMinCell px, side by side and, when the
  // block has the height, in more rows of grids; the largest squares among those layouts.
  const int cols = std::max(t.ep, 1), rows = std::max(t.etp, 1), copies = std::max(t.edp, 1);
  constexpr int kMinCell = 7, kMaxCell = 14, kGap = 5;
  for (int n = copies; n >= 1; --n) {
    const int label = n < copies ? lineHeight : 0;  // a line under the grids says how many are drawn
    TilingLayout best;
    best.cell = std::numeric_limits<int>::min();
    for (int perRow = 1; perRow <= n; ++perRow) {
      const int gridRows = (n + perRow - 1) / perRow;
      const int byWidth = (room.width() - kGap * (perRow - 1)) / (cols * perRow) - 1;
      const int byHeight = (room.height() - 2 - label - kGap * (gridRows - 1)) / (rows * gridRows) - 1;
      const int cell = std::min({byWidth, byHeight, kMaxCell});
      if (cell >= best.cell) best = {cell, perRow, gridRows, n};  // on a tie, fewer rows
    }
    if (best.cell >= kMinCell || n == 1) {
      best.cell = std::max(3, best.cell);
      return best;
    }
  }
  return {};
}

void PlanView::paintTiling(QPainter& p, const QRect& r, const ExpertTiling& t, const QColor& ink) const {
  // One EP-columns by ETP-rows grid per EDP copy: every square is a GPU holding 1/(EP*ETP) of
  // the experts, and the copies hold the same experts (expert data parallel). When not every
  // copy fits with squares of at least 7 px, the label under the grids says how many are drawn.
  constexpr int kGap = 5;
  const int cols = std::max(t.ep, 1), rows = std::max(t.etp, 1), copies = std::max(t.edp, 1);
  const int lh = p.fontMetrics().height();
  const TilingLayout l = tilingLayout(r.size(), lh, t);
  const int gridWidth = cols * (l.cell + 1), gridHeight = rows * (l.cell + 1);
  p.setPen(QPen(ink, 1));
  for (int c = 0; c < l.drawn; ++c) {
    const int left = r.left() + (c % l.perRow) * (gridWidth + kGap);
    const int top = r.top() + (c / l.perRow) * (gridHeight + kGap);
    for (int y = 0; y < rows; ++y)
      for (int x = 0; x < cols; ++x) {
        p.setBrush(c == 0 ? QColor(255, 255, 255, 170) : QColor(255, 255, 255, 90));
        p.drawRect(left + x * (l.cell + 1), top + y * (l.cell + 1), l.cell, l.cell);
      }
  }
  // Under the grids: how many copies there are when not all are drawn.
  if (l.drawn < copies)
    p.drawText(QRect(r.left(), r.top() + l.gridRows * (gridHeight + kGap) - kGap + 2, r.width(), lh), Qt::AlignLeft | Qt::AlignVCenter,
               p.fontMetrics().elidedText(tr("%1 of %2 copies shown").arg(l.drawn).arg(copies), Qt::ElideRight, r.width()));
}

}  // namespace arachne::gui
