// Memory bars: for every stage of the plan a stacked bar of every memory component the cost
// model reports (parameters, gradients, optimizer state, activations, overhead), in GiB, against
// the GPU's capacity (a step line). A stage over its capacity is outlined in red with how much it
// is over. Tick labels turn vertical when the stages crowd the axis, and name only every few bars when even
// turned they would overlap; a bar's tooltip names it and lists its components.
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
  // The stages (counted over all templates from 0, in the bars' order) that need more memory
  // than their GPU has.
  const QList<int>& overCapacityStages() const { return over_; }
  bool labelsRotated() const { return rotated_; }
  // Every how many bars a tick is named (1 unless turned labels would still overlap).
  int labelStep() const { return labelStep_; }
  // The stage under a point of the widget (-1: none), and its tooltip: its name, every memory
  // component and the total against the capacity.
  int stageAt(const QPoint& pos) const;
  QString stageToolTip(int stage) const;
  // Width of the widest tick label along the axis (its height when rotated), and the room per
  // stage: the labels overlap when the first exceeds the second times labelStep().
  int tickLabelExtent() const;
  double slotWidth() const;
  bool legendBelow() const { return legendBelow_; }
  QSize minimumSizeHint() const override;

 protected:
  bool event(QEvent* event) override;
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void rebuild();
  void layoutLabels();
  void placeLegend();
  int legendColumnWidth() const;  // the widest legend entry
  Plan plan_;
  PlanReport report_;
  int stages_ = 0;
  QList<int> over_;
  bool rotated_ = false;
  QCPLayoutGrid* side_ = nullptr;  // holds the legend beside or under the bars
  bool legendBelow_ = false;
  QFont legendFont_;  // the legend's font and icons beside the bars; smaller under them
  QSize legendIcon_;
  QVector<QString> shortLabels_, longLabels_;
  int labelStep_ = 1;
};

}  // namespace arachne::gui
