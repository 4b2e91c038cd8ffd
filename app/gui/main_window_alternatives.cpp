// MainWindow: the alternatives view: the ticked planners run in parallel on the input of the
// plan on screen, each with its own budget; their figures and reasons fill the table and chart.
#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>

#include "alternatives_chart.h"
#include "alternatives_model.h"
#include "alternatives_runner.h"
#include "core_text.h"
#include "main_window.h"
#include "time_format.h"

namespace arachne::gui {

void MainWindow::comparePlanners() {
  if (!result_ || stale_) {
    setCompareNote(CompareNote::PlanFirst);
    return;
  }
  const QStringList chosen = alternativesModel_->selectedPlanners();
  if (chosen.isEmpty()) {
    setCompareNote(CompareNote::TickOne);
    return;
  }
  compareBudgetUsed_ = compareBudget_->value();
  std::vector<std::pair<QString, PlanningRunner::Job>> jobs;
  alternativesModel_->clearResults();
  for (const QString& name : chosen) {
    PlanningRequest request = resultRequest_;
    request.planner = name.toStdString();
    request.budget.seconds = compareBudgetUsed_;  // each planner its own budget
    jobs.emplace_back(name, backend_.makeJob(request));
    AlternativeResult queued;
    queued.planner = name;
    queued.state = AlternativeResult::State::Queued;
    queued.budget_s = compareBudgetUsed_;
    alternativesModel_->setResult(queued);
  }
  alternativesRunner_->start(std::move(jobs), compareBudgetUsed_);
  setCompareNote(CompareNote::Running, static_cast<int>(chosen.size()));
  tabs_->setCurrentWidget(alternativesPage_);
  updateAlternativesChart();
  updateAlternativesControls();
}

void MainWindow::onAlternativeStarted(quint64, const QString& planner) {
  AlternativeResult running;
  running.planner = planner;
  running.state = AlternativeResult::State::Running;
  running.budget_s = compareBudgetUsed_;
  alternativesModel_->setResult(running);
}

void MainWindow::onAlternativeFinished(quint64, const QString& planner, bool ok, const PlannerResult& r,
                                       const QString& error, bool timedOut) {
  AlternativeResult a;
  a.planner = planner;
  a.budget_s = compareBudgetUsed_;
  a.planning_s = r.stats.elapsed_s;
  a.evaluations = r.stats.evaluations;
  const QString detail = coreText(r.stats.reason, r.stats.message);
  if (!ok) {
    a.state = AlternativeResult::State::Failed;
    a.note = error;
  } else if (timedOut) {
    a.state = AlternativeResult::State::TimedOut;
    a.note = tr("did not stop within its budget of %1; stopped").arg(formatSeconds(compareBudgetUsed_));
  } else if (r.found) {
    a.state = AlternativeResult::State::Done;
    a.sequences_per_s = r.report.throughput.sequences_per_s;
    a.iteration_time_s = r.report.iteration_time_s;
    a.gpus_used = r.plan.gpusUsed();
    a.usd_per_million_tokens = r.report.usdPerMillionTokens();
    if (r.stats.cancelled) a.note = tr("stopped; the best plan so far");
    else a.note = detail;
  } else if (r.stats.refused) {
    a.state = AlternativeResult::State::Refused;
    a.note = detail;
  } else if (r.stats.cancelled) {
    a.state = AlternativeResult::State::Cancelled;
    a.note = tr("stopped before it found a plan");
  } else if (compareBudgetUsed_ > 0 && r.stats.elapsed_s >= 0.95 * compareBudgetUsed_) {
    a.state = AlternativeResult::State::TimedOut;
    a.note = tr("its budget of %1 ended before it found a plan").arg(formatSeconds(compareBudgetUsed_));
  } else {
    a.state = AlternativeResult::State::NoPlan;
    // The planner's own words, else the first reason of the cost model.
    a.note = detail;
    if (a.note.isEmpty() && !r.report.violations.empty())
      a.note = coreText(r.report.violations.front().reason, r.report.violations.front().message);
    if (a.note.isEmpty() && !r.plan.unused_gpus.empty())
      a.note = coreText(r.plan.unused_gpus.front().why, r.plan.unused_gpus.front().reason);
  }
  alternativesModel_->setResult(a);
  updateAlternativesChart();
}

void MainWindow::updateAlternativesChart() { alternatives_->setResults(alternativesModel_->shownResults()); }

void MainWindow::updateAlternativesDetail() {
  // The current row's note, else the first planner that has a note but no plan.
  int row = alternativesTable_->currentIndex().row();
  auto note = [this](int r) { return alternativesModel_->index(r, AlternativesModel::NoteColumn).data().toString(); };
  if (row < 0 || note(row).isEmpty())
    for (int r = 0; r < alternativesModel_->rowCount(); ++r) {
      const QString state = alternativesModel_->index(r, AlternativesModel::StateColumn).data().toString();
      if (!note(r).isEmpty() && state != AlternativesModel::stateName(AlternativeResult::State::Done)) {
        row = r;
        break;
      }
    }
  if (row < 0 || note(row).isEmpty()) {
    alternativesDetail_->clear();
    return;
  }
  const QString planner = alternativesModel_->index(row, AlternativesModel::PlannerColumn).data().toString();
  const QString state = alternativesModel_->index(row, AlternativesModel::StateColumn).data().toString();
  // A planner's own reason may already start with its state ("refused: the space holds…"):
  // say the state once.
  const QString text = note(row).startsWith(state + QLatin1Char(':'))
                           ? QStringLiteral("%1 — %2").arg(planner, note(row))
                           : QStringLiteral("%1 — %2: %3").arg(planner, state, note(row));
  alternativesDetail_->setText(text);
}

void MainWindow::updateAlternativesControls() {
  const bool running = alternativesRunner_->isRunning();
  const bool can = result_ && !stale_ && !alternativesModel_->selectedPlanners().isEmpty();
  compareAction_->setEnabled(can && !running);
  compareButton_->setEnabled(can && !running);
  compareCancel_->setEnabled(running);
  if (!result_ && !running) setCompareNote(CompareNote::PlanFirst);
  else if (compareNote_ == CompareNote::PlanFirst) setCompareNote(CompareNote::None);
}

void MainWindow::setCompareNote(CompareNote note, int planners) {
  compareNote_ = note;
  comparePlanners_ = planners;
  switch (note) {
    case CompareNote::None: compareStatus_->clear(); break;
    case CompareNote::PlanFirst:
      compareStatus_->setText(tr("Plan first (F5): the comparison runs on the input of the plan on screen."));
      break;
    case CompareNote::TickOne: compareStatus_->setText(tr("Tick at least one planner.")); break;
    case CompareNote::Running:
      compareStatus_->setText(tr("Running %n planner(s) in the background…", nullptr, planners));
      break;
    case CompareNote::Finished: compareStatus_->setText(tr("Comparison finished.")); break;
    case CompareNote::Dropped: compareStatus_->setText(tr("The input changed; the comparison was dropped.")); break;
  }
}

}  // namespace arachne::gui
