// The why-dropped table: the GPUs a plan leaves unused, grouped (same GPU type and same reason
// make one row with its node count), with the cost model's reason in the user's language.
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <vector>

#include "plan/plan.h"

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class WhyDroppedModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { GpuTypeColumn, NodesColumn, GpusColumn, ReasonColumn, ColumnCount };
  enum Role { NodeIdRole = Qt::UserRole + 1, NodeIdsRole };

  explicit WhyDroppedModel(const GpuCatalog* catalog = nullptr, QObject* parent = nullptr);
  void setUnused(const std::vector<UnusedGpus>& unused);
  int nodeIdAt(int row) const;          // the group's first node, -1 when out of range
  QList<int> nodeIdsAt(int row) const;  // every node of the group
  int unusedGpuCount() const;
  int nodeCount() const;                // nodes with unused GPUs, over all groups
  void retranslate();                   // the language changed: every cell is new

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  struct Group {
    std::string gpu_type;
    std::string reason;  // the English text: the grouping key (same wording, same numbers)
    Reason why;
    std::vector<int> nodes;
    int gpus = 0;
  };
  const GpuCatalog* catalog_;
  std::vector<Group> groups_;
};

}  // namespace arachne::gui
