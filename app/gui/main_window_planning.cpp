// MainWindow: starting, cancelling and receiving planner runs; filling the views from a result
// or from an infeasibility report.
#include <QAction>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

#include "alternatives_chart.h"
#include "alternatives_model.h"
#include "alternatives_runner.h"
#include "catalog/gpu_catalog.h"
#include "cluster/node_order_spec.h"
#include "composer_panel.h"
#include "composition_model.h"
#include "core_text.h"
#include "main_window.h"
#include "memory_chart.h"
#include "plan_summary.h"
#include "plan_view.h"
#include "planner_panel.h"
#include "replay_panel.h"
#include "time_format.h"
#include "timeline_view.h"
#include "training_panel.h"
#include "what_if_session.h"
#include "why_dropped_model.h"

namespace arachne::gui {

PlanningRequest MainWindow::currentRequest() const {
  PlanningRequest r;
  r.composition = composition_->composition();
  r.model = training_->model();
  r.spec = training_->spec();
  r.planner = plannerPanel_->planner().toStdString();
  r.budget.seconds = plannerPanel_->budgetSeconds();
  r.seed = kDefaultPlanningSeed;  // as `arachne-cli plan`: the same problem gives the same plan
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
  plannerPanel_->setRunning(true, request.budget.seconds);
  planAction_->setEnabled(false);
  cancelAction_->setEnabled(true);
}

void MainWindow::cancelPlanning() {
  runner_.stop();
  alternativesRunner_->cancel();
}

void MainWindow::onProgress(quint64, const PlannerProgress& p) { plannerPanel_->setProgress(p); }

QString MainWindow::resultText() const { return resultLine_->text(); }

void MainWindow::clearViews() {
  planView_->clear();
  memoryChart_->clearPlan();
  timeline_->clear();
  timelineTemplate_->clear();
  replay_->setConstruction({});
  whyDropped_->setUnused({});
  alternativesModel_->clearResults();
  alternativesModel_->clearChosen();
  updateAlternativesChart();
  whatIf_->unload();
  summary_->clear();
}

void MainWindow::onPlanReady(quint64, const PlannerResult& result) {
  if (!result.found && result.stats.cancelled && result_) {
    // A cancel stops a search; it does not say the last good plan is wrong, so it stays on
    // screen with every view (stale already if the inputs were edited since).
    plannerPanel_->setStatus(tr("Cancelled before any plan was found; the last plan is still shown."));
    plannerPanel_->setWarning(QString());
    emit planningFinished(false);
    return;
  }
  if (!result.found) {
    // Nothing of the previous plan may stay on screen under the infeasibility report.
    result_.reset();
    infeasible_ = result;
    resultRequest_ = pendingRequest_;
    stale_ = false;
    staleBanner_->hide();
    showInfeasible();
    emit planningFinished(false);
    return;
  }
  result_ = result;
  infeasible_.reset();
  resultRequest_ = pendingRequest_;
  Provenance& prov = result_->plan.provenance;
  if (prov.cluster.empty()) prov.cluster = nodeOrderSpec(resultRequest_.composition);
  if (prov.model.empty()) prov.model = resultRequest_.model.id;
  stale_ = false;
  staleBanner_->hide();
  alternativesModel_->clearResults();
  whatIf_->load(resultRequest_.composition, resultRequest_.model, resultRequest_.spec, result_->plan);
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

QString MainWindow::runWarning(const PlannerStats& stats) const {
  // E.g. a learned planner without a usable policy planned with greedy: say so, not just "Done".
  // Its message is "warning: <why>; planned with greedy. <greedy's own message>"; the stats'
  // reason is greedy's, so the warning is the message's first part.
  const std::string& m = stats.message;
  if (m.rfind("warning:", 0) != 0) return {};
  const std::string marker = "planned with greedy";
  const size_t end = m.find(marker);
  const std::string why = m.substr(9, end == std::string::npos ? std::string::npos : end + marker.size() - 9);
  return tr("Warning: %1").arg(QString::fromStdString(why));
}

void MainWindow::showInfeasible() {
  if (!infeasible_) return;
  const PlannerResult& r = *infeasible_;
  clearViews();
  const QString why = coreText(r.stats.reason, r.stats.message);
  whyDropped_->setUnused(r.plan.unused_gpus);
  // The headline gives the first reason there is no plan (the planner's proof that none exists,
  // a violation of the cost model, or why the first node holds no template); the planner's
  // account of its search (rollouts, steps) stays in the status line, where it says what was tried.
  QString because;
  if (!r.stats.proof.empty())
    because = coreText(r.stats.proof, r.stats.proof.english());
  else if (!r.report.violations.empty())
    because = coreText(r.report.violations.front().reason, r.report.violations.front().message);
  else if (whyDropped_->rowCount() > 0)
    because = whyDropped_->index(0, WhyDroppedModel::ReasonColumn).data().toString();
  const QString searched = tr("No feasible plan (%1).").arg(why);
  const QString head = r.stats.refused     ? tr("The planner refused: %1").arg(why)
                       : r.stats.cancelled ? tr("Cancelled before any plan was found.")
                       : because.isEmpty() ? searched
                                           : tr("No feasible plan: %1").arg(because);
  resultLine_->setText(head);
  plannerPanel_->setStatus(r.stats.refused || r.stats.cancelled ? head : searched);
  plannerPanel_->setWarning(runWarning(r.stats));
  // The report: for every node, why it holds no template, and the violations when there are any.
  QStringList lines{head, QString()};
  if (head != searched) lines << searched << QString();
  if (!r.report.violations.empty()) {
    lines << tr("The cost model's violations:");
    for (const auto& v : r.report.violations) lines << QStringLiteral("  - ") + coreText(v.reason, v.message);
  }
  if (!r.plan.unused_gpus.empty()) lines << tr("Why no GPU holds a template (see Why dropped):");
  for (int row = 0; row < whyDropped_->rowCount(); ++row)
    lines << QStringLiteral("  %1, %2: %3")
                 .arg(whyDropped_->index(row, WhyDroppedModel::GpuTypeColumn).data().toString(),
                      whyDropped_->index(row, WhyDroppedModel::NodesColumn).data().toString(),
                      whyDropped_->index(row, WhyDroppedModel::ReasonColumn).data().toString());
  summary_->setPlainText(lines.join(QLatin1Char('\n')));
  emptyHint_->hide();
  resultLine_->show();
  tabs_->show();
  for (int t = 0; t < tabs_->count(); ++t)
    tabs_->setTabEnabled(t, t == DroppedTab || t == SummaryTab);
  tabs_->setCurrentIndex(whyDropped_->rowCount() > 0 ? DroppedTab : SummaryTab);
  for (QAction* a : {exportJsonAction_, exportPngAction_, exportPdfAction_}) a->setEnabled(false);
  copySummaryAction_->setEnabled(true);
  compareAction_->setEnabled(false);
  updateAlternativesControls();
}

void MainWindow::updateResultTexts() {
  if (!result_) return;
  const PlannerResult& r = *result_;
  const QLocale l;
  const int gpus = r.plan.gpusUsed();
  const int total = resultRequest_.composition.totalGpus();
  if (r.report.feasible) {
    resultLine_->setText(tr("%1 sequences/s · %2 tokens/s · iteration %3 · %4 of %5 GPUs used · planner %6")
                             .arg(l.toString(r.report.throughput.sequences_per_s, 'f', 2))
                             .arg(l.toString(r.report.throughput.tokens_per_s, 'f', 0))
                             .arg(formatSeconds(r.report.iteration_time_s))
                             .arg(gpus).arg(total)
                             .arg(QString::fromStdString(r.plan.provenance.planner)));
  } else {
    // Only an opened plan file gets here (planners return feasible plans): its plan is shown as
    // it is, but a throughput of 0 would read as a result.
    const QString why = r.report.violations.empty()
                            ? tr("the cost model cannot price it")
                            : coreText(r.report.violations.front().reason, r.report.violations.front().message);
    resultLine_->setText(tr("This plan is not feasible: %1 · %2 of %3 GPUs · planner %4")
                             .arg(why)
                             .arg(gpus).arg(total)
                             .arg(QString::fromStdString(r.plan.provenance.planner)));
  }
  QString status = tr("Done: %1 plans evaluated in %2 s.")
                       .arg(l.toString(r.stats.evaluations))
                       .arg(l.toString(r.stats.elapsed_s, 'f', 1));
  if (r.stats.cancelled) status += QLatin1Char(' ') + tr("Cancelled; the best plan so far is shown.");
  if (!r.stats.reason.empty()) status += QLatin1Char(' ') + coreText(r.stats.reason) + QLatin1Char('.');
  plannerPanel_->setStatus(status);
  plannerPanel_->setWarning(runWarning(r.stats));
  summary_->setPlainText(planSummaryText(r.plan, r.report));
  {
    const QSignalBlocker block(timelineTemplate_);
    const int current = timelineTemplate_->currentIndex();
    timelineTemplate_->clear();
    timelineTemplate_->addItem(tr("the slowest (%1)").arg(timeline_->slowestTemplate() + 1), -1);
    for (size_t i = 0; i < r.plan.templates.size(); ++i)
      timelineTemplate_->addItem(tr("template %1").arg(i + 1), static_cast<int>(i));
    timelineTemplate_->setCurrentIndex(std::max(0, current));
  }
  whyDropped_->retranslate();
  alternativesModel_->retranslate();
}

void MainWindow::showResult() {
  if (!result_) return;
  const PlannerResult& r = *result_;
  const int gpus = r.plan.gpusUsed();
  const std::optional<Model> model = resultRequest_.model;
  planView_->setPlan(r.plan, r.report, model);
  memoryChart_->setPlan(r.plan, r.report);
  timeline_->setPlan(r.plan, r.report);
  timelineTemplate_->clear();
  replay_->setConstruction(r.construction, model);
  whyDropped_->setUnused(r.plan.unused_gpus);
  updateResultTexts();
  emptyHint_->hide();
  resultLine_->show();
  tabs_->show();
  // Tabs whose data this result lacks stay disabled rather than showing something empty.
  for (int t = 0; t < tabs_->count(); ++t) tabs_->setTabEnabled(t, true);
  tabs_->setTabEnabled(ReplayTab, !r.construction.empty());
  tabs_->setTabEnabled(DroppedTab, !r.plan.unused_gpus.empty());
  tabs_->setTabEnabled(MemoryTab, !r.report.templates.empty());
  tabs_->setTabEnabled(TimelineTab, !r.report.templates.empty());
  if (!tabs_->isTabEnabled(tabs_->currentIndex())) tabs_->setCurrentIndex(PlanTab);
  for (QAction* a : {exportJsonAction_, exportPngAction_, exportPdfAction_, copySummaryAction_})
    a->setEnabled(true);
  AlternativeResult chosen;
  chosen.planner = QString::fromStdString(r.plan.provenance.planner);
  chosen.chosen = true;
  chosen.state = AlternativeResult::State::Done;
  chosen.sequences_per_s = r.report.throughput.sequences_per_s;
  chosen.iteration_time_s = r.report.iteration_time_s;
  chosen.gpus_used = gpus;
  chosen.usd_per_million_tokens = r.report.usdPerMillionTokens();
  chosen.planning_s = r.stats.elapsed_s;
  chosen.evaluations = r.stats.evaluations;
  alternativesModel_->setChosen(chosen);
  for (const QString& p : alternativesModel_->planners())
    if (p == chosen.planner) alternativesModel_->setSelected(p, false);
  updateAlternativesChart();
  updateAlternativesControls();
}

void MainWindow::onWhyDroppedSelected() {
  const int row = whyDroppedView_->currentIndex().row();
  const QList<int> nodes = whyDropped_->nodeIdsAt(row);
  if (nodes.isEmpty()) return;
  if (composer_->highlightNodes(nodes) < nodes.size())
    statusBar()->showMessage(tr("Some nodes of this row are no longer in the cluster."), 5000);
}

}  // namespace arachne::gui
