// CompositionModel: tree of GPU-type groups and nodes, model-based drag-and-drop, undoable edits.
#include "composition_model.h"

#include <QDataStream>
#include <QIODevice>
#include <QLocale>
#include <QMimeData>
#include <QUndoStack>
#include <algorithm>

#include "catalog/gpu_catalog.h"
#include "cluster/node_network_json.h"
#include "commands/add_node_command.h"
#include "commands/delete_node_command.h"
#include "commands/duplicate_node_command.h"
#include "commands/load_composition_command.h"
#include "commands/move_node_command.h"
#include "commands/reprice_node_command.h"
#include "commands/resize_node_command.h"
#include "gpu_colors.h"
#include "mime_types.h"

namespace arachne::gui {

namespace {
constexpr quintptr kGroupId = 0;  // internalId of group rows; node rows hold group row + 1
constexpr int kMaxGpusPerNode = 1024;
}  // namespace

CompositionModel::CompositionModel(const GpuCatalog& catalog, QUndoStack* undo, QObject* parent)
    : QAbstractItemModel(parent), catalog_(catalog), undo_(undo) {}

// ---------------------------------------------------------------- user edits

bool CompositionModel::addNode(const QString& gpuType, int gpus) {
  if (!catalog_.find(gpuType.toStdString()) || gpus < 1 || gpus > kMaxGpusPerNode) return false;
  Node n;
  n.id = -1;
  n.gpu_type = catalog_.find(gpuType.toStdString())->id;
  n.gpus = gpus;
  // A new node joins the end of its type's group, so the groups keep their order.
  int position = static_cast<int>(composition_.nodes().size());
  const auto& nodes = composition_.nodes();
  for (int i = static_cast<int>(nodes.size()) - 1; i >= 0; --i)
    if (nodes[static_cast<size_t>(i)].gpu_type == n.gpu_type) { position = i + 1; break; }
  undo_->push(new AddNodeCommand(this, n, position));
  return true;
}

bool CompositionModel::duplicateNode(int nodeId) {
  const Node* n = composition_.findNode(nodeId);
  if (!n) return false;
  undo_->push(new DuplicateNodeCommand(this, *n, positionOf(nodeId) + 1));
  return true;
}

bool CompositionModel::deleteNode(int nodeId) {
  if (!composition_.findNode(nodeId)) return false;
  undo_->push(new DeleteNodeCommand(this, nodeId));
  return true;
}

bool CompositionModel::resizeNode(int nodeId, int gpus) {
  const Node* n = composition_.findNode(nodeId);
  if (!n || gpus < 1 || gpus > kMaxGpusPerNode || n->gpus == gpus) return false;
  undo_->push(new ResizeNodeCommand(this, nodeId, n->gpus, gpus));
  return true;
}

bool CompositionModel::repriceNode(int nodeId, double pricePerGpuHour) {
  const Node* n = composition_.findNode(nodeId);
  if (pricePerGpuHour < 0) pricePerGpuHour = -1;  // every negative value is "the catalog's"
  if (!n || pricePerGpuHour > kMaxGpuHourPrice || n->price_per_gpu_hour == pricePerGpuHour) return false;
  undo_->push(new RepriceNodeCommand(this, nodeId, n->price_per_gpu_hour, pricePerGpuHour));
  return true;
}

bool CompositionModel::moveNode(int nodeId, const QString& gpuType, int position) {
  const Node* n = composition_.findNode(nodeId);
  const GpuType* t = catalog_.find(gpuType.toStdString());
  if (!n || !t) return false;
  const int from = positionOf(nodeId);
  const int count = static_cast<int>(composition_.nodes().size());
  position = std::clamp(position, 0, count - 1);
  if (from == position && n->gpu_type == t->id) return false;
  undo_->push(new MoveNodeCommand(this, nodeId, QString::fromStdString(n->gpu_type), from,
                                  QString::fromStdString(t->id), position));
  return true;
}

void CompositionModel::loadComposition(const Composition& c, const QString& label) {
  undo_->push(new LoadCompositionCommand(this, composition_, c, label));
}

// ---------------------------------------------------------------- primitives

int CompositionModel::insertNodeAt(const Node& node, int position) {
  std::vector<Node> nodes = composition_.nodes();
  Node n = node;
  if (n.id < 0 || composition_.findNode(n.id)) {
    int next = 0;
    for (const auto& m : nodes) next = std::max(next, m.id + 1);
    n.id = next;
  }
  position = std::clamp(position, 0, static_cast<int>(nodes.size()));
  nodes.insert(nodes.begin() + position, n);
  beginResetModel();
  Composition c = composition_;
  c.clear();
  for (const auto& m : nodes) c.addNode(m);
  composition_ = c;
  composition_.name.clear();  // an edited preset or file is no longer what its name says
  rebuildGroups();
  endResetModel();
  emit compositionChanged();
  return n.id;
}

std::pair<Node, int> CompositionModel::takeNode(int nodeId) {
  const int pos = positionOf(nodeId);
  if (pos < 0) return {Node{}, -1};
  Node n = composition_.nodes()[static_cast<size_t>(pos)];
  beginResetModel();
  composition_.removeNode(nodeId);
  composition_.name.clear();
  rebuildGroups();
  endResetModel();
  emit compositionChanged();
  return {n, pos};
}

void CompositionModel::setNodeGpus(int nodeId, int gpus) {
  Node* n = composition_.findNode(nodeId);
  if (!n) return;
  n->gpus = gpus;
  nodeEdited(nodeId);
}

void CompositionModel::setNodePrice(int nodeId, double pricePerGpuHour) {
  Node* n = composition_.findNode(nodeId);
  if (!n) return;
  n->price_per_gpu_hour = pricePerGpuHour;
  nodeEdited(nodeId);
}

void CompositionModel::nodeEdited(int nodeId) {
  composition_.name.clear();  // no longer the preset or file it was loaded as
  const QModelIndex idx = indexOfNode(nodeId);
  const QModelIndex group = idx.parent();
  emit dataChanged(index(idx.row(), 0, group), index(idx.row(), ColumnCount - 1, group));
  emit dataChanged(index(group.row(), 0), index(group.row(), ColumnCount - 1));
  emit compositionChanged();
}

void CompositionModel::setComposition(const Composition& c) {
  beginResetModel();
  composition_ = c;
  rebuildGroups();
  endResetModel();
  emit compositionChanged();
}

int CompositionModel::positionOf(int nodeId) const {
  const auto& nodes = composition_.nodes();
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].id == nodeId) return static_cast<int>(i);
  return -1;
}

