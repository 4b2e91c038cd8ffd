// ScenarioStepsModel: flattened (planner, step) rows with formatted numbers.
#include "scenario_steps_model.h"

#include <QLocale>

#include "core_text.h"
#include "time_format.h"

namespace arachne::gui {

namespace {
QString decisionText(StepDecision d) {
  switch (d) {
    case StepDecision::Start: return ScenarioStepsModel::tr("start");
    case StepDecision::Replan: return ScenarioStepsModel::tr("replanned");
    case StepDecision::Keep: return ScenarioStepsModel::tr("kept");
    case StepDecision::Switch: return ScenarioStepsModel::tr("switched");
    case StepDecision::Forced: return ScenarioStepsModel::tr("forced");
    case StepDecision::Stopped: return ScenarioStepsModel::tr("stopped");
  }
  return {};
}
}  // namespace

ScenarioStepsModel::ScenarioStepsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ScenarioStepsModel::setTraces(const std::vector<ScenarioTrace>& traces) {
  beginResetModel();
  traces_ = traces;
  rows_.clear();
  for (size_t t = 0; t < traces_.size(); ++t)
    for (size_t s = 0; s < traces_[t].steps.size(); ++s) rows_.emplace_back(static_cast<int>(t), static_cast<int>(s));
  endResetModel();
}

void ScenarioStepsModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

const ScenarioTrace* ScenarioStepsModel::traceAt(int row) const {
  if (row < 0 || row >= static_cast<int>(rows_.size())) return nullptr;
  return &traces_[static_cast<size_t>(rows_[static_cast<size_t>(row)].first)];
}

const ScenarioStep* ScenarioStepsModel::stepAt(int row) const {
  const ScenarioTrace* t = traceAt(row);
  return t ? &t->steps[static_cast<size_t>(rows_[static_cast<size_t>(row)].second)] : nullptr;
}

int ScenarioStepsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ScenarioStepsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ScenarioStepsModel::data(const QModelIndex& index, int role) const {
  const ScenarioStep* s = index.isValid() ? stepAt(index.row()) : nullptr;
  if (!s) return {};
  if (role == TraceRole) return rows_[static_cast<size_t>(index.row())].first;
  if (role == StepRole) return rows_[static_cast<size_t>(index.row())].second;
  if (role == Qt::TextAlignmentRole)
    return index.column() == PlannerColumn || index.column() == EventColumn || index.column() == DecisionColumn
               ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
               : QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole) return coreText(s->why, s->reason);
  if (role != Qt::DisplayRole) return {};
  const QLocale l;
  auto rate = [&](double v) { return v > 0 ? l.toString(v, 'f', 3) : QStringLiteral("–"); };
  switch (index.column()) {
    case PlannerColumn: return QString::fromStdString(traceAt(index.row())->planner);
    case StepColumn: return s->index;
    case TimeColumn: return formatSeconds(s->at_s);
    case EventColumn: return coreText(s->event_text, s->event);
    case GpusColumn: return QStringLiteral("%1/%2").arg(s->gpus_used).arg(s->gpus);
    case BeforeColumn: return s->index == 0 ? QStringLiteral("–") : rate(s->before_sequences_per_s);
    case AfterColumn: return rate(s->after_sequences_per_s);
    case DecisionColumn: return decisionText(s->decision);
    case StallColumn: return s->stall_s > 0 ? formatSeconds(s->stall_s) : QStringLiteral("–");
    case MovedColumn: return s->stall_s > 0 ? formatGibibytes(s->transfer.moved()) : QStringLiteral("–");
    default: return {};
  }
}

QVariant ScenarioStepsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  // The tooltip is the whole text, for a header the view had to elide.
  if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
    case PlannerColumn: return tr("Planner");
    case StepColumn: return tr("Step");
    case TimeColumn: return tr("At");
    case EventColumn: return tr("Event");
    case GpusColumn: return tr("GPUs used");
    case BeforeColumn: return tr("Before (seq/s)");
    case AfterColumn: return tr("After (seq/s)");
    case DecisionColumn: return tr("Decision");
    case StallColumn: return tr("Stall");
    case MovedColumn: return tr("State moved");
    default: return {};
  }
}

}  // namespace arachne::gui
