// What one scenario step did to the plan, stage by stage: the new plan's stages, whether each
// kept its state in place, moved it or starts from others' copies, the bytes and where from.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "scenario/scenario_run.h"

namespace arachne::gui {

class PlanDiffModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { StageColumn, GpuColumn, TpColumn, LayersColumn, NodesColumn, StateColumn, NeededColumn,
                InPlaceColumn, MovedColumn, SourcesColumn, ColumnCount };

  explicit PlanDiffModel(QObject* parent = nullptr);
  // nullptr clears the table.
  void setStep(const ScenarioStep* step);
  // "in place", "moved", "new" or "kept" (the step kept the running plan) of a row.
  QString stateOf(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<StageTransfer> rows_;
  bool kept_ = false;
};

}  // namespace arachne::gui
