// MainWindow: starting, cancelling and receiving planner runs; the comparison with the other
// planners; filling the views from a result.
#include <QAction>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

#include "alternatives_chart.h"
#include "app_settings.h"
#include "catalog/gpu_catalog.h"
#include "composer_panel.h"
#include "composition_model.h"
#include "main_window.h"
#include "memory_chart.h"
#include "plan_summary.h"
#include "plan_view.h"
#include "planner_panel.h"
#include "replay_panel.h"
#include "time_format.h"
#include "timeline_view.h"
#include "training_panel.h"
#include "why_dropped_model.h"

namespace arachne::gui {

PlanningRequest MainWindow::currentRequest() const {
  PlanningRequest r;
  r.composition = composition_->composition();
  r.model = training_->model();
  r.spec = training_->spec();
  r.planner = plannerPanel_->planner().toStdString();
  r.budget.seconds = plannerPanel_->budgetSeconds();
  r.seed = 1;
  return r;
}

void MainWindow::startPlanning() {
  if (composition_->composition().nodes().empty()) {
    plannerPanel_->setStatus(tr("The cluster is empty: add a node first."));
    return;
  }
  if (plannerPanel_->planner().isEmpty()) {
    plannerPanel_->setStatus(tr("This build has no planner."));
    return;
  }
  const PlanningRequest request = currentRequest();
  // The planner and budget are remembered on close: a QSettings write here takes tens of ms.
  pendingRequest_ = request;
  runner_.start(backend_.makeJob(request));
  plannerPanel_->setRunning(true);
  planAction_->setEnabled(false);
  cancelAction_->setEnabled(true);
}

void MainWindow::cancelPlanning() {
  runner_.stop();
  compareRunner_.stop();
  compareQueue_.clear();
}

void MainWindow::onProgress(quint64, const PlannerProgress& p) { plannerPanel_->setProgress(p); }

void MainWindow::onPlanReady(quint64, const PlannerResult& result) {
  if (!result.found) {
    std::string why = result.stats.message;
    if (why.empty() && !result.report.violations.empty()) why = result.report.violations.front().message;
    plannerPanel_->setStatus((result.stats.refused ? tr("The planner refused: %1") : tr("No feasible plan: %1"))
                                 .arg(QString::fromStdString(why)));
    emit planningFinished(false);
    return;
  }
  result_ = result;
  resultRequest_ = pendingRequest_;
  Provenance& prov = result_->plan.provenance;
  if (prov.cluster.empty()) prov.cluster = resultRequest_.composition.toInlineSpec();
  if (prov.model.empty()) prov.model = resultRequest_.model.id;
  stale_ = false;
  staleBanner_->hide();
  compareResults_.clear();
  alternatives_->setResults({});
  showResult();
  emit planningFinished(true);
}

void MainWindow::onFailed(quint64, const QString& message) {
  plannerPanel_->setStatus(tr("The planner failed: %1").arg(message));
  emit planningFinished(false);
}

void MainWindow::onRunFinished(quint64) {
  if (runner_.isRunning()) return;
  plannerPanel_->setRunning(false);
  planAction_->setEnabled(true);
  cancelAction_->setEnabled(false);
}

void MainWindow::showResult() {
  if (!result_) return;
  const PlannerResult& r = *result_;
  const QLocale l;
  int gpus = 0;
  for (const auto& t : r.plan.templates) {
    int perReplica = 0;
    for (const auto& s : t.stages) perReplica += s.tp;
    gpus += perReplica * t.replicas;
  }
  const int total = resultRequest_.composition.totalGpus();
  resultLine_->setText(tr("%1 sequences/s · %2 tokens/s · iteration %3 · %4 of %5 GPUs used · planner %6")
                           .arg(l.toString(r.report.throughput.sequences_per_s, 'f', 2))
                           .arg(l.toString(r.report.throughput.tokens_per_s, 'f', 0))
                           .arg(formatSeconds(r.report.iteration_time_s))
                           .arg(gpus).arg(total)
                           .arg(QString::fromStdString(r.plan.provenance.planner)));
  QString status = tr("Done: %1 plans evaluated in %2 s.")
                       .arg(l.toString(r.stats.evaluations))
                       .arg(l.toString(r.stats.elapsed_s, 'f', 1));
  if (r.stats.cancelled) status += QLatin1Char(' ') + tr("Cancelled; the best plan so far is shown.");
  // E.g. the learned planner without usable weights planned with greedy: say so, not just "Done".
  if (r.stats.message.rfind("warning:", 0) == 0) status += QLatin1Char('\n') + QString::fromStdString(r.stats.message);
  plannerPanel_->setStatus(status);
  planView_->setPlan(r.plan, r.report);
  memoryChart_->setPlan(r.plan, r.report);
  timeline_->setPlan(r.plan, r.report);
  replay_->setConstruction(r.construction);
  whyDropped_->setUnused(r.plan.unused_gpus);
  double price = 0;
  for (const auto& n : resultRequest_.composition.nodes())
    if (const GpuType* t = catalog_.find(n.gpu_type)) price += n.gpus * t->price_per_hour;
  summary_->setPlainText(planSummaryText(r.plan, r.report, price));
  emptyHint_->hide();
  resultLine_->show();
  tabs_->show();
  // Tabs whose data this result lacks stay disabled rather than showing something empty.
  tabs_->setTabEnabled(tabs_->indexOf(replay_), !r.construction.empty());
  tabs_->setTabEnabled(tabs_->indexOf(whyDroppedView_), !r.plan.unused_gpus.empty());
  tabs_->setTabEnabled(tabs_->indexOf(memoryChart_), !r.report.templates.empty());
  tabs_->setTabEnabled(tabs_->indexOf(timeline_), !r.report.templates.empty());
  for (QAction* a : {exportJsonAction_, exportPngAction_, exportPdfAction_, copySummaryAction_})
    a->setEnabled(true);
  compareAction_->setEnabled(backend_.plannerNames().size() > 1);
  if (compareResults_.empty())
    compareStatus_->setText(tr("Compare the plan on screen with every other planner's plan."));
}

void MainWindow::comparePlanners() {
  if (!result_ || stale_) {
    compareStatus_->setText(tr("Plan first (F5): the comparison runs on the input of the plan on screen."));
    return;
  }
  compareQueue_.clear();
  for (const auto& name : backend_.plannerNames())
    if (name != result_->plan.provenance.planner) compareQueue_.push_back(name);
  compareResults_.clear();
  AlternativeResult chosen;
  chosen.planner = QString::fromStdString(result_->plan.provenance.planner);
  chosen.found = true;
  chosen.chosen = true;
  chosen.sequences_per_s = result_->report.throughput.sequences_per_s;
  chosen.iteration_time_s = result_->report.iteration_time_s;
  for (const auto& t : result_->plan.templates) {
    int perReplica = 0;
    for (const auto& s : t.stages) perReplica += s.tp;
    chosen.gpus_used += perReplica * t.replicas;
  }
  compareResults_.push_back(chosen);
  tabs_->setCurrentWidget(alternativesPage_);
  runNextComparison();
}

void MainWindow::runNextComparison() {
  alternatives_->setResults(compareResults_);
  if (compareQueue_.empty()) {
    compareStatus_->setText(tr("Comparison finished."));
    return;
  }
  PlanningRequest request = resultRequest_;
  request.planner = compareQueue_.front();
  compareQueue_.erase(compareQueue_.begin());
  comparePlanner_ = QString::fromStdString(request.planner);
  compareStatus_->setText(tr("Running %1 in the background…").arg(comparePlanner_));
  compareRunner_.start(backend_.makeJob(request));
}

void MainWindow::onComparisonReady(quint64, const PlannerResult& r) {
  AlternativeResult a;
  a.planner = comparePlanner_;
  a.found = r.found;
  a.sequences_per_s = r.report.throughput.sequences_per_s;
  a.iteration_time_s = r.report.iteration_time_s;
  for (const auto& t : r.plan.templates) {
    int perReplica = 0;
    for (const auto& s : t.stages) perReplica += s.tp;
    a.gpus_used += perReplica * t.replicas;
  }
  if (!r.found) a.note = r.stats.refused ? tr("refused") : tr("no plan");
  compareResults_.push_back(a);
  runNextComparison();
}

void MainWindow::onWhyDroppedSelected() {
  const int row = whyDroppedView_->currentIndex().row();
  const int node = whyDropped_->nodeIdAt(row);
  if (node >= 0 && !composer_->highlightNode(node))
    statusBar()->showMessage(tr("Node %1 is no longer in the cluster.").arg(node), 5000);
}

}  // namespace arachne::gui
