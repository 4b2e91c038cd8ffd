// PlanDiffModel: rows from the step's state transfer, or from its plan when it was kept.
#include "plan_diff_model.h"

#include "time_format.h"

namespace arachne::gui {

PlanDiffModel::PlanDiffModel(QObject* parent) : QAbstractTableModel(parent) {}

void PlanDiffModel::setStep(const ScenarioStep* step) {
  beginResetModel();
  rows_.clear();
  kept_ = false;
  if (step) {
    if (!step->transfer.stages.empty()) {
      rows_ = step->transfer.stages;
    } else if (step->plan) {
      // Nothing stopped: the running plan's stages, unchanged.
      kept_ = true;
      for (size_t t = 0; t < step->plan->templates.size(); ++t)
        for (size_t s = 0; s < step->plan->templates[t].stages.size(); ++s) {
          const Stage& st = step->plan->templates[t].stages[s];
          StageTransfer r;
          r.template_index = static_cast<int>(t);
          r.stage_index = static_cast<int>(s);
          r.gpu_type = st.gpu_type;
          r.tp = st.tp;
          r.first_layer = st.first_layer;
          r.last_layer = st.last_layer;
          r.node_ids = st.node_ids;
          rows_.push_back(r);
        }
    }
  }
  endResetModel();
}

QString PlanDiffModel::stateOf(int row) const {
  if (row < 0 || row >= static_cast<int>(rows_.size())) return {};
  const StageTransfer& r = rows_[static_cast<size_t>(row)];
  if (kept_) return tr("kept");
  if (r.moved() <= 0) return tr("in place");
  if (r.bytes_in_place <= 0) return tr("new");
  return tr("moved");
}

int PlanDiffModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }

int PlanDiffModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PlanDiffModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(rows_.size())) return {};
  const StageTransfer& r = rows_[static_cast<size_t>(index.row())];
  if (role == Qt::TextAlignmentRole)
    return index.column() >= NeededColumn && index.column() <= MovedColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                           : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && index.column() == MovedColumn)
    return tr("inside the node %1, over the network %2, from the checkpoint %3")
        .arg(formatGibibytes(r.bytes_intra), formatGibibytes(r.bytes_inter), formatGibibytes(r.bytes_checkpoint));
  if (role != Qt::DisplayRole) return {};
  auto list = [](const std::vector<int>& ids) {
    QStringList s;
    for (int id : ids) s << QString::number(id);
    return s.join(QStringLiteral(", "));
  };
  switch (index.column()) {
    case StageColumn: return QStringLiteral("%1.%2").arg(r.template_index + 1).arg(r.stage_index + 1);  // 1-based, as every view
    case GpuColumn: return QString::fromStdString(r.gpu_type);
    case TpColumn: return r.tp;
    case LayersColumn: return QStringLiteral("%1–%2").arg(r.first_layer).arg(r.last_layer);
    case NodesColumn: return list(r.node_ids);
    case StateColumn: return stateOf(index.row());
    case NeededColumn: return kept_ ? QStringLiteral("–") : formatGibibytes(r.bytes_needed);
    case InPlaceColumn: return kept_ ? QStringLiteral("–") : formatGibibytes(r.bytes_in_place);
    case MovedColumn: return kept_ ? QStringLiteral("–") : formatGibibytes(r.moved());
    case SourcesColumn: return r.bytes_checkpoint > 0 ? (list(r.source_nodes) + (r.source_nodes.empty() ? QString() : QStringLiteral(", ")) + tr("checkpoint"))
                                                      : list(r.source_nodes);
    default: return {};
  }
}

QVariant PlanDiffModel::headerData(int section, Qt::Orientation orientation, int role) const {
  // The tooltip is the whole text, for a header the view had to elide.
  if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
    case StageColumn: return tr("Stage");
    case GpuColumn: return tr("GPU");
    case TpColumn: return tr("TP");
    case LayersColumn: return tr("Layers");
    case NodesColumn: return tr("Nodes");
    case StateColumn: return tr("State");
    case NeededColumn: return tr("Holds");
    case InPlaceColumn: return tr("In place");
    case MovedColumn: return tr("Moved in");
    case SourcesColumn: return tr("From nodes");
    default: return {};
  }
}

}  // namespace arachne::gui
