// Construction replay: step through the templates the planner placed, one construction step at
// a time, with the plan so far drawn and the throughput after each step (the rewards) charted.
#pragma once

#include <QWidget>
#include <vector>

#include "planning/planner.h"

class QCustomPlot;
class QLabel;
class QPushButton;
class QSlider;

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class PlanView;

class ReplayPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ReplayPanel(const GpuCatalog& catalog, QWidget* parent = nullptr);
  void setConstruction(const std::vector<ConstructionStep>& steps);
  int stepCount() const { return static_cast<int>(steps_.size()); }
  int currentStep() const { return current_; }  // 0-based, -1 when empty
  void setCurrentStep(int step);
  QCustomPlot* chart() const { return chart_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void rebuildChart();
  std::vector<ConstructionStep> steps_;
  int current_ = -1;
  QCustomPlot* chart_;
  PlanView* planView_;
  QSlider* slider_;
  QPushButton* prev_;
  QPushButton* next_;
  QLabel* label_;
};

}  // namespace arachne::gui
