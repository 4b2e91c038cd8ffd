// WhyDroppedModel: groups Plan::unused_gpus by GPU type and reason.
#include "why_dropped_model.h"

#include <QLocale>

#include "catalog/gpu_catalog.h"
#include "core_text.h"
#include "gpu_colors.h"

namespace arachne::gui {

WhyDroppedModel::WhyDroppedModel(const GpuCatalog* catalog, QObject* parent)
    : QAbstractTableModel(parent), catalog_(catalog) {}

void WhyDroppedModel::setUnused(const std::vector<UnusedGpus>& unused) {
  beginResetModel();
  groups_.clear();
  for (const UnusedGpus& u : unused) {
    auto it = std::find_if(groups_.begin(), groups_.end(), [&](const Group& g) {
      return g.gpu_type == u.gpu_type && g.reason == u.reason;
    });
    if (it == groups_.end()) {
      groups_.push_back({u.gpu_type, u.reason, u.why, {}, 0});
      it = groups_.end() - 1;
    }
    it->nodes.push_back(u.node_id);
    it->gpus += u.count;
  }
  endResetModel();
}

void WhyDroppedModel::retranslate() {
  if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int WhyDroppedModel::nodeIdAt(int row) const {
  if (row < 0 || row >= rowCount()) return -1;
  return groups_[static_cast<size_t>(row)].nodes.front();
}

QList<int> WhyDroppedModel::nodeIdsAt(int row) const {
  if (row < 0 || row >= rowCount()) return {};
  const auto& n = groups_[static_cast<size_t>(row)].nodes;
  return QList<int>(n.begin(), n.end());
}

int WhyDroppedModel::unusedGpuCount() const {
  int n = 0;
  for (const auto& g : groups_) n += g.gpus;
  return n;
}

int WhyDroppedModel::nodeCount() const {
  int n = 0;
  for (const auto& g : groups_) n += static_cast<int>(g.nodes.size());
  return n;
}

int WhyDroppedModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(groups_.size());
}

int WhyDroppedModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant WhyDroppedModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Group& g = groups_[static_cast<size_t>(index.row())];
  const QString type = QString::fromStdString(g.gpu_type);
  if (role == NodeIdRole) return g.nodes.front();
  if (role == NodeIdsRole) return QVariant::fromValue(nodeIdsAt(index.row()));
  if (role == Qt::DecorationRole && index.column() == GpuTypeColumn && catalog_)
    return GpuColors::icon(*catalog_, type);
  if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
  switch (index.column()) {
    case GpuTypeColumn: return type.toUpper();
    case NodesColumn: {
      QStringList ids;
      for (int n : g.nodes) ids << QString::number(n);
      const QString count = tr("%n node(s)", nullptr, static_cast<int>(g.nodes.size()));
      // A long list is cut in the cell; the tooltip has every node.
      if (role == Qt::DisplayRole && ids.size() > 6)
        return tr("%1: %2 …").arg(count, QStringList(ids.mid(0, 6)).join(QStringLiteral(", ")));
      return tr("%1: %2").arg(count, ids.join(QStringLiteral(", ")));
    }
    case GpusColumn: return QLocale().toString(g.gpus);
    case ReasonColumn: return coreText(g.why, g.reason);
    default: return {};
  }
}

QVariant WhyDroppedModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  // The reason's header stays short (a header does not wrap: the long German one was cut off
  // between the other columns); the tooltip says what the reason is.
  if (role == Qt::ToolTipRole && section == ReasonColumn) return tr("Why unused: their best use, priced by the cost model");
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case GpuTypeColumn: return tr("GPU type");
    case NodesColumn: return tr("Nodes");
    case GpusColumn: return tr("Unused GPUs");
    case ReasonColumn: return tr("Why unused");
    default: return {};
  }
}

}  // namespace arachne::gui
