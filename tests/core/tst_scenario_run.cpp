// Running a scenario: the paper's growth with a planner, keep-if-better's two outcomes, a leave
// that forces a change, a failure's rollback, a busy controller, cancel, and the accounting.
#include <QtTest>

#include <atomic>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "planning_world.h"
#include "scenario/replan_policy.h"
#include "scenario/scenario_json.h"
#include "scenario/scenario_run.h"

using namespace arachne;

namespace {

const GpuCatalog& catalog() { return GpuCatalog::builtin(); }

Scenario growing(const std::string& start, const std::string& type, int gpus, double at, double horizon) {
  Scenario s;
  s.name = "test";
  s.start = parseInlineCluster(start, catalog());
  s.model = "llama3-8b";
  s.horizon_s = horizon;
  ScenarioEvent e;
  e.at_s = at;
  e.kind = ScenarioEventKind::Join;
  e.nodes.push_back({s.nextNodeId(), type, gpus, 0});
  s.events.push_back(e);
  return s;
}

ScenarioTrace run(const Scenario& s, ReplanPolicy policy, const std::string& planner = "greedy") {
  const Model m = resolveModel(s.model);
  ScenarioRunOptions o;
  o.policy = policy;
  o.budget.seconds = 30;
  return runScenario(s, m, m.default_training, planner, o, catalog());
}

void checkTimeline(const ScenarioTrace& t) {
  QVERIFY(!t.pieces.empty());
  QCOMPARE(t.pieces.front().start_s, 0.0);
  QCOMPARE(t.pieces.back().end_s, t.horizon_s);
  double trained = 0;
  for (size_t i = 0; i < t.pieces.size(); ++i) {
    const ThroughputPiece& p = t.pieces[i];
    QVERIFY(p.end_s > p.start_s);
    if (i) QCOMPARE(p.start_s, t.pieces[i - 1].end_s);
    if (p.phase != PiecePhase::Training) QCOMPARE(p.sequences_per_s, 0.0);
    trained += p.sequences_per_s * (p.end_s - p.start_s);
  }
  double rolled = 0;
  for (const auto& s : t.steps) rolled += s.sequences_rolled_back;
  QVERIFY(std::abs(t.total_sequences - (trained - rolled)) < 1e-6 * std::max(1.0, trained));
  QVERIFY(std::abs(t.time_weighted_sequences_per_s - t.total_sequences / t.horizon_s) < 1e-9);
}

QString decision(StepDecision d) { return QString::fromStdString(toString(d)); }

bool usesNode(const Plan& p, int node) {
  for (const auto& t : p.templates)
    for (const auto& s : t.stages)
      for (int id : s.node_ids)
        if (id == node) return true;
  return false;
}

}  // namespace

class TestScenarioRun : public QObject {
  Q_OBJECT

 private slots:
  void keepIfBetterDecision() {
    // 10 seq/s running, 10.1 offered after a 20 s stall: over 100 s the stall costs more than
    // the gain, over 10,000 s it is repaid.
    KeepDecision shortRun = decideKeepIfBetter(10, false, 10.1, 20, 100);
    QVERIFY(!shortRun.switch_plan);
    QCOMPARE(shortRun.keep_sequences, 1000.0);
    QVERIFY(std::abs(shortRun.switch_sequences - 808.0) < 1e-9);
    QVERIFY(shortRun.reason.rfind("kept", 0) == 0);
    KeepDecision longRun = decideKeepIfBetter(10, false, 10.1, 20, 10000);
    QVERIFY(longRun.switch_plan);
    QVERIFY(longRun.reason.rfind("changed", 0) == 0);
    // A plan that lost its GPUs must change, whatever the numbers.
    KeepDecision forced = decideKeepIfBetter(10, true, 1, 1000, 10);
    QVERIFY(forced.forced && forced.switch_plan);
    // No new plan: keep.
    QVERIFY(!decideKeepIfBetter(10, false, 0, 0, 1000).switch_plan);
    QVERIFY(replanPolicyFromString("keep-if-better") == ReplanPolicy::KeepIfBetter);
    QVERIFY(!replanPolicyFromString("sometimes"));
  }

