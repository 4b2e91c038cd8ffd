// TimelineView: picks the template, builds its schedule from the report's items and paints it.
#include "timeline_view.h"

#include <QCoreApplication>
#include <QEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QPaintEvent>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "catalog/gpu_catalog.h"
#include "core_text.h"
#include "cost/report_items.h"
#include "gpu_colors.h"
#include "time_format.h"

namespace arachne::gui {

namespace {
constexpr int kLeft = 130, kTop = 58, kRight = 20, kBottom = 40;
constexpr double kMaxZoom = 64;
const QColor kForward(0x56B4E9), kBackward(0x0072B2), kBubble(0x999999);
// Per-iteration items get Okabe-Ito colours with a pattern each, in the cost model's order.
const std::array<std::pair<QRgb, Qt::BrushStyle>, 4> kTailStyles = {
    {{0xCC79A7, Qt::Dense4Pattern}, {0x009E73, Qt::SolidPattern}, {0xE69F00, Qt::Dense2Pattern}, {0xD55E00, Qt::CrossPattern}}};
QBrush tailBrush(size_t i) {
  const auto& s = kTailStyles[i % kTailStyles.size()];
  return QBrush(QColor(s.first), s.second);
}
// Each per-iteration item keeps its colour wherever it stands in a stage's tail.
QBrush tailBrush(const char* key) {
  size_t i = 0;
  for (const TimeItem& item : timeItems(StageTime{})) {
    if (item.scope != ItemScope::PerIteration) continue;
    if (!std::strcmp(item.key, key)) return tailBrush(i);
    ++i;
  }
  return tailBrush(i);
}
}  // namespace

TimelineView::TimelineView(const GpuCatalog& catalog, QWidget* parent)
    : QWidget(parent), catalog_(catalog) {
  setBackgroundRole(QPalette::Base);
  setAutoFillBackground(true);
  setFocusPolicy(Qt::StrongFocus);
}

void TimelineView::clear() { setPlan(Plan{}, PlanReport{}); }

void TimelineView::setPlan(const Plan& plan, const PlanReport& report) {
  plan_ = plan;
  report_ = report;
  requested_ = -1;
  rebuild();
}

void TimelineView::setTemplateShown(int index) {
  requested_ = index;
  rebuild();
}

void TimelineView::rebuild() {
  template_ = slowest_ = -1;
  schedule_ = {};
  tailKeys_.clear();
  double slowest = -1;
  for (size_t i = 0; i < report_.templates.size() && i < plan_.templates.size(); ++i)
    if (report_.templates[i].iteration_time_s > slowest) {
      slowest = report_.templates[i].iteration_time_s;
      slowest_ = static_cast<int>(i);
    }
  template_ = requested_ >= 0 && requested_ < static_cast<int>(std::min(report_.templates.size(), plan_.templates.size()))
                  ? requested_
                  : slowest_;
  if (template_ >= 0) {
    const TemplateReport& tr = report_.templates[static_cast<size_t>(template_)];
    std::vector<double> t;
    std::vector<std::vector<double>> tails;
    // The tail after the drain is the report's sync_s. Without overlap that is the slowest
    // stage's gradient sync + optimizer step + parameter all-gather, one after another. With
    // overlap the cost model lets each stage reduce from its own last backward (earlier stages'
    // drain hides part of it), then the optimizer step waits for every stage, then the
    // all-gather: after the drain that is `reduce` (what is still exposed), the slowest
    // optimizer step, the slowest all-gather. A stage that is done early waits (key "").
    double serial = 0, opt = 0, gather = 0, embed = 0;
    for (const auto& s : tr.stages) {
      serial = std::max(serial, s.time.perIteration());
      opt = std::max(opt, s.time.optimizer);
      gather = std::max(gather, s.time.param_gather);
      embed = std::max(embed, s.time.embedding_sync);
    }
    const bool overlapped = std::abs(tr.sync_s - serial) > 1e-9 * std::max(1.0, serial);
    // (The tied embeddings' all-reduce runs between the reduction and the optimizer step.)
    const double reduce = std::max(0.0, tr.sync_s - opt - gather - embed);
    for (const auto& s : tr.stages) {
      t.push_back(s.time.perMicroBatch());
      tails.emplace_back();
      tailKeys_.emplace_back();
      auto item = [&](const char* key, double seconds) {
        if (seconds <= 0) return;  // nothing to draw or to list in the legend
        tails.back().push_back(seconds);
        tailKeys_.back().push_back(key);
      };
      if (!overlapped) {
        for (const TimeItem& i : timeItems(s.time))
          if (i.scope == ItemScope::PerIteration) item(i.key, i.seconds);
      } else {
        const double g = std::min(s.time.grad_sync, reduce);
        item("grad_sync", g);
        item("", reduce - g);
        item("embedding_sync", s.time.embedding_sync);
        item("", embed - s.time.embedding_sync);
        item("optimizer", s.time.optimizer);
        item("", opt - s.time.optimizer);
        item("param_gather", s.time.param_gather);
      }
    }
    schedule_ = OneFOneBSchedule::simulate(t, tails, tr.micro_batches, tr.virtual_stages);
  }
  updateGeometry();
  update();
}

void TimelineView::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) update();
  QWidget::changeEvent(e);
}

