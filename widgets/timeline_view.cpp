// TimelineView: picks the slowest template, simulates its 1F1B schedule and paints it.
#include "timeline_view.h"

#include <QEvent>
#include <QLocale>
#include <QPainter>

#include "catalog/gpu_catalog.h"
#include "gpu_colors.h"
#include "time_format.h"

namespace arachne::gui {

namespace {
constexpr int kLeft = 130, kTop = 54, kRight = 20, kBottom = 40;
}

TimelineView::TimelineView(const GpuCatalog& catalog, QWidget* parent)
    : QWidget(parent), catalog_(catalog) {
  setBackgroundRole(QPalette::Base);
  setAutoFillBackground(true);
  setMinimumSize(320, 200);
}

void TimelineView::clear() { setPlan(Plan{}, PlanReport{}); }

void TimelineView::setPlan(const Plan& plan, const PlanReport& report) {
  plan_ = plan;
  report_ = report;
  template_ = -1;
  schedule_ = {};
  double slowest = -1;
  for (size_t i = 0; i < report.templates.size() && i < plan.templates.size(); ++i)
    if (report.templates[i].iteration_time_s > slowest) {
      slowest = report.templates[i].iteration_time_s;
      template_ = static_cast<int>(i);
    }
  if (template_ >= 0) {
    const TemplateReport& tr = report.templates[static_cast<size_t>(template_)];
    std::vector<double> t, g, o;
    for (const auto& s : tr.stages) {
      t.push_back(s.time.perMicroBatch());
      g.push_back(s.time.grad_sync);
      o.push_back(s.time.optimizer);
    }
    schedule_ = OneFOneBSchedule::simulate(t, g, o, tr.micro_batches);
  }
  update();
}

void TimelineView::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) update();
  QWidget::changeEvent(e);
}

void TimelineView::paintEvent(QPaintEvent*) {
  if (template_ < 0 || schedule_.makespan <= 0) return;
  QPainter p(this);
  const Template& tpl = plan_.templates[static_cast<size_t>(template_)];
  const int stages = static_cast<int>(schedule_.stages.size());
  const QRect area(kLeft, kTop, width() - kLeft - kRight, height() - kTop - kBottom);
  const double scale = area.width() / schedule_.makespan;
  const int rowH = std::max(8, area.height() / std::max(stages, 1));
  const QColor text = palette().color(QPalette::Text);
  auto x = [&](double seconds) { return area.left() + static_cast<int>(seconds * scale); };

  p.setPen(text);
  p.drawText(QRect(8, 4, width() - 16, 20), Qt::AlignLeft | Qt::AlignVCenter,
             tr("Template %1 (slowest replica): %n micro-batch(es), one iteration %2, bubble %3%",
                nullptr, report_.templates[static_cast<size_t>(template_)].micro_batches)
                 .arg(template_ + 1)
                 .arg(formatSeconds(schedule_.makespan))
                 .arg(QLocale().toString(100.0 * schedule_.bubbleFraction(), 'f', 1)));
  // Legend: forward, backward, bubble, gradient sync, optimizer.
  struct Key { QString name; QBrush brush; };
  const Key keys[] = {{tr("forward"), QBrush(QColor(0x56B4E9))},
                      {tr("backward"), QBrush(QColor(0x0072B2))},
                      {tr("bubble (idle)"), QBrush(QColor(0x999999), Qt::BDiagPattern)},
                      {tr("gradient sync"), QBrush(QColor(0xCC79A7), Qt::Dense4Pattern)},
                      {tr("optimizer"), QBrush(QColor(0x009E73))}};
  int lx = 8;
  for (const auto& k : keys) {
    p.fillRect(QRect(lx, 28, 18, 12), k.brush);
    p.drawRect(QRect(lx, 28, 18, 12));
    p.drawText(QPoint(lx + 22, 39), k.name);
    lx += 30 + p.fontMetrics().horizontalAdvance(k.name);
  }
  for (int s = 0; s < stages; ++s) {
    const int top = area.top() + s * rowH;
    const auto& st = tpl.stages[static_cast<size_t>(s)];
    p.setPen(text);
    p.drawText(QRect(4, top, kLeft - 8, rowH), Qt::AlignRight | Qt::AlignVCenter,
               tr("stage %1 · %2").arg(s + 1).arg(QString::fromStdString(st.gpu_type).toUpper()));
    // The whole row hatched first: whatever no op covers before the gradient sync is bubble.
    const auto& tail = schedule_.stages[static_cast<size_t>(s)];
    p.fillRect(QRect(area.left(), top + 2, x(tail.grad_sync_start) - area.left(), rowH - 4),
               QBrush(QColor(0x999999), Qt::BDiagPattern));
    p.fillRect(QRect(x(tail.grad_sync_start), top + 2,
                     std::max(1, x(tail.grad_sync_end) - x(tail.grad_sync_start)), rowH - 4),
               QBrush(QColor(0xCC79A7), Qt::Dense4Pattern));
    p.fillRect(QRect(x(tail.grad_sync_end), top + 2,
                     std::max(1, x(tail.optimizer_end) - x(tail.grad_sync_end)), rowH - 4),
               QColor(0x009E73));
  }
  for (const auto& op : schedule_.ops) {
    const int top = area.top() + op.stage * rowH;
    QRect r(x(op.start), top + 2, std::max(1, x(op.end) - x(op.start)), rowH - 4);
    p.fillRect(r, op.backward ? QColor(0x0072B2) : QColor(0x56B4E9));
    if (r.width() > 14) {
      p.setPen(op.backward ? Qt::white : Qt::black);
      p.drawText(r, Qt::AlignCenter, QString::number(op.micro_batch + 1));
      p.setPen(QColor(255, 255, 255, 160));
      p.drawLine(r.topRight(), r.bottomRight());
    }
  }
  p.setPen(text);
  p.drawLine(area.left(), area.bottom() + 4, area.right(), area.bottom() + 4);
  for (int i = 0; i <= 4; ++i) {
    const double sec = schedule_.makespan * i / 4.0;
    p.drawText(QRect(x(sec) - 50, area.bottom() + 6, 100, 18), Qt::AlignCenter, formatSeconds(sec));
  }
}

}  // namespace arachne::gui