void CompositionModel::rebuildGroups() {
  groups_.clear();
  for (const auto& n : composition_.nodes()) {
    const QString t = QString::fromStdString(n.gpu_type);
    auto it = std::find_if(groups_.begin(), groups_.end(),
                           [&](const Group& g) { return g.gpuType == t; });
    if (it == groups_.end()) {
      groups_.push_back({t, {}});
      it = groups_.end() - 1;
    }
    it->nodeIds.push_back(n.id);
  }
}

// ---------------------------------------------------------------- lookups

QModelIndex CompositionModel::indexOfNode(int nodeId) const {
  for (size_t g = 0; g < groups_.size(); ++g) {
    const auto& ids = groups_[g].nodeIds;
    auto it = std::find(ids.begin(), ids.end(), nodeId);
    if (it != ids.end())
      return createIndex(static_cast<int>(it - ids.begin()), 0, static_cast<quintptr>(g + 1));
  }
  return {};
}

QModelIndex CompositionModel::indexOfGroup(const QString& gpuType) const {
  for (size_t g = 0; g < groups_.size(); ++g)
    if (groups_[g].gpuType == gpuType) return createIndex(static_cast<int>(g), 0, kGroupId);
  return {};
}

int CompositionModel::nodeIdAt(const QModelIndex& index) const {
  if (!index.isValid() || index.internalId() == kGroupId) return -1;
  const auto& g = groups_[index.internalId() - 1];
  return g.nodeIds[static_cast<size_t>(index.row())];
}

const Node* CompositionModel::nodeAt(const QModelIndex& index) const {
  const int id = nodeIdAt(index);
  return id < 0 ? nullptr : composition_.findNode(id);
}

QString CompositionModel::typeName(const QString& gpuType) const {
  const GpuType* t = catalog_.find(gpuType.toStdString());
  return t ? QString::fromStdString(t->name) : gpuType;
}

QString CompositionModel::ownNetworkText(const Node& n) const {
  QStringList parts;
  if (n.inter_node_gbps > 0) parts << tr("%1 GB/s per node").arg(QLocale().toString(n.inter_node_gbps, 'g', 4));
  if (n.inter_node_nics > 0) parts << tr("%n NIC(s)", nullptr, n.inter_node_nics);
  if (n.inter_node_fabric != Fabric::Unstated) parts << QString::fromStdString(toString(n.inter_node_fabric));
  if (n.price_per_gpu_hour >= 0) parts << tr("$%1 per GPU-hour").arg(QLocale().toString(n.price_per_gpu_hour, 'f', 2));
  if (parts.isEmpty()) return {};
  return tr("Own figures, in place of the catalog's: %1").arg(parts.join(QStringLiteral(", ")));
}