int TimelineView::fitWidth() const { return parentWidget() ? std::max(320, parentWidget()->width()) : 900; }

void TimelineView::setZoom(double zoom) {
  zoom_ = std::clamp(zoom, 1.0, kMaxZoom);
  updateGeometry();
  update();
}

QSize TimelineView::sizeHint() const { return minimumSizeHint().expandedTo({900, 360}); }

QSize TimelineView::minimumSizeHint() const {
  const int stages = static_cast<int>(schedule_.stages.size());
  const int w = zoom_ > 1 ? static_cast<int>(fitWidth() * zoom_) : 320;
  return {w, chartTop(std::max(w, width())) + kBottom + std::max(1, stages) * std::max(14, fontMetrics().height())};
}

void TimelineView::wheelEvent(QWheelEvent* e) {
  if (e->modifiers() & Qt::ControlModifier) {
    setZoom(zoom_ * (e->angleDelta().y() > 0 ? 1.25 : 0.8));
    e->accept();
    return;
  }
  QWidget::wheelEvent(e);
}

void TimelineView::keyPressEvent(QKeyEvent* e) {
  if (e->key() == Qt::Key_Plus || e->key() == Qt::Key_Equal) setZoom(zoom_ * 1.5);
  else if (e->key() == Qt::Key_Minus) setZoom(zoom_ / 1.5);
  else if (e->key() == Qt::Key_0) setZoom(1);
  else QWidget::keyPressEvent(e);
}

QString TimelineView::headerText() const {
  if (template_ < 0) return {};
  const TemplateReport& tr = report_.templates[static_cast<size_t>(template_)];
  const QLocale l;
  const QString head = (template_ == slowest_
                            ? QCoreApplication::translate("arachne::gui::TimelineView", "Template %1 (the slowest)")
                            : QCoreApplication::translate("arachne::gui::TimelineView", "Template %1"))
                           .arg(template_ + 1);
  // The numbers are the report's: the drawn schedule has the same length by construction.
  return head + QStringLiteral(": ") +
         QCoreApplication::translate("arachne::gui::TimelineView", "%n micro-batch(es), one iteration %1, bubble %2 (%3% of the iteration)",
                                     nullptr, tr.micro_batches)
             .arg(formatSeconds(tr.iteration_time_s), formatSeconds(tr.bubble_s))
             .arg(l.toString(tr.iteration_time_s > 0 ? 100.0 * tr.bubble_s / tr.iteration_time_s : 0.0, 'f', 1)) +
         (tr.virtual_stages > 1 ? QStringLiteral(" · ") + interleavedNote() : QString());
}

QString TimelineView::interleavedNote() const {
  if (schedule_.virtual_stages <= 1) return {};
  const QString head = QCoreApplication::translate("arachne::gui::TimelineView", "interleaved 1F1B, %1 model chunks per stage")
                           .arg(schedule_.virtual_stages);  // v >= 2 here
  if (schedule_.meets_formula) return head;
  // Fewer micro-batches than stages: the schedule has bubbles the cost model's formula omits.
  return head + QStringLiteral(" (") +
         QCoreApplication::translate("arachne::gui::TimelineView",
                                     "with fewer micro-batches than stages this schedule takes %1, the cost model counts %2")
             .arg(formatSeconds(schedule_.makespan), formatSeconds(report_.templates[static_cast<size_t>(template_)].iteration_time_s)) +
         QLatin1Char(')');
}

QString TimelineView::notDrawnText() const {
  if (template_ < 0 || !schedule_.too_many_ops) return {};
  const TemplateReport& tr = report_.templates[static_cast<size_t>(template_)];
  const QLocale l;
  const double ops = 2.0 * static_cast<double>(tr.stages.size()) * tr.micro_batches * std::max(1, tr.virtual_stages);
  return QCoreApplication::translate("arachne::gui::TimelineView",
                                     "Not drawn: %1 forward and backward passes are more than the timeline simulates "
                                     "(%2 at most). The numbers above are the cost model's.")
      .arg(l.toString(ops, 'f', 0), l.toString(OneFOneBSchedule::kMaxOps, 'f', 0));
}

