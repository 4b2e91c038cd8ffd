// The alternatives table: one row per planner of the registry, checkable (which ones to run),
// with its state and, once it ran, sequences/s, iteration time, GPUs used, planning time,
// evaluations and the reason when it has no plan. The plan on screen is its own first row.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "alternative_result.h"

namespace arachne::gui {

class AlternativesModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column {
    PlannerColumn, StateColumn, ThroughputColumn, IterationColumn, GpusColumn, CostColumn, PlanningTimeColumn,
    EvaluationsColumn, NoteColumn, ColumnCount
  };

  explicit AlternativesModel(QObject* parent = nullptr);
  // The planners offered (the registry's names); selection and results of known names are kept.
  void setPlanners(const QStringList& names);
  // The plan on screen: shown first, not selectable, and excluded from runs.
  void setChosen(const AlternativeResult& chosen);
  QStringList planners() const;
  QStringList selectedPlanners() const;
  void setSelected(const QString& planner, bool selected);
  // Results of a run, by planner name; clearResults() forgets all but the chosen row.
  void setResult(const AlternativeResult& result);
  const AlternativeResult* result(const QString& planner) const;
  void clearResults(const QString& note = {});
  void clearChosen();  // no plan on screen (an infeasible run)
  void retranslate();  // the language changed: every cell is new
  // Rows with a result or a state beyond "not run", the chosen one first (for the chart).
  std::vector<AlternativeResult> shownResults() const;
  static QString stateName(AlternativeResult::State state);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 signals:
  void selectionChanged();

 private:
  struct Row {
    AlternativeResult result;
    bool selected = true;
    bool ran = false;  // a result or a state was set since the last clear
  };
  int rowOf(const QString& planner) const;
  std::vector<Row> rows_;  // rows_[0] is the chosen plan when hasChosen_
  bool hasChosen_ = false;
  QString cleared_;        // why results were cleared (e.g. the input changed)
};

}  // namespace arachne::gui
