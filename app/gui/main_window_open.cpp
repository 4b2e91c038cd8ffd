// MainWindow: opening a document given on the command line (cluster, plan or scenario file).
#include <QDockWidget>
#include <QLabel>
#include <QStatusBar>

#include "alternatives_chart.h"
#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "alternatives_model.h"
#include "composition_model.h"
#include "core_text.h"
#include "cost/cost_model.h"
#include "io/document_kind.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "model/model_catalog.h"
#include "plan/recorded_cluster_check.h"
#include "main_window.h"
#include "planner_panel.h"
#include "scenario_panel.h"
#include "profile/analytic_profiler.h"
#include "training_panel.h"
#include "what_if_session.h"

namespace arachne::gui {

namespace {
bool fail(QString* error, const QString& message) {
  if (error) *error = message;
  return false;
}

// Resolves what a plan file's field names (its recorded cluster or model). The loader's error
// named only the value ("llama9: neither a model id…", "<inline cluster spec>: …"), so the user
// could not tell it came from the plan they opened: it is told again as the plan's field. A
// label in angle brackets stands for the value, which the problem quotes; a file the field
// names keeps its own name and field.
template <typename Resolve>
auto recorded(const QString& plan, const char* field, Resolve resolve) {
  try {
    return resolve();
  } catch (const LoadError& e) {
    const bool label = e.file().empty() || e.file().front() == '<';
    throw LoadError(plan.toStdString(), field, label ? e.problem() : e.what());
  }
}
}  // namespace

bool MainWindow::openDocument(const QString& path, QString* error) {
  switch (documentKind(path.toStdString())) {
    case DocumentKind::Cluster: return loadCluster(path, error);
    case DocumentKind::Plan: return openPlanFile(path, error);
    case DocumentKind::Scenario: return openScenarioFile(path, error);
    case DocumentKind::Unknown: break;
  }
  return fail(error, tr("%1 is neither a cluster (*.cluster.json), a plan (*.plan.json) nor a scenario (*.scenario.json) file.")
                         .arg(path));
}

bool MainWindow::openScenarioFile(const QString& path, QString* error) {
  // Scenarios (issue 16) open in the Scenario dock, which is shown; the loader's error names the
  // file, the field and the problem.
  if (!scenario_->openFile(path, error)) return false;
  if (auto* dock = qobject_cast<QDockWidget*>(scenario_->parentWidget())) {
    dock->show();
    dock->raise();
  }
  return true;
}

bool MainWindow::openPlanFile(const QString& path, QString* error) {
  try {
    PlanDocument doc = loadPlanDocument(path.toStdString());
    const Provenance& prov = doc.plan.provenance;
    if (prov.cluster.empty()) return fail(error, tr("%1 records no cluster, so its plan cannot be shown.").arg(path));
    if (prov.model.empty()) return fail(error, tr("%1 records no model, so its plan cannot be shown.").arg(path));
    // Both resolved before either is shown, so a bad model leaves the cluster on screen alone.
    checkRecordedClusterNodes(doc.plan, recorded(path, "provenance.cluster", [&] { return resolveCluster(prov.cluster, catalog_); }),
                              path.toStdString(),
                              "the window shows a plan on the cluster its file records, so price it with "
                              "'arachne-cli evaluate --plan FILE --cluster CLUSTER-FILE --model MODEL'");
    recorded(path, "provenance.model", [&] { return resolveModel(prov.model); });
    if (!loadCluster(QString::fromStdString(prov.cluster), error)) return false;
    if (!training_->selectModel(QString::fromStdString(prov.model), error)) return false;
    PlanningRequest request = currentRequest();
    request.spec = doc.training.applyTo(request.model.default_training);
    training_->setSpec(request.spec);
    // Priced as `arachne-cli evaluate` prices a plan file: analytic profiles, batch re-split.
    const ProfileSet profiles = makeAnalyticProfiles(catalog_, request.composition.gpuTypes(), request.model, request.spec);
    const CostModel cost(catalog_, request.composition, request.model, request.spec, profiles);
    PlannerResult r;
    r.plan = doc.plan;
    r.report = cost.priceAndUpdate(r.plan);
    r.found = true;
    // The file's reasons for the GPUs its plan leaves out were figured for the plan as it was
    // made; a plan that no longer prices (edited by hand, another catalog) makes their figures
    // meaningless, so they are not shown (its violations are, in the result line and Summary).
    if (!r.report.feasible) r.plan.unused_gpus.clear();
    result_ = r;
    infeasible_.reset();
    resultRequest_ = request;
    stale_ = false;
    staleBanner_->hide();
    alternativesModel_->clearResults();
    whatIf_->load(resultRequest_.composition, resultRequest_.model, resultRequest_.spec, result_->plan);
    showResult();
    plannerPanel_->setWarning(QString());
    const Violation* first = r.report.violations.empty() ? nullptr : &r.report.violations.front();
    plannerPanel_->setStatus(!first ? tr("Opened %1.").arg(path)
                                    : tr("Opened %1: the plan is infeasible (%2).").arg(path, coreText(first->reason, first->message)));
    statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
    return true;
  } catch (const std::exception& e) {
    return fail(error, QString::fromStdString(e.what()));
  }
}

}  // namespace arachne::gui