Qt::BrushStyle TimelineView::chunkPattern(int chunk) {
  // Chunk 1 plain; the later chunks hatched over the forward or backward colour, so forward and
  // backward stay the two hues and the chunks differ without relying on shades of blue.
  static constexpr std::array<Qt::BrushStyle, 4> kPatterns = {Qt::NoBrush, Qt::BDiagPattern, Qt::FDiagPattern,
                                                               Qt::DiagCrossPattern};
  return kPatterns[static_cast<size_t>(chunk) % kPatterns.size()];
}

void TimelineView::fillOp(QPainter& p, const QRect& r, bool backward, int chunk) {
  p.fillRect(r, backward ? kBackward : kForward);
  if (const Qt::BrushStyle pattern = chunkPattern(chunk); pattern != Qt::NoBrush)
    p.fillRect(r, QBrush(backward ? QColor(255, 255, 255, 170) : QColor(0, 0, 0, 150), pattern));
}

std::vector<TimelineView::LegendKey> TimelineView::legendKeys() const {
  // Forward, backward (and under interleaving one key per model chunk), bubble, then every
  // per-iteration item of the report.
  std::vector<LegendKey> keys = {{tr("forward"), false, 0, QBrush(kForward)}, {tr("backward"), true, 0, QBrush(kBackward)}};
  if (schedule_.virtual_stages > 1) {
    keys.clear();
    for (int c = 0; c < schedule_.virtual_stages; ++c) keys.push_back({tr("forward, chunk %1").arg(c + 1), false, c, {}});
    keys.push_back({tr("backward"), true, 0, {}});
  }
  keys.push_back({tr("bubble (idle)"), false, -1, QBrush(kBubble, Qt::BDiagPattern)});
  for (const TimeItem& item : timeItems(StageTime{})) {
    if (item.scope != ItemScope::PerIteration) continue;
    const bool shown = std::any_of(tailKeys_.begin(), tailKeys_.end(), [&](const std::vector<const char*>& ks) {
      return std::any_of(ks.begin(), ks.end(), [&](const char* k) { return !std::strcmp(k, item.key); });
    });
    if (shown) keys.push_back({timeItemName(item.key), false, -1, tailBrush(item.key)});
  }
  return keys;
}

int TimelineView::chartTop(int w) const {
  // The header wraps and the legend flows onto more rows when the view is narrow, so neither is
  // cut at the right edge (the interleaved header once was); the chart starts below both.
  const QFontMetrics fm = fontMetrics();
  const int headerH = fm.boundingRect(QRect(0, 0, std::max(100, w - 16), 10000), Qt::TextWordWrap, headerText()).height();
  int lx = 8, y = 4 + headerH + 6;
  for (const LegendKey& k : legendKeys()) {
    const int kw = 30 + fm.horizontalAdvance(k.name);
    if (lx > 8 && lx + kw > w - 8) {
      lx = 8;
      y += std::max(16, fm.height() + 2);
    }
    lx += kw;
  }
  return std::max(kTop, y + std::max(16, fm.height() + 2) + 4);
}