  void paperGrowthReplansAtEveryJoin() {
    Scenario s = loadScenarioPreset("paper-growth", catalog());
    s.reconfiguration.planner_s = 2.16;
    const ScenarioTrace t = run(s, ReplanPolicy::Replan);
    QCOMPARE(t.steps.size(), size_t(5));
    const char* presets[] = {"paper-growth-3", "paper-growth-7", "paper-growth-11", "paper-growth-15", "paper-growth-19"};
    for (size_t i = 0; i < 5; ++i) {
      const ScenarioStep& st = t.steps[i];
      QCOMPARE(st.composition, loadPreset(presets[i], catalog()).toInlineSpec());
      QVERIFY2(st.found, presets[i]);
      // The step's plan is the planner's plan on that preset (greedy is deterministic).
      PlanningWorld w(loadPreset(presets[i], catalog()), "llama3-8b");
      const PlannerResult direct = makePlanner("greedy")->plan(*w.cost, {30, 0}, 0, {}, nullptr);
      QCOMPARE(st.planned_sequences_per_s, direct.report.throughput.sequences_per_s);
      if (i == 0) continue;
      QCOMPARE(decision(st.decision), decision(StepDecision::Replan));
      QCOMPARE(st.before_sequences_per_s, t.steps[i - 1].after_sequences_per_s);
      QCOMPARE(st.after_sequences_per_s, st.planned_sequences_per_s);
      // The stall is its items; the planner's time is the override; the timeline has the gap.
      QCOMPARE(st.stall.planner_s, 2.16);
      QCOMPARE(st.stall.release_s, s.reconfiguration.release_s);
      QVERIFY(std::abs(st.stall_s - st.stall.total()) < 1e-12);
      QCOMPARE(st.stall.transfer_s, st.transfer.time_s);
      QCOMPARE(st.resumes_s, st.at_s + st.stall_s);
      QVERIFY(std::abs(st.sequences_lost_to_stall - st.stall_s * st.after_sequences_per_s) < 1e-9);
      bool gap = false;
      for (const auto& p : t.pieces)
        if (p.phase == PiecePhase::Stall && p.start_s == st.at_s && std::abs(p.end_s - st.resumes_s) < 1e-9) gap = true;
      QVERIFY2(gap, "no stall piece for the step");
    }
    checkTimeline(t);
    QVERIFY(t.total_sequences > 0);
  }

  void keepIfBetterKeepsWhenTheStallCannotBeRepaid() {
    Scenario s = growing("a6000:4x1", "a6000", 4, 300, 600);
    s.reconfiguration.planner_s = 1;
    s.reconfiguration.unattributed_s = 10000;  // a stall longer than what is left of the job
    const ScenarioTrace t = run(s, ReplanPolicy::KeepIfBetter);
    QCOMPARE(t.steps.size(), size_t(2));
    const ScenarioStep& st = t.steps[1];
    QVERIFY(st.found);
    QVERIFY2(st.planned_sequences_per_s > st.before_sequences_per_s, "the join should offer a faster plan");
    QCOMPARE(decision(st.decision), decision(StepDecision::Keep));
    QCOMPARE(st.stall_s, 0.0);
    QCOMPARE(st.after_sequences_per_s, st.before_sequences_per_s);
    QVERIFY(st.reason.rfind("kept", 0) == 0);
    for (const auto& p : t.pieces) QVERIFY(p.phase == PiecePhase::Training);
    checkTimeline(t);
    // The same job under the paper's protocol stops and restarts.
    const ScenarioTrace r = run(s, ReplanPolicy::Replan);
    QCOMPARE(decision(r.steps[1].decision), decision(StepDecision::Replan));
    QVERIFY(r.steps[1].stall_s > 10000);
  }

  void aStallPastTheHorizonLosesOnlyWhatTheHorizonHeld() {
    // The stall of a join 300 s before the end runs 10,000 s past it; the run cannot lose
    // training it never had time for, so the loss is the rate over the 300 s that were left.
    Scenario s = growing("a6000:4x1", "a6000", 4, 300, 600);
    s.reconfiguration.planner_s = 1;
    s.reconfiguration.unattributed_s = 10000;
    const ScenarioTrace t = run(s, ReplanPolicy::Replan);
    const ScenarioStep& st = t.steps[1];
    QVERIFY(st.stall_s > 10000);
    QVERIFY(st.after_sequences_per_s > 0);
    QVERIFY(std::abs(st.sequences_lost_to_stall - 300 * st.after_sequences_per_s) < 1e-6);
    // What the run trained plus what the stall lost is what the new plan would have trained
    // from the join to the end.
    QVERIFY(std::abs(t.total_sequences + st.sequences_lost_to_stall -
                     (300 * st.before_sequences_per_s + 300 * st.after_sequences_per_s)) < 1e-6);
    checkTimeline(t);
  }

  void keepIfBetterSwitchesWhenItCan() {
    Scenario s = growing("a6000:4x1", "a6000", 4, 300, 100000);
    s.reconfiguration.planner_s = 1;
    const ScenarioTrace t = run(s, ReplanPolicy::KeepIfBetter);
    const ScenarioStep& st = t.steps[1];
    QVERIFY(st.planned_sequences_per_s > st.before_sequences_per_s);
    QCOMPARE(decision(st.decision), decision(StepDecision::Switch));
    // The planner ran while the old plan trained: it is not part of the stall, but delays it.
    QCOMPARE(st.stall.planner_s, 0.0);
    QVERIFY(st.stall_s > 0);
    QCOMPARE(st.resumes_s, st.at_s + 1 + st.stall_s);
    QCOMPARE(st.after_sequences_per_s, st.planned_sequences_per_s);
    checkTimeline(t);
    QCOMPARE(t.pieces[0].end_s, 301.0);  // trained on through the background planning
  }

