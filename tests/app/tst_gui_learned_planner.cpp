// Tests of the window with a learned planner (issue 14, item 1) on a fake backend: it is the
// default, its policy state is shown before a run, a run starts in a "loading the policy" state
// that ends with the first progress, and a run that planned with greedy instead warns visibly.
#include <QCoreApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include "catalog/gpu_catalog.h"
#include "core_planning_backend.h"
#include "fake_planning_backend.h"
#include "main_window.h"
#include "planner_panel.h"

using namespace arachne;
using namespace arachne::gui;

namespace {
// The QLabel of the panel that shows `text` and is not hidden.
bool labelShows(PlannerPanel* panel, const QString& text) {
  for (auto* l : panel->findChildren<QLabel*>())
    if (!l->isHidden() && l->text() == text) return true;
  return false;
}
}  // namespace

class TestGuiLearnedPlanner : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ArachneTest"));
  }

  // A new window (no saved planner) selects the backend's default: the learned planner.
  void learnedPlannerIsTheDefault() {
    test::FakePlanningBackend backend;
    backend.learned = true;
    MainWindow w(GpuCatalog::builtin(), backend, nullptr, /*useSettings=*/false);
    QCOMPARE(w.plannerPanel()->planner(), QString("fake-learned"));
    QVERIFY(w.plannerPanel()->policyNote().contains("loads when it first plans"));
    QVERIFY(labelShows(w.plannerPanel(), w.plannerPanel()->policyNote()));
    // A plain planner has no policy line.
    QVERIFY(w.plannerPanel()->selectPlanner("fake-greedy"));
    QVERIFY(w.plannerPanel()->policyNote().isEmpty());
  }

  // Before the first progress the run is in the loading state; the first report ends it.
  void firstRunShowsLoadingThePolicy() {
    test::FakePlanningBackend backend;
    backend.learned = true;
    backend.gate = false;  // hold the job after its progress reports
    MainWindow w(GpuCatalog::builtin(), backend, nullptr, false);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QSignalSpy progress(w.runner(), &PlanningRunner::progress);
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(w.plannerPanel()->isLoadingPolicy());
    QVERIFY2(w.plannerPanel()->status().startsWith("Loading the learned policy (LibTorch) for fake-learned"),
             qPrintable(w.plannerPanel()->status()));
    QVERIFY(w.plannerPanel()->policyNote().contains("is loading"));
    QVERIFY(progress.wait(5000));
    QVERIFY(!w.plannerPanel()->isLoadingPolicy());
    QVERIFY(!w.plannerPanel()->status().startsWith("Loading the learned policy"));
    backend.learnedPolicy.policy = PlannerAvailability::Policy::Loaded;
    backend.gate = true;
    QVERIFY(finished.wait(5000));
    QVERIFY(w.plannerPanel()->policyNote().contains("is loaded"));
    // The policy is loaded now: the next run starts without the loading state.
    w.startPlanning();
    QVERIFY(!w.plannerPanel()->isLoadingPolicy());
    QVERIFY(finished.wait(5000));
  }

  // A policy that cannot be used is said before the run, and the run's fallback warns visibly.
  void unusablePolicyWarnsBeforeAndAfter() {
    test::FakePlanningBackend backend;
    backend.learned = true;
    backend.learnedPolicy = {PlannerAvailability::Policy::Unavailable, "weights file /x/arachne.policy not found"};
    backend.message = "warning: the fake-learned policy cannot be used (weights file /x/arachne.policy not found); "
                      "planned with greedy. 1 greedy step";
    MainWindow w(GpuCatalog::builtin(), backend, nullptr, false);
    QVERIFY(w.plannerPanel()->policyNote().contains("/x/arachne.policy not found"));
    QVERIFY(w.plannerPanel()->policyNote().contains("plan with greedy"));
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(!w.plannerPanel()->isLoadingPolicy());  // nothing to load
    QVERIFY(finished.wait(5000));
    QCOMPARE(w.plannerPanel()->warning(),
             QString("Warning: the fake-learned policy cannot be used (weights file /x/arachne.policy not found); "
                     "planned with greedy"));
    QVERIFY(labelShows(w.plannerPanel(), w.plannerPanel()->warning()));
  }

  // The product's backend: its default is listed, and a plain planner needs no policy.
  void coreBackendDefaultIsListed() {
    const CorePlanningBackend backend;
    const std::vector<std::string> names = backend.plannerNames();
    QVERIFY(std::find(names.begin(), names.end(), backend.defaultPlanner()) != names.end());
    QVERIFY(!backend.availability("greedy").learned());
    // Every planner the registry lists is offered, the learned ones among them when listed.
    MainWindow w(GpuCatalog::builtin(), backend, nullptr, false);
    for (const auto& n : names) QVERIFY2(w.plannerPanel()->selectPlanner(QString::fromStdString(n)), n.c_str());
    if (std::find(names.begin(), names.end(), "arachne") != names.end()) {
      QVERIFY(backend.availability("arachne").learned());
      QVERIFY(backend.availability("arachne").policy != PlannerAvailability::Policy::Loaded);  // nothing loaded yet
    }
  }
};

QTEST_MAIN(TestGuiLearnedPlanner)
#include "tst_gui_learned_planner.moc"
