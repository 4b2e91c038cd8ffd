// Planner choice, budget, the Plan and Cancel buttons (the window's F5 / Esc actions), and the
// progress of the run: a bar and a message with evaluations and best throughput so far.
#pragma once

#include <QWidget>
#include <string>
#include <vector>

#include "planning/planner.h"

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
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

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  QFormLayout* form_;
  QComboBox* planner_;
  QDoubleSpinBox* budget_;
  QToolButton* planButton_;
  QToolButton* cancelButton_;
  QProgressBar* progress_;
  QLabel* message_;
  double runBudget_ = 0;
};

}  // namespace arachne::gui
