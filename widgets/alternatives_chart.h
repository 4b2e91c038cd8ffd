// Throughput of the chosen plan against the other planners' plans on the same input: one bar
// per planner, labelled with iteration time and GPUs used.
#pragma once

#include <QString>
#include <qcustomplot.h>
#include <vector>

namespace arachne::gui {

struct AlternativeResult {
  QString planner;
  bool found = false;
  double sequences_per_s = 0;
  double iteration_time_s = 0;
  int gpus_used = 0;
  bool chosen = false;  // the plan on screen
  QString note;         // why nothing was found, or "cancelled"
};

class AlternativesChart : public QCustomPlot {
  Q_OBJECT
 public:
  explicit AlternativesChart(QWidget* parent = nullptr);
  void setResults(const std::vector<AlternativeResult>& results);
  const std::vector<AlternativeResult>& results() const { return results_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void rebuild();
  std::vector<AlternativeResult> results_;
};

}  // namespace arachne::gui
