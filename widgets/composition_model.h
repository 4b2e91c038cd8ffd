// The cluster composer's item model: GPU-type groups, each holding its nodes; drag-and-drop of
// nodes and palette tiles happens here (private MIME types), and every edit is an undo command.
#pragma once

#include <QAbstractItemModel>
#include <QString>
#include <utility>
#include <vector>

#include "cluster/composition.h"

class QUndoStack;

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class CompositionModel : public QAbstractItemModel {
  Q_OBJECT
 public:
  enum Column { NameColumn, GpusColumn, PriceColumn, ColumnCount };
  enum Role { NodeIdRole = Qt::UserRole + 1, GpuTypeRole, IsGroupRole };

  // The catalog must outlive the model. Edits are pushed on `undo` (not owned).
  CompositionModel(const GpuCatalog& catalog, QUndoStack* undo, QObject* parent = nullptr);

  const Composition& composition() const { return composition_; }
  const GpuCatalog& catalog() const { return catalog_; }
  QUndoStack* undoStack() const { return undo_; }

  // --- User edits: each pushes one undo command. Return false when nothing was done. ---
  bool addNode(const QString& gpuType, int gpus);
  bool duplicateNode(int nodeId);
  bool deleteNode(int nodeId);
  // Consecutive resizes of one node merge into one undo step (a spin box or slider drag).
  bool resizeNode(int nodeId, int gpus);
  // The node's own price in USD per GPU-hour (< 0: back to the catalog's); consecutive changes
  // of one node merge into one undo step.
  bool repriceNode(int nodeId, double pricePerGpuHour);
  // Moves a node to `position` in the composition order and, when gpuType differs, makes it a
  // node of that type (the "what if these were H100s" question).
  bool moveNode(int nodeId, const QString& gpuType, int position);
  void loadComposition(const Composition& c, const QString& label);

  // --- Primitive changes, used only by the undo commands. ---
  // Inserts at `position` of the composition order; a node.id < 0 gets a fresh id. Returns the id.
  int insertNodeAt(const Node& node, int position);
  // Returns the removed node and its position in the composition order.
  std::pair<Node, int> takeNode(int nodeId);
  void setNodeGpus(int nodeId, int gpus);
  void setNodePrice(int nodeId, double pricePerGpuHour);
  void setComposition(const Composition& c);
  int positionOf(int nodeId) const;

  // Index of a node (column 0), invalid when unknown; and of a GPU type group.
  QModelIndex indexOfNode(int nodeId) const;
  QModelIndex indexOfGroup(const QString& gpuType) const;
  int nodeIdAt(const QModelIndex& index) const;  // -1 for groups and invalid indexes

  QString summaryText() const;  // "24 GPUs in 5 nodes · $61.20 per hour"
  double pricePerHour() const;

  // QAbstractItemModel
  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QStringList mimeTypes() const override;
  QMimeData* mimeData(const QModelIndexList& indexes) const override;
  bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                       const QModelIndex& parent) const override;
  bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                    const QModelIndex& parent) override;
  Qt::DropActions supportedDropActions() const override;
  Qt::DropActions supportedDragActions() const override;

 signals:
  // After every change (the planner result on screen becomes stale).
  void compositionChanged();

 private:
  struct Group {
    QString gpuType;
    std::vector<int> nodeIds;
  };
  void rebuildGroups();
  const Node* nodeAt(const QModelIndex& index) const;
  QString typeName(const QString& gpuType) const;
  // USD per hour of every node of the type, each at its own price or the catalog's.
  double typePrice(const QString& gpuType) const;
  // After a node's fields changed in place: its row, its group's row and the composition.
  void nodeEdited(int nodeId);
  // The node's own network and price from a cluster file, one line; empty when it takes the
  // catalog's.
  QString ownNetworkText(const Node& n) const;

  const GpuCatalog& catalog_;
  QUndoStack* undo_;
  Composition composition_;
  std::vector<Group> groups_;
};

}  // namespace arachne::gui