double CompositionModel::typePrice(const QString& gpuType) const {
  // A node's own price (a cluster file's "price_per_gpu_hour") counts for that node.
  double total = 0;
  for (const auto& n : composition_.nodes())
    if (n.gpu_type == gpuType.toStdString()) total += n.gpus * Composition::pricePerGpuHour(n, catalog_);
  return total;
}

double CompositionModel::pricePerHour() const { return composition_.pricePerHour(catalog_); }

QString CompositionModel::summaryText() const {
  return tr("%n GPU(s) in %1 node(s) · $%2 per hour", nullptr, composition_.totalGpus())
      .arg(composition_.nodes().size())
      .arg(QLocale().toString(pricePerHour(), 'f', 2));
}

// ---------------------------------------------------------------- QAbstractItemModel

QModelIndex CompositionModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column < 0 || column >= ColumnCount) return {};
  if (!parent.isValid()) {
    if (row >= static_cast<int>(groups_.size())) return {};
    return createIndex(row, column, kGroupId);
  }
  if (parent.internalId() != kGroupId || parent.column() != 0) return {};
  const auto& g = groups_[static_cast<size_t>(parent.row())];
  if (row >= static_cast<int>(g.nodeIds.size())) return {};
  return createIndex(row, column, static_cast<quintptr>(parent.row() + 1));
}

QModelIndex CompositionModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == kGroupId) return {};
  return createIndex(static_cast<int>(child.internalId() - 1), 0, kGroupId);
}

int CompositionModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return static_cast<int>(groups_.size());
  if (parent.internalId() != kGroupId || parent.column() != 0) return 0;
  return static_cast<int>(groups_[static_cast<size_t>(parent.row())].nodeIds.size());
}

int CompositionModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant CompositionModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const QLocale locale;
  if (index.internalId() == kGroupId) {
    const Group& g = groups_[static_cast<size_t>(index.row())];
    const int gpus = composition_.gpusOfType(g.gpuType.toStdString());
    switch (role) {
      case Qt::DisplayRole:
      case Qt::ToolTipRole:
        if (index.column() == NameColumn)
          return role == Qt::ToolTipRole ? typeName(g.gpuType) : g.gpuType.toUpper();
        if (index.column() == GpusColumn)
          return tr("%n GPU(s)", nullptr, gpus);
        if (index.column() == PriceColumn)
          return tr("$%1/h").arg(locale.toString(typePrice(g.gpuType), 'f', 2));
        return {};
      case Qt::DecorationRole:
        return index.column() == NameColumn ? QVariant(GpuColors::icon(catalog_, g.gpuType))
                                            : QVariant();
      case GpuTypeRole: return g.gpuType;
      case IsGroupRole: return true;
      case NodeIdRole: return -1;
      default: return {};
    }
  }
  const Node* n = nodeAt(index);
  if (!n) return {};
  const QString type = QString::fromStdString(n->gpu_type);
  switch (role) {
    case Qt::DisplayRole:
      if (index.column() == NameColumn)
        return tr("Node %1").arg(n->id);
      if (index.column() == GpusColumn) return n->gpus;
      if (index.column() == PriceColumn)
        return tr("$%1/h").arg(locale.toString(n->gpus * Composition::pricePerGpuHour(*n, catalog_), 'f', 2));
      return {};
    case Qt::EditRole:
      return index.column() == GpusColumn ? QVariant(n->gpus) : QVariant();
    case Qt::ToolTipRole: {
      // The node's own figures are shown because they are why two nodes of one type can price apart.
      const QString tip = tr("Node %1: %n GPU(s) of %2", nullptr, n->gpus).arg(n->id).arg(typeName(type));
      const QString network = ownNetworkText(*n);
      return network.isEmpty() ? tip : tip + QLatin1Char('\n') + network;
    }
    case Qt::DecorationRole:
      return index.column() == NameColumn ? QVariant(GpuColors::icon(catalog_, type)) : QVariant();
    case NodeIdRole: return n->id;
    case GpuTypeRole: return type;
    case IsGroupRole: return false;
    default: return {};
  }
}

