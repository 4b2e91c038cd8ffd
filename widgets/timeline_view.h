// The 1F1B timeline: a Gantt chart of one iteration of the plan's slowest replica, one row per
// stage: forwards, backwards, the bubble (hatched idle time) and the gradient sync at the end.
#pragma once

#include <QWidget>

#include "cost/plan_report.h"
#include "one_f_one_b_schedule.h"
#include "plan/plan.h"

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
  int templateShown() const { return template_; }  // -1 when nothing is shown
  const OneFOneBSchedule& schedule() const { return schedule_; }
  QSize sizeHint() const override { return {900, 360}; }

 protected:
  void paintEvent(QPaintEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  const GpuCatalog& catalog_;
  Plan plan_;
  PlanReport report_;
  int template_ = -1;
  OneFOneBSchedule schedule_;
};

}  // namespace arachne::gui
