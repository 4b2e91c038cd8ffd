// Throughput of the chosen plan against the other planners' plans on the same input: one bar
// per planner with a plan, labelled with iteration time and GPUs used; planners without a plan
// are listed on the axis with their state. When the planners crowd the axis the labels keep only
// the names, and turn vertical when even those do not fit; the legend stands above the bars.
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
  // Width of the widest tick label line (its height when rotated) and the room per planner: the
  // labels overlap when the first exceeds the second.
  int tickLabelExtent() const;
  double slotWidth() const;
  // How far the tick labels reach down from the axis (their lines' height, or when turned their
  // longest line): what they take from the bars' height.
  int labelDepth() const;
  bool labelsRotated() const { return rotated_; }
  bool labelsShortened() const { return shortened_; }

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void rebuild();
  void layoutLabels();
  std::vector<AlternativeResult> results_;
  QVector<QString> fullLabels_, names_, turned_;
  bool rotated_ = false, shortened_ = false;
};

}  // namespace arachne::gui