bool CompositionModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || index.column() != GpusColumn) return false;
  const int id = nodeIdAt(index);
  bool ok = false;
  const int gpus = value.toInt(&ok);
  return id >= 0 && ok && resizeNode(id, gpus);
}

QVariant CompositionModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case NameColumn: return tr("GPU type / node");
    case GpusColumn: return tr("GPUs");
    case PriceColumn: return tr("Price");
    default: return {};
  }
}

Qt::ItemFlags CompositionModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::ItemIsDropEnabled;
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.internalId() == kGroupId) return f | Qt::ItemIsDropEnabled;
  f |= Qt::ItemIsDragEnabled;
  if (index.column() == GpusColumn) f |= Qt::ItemIsEditable;
  return f;
}

QStringList CompositionModel::mimeTypes() const { return {nodeMimeType(), tileMimeType()}; }

QMimeData* CompositionModel::mimeData(const QModelIndexList& indexes) const {
  QList<qint32> ids;
  for (const auto& i : indexes) {
    const int id = nodeIdAt(i);
    if (id >= 0 && !ids.contains(id)) ids.append(id);
  }
  if (ids.isEmpty()) return nullptr;
  QByteArray bytes;
  QDataStream out(&bytes, QIODevice::WriteOnly);
  out << ids;
  auto* mime = new QMimeData;
  mime->setData(nodeMimeType(), bytes);
  return mime;
}

bool CompositionModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int,
                                       int, const QModelIndex&) const {
  if (!data || (action != Qt::MoveAction && action != Qt::CopyAction)) return false;
  return data->hasFormat(nodeMimeType()) || data->hasFormat(tileMimeType());
}

bool CompositionModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row,
                                    int column, const QModelIndex& parent) {
  if (!canDropMimeData(data, action, row, column, parent)) return false;
  // The drop target: a group (or a node inside it) names the GPU type nodes are moved to.
  QModelIndex group = parent;
  if (group.isValid() && group.internalId() != kGroupId) group = group.parent();
  const QString targetType = group.isValid() ? groups_[static_cast<size_t>(group.row())].gpuType : QString();
  (void)column;

  if (data->hasFormat(tileMimeType())) {
    QDataStream in(data->data(tileMimeType()));
    QString type;
    qint32 gpus = 0;
    in >> type >> gpus;
    if (in.status() != QDataStream::Ok) return false;
    return addNode(type, gpus);
  }

  QDataStream in(data->data(nodeMimeType()));
  QList<qint32> ids;
  in >> ids;
  if (in.status() != QDataStream::Ok || ids.isEmpty()) return false;
  bool any = false;
  // Several nodes dropped at once undo as one step; a single node is its own command.
  const bool macro = ids.size() > 1;
  if (macro) undo_->beginMacro(action == Qt::CopyAction ? tr("Duplicate nodes") : tr("Move nodes"));
  for (qint32 id : ids) {
    const Node* n = composition_.findNode(id);
    if (!n) continue;
    if (action == Qt::CopyAction) {
      // The command copies the source (and names it in the undo history); a drop onto another
      // type's group makes the copy a node of that type.
      undo_->push(new DuplicateNodeCommand(this, *n, positionOf(id) + 1, targetType.toStdString()));
      any = true;
      continue;
    }
    const QString type = targetType.isEmpty() ? QString::fromStdString(n->gpu_type) : targetType;
    // Dropping between rows of a group places the node before that row's node.
    int position = positionOf(id);
    if (group.isValid() && row >= 0) {
      const auto& g = groups_[static_cast<size_t>(group.row())];
      position = row < static_cast<int>(g.nodeIds.size())
                     ? positionOf(g.nodeIds[static_cast<size_t>(row)])
                     : positionOf(g.nodeIds.back()) + 1;
      if (position > positionOf(id)) --position;
    } else if (type != QString::fromStdString(n->gpu_type)) {
      const QModelIndex g = indexOfGroup(type);
      if (g.isValid()) position = positionOf(groups_[static_cast<size_t>(g.row())].nodeIds.back());
    }
    any |= moveNode(id, type, position);
  }
  if (macro) undo_->endMacro();
  return any;
}

Qt::DropActions CompositionModel::supportedDropActions() const {
  return Qt::MoveAction | Qt::CopyAction;
}

Qt::DropActions CompositionModel::supportedDragActions() const {
  return Qt::MoveAction | Qt::CopyAction;
}

}  // namespace arachne::gui
