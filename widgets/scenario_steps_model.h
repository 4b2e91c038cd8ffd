// The steps of a scenario run as a table: one row per planner and step, with the throughput
// before and after, the decision and the stall.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "scenario/scenario_run.h"

namespace arachne::gui {

class ScenarioStepsModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { PlannerColumn, StepColumn, TimeColumn, EventColumn, GpusColumn, BeforeColumn, AfterColumn,
                DecisionColumn, StallColumn, MovedColumn, ColumnCount };
  enum Role { TraceRole = Qt::UserRole + 1, StepRole };

  explicit ScenarioStepsModel(QObject* parent = nullptr);
  void setTraces(const std::vector<ScenarioTrace>& traces);
  // Tells the views that every header and cell changed (after a language change).
  void retranslate();
  const std::vector<ScenarioTrace>& traces() const { return traces_; }
  // The step of a row, nullptr when out of range.
  const ScenarioStep* stepAt(int row) const;
  const ScenarioTrace* traceAt(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<ScenarioTrace> traces_;
  std::vector<std::pair<int, int>> rows_;  // (trace, step)
};

}  // namespace arachne::gui
