// Memory bars: for every stage of the plan a stacked bar of parameters, gradients, optimizer
// state, activations and overhead, against the GPU's capacity (a step line).
#pragma once

#include <qcustomplot.h>

#include "cost/plan_report.h"
#include "plan/plan.h"

namespace arachne::gui {

class MemoryChart : public QCustomPlot {
  Q_OBJECT
 public:
  explicit MemoryChart(QWidget* parent = nullptr);
  void setPlan(const Plan& plan, const PlanReport& report);
  void clearPlan();
  int stageCount() const { return stages_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void rebuild();
  Plan plan_;
  PlanReport report_;
  int stages_ = 0;
};

}  // namespace arachne::gui