  void aLeaveOfUsedGpusForcesAChange() {
    Scenario s;
    s.name = "leave";
    s.start = parseInlineCluster("a6000:4x2", catalog());
    s.model = "llama3-8b";
    s.horizon_s = 1000;
    ScenarioEvent e;
    e.at_s = 100;
    e.kind = ScenarioEventKind::Leave;
    e.node_ids = {1};
    s.events.push_back(e);
    const ScenarioTrace t = run(s, ReplanPolicy::KeepIfBetter);
    QVERIFY(t.steps[0].plan);
    QVERIFY2(usesNode(*t.steps[0].plan, 1), "the starting plan should use both nodes");
    const ScenarioStep& st = t.steps[1];
    QVERIFY(st.running_lost_gpus);
    QCOMPARE(st.kept_sequences_per_s, 0.0);
    QCOMPARE(decision(st.decision), decision(StepDecision::Forced));
    QVERIFY(st.stall.planner_s > 0);  // nothing trains while it plans
    QVERIFY(st.plan && !usesNode(*st.plan, 1));
    checkTimeline(t);
  }

  void aFailureRollsBackToTheCheckpoint() {
    Scenario s;
    s.name = "fail";
    s.start = parseInlineCluster("a6000:4x2", catalog());
    s.model = "llama3-8b";
    s.horizon_s = 1000;
    s.reconfiguration.checkpoint_interval_s = 100;
    s.reconfiguration.planner_s = 1;
    ScenarioEvent e;
    e.at_s = 250;
    e.kind = ScenarioEventKind::Fail;
    e.node_ids = {1};
    s.events.push_back(e);
    const ScenarioTrace t = run(s, ReplanPolicy::Replan);
    const ScenarioStep& st = t.steps[1];
    QVERIFY(st.running_lost_gpus);
    QCOMPARE(st.rolled_back_to_s, 200.0);
    QVERIFY(std::abs(st.sequences_rolled_back - 50 * t.steps[0].after_sequences_per_s) < 1e-6);
    // Node 1's state is gone: what the new plan needs of it comes from survivors or the checkpoint.
    for (const auto& row : st.transfer.stages)
      for (int src : row.source_nodes) QVERIFY(src != 1);
    checkTimeline(t);
    // With a checkpoint at every iteration only the iteration under way is lost.
    s.reconfiguration.checkpoint_interval_s = 0;
    const ScenarioTrace every = run(s, ReplanPolicy::Replan);
    const double iteration = every.steps[0].after_iteration_s;
    QVERIFY(iteration > 0);
    const double boundary = std::floor(250 / iteration) * iteration;
    QVERIFY(std::abs(every.steps[1].rolled_back_to_s - boundary) < 1e-9);
    QVERIFY(std::abs(every.steps[1].sequences_rolled_back - (250 - boundary) * every.steps[0].after_sequences_per_s) < 1e-6);
  }

  void anEventWaitsForTheReconfigurationUnderWay() {
    Scenario s = growing("a6000:4x1", "a6000", 4, 300, 2000);
    s.reconfiguration.planner_s = 1;
    ScenarioEvent second;
    second.at_s = 301;
    second.kind = ScenarioEventKind::Join;
    second.nodes.push_back({s.nextNodeId(), "a6000", 4, 0});
    s.events.push_back(second);
    const ScenarioTrace t = run(s, ReplanPolicy::Replan);
    QCOMPARE(t.steps.size(), size_t(3));
    QVERIFY(t.steps[1].resumes_s > 301);
    QCOMPARE(t.steps[2].handled_s, t.steps[1].resumes_s);
    checkTimeline(t);
  }

  void cancelEndsAfterTheCurrentStep() {
    const Scenario s = loadScenarioPreset("paper-growth", catalog());
    const Model m = resolveModel(s.model);
    std::atomic<bool> cancel{false};
    int calls = 0;
    const ScenarioTrace t = runScenario(s, m, m.default_training, "greedy", {}, catalog(),
                                        [&](const ScenarioTrace& soFar) {
                                          ++calls;
                                          QVERIFY(!soFar.pieces.empty());
                                          cancel = true;
                                        },
                                        &cancel);
    QVERIFY(t.cancelled);
    QCOMPARE(t.steps.size(), size_t(1));
    QCOMPARE(calls, 1);
  }

  void badInputIsRefused() {
    const Scenario s = loadScenarioPreset("paper-growth", catalog());
    const Model m = resolveModel(s.model);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runScenario(s, m, m.default_training, "no-such-planner", {}, catalog()));
    Scenario broken = s;
    broken.events[0].at_s = 2000;  // after the horizon and out of order
    QVERIFY_THROWS_EXCEPTION(LoadError, runScenario(broken, m, m.default_training, "greedy", {}, catalog()));
  }
};

QTEST_APPLESS_MAIN(TestScenarioRun)
#include "tst_scenario_run.moc"
