// The policy library loaded on first use, seen from a host that links only the core: the learned
// planners are listed before anything is loaded, status() never loads, where the module is looked
// for, the greedy fallback, and concurrent first uses that load it once.
#include <QtTest>

#include <QFile>

#include <atomic>
#include <thread>
#include <vector>

#include "planning/greedy_planner.h"
#include "planning/planner.h"
#include "planning_world.h"
#include "plugin/policy_fallback_planner.h"
#include "plugin/policy_plugin.h"

using namespace arachne;

namespace {
// The shared objects this process has mapped (its /proc/self/maps).
QByteArray mapped() {
  QFile f(QStringLiteral("/proc/self/maps"));
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll();
}
bool torchLoaded() { return mapped().contains("libtorch"); }
bool moduleLoaded() { return mapped().contains("libarachne_policy_plugin.so"); }
PlannerBudget budget() {
  PlannerBudget b;
  b.seconds = 30;
  return b;
}
}  // namespace

class TstPolicyPlugin : public QObject {
  Q_OBJECT

 private slots:
  void learnedPlannersAreListedBeforeAnyLoad() {
    const std::vector<std::string> expected = {"greedy", "random", "exhaustive", "arachne", "arachne-untrained", "flat-rl"};
    QCOMPARE(plannerNames(), expected);
    QVERIFY(isLearnedPlanner("arachne") && isLearnedPlanner("flat-rl") && !isLearnedPlanner("greedy"));
    // The build tree's module is there, and asking about it loads nothing.
    const PolicyPluginStatus s = policyPluginStatus();
    QVERIFY2(s.state == PolicyPluginState::NotLoaded, s.problem.c_str());
    QVERIFY2(QFile::exists(QString::fromStdString(s.path)), s.path.c_str());
    QVERIFY(s.problem.empty());
    QVERIFY(!policyPluginApi());
    QVERIFY(makePlanner("greedy"));
    QVERIFY(!makePlanner("no-such-planner"));
    QVERIFY(!torchLoaded());
    QVERIFY(!moduleLoaded());
  }

  void theModuleIsLookedForBesideTheExecutableAndInLibArachne() {
    const std::vector<std::string> expected = {"/opt/arachne/bin/libarachne_policy_plugin.so",
                                               "/opt/arachne/lib/arachne/libarachne_policy_plugin.so"};
    QCOMPARE(policyPluginCandidates("/opt/arachne/bin"), expected);
    // The override wins, and a missing file is reported without loading anything.
    const std::string missing = QDir::temp().filePath("arachne_no_such_plugin.so").toStdString();
    qputenv("ARACHNE_POLICY_PLUGIN", QByteArray::fromStdString(missing));
    QCOMPARE(policyPluginPath(), missing);
    const PolicyPluginStatus s = policyPluginStatus();
    qunsetenv("ARACHNE_POLICY_PLUGIN");
    QVERIFY(s.state == PolicyPluginState::Unavailable);
    QCOMPARE(s.path, missing);
    QVERIFY2(s.problem.find(missing) != std::string::npos && s.problem.find("no such file") != std::string::npos,
             s.problem.c_str());
    QVERIFY(policyPluginStatus().state == PolicyPluginState::NotLoaded);
  }

  void theFallbackPlansGreedyUnderAWarning() {
    PlanningWorld world("a100-40:4x2,a6000:4x2+1x4", "llama3-8b");
    const PlannerResult greedy = GreedyPlanner().plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY(greedy.found);
    PolicyFallbackPlanner planner("flat-rl", "the policy library cannot be loaded: /x.so: no such file");
    QCOMPARE(planner.name(), std::string("flat-rl"));
    std::string warned;
    const PlannerResult r = planner.plan(*world.cost, budget(), 1, [&](const PlannerProgress& p) {
      if (p.message.rfind("warning:", 0) == 0) warned = p.message;
    }, nullptr);
    QVERIFY(r.found);
    const std::string expected =
        "warning: the flat-rl policy cannot be used (the policy library cannot be loaded: /x.so: no such file); "
        "planned with greedy";
    QCOMPARE(r.stats.message.substr(0, expected.size()), expected);
    QCOMPARE(warned, expected);
    QCOMPARE(r.plan.templates, greedy.plan.templates);
  }

  void concurrentFirstUsesLoadItOnce() {
    QVERIFY(!torchLoaded());
    std::atomic<bool> done{false};
    std::atomic<int> loadingSeen{0}, unavailableSeen{0};
    // A GUI's UI thread polls while a worker loads: status() must answer during the load.
    std::thread poller([&] {
      while (!done) {
        const PolicyPluginState s = policyPluginStatus().state;
        if (s == PolicyPluginState::Loading) ++loadingSeen;
        if (s == PolicyPluginState::Unavailable) ++unavailableSeen;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    });
    std::vector<PolicyPluginStatus> results(4);
    std::vector<std::thread> loaders;
    for (size_t i = 0; i < results.size(); ++i) loaders.emplace_back([&, i] { results[i] = loadPolicyPlugin(); });
    for (auto& t : loaders) t.join();
    done = true;
    poller.join();
    for (const auto& r : results) {
      QVERIFY2(r.state == PolicyPluginState::Loaded, r.problem.c_str());
      QCOMPARE(r.path, results[0].path);
    }
    QVERIFY2(loadingSeen > 0, "policyPluginStatus() never reported Loading while the module loaded");
    QCOMPARE(unavailableSeen.load(), 0);
    QVERIFY(policyPluginStatus().state == PolicyPluginState::Loaded);
    QVERIFY(policyPluginApi());
    QVERIFY(torchLoaded());
    QVERIFY(moduleLoaded());
    // The module registered into this process's registry: no name twice, and the learned
    // planners are the policy's, not the fallback.
    QCOMPARE(plannerNames().size(), size_t(6));
    auto planner = makePlanner("arachne-untrained");
    QVERIFY(planner);
    QVERIFY(!dynamic_cast<PolicyFallbackPlanner*>(planner.get()));
    PlanningWorld world("h100:8x2,a6000:4x2+1x2", "llama3-8b");
    const PlannerResult r = planner->plan(*world.cost, budget(), 3, {}, nullptr);
    QVERIFY(r.found);
    QCOMPARE(r.plan.provenance.planner, std::string("arachne-untrained"));
    QVERIFY2(r.stats.message.find("policy rollouts") != std::string::npos, r.stats.message.c_str());
    QVERIFY(r.stats.message.rfind("warning:", 0) == std::string::npos);
    QCOMPARE(loadPolicyPlugin().state, PolicyPluginState::Loaded);
  }
};

QTEST_GUILESS_MAIN(TstPolicyPlugin)
#include "tst_policy_plugin.moc"
