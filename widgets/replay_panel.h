// Construction replay: step through the templates the planner placed, one construction step at
// a time, with the plan so far drawn (each step with its own batch split), the throughput after
// each step (the rewards) charted, and the templates the planner weighed at that step and did
// not take, so a replay of a one-step plan still shows why that step won.
#pragma once

#include <QWidget>
#include <optional>
#include <vector>

#include "model/model.h"
#include "planning/planner.h"

class QCustomPlot;
class QLabel;
class QPushButton;
class QScrollArea;
class QShortcut;
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
  void setConstruction(const std::vector<ConstructionStep>& steps,
                       const std::optional<Model>& model = std::nullopt);
  int stepCount() const { return static_cast<int>(steps_.size()); }
  int currentStep() const { return current_; }  // 0-based, -1 when empty
  void setCurrentStep(int step);
  QCustomPlot* chart() const { return chart_; }
  PlanView* planView() const { return planView_; }
  QString alternativesText() const;
  // The plan as far as step `step`, with that step's batch split.
  Plan planAt(int step) const;

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void retranslate();
  void rebuildChart();
  std::vector<ConstructionStep> steps_;
  std::optional<Model> model_;
  int current_ = -1;
  QCustomPlot* chart_;
  PlanView* planView_;
  QScrollArea* scroll_;
  QSlider* slider_;
  QPushButton* prev_;
  QPushButton* next_;
  QShortcut* prevKey_;
  QShortcut* nextKey_;
  QLabel* label_;
  QLabel* alternatives_;
};

}  // namespace arachne::gui
