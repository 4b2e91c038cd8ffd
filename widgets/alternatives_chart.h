// Throughput of the chosen plan against the other planners' plans on the same input: one bar
// per planner with a plan, labelled with iteration time and GPUs used; planners without a plan
// are listed on the axis with their state.
#pragma once

#include <qcustomplot.h>
#include <vector>

#include "alternative_result.h"

namespace arachne::gui {

class AlternativesChart : public QCustomPlot {
  Q_OBJECT
 public:
  explicit AlternativesChart(QWidget* parent = nullptr);
  void setResults(const std::vector<AlternativeResult>& results);
  const std::vector<AlternativeResult>& results() const { return results_; }

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void rebuild();
  std::vector<AlternativeResult> results_;
};

}  // namespace arachne::gui
