// The why-dropped table: every node or GPU the plan leaves unused, with the cost model's reason.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "plan/plan.h"

namespace arachne::gui {

class WhyDroppedModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { GpuTypeColumn, NodeColumn, GpusColumn, ReasonColumn, ColumnCount };
  enum Role { NodeIdRole = Qt::UserRole + 1 };

  explicit WhyDroppedModel(QObject* parent = nullptr);
  void setUnused(const std::vector<UnusedGpus>& unused);
  int nodeIdAt(int row) const;
  int unusedGpuCount() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<UnusedGpus> unused_;
};

}  // namespace arachne::gui
