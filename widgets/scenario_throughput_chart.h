// Throughput over time of a scenario run, one line per planner: the line breaks during a stall
// (the job trains nothing), a shaded band marks it, and dashed lines mark the events.
#pragma once

#include <qcustomplot.h>
#include <vector>

#include "scenario/scenario_run.h"

namespace arachne::gui {

class ScenarioThroughputChart : public QCustomPlot {
  Q_OBJECT
 public:
  explicit ScenarioThroughputChart(QWidget* parent = nullptr);
  // Event times come from the scenario; traces may be partial (a run under way).
  void setRun(const Scenario& scenario, const std::vector<ScenarioTrace>& traces);
  // Seconds per unit of the x axis (1, 60, 3600 or 86400), chosen from the horizon.
  double timeUnit() const { return unit_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void rebuild();
  Scenario scenario_;
  std::vector<ScenarioTrace> traces_;
  double unit_ = 1;
};

}  // namespace arachne::gui