void TimelineView::paintEvent(QPaintEvent*) {
  if (template_ >= 0 && schedule_.too_many_ops) {
    QPainter p(this);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(rect().adjusted(8, 4, -8, -4), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
               headerText() + QStringLiteral("\n\n") + notDrawnText());
    return;
  }
  if (template_ < 0 || schedule_.makespan <= 0) return;
  QPainter p(this);
  const Template& tpl = plan_.templates[static_cast<size_t>(template_)];
  const int stages = static_cast<int>(schedule_.stages.size());
  const int top0 = chartTop(width());
  const QRect area(kLeft, top0, width() - kLeft - kRight, height() - top0 - kBottom);
  const double scale = area.width() / schedule_.makespan;
  const int rowH = std::max(8, area.height() / std::max(stages, 1));
  const QColor text = palette().color(QPalette::Text);
  auto x = [&](double seconds) { return area.left() + static_cast<int>(seconds * scale); };

  p.setPen(text);
  const QFontMetrics fm = p.fontMetrics();
  const QRect headerRect(8, 4, std::max(100, width() - 16), 10000);
  const QRect headerUsed = fm.boundingRect(headerRect, Qt::TextWordWrap, headerText());
  p.drawText(QRect(8, 4, headerRect.width(), headerUsed.height()), Qt::AlignLeft | Qt::TextWordWrap, headerText());
  int lx = 8, ly = 4 + headerUsed.height() + 6;
  for (const LegendKey& k : legendKeys()) {
    const int kw = 30 + fm.horizontalAdvance(k.name);
    if (lx > 8 && lx + kw > width() - 8) {
      lx = 8;
      ly += std::max(16, fm.height() + 2);
    }
    const QRect box(lx, ly, 18, 12);
    if (k.chunk >= 0 && k.brush.style() == Qt::NoBrush) fillOp(p, box, k.backward, k.chunk);
    else p.fillRect(box, k.brush);
    p.drawRect(box);
    p.drawText(QPoint(lx + 22, ly + 11), k.name);
    lx += kw;
  }
  for (int s = 0; s < stages; ++s) {
    const int top = area.top() + s * rowH;
    const auto& st = tpl.stages[static_cast<size_t>(s)];
    p.setPen(text);
    p.drawText(QRect(4, top, kLeft - 8, rowH), Qt::AlignRight | Qt::AlignVCenter,
               tr("stage %1 · %2").arg(s + 1).arg(QString::fromStdString(st.gpu_type).toUpper()));
    // The whole row hatched first: whatever no op covers before the tail is bubble.
    const auto& tail = schedule_.stages[static_cast<size_t>(s)];
    p.fillRect(QRect(area.left(), top + 2, x(tail.start) - area.left(), rowH - 4), QBrush(kBubble, Qt::BDiagPattern));
    double at = tail.start;
    const auto& keysOfStage = tailKeys_[static_cast<size_t>(s)];
    for (size_t i = 0; i < tail.ends.size(); ++i) {
      const char* key = i < keysOfStage.size() ? keysOfStage[i] : "";
      if (*key && tail.ends[i] > at)  // "" is the wait for the other stages: left empty
        p.fillRect(QRect(x(at), top + 2, std::max(1, x(tail.ends[i]) - x(at)), rowH - 4), tailBrush(key));
      at = tail.ends[i];
    }
  }
  // Ops: drawn one by one when they are wide enough, else by pixel coverage per stage row (an
  // op of less than a pixel would otherwise alias into bands).
  const double opWidth = schedule_.ops.empty() ? 0 : (schedule_.pipeline_end * scale) / (schedule_.ops.size() / std::max(1, stages));
  if (opWidth >= 3) {
    for (const auto& op : schedule_.ops) {
      const int top = area.top() + op.stage * rowH;
      QRect r(x(op.start), top + 2, std::max(1, x(op.end) - x(op.start)), rowH - 4);
      fillOp(p, r, op.backward, op.chunk);
      if (r.width() > 14 && r.height() >= p.fontMetrics().height()) {
        p.setPen(op.backward ? Qt::white : Qt::black);
        p.drawText(r, Qt::AlignCenter, QString::number(op.micro_batch + 1));
      }
      if (r.width() > 4) {
        p.setPen(QColor(255, 255, 255, 160));
        p.drawLine(r.topRight(), r.bottomRight());
      }
    }
  } else {
    const int w = area.width() + 1;
    std::vector<double> fwd(static_cast<size_t>(w) * static_cast<size_t>(stages), 0.0), bwd(fwd.size(), 0.0);
    for (const auto& op : schedule_.ops) {
      const double a = op.start * scale, b = op.end * scale;
      auto& cover = op.backward ? bwd : fwd;
      for (int px = static_cast<int>(a); px <= static_cast<int>(b) && px < w; ++px) {
        const double part = std::min<double>(b, px + 1) - std::max<double>(a, px);
        if (part > 0) cover[static_cast<size_t>(op.stage) * static_cast<size_t>(w) + static_cast<size_t>(px)] += part;
      }
    }
    for (int s = 0; s < stages; ++s) {
      const int top = area.top() + s * rowH;
      // Runs of columns with the same look become one rectangle.
      int runStart = 0;
      int runKind = -1;
      auto flush = [&](int end) {
        if (runKind > 0) p.fillRect(QRect(area.left() + runStart, top + 2, end - runStart, rowH - 4), runKind == 1 ? kForward : kBackward);
      };
      for (int px = 0; px <= w; ++px) {
        int kind = 0;
        if (px < w) {
          const size_t k = static_cast<size_t>(s) * static_cast<size_t>(w) + static_cast<size_t>(px);
          if (fwd[k] + bwd[k] >= 0.5) kind = bwd[k] >= fwd[k] ? 2 : 1;
        }
        if (kind != runKind) {
          flush(px);
          runStart = px;
          runKind = kind;
        }
      }
    }
  }
  p.setPen(text);
  p.drawLine(area.left(), area.bottom() + 4, area.right(), area.bottom() + 4);
  const int ticks = std::clamp(area.width() / 140, 2, 40);
  for (int i = 0; i <= ticks; ++i) {
    const double sec = schedule_.makespan * i / ticks;
    // The last label ends at the view's edge instead of being centred past it (it was clipped).
    const int right = std::min(x(sec) + 50, width() - 2);
    p.drawText(QRect(right - 100, area.bottom() + 6, 100, 18), right < x(sec) + 50 ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignCenter,
               formatSeconds(sec));
  }
}

}  // namespace arachne::gui
