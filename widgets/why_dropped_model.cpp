// WhyDroppedModel: a flat table over Plan::unused_gpus.
#include "why_dropped_model.h"

namespace arachne::gui {

WhyDroppedModel::WhyDroppedModel(QObject* parent) : QAbstractTableModel(parent) {}

void WhyDroppedModel::setUnused(const std::vector<UnusedGpus>& unused) {
  beginResetModel();
  unused_ = unused;
  endResetModel();
}

int WhyDroppedModel::nodeIdAt(int row) const {
  if (row < 0 || row >= rowCount()) return -1;
  return unused_[static_cast<size_t>(row)].node_id;
}

int WhyDroppedModel::unusedGpuCount() const {
  int n = 0;
  for (const auto& u : unused_) n += u.count;
  return n;
}

int WhyDroppedModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(unused_.size());
}

int WhyDroppedModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant WhyDroppedModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const UnusedGpus& u = unused_[static_cast<size_t>(index.row())];
  if (role == NodeIdRole) return u.node_id;
  if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
  switch (index.column()) {
    case GpuTypeColumn: return QString::fromStdString(u.gpu_type).toUpper();
    case NodeColumn: return u.node_id;
    case GpusColumn: return u.count;
    case ReasonColumn: return QString::fromStdString(u.reason);
    default: return {};
  }
}

QVariant WhyDroppedModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case GpuTypeColumn: return tr("GPU type");
    case NodeColumn: return tr("Node");
    case GpusColumn: return tr("Unused GPUs");
    case ReasonColumn: return tr("Reason (cost model)");
    default: return {};
  }
}

}  // namespace arachne::gui
