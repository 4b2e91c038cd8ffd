// ScenarioPanel: Play and Stop on the worker thread, the run's progress, and the selected step's
// plan diff.
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QTableView>

#include "core_text.h"
#include "model/model_catalog.h"
#include "plan_diff_model.h"
#include "scenario/scenario_json.h"
#include "scenario_document.h"
#include "scenario_panel.h"
#include "scenario_steps_model.h"
#include "scenario_throughput_chart.h"
#include "time_format.h"

namespace arachne::gui {

bool ScenarioPanel::isPlaying() const { return runner_.isRunning(); }

void ScenarioPanel::play() {
  const Scenario& s = doc_->scenario();
  if (!doc_->problems().empty()) {
    status_->setText(tr("Fix the scenario's problems before playing it."));
    emit playFinished(false);
    return;
  }
  const QStringList planners = selectedPlanners();
  if (planners.isEmpty()) {
    status_->setText(tr("Choose at least one planner."));
    emit playFinished(false);
    return;
  }
  ScenarioRequest request;
  try {
    request.model = resolveScenarioModel(s.model, path_.toStdString());
  } catch (const std::exception& e) {
    status_->setText(QString::fromStdString(e.what()));
    emit playFinished(false);
    return;
  }
  request.scenario = s;
  request.spec = s.training.applyTo(request.model.default_training);
  for (const QString& p : planners) request.planners.push_back(p.toStdString());
  request.options.policy = static_cast<ReplanPolicy>(policyBox_->currentData().toInt());
  request.options.budget.seconds = budgetBox_->value();
  traces_.clear();
  stale_ = false;
  showTraces({});
  runner_.start(std::move(request));
  status_->setText(tr("Playing %1 with %2…").arg(QString::fromStdString(s.name), planners.join(QStringLiteral(", "))));
  updatePlayState();
}

void ScenarioPanel::stop() {
  runner_.stop();
  status_->setText(tr("Stopping after the current step…"));
}

void ScenarioPanel::onProgress(quint64 job, const std::vector<ScenarioTrace>& traces) {
  if (job != runner_.currentJob()) return;
  const ScenarioTrace& t = traces.back();
  status_->setText(tr("%1: step %2 of %3").arg(QString::fromStdString(t.planner)).arg(t.steps.size())
                       .arg(doc_->eventCount() + 1));
  showTraces(traces);
}

void ScenarioPanel::onFinished(quint64 job, const std::vector<ScenarioTrace>& traces, bool cancelled) {
  if (job != runner_.currentJob()) return;
  traces_ = traces;
  showTraces(traces_);
  const QLocale l;
  QStringList totals;
  for (const ScenarioTrace& t : traces_)
    totals << tr("%1 %2 seq/s").arg(QString::fromStdString(t.planner), l.toString(t.time_weighted_sequences_per_s, 'f', 3));
  status_->setText((cancelled ? tr("Stopped. ") : tr("Done. ")) + tr("Time-weighted throughput: %1")
                                                                      .arg(totals.join(QStringLiteral(", "))));
  updatePlayState();
  emit playFinished(!cancelled);
}

void ScenarioPanel::onFailed(quint64 job, const QString& message) {
  if (job != runner_.currentJob()) return;
  status_->setText(tr("The run failed: %1").arg(message));
  updatePlayState();
  emit playFinished(false);
}

void ScenarioPanel::showTraces(const std::vector<ScenarioTrace>& traces) {
  const int row = stepsView_->currentIndex().row();
  steps_->setTraces(traces);
  chart_->setRun(doc_->scenario(), traces);
  if (row >= 0 && row < steps_->rowCount()) stepsView_->selectRow(row);
  else selectStep(-1);
}

void ScenarioPanel::selectStep(int row) {
  const ScenarioStep* s = steps_->stepAt(row);
  diff_->setStep(s);
  if (!s) {
    diffLabel_->setText(tr("Select a step to see what changed in the plan."));
    return;
  }
  if (stepsView_->currentIndex().row() != row) stepsView_->selectRow(row);
  QString text = tr("%1, step %2 (%3): %4").arg(QString::fromStdString(steps_->traceAt(row)->planner)).arg(s->index)
                     .arg(coreText(s->event_text, s->event), coreText(s->why, s->reason));
  if (s->stall_s > 0)
    text += QLatin1Char('\n') + tr("Stall %1: planner %2, release %3, process groups %4, state transfer %5 (%6 moved; %7), "
                                   "engine build %8, unattributed %9.")
                                    .arg(formatSeconds(s->stall_s), formatSeconds(s->stall.planner_s),
                                         formatSeconds(s->stall.release_s), formatSeconds(s->stall.process_group_s),
                                         formatSeconds(s->stall.transfer_s), formatGibibytes(s->transfer.moved()),
                                         coreText(s->transfer.bottleneck_text, s->transfer.bottleneck),
                                         formatSeconds(s->stall.engine_build_s), formatSeconds(s->stall.unattributed_s));
  if (s->sequences_rolled_back > 0)
    text += QLatin1Char('\n') + tr("%1 sequences rolled back to the checkpoint at %2.")
                                    .arg(QLocale().toString(s->sequences_rolled_back, 'f', 0), formatSeconds(s->rolled_back_to_s));
  diffLabel_->setText(text);
}

void ScenarioPanel::updatePlayState() {
  const bool running = runner_.isRunning();
  playAction_->setEnabled(!running && doc_->problems().empty() && !selectedPlanners().isEmpty());
  stopAction_->setEnabled(running);
}

}  // namespace arachne::gui
