// The learned planners in makePlanner()'s registry: registered in place of their listed names, arachne-untrained
// plans, arachne falls back to greedy with a warning for a missing or corrupted weights file.
#include <QtTest>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "planning/greedy_planner.h"
#include "planning/planner.h"
#include "planning/planner_extensions.h"
#include "policy/learned_planners.h"
#include "planning_world.h"

using namespace arachne;

namespace {
std::string tempPath(const char* name) {
  return QDir::temp().filePath(QString("arachne_%1_%2").arg(QCoreApplication::applicationPid()).arg(name)).toStdString();
}
bool listed(const std::string& name) {
  const auto names = plannerNames();
  return std::find(names.begin(), names.end(), name) != names.end();
}
PlannerBudget budget() {
  PlannerBudget b;
  b.seconds = 30;
  return b;
}
}  // namespace

class TstLearnedPlanners : public QObject {
  Q_OBJECT

 private slots:
  void registrationAddsThemAfterTheCorePlanners() {
    // Listed before the policy library registers them (the core knows the names; making one
    // would load the library: tst_policy_plugin), after the core's own planners; registering
    // replaces them in place.
    QVERIFY(listed("arachne"));
    const size_t core = plannerNames().size() - 3;
    registerLearnedPlanners(tempPath("missing.policy"));
    const auto names = plannerNames();
    QCOMPARE(names.size(), core + 3);
    QCOMPARE(names[0], std::string("greedy"));
    QCOMPARE(names[core], std::string("arachne"));
    QCOMPARE(names[core + 1], std::string("arachne-untrained"));
    QCOMPARE(names[core + 2], std::string("flat-rl"));
    // Registering again replaces the factories instead of listing them twice.
    registerLearnedPlanners(tempPath("missing.policy"));
    QCOMPARE(plannerNames().size(), core + 3);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, registerPlanner("greedy", [] { return makePlanner("random"); }));
    QCOMPARE(makePlanner("greedy")->name(), std::string("greedy"));
  }

  void untrainedPlansWithItsSeededNetwork() {
    registerLearnedPlanners(tempPath("missing.policy"), 4);
    PlanningWorld world("h100:8x2,a6000:4x2+1x2,a100-40:4x2", "llama3-8b");
    auto planner = makePlanner("arachne-untrained");
    QVERIFY(planner);
    QCOMPARE(planner->name(), std::string("arachne-untrained"));
    const PlannerResult a = planner->plan(*world.cost, budget(), 3, {}, nullptr);
    QVERIFY(a.found);
    QCOMPARE(a.plan.provenance.planner, std::string("arachne-untrained"));
    QVERIFY(a.stats.message.find("policy rollouts") != std::string::npos);
    QVERIFY(a.stats.message.rfind("warning:", 0) == std::string::npos);
    // Another planner made later shares the same weights: the same seed gives the same plan.
    const PlannerResult b = makePlanner("arachne-untrained")->plan(*world.cost, budget(), 3, {}, nullptr);
    QCOMPARE(b.plan.templates, a.plan.templates);
  }

  void missingOrCorruptedWeightsFallBackToGreedyWithAWarning() {
    PlanningWorld world("a100-40:4x2,a6000:4x2+1x4", "llama3-8b");
    const PlannerResult greedy = GreedyPlanner().plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY(greedy.found);

    const std::string missing = tempPath("absent.policy");
    registerLearnedPlanners(missing);
    std::string warned;
    const ProgressCallback progress = [&](const PlannerProgress& p) {
      if (p.message.rfind("warning:", 0) == 0) warned = p.message;
    };
    const PlannerResult a = makePlanner("arachne")->plan(*world.cost, budget(), 1, progress, nullptr);
    QVERIFY(a.found);
    QVERIFY2(a.stats.message.rfind("warning: the arachne policy cannot be used", 0) == 0, a.stats.message.c_str());
    QVERIFY(a.stats.message.find(missing) != std::string::npos);
    QVERIFY(a.stats.message.find("planned with greedy") != std::string::npos);
    QCOMPARE(warned.substr(0, 8), std::string("warning:"));
    QCOMPARE(a.report.throughput.sequences_per_s, greedy.report.throughput.sequences_per_s);

    const std::string corrupted = tempPath("corrupted.policy");
    {
      std::ofstream f(corrupted, std::ios::binary);
      f << "ARACHNE-POLICY\n{\"format_version\":1,\"feature_la";
    }
    registerLearnedPlanners(corrupted);
    const PlannerResult b = makePlanner("arachne")->plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY(b.found);
    QVERIFY2(b.stats.message.rfind("warning:", 0) == 0, b.stats.message.c_str());
    QVERIFY(b.stats.message.find(corrupted) != std::string::npos);
    QCOMPARE(b.report.throughput.sequences_per_s, greedy.report.throughput.sequences_per_s);
    std::remove(corrupted.c_str());
  }

  void theEnvironmentChoosesTheDefaultWeights() {
    const std::string path = tempPath("chosen.policy");
    qputenv("ARACHNE_POLICY_WEIGHTS", QByteArray::fromStdString(path));
    QCOMPARE(defaultPolicyWeightsPath(), path);
    qunsetenv("ARACHNE_POLICY_WEIGHTS");
    const std::string fallback = defaultPolicyWeightsPath();
    QVERIFY2(fallback.size() > 22 && fallback.substr(fallback.size() - 22) == "/policy/arachne.policy",
             fallback.c_str());
  }
};

QTEST_GUILESS_MAIN(TstLearnedPlanners)
#include "tst_learned_planners.moc"
