// The 1F1B timeline: a Gantt chart of one iteration of a template (the slowest one unless
// another is chosen), one row per stage: forwards, backwards (hatched by model chunk when the
// template is interleaved), the bubble (hatched idle time)
// and the per-iteration work after the pipeline, every item the cost model reports. Its length
// is the template's iteration time. Ctrl+wheel or +/- zoom in a scroll area; at fit width,
// micro-batches narrower than a few pixels are drawn by coverage instead of aliasing into bands.
#pragma once

#include <QBrush>
#include <QWidget>

#include "cost/plan_report.h"
#include "one_f_one_b_schedule.h"
#include "plan/plan.h"

class QPainter;

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class TimelineView : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineView(const GpuCatalog& catalog, QWidget* parent = nullptr);
  void setPlan(const Plan& plan, const PlanReport& report);
  void clear();
  // Shows template `index` (the slowest one when -1 or out of range).
  void setTemplateShown(int index);
  int templateShown() const { return template_; }  // -1 when nothing is shown
  int slowestTemplate() const { return slowest_; }
  const OneFOneBSchedule& schedule() const { return schedule_; }
  QString headerText() const;
  // For an interleaved template: "interleaved 1F1B, v model chunks per stage" (and, when the
  // schedule cannot meet the formula, by how much); empty for plain 1F1B.
  QString interleavedNote() const;
  // When the template has too many micro-batches to simulate (OneFOneBSchedule::too_many_ops):
  // why no chart is drawn; empty otherwise.
  QString notDrawnText() const;
  // How an op of a model chunk is marked: chunk 0 plain, the others hatched.
  static Qt::BrushStyle chunkPattern(int chunk);
  double zoom() const { return zoom_; }
  void setZoom(double zoom);  // 1 = the whole iteration fits the width
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void changeEvent(QEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  struct LegendKey {
    QString name;
    bool backward = false;
    int chunk = -1;  // >= 0: drawn as an op of that chunk (when brush is empty)
    QBrush brush;
  };
  void rebuild();
  int fitWidth() const;
  std::vector<LegendKey> legendKeys() const;
  int chartTop(int width) const;  // below the wrapped header and the legend's rows
  static void fillOp(QPainter& p, const QRect& r, bool backward, int chunk);
  const GpuCatalog& catalog_;
  Plan plan_;
  PlanReport report_;
  int requested_ = -1;
  int template_ = -1;
  int slowest_ = -1;
  double zoom_ = 1;
  OneFOneBSchedule schedule_;
  std::vector<std::vector<const char*>> tailKeys_;  // per stage, the per-iteration items' keys
};

}  // namespace arachne::gui
