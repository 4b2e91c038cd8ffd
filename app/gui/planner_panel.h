// Planner choice, budget, the Plan and Cancel buttons (the window's F5 / Esc actions), and the
// progress of the run: a bar and a message with evaluations and best throughput so far; for a
// learned planner, whether its policy is loaded, a "loading the policy" state, and the warning
// when it planned with greedy instead.
#pragma once

#include <QWidget>
#include <functional>
#include <string>
#include <vector>

#include "planning/planner.h"
#include "planning_backend.h"

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QToolButton;

namespace arachne::gui {

class PlannerPanel : public QWidget {
  Q_OBJECT
 public:
  PlannerPanel(QAction* plan, QAction* cancel, QWidget* parent = nullptr);

  void setPlannerNames(const std::vector<std::string>& names);
  QString planner() const;
  bool selectPlanner(const QString& name);
  double budgetSeconds() const;
  void setBudgetSeconds(double seconds);

  // While running, the bar shows the share of the budget spent (or the planner's own fraction).
  void setRunning(bool running, double budgetSeconds = 0);
  void setProgress(const PlannerProgress& p);
  void setStatus(const QString& text);  // after the run: result, failure, or stale notice
  QString status() const;

  // Where the panel asks what a planner needs before it plans (the backend's availability()).
  void setAvailability(std::function<PlannerAvailability(const std::string&)> availability);
  // The line under the planner box: a learned planner's policy state ("" for a plain planner).
  QString policyNote() const;
  bool isLoadingPolicy() const { return loadingPolicy_; }
  // A run's "warning:" (e.g. a learned planner that planned with greedy), shown apart from the
  // status and in the warning style until the next run starts; an empty text hides it.
  void setWarning(const QString& text);
  QString warning() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void updatePolicyNote();
  QLabel* plannerLabel_;
  QLabel* budgetLabel_;
  QComboBox* planner_;
  QDoubleSpinBox* budget_;
  QToolButton* planButton_;
  QToolButton* cancelButton_;
  QProgressBar* progress_;
  QLabel* message_;
  QLabel* policyNote_;
  QLabel* warning_;
  std::function<PlannerAvailability(const std::string&)> availability_;
  bool loadingPolicy_ = false;
  double runBudget_ = 0;
};

}  // namespace arachne::gui
