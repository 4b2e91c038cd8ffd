// AlternativesModel: planner rows with check state and run results.
#include "alternatives_model.h"

#include <QFont>
#include <QLocale>

#include "time_format.h"

namespace arachne::gui {

AlternativesModel::AlternativesModel(QObject* parent) : QAbstractTableModel(parent) {}

QString AlternativesModel::stateName(AlternativeResult::State s) {
  switch (s) {
    case AlternativeResult::State::Queued: return tr("queued");
    case AlternativeResult::State::Running: return tr("running…");
    case AlternativeResult::State::Done: return tr("plan found");
    case AlternativeResult::State::NoPlan: return tr("infeasible");
    case AlternativeResult::State::Refused: return tr("refused");
    case AlternativeResult::State::TimedOut: return tr("timed out");
    case AlternativeResult::State::Cancelled: return tr("cancelled");
    case AlternativeResult::State::Failed: return tr("failed");
  }
  return {};
}

int AlternativesModel::rowOf(const QString& planner) const {
  for (size_t i = hasChosen_ ? 1 : 0; i < rows_.size(); ++i)
    if (rows_[i].result.planner == planner) return static_cast<int>(i);
  return -1;
}

void AlternativesModel::setPlanners(const QStringList& names) {
  beginResetModel();
  std::vector<Row> next;
  if (hasChosen_) next.push_back(rows_.front());
  for (const QString& n : names) {
    const int i = rowOf(n);
    if (i >= 0) {
      next.push_back(rows_[static_cast<size_t>(i)]);
    } else {
      Row r;
      r.result.planner = n;
      next.push_back(r);
    }
  }
  rows_ = std::move(next);
  endResetModel();
  emit selectionChanged();
}

void AlternativesModel::setChosen(const AlternativeResult& chosen) {
  beginResetModel();
  if (!hasChosen_) rows_.insert(rows_.begin(), Row{});
  hasChosen_ = true;
  rows_.front().result = chosen;
  rows_.front().result.chosen = true;
  rows_.front().selected = false;
  rows_.front().ran = true;
  endResetModel();
}

QStringList AlternativesModel::planners() const {
  QStringList out;
  for (size_t i = hasChosen_ ? 1 : 0; i < rows_.size(); ++i) out << rows_[i].result.planner;
  return out;
}

QStringList AlternativesModel::selectedPlanners() const {
  QStringList out;
  for (size_t i = hasChosen_ ? 1 : 0; i < rows_.size(); ++i)
    if (rows_[i].selected) out << rows_[i].result.planner;
  return out;
}

void AlternativesModel::setSelected(const QString& planner, bool selected) {
  const int i = rowOf(planner);
  if (i < 0) return;
  rows_[static_cast<size_t>(i)].selected = selected;
  emit dataChanged(index(i, PlannerColumn), index(i, PlannerColumn), {Qt::CheckStateRole});
  emit selectionChanged();
}

void AlternativesModel::setResult(const AlternativeResult& result) {
  const int i = rowOf(result.planner);
  if (i < 0) return;
  Row& r = rows_[static_cast<size_t>(i)];
  r.result = result;
  r.ran = true;
  cleared_.clear();
  emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
}

const AlternativeResult* AlternativesModel::result(const QString& planner) const {
  const int i = rowOf(planner);
  return i >= 0 && rows_[static_cast<size_t>(i)].ran ? &rows_[static_cast<size_t>(i)].result : nullptr;
}

void AlternativesModel::clearResults(const QString& note) {
  beginResetModel();
  for (size_t i = hasChosen_ ? 1 : 0; i < rows_.size(); ++i) {
    const QString name = rows_[i].result.planner;
    rows_[i].result = AlternativeResult{};
    rows_[i].result.planner = name;
    rows_[i].ran = false;
  }
  cleared_ = note;
  endResetModel();
}

void AlternativesModel::clearChosen() {
  if (!hasChosen_) return;
  beginResetModel();
  rows_.erase(rows_.begin());
  hasChosen_ = false;
  endResetModel();
}

void AlternativesModel::retranslate() {
  if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

std::vector<AlternativeResult> AlternativesModel::shownResults() const {
  std::vector<AlternativeResult> out;
  for (const Row& r : rows_)
    if (r.ran) out.push_back(r.result);
  return out;
}

int AlternativesModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int AlternativesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AlternativesModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const Row& row = rows_[static_cast<size_t>(index.row())];
  const AlternativeResult& r = row.result;
  if (role == Qt::CheckStateRole && index.column() == PlannerColumn && !r.chosen)
    return row.selected ? Qt::Checked : Qt::Unchecked;
  if (role == Qt::FontRole && r.chosen) {
    QFont f;
    f.setBold(true);
    return f;
  }
  if (role == Qt::TextAlignmentRole && index.column() >= ThroughputColumn && index.column() <= EvaluationsColumn)
    return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
  const QLocale l;
  const bool figures = row.ran && r.found();
  switch (index.column()) {
    case PlannerColumn: return r.chosen ? tr("%1 (plan on screen)").arg(r.planner) : r.planner;
    case StateColumn:
      if (r.chosen) return tr("on screen");
      return row.ran ? stateName(r.state) : (cleared_.isEmpty() ? tr("not run") : cleared_);
    case ThroughputColumn: return figures ? l.toString(r.sequences_per_s, 'f', 2) : QString();
    case IterationColumn: return figures ? formatSeconds(r.iteration_time_s) : QString();
    case GpusColumn: return figures ? l.toString(r.gpus_used) : QString();
    case CostColumn:
      return figures && r.usd_per_million_tokens > 0 ? QStringLiteral("$") + l.toString(r.usd_per_million_tokens, 'f', 3)
                                                     : QString();
    case PlanningTimeColumn:
      if (!row.ran || r.chosen || r.state == AlternativeResult::State::Queued) return {};
      return r.state == AlternativeResult::State::Running ? QString() : formatSeconds(r.planning_s);
    case EvaluationsColumn:
      return row.ran && !r.chosen && r.state != AlternativeResult::State::Queued ? l.toString(r.evaluations) : QString();
    case NoteColumn: return r.note;
    default: return {};
  }
}

bool AlternativesModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::CheckStateRole || index.column() != PlannerColumn) return false;
  Row& row = rows_[static_cast<size_t>(index.row())];
  if (row.result.chosen) return false;
  row.selected = value.toInt() == Qt::Checked;
  emit dataChanged(index, index, {Qt::CheckStateRole});
  emit selectionChanged();
  return true;
}

Qt::ItemFlags AlternativesModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.column() == PlannerColumn && !rows_[static_cast<size_t>(index.row())].result.chosen)
    f |= Qt::ItemIsUserCheckable;
  return f;
}

QVariant AlternativesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case PlannerColumn: return tr("Planner");
    case StateColumn: return tr("State");
    case ThroughputColumn: return tr("Sequences/s");
    case IterationColumn: return tr("Iteration");
    case GpusColumn: return tr("GPUs used");
    case CostColumn: return tr("$ per M tokens");
    case PlanningTimeColumn: return tr("Planning time");
    case EvaluationsColumn: return tr("Evaluations");
    case NoteColumn: return tr("Why no plan / note");
    default: return {};
  }
}

}  // namespace arachne::gui
