// The learned planner behind the Planner interface: rollouts with a given or loaded policy, and
// the fallback to greedy, with a warning, when the weights file is missing, corrupted or mismatched.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

#include <cstdio>
#include <fstream>
#include <random>

#include "planning/greedy_planner.h"
#include "policy/arachne_planner.h"
#include "policy/policy_decision.h"
#include "policy/policy_io.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"
#include "policy/rollout_schedule.h"
#include "planning_world.h"

using namespace arachne;

namespace {
std::string tempPath(const char* name) {
  return QDir::temp().filePath(QString("arachne_%1_%2").arg(QCoreApplication::applicationPid()).arg(name)).toStdString();
}
PlannerBudget budget() {
  PlannerBudget b;
  b.seconds = 30;
  return b;
}
// Only the greedy rollout: every other phase off (a test turns on the one it checks).
RolloutSchedule greedyOnly() {
  RolloutSchedule s;
  s.depth_sweep = false;
  s.sampled = 0;
  s.exploring = 0;
  s.stage_orders = false;
  s.change_rounds = 0;
  return s;
}
}  // namespace

class TstArachnePlanner : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { torch::manual_seed(2); }

  void plansWithRolloutsOfTheLoadedPolicy() {
    PlanningWorld world("h100:8x2,a6000:4x2+1x2,a100-40:4x2", "llama3-8b");
    const std::string path = tempPath("planner.policy");
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    savePolicy(*net, path);
    RolloutSchedule five = greedyOnly();
    five.sampled = 3;
    five.exploring = 2;
    ArachnePlanner fromFile(path, five);
    const PlannerResult a = fromFile.plan(*world.cost, budget(), 7, {}, nullptr);
    QVERIFY(a.found);
    QCOMPARE(a.plan.provenance.planner, std::string("arachne"));
    QVERIFY(a.stats.evaluations > 0);
    QVERIFY(!a.stats.best_curve.empty());
    QCOMPARE(a.stats.message, std::string("6 policy rollouts (1 greedy, 0 greedy from another first depth, GPU type and TP, 3 sampled, 2 exploring, 0 with one decision changed, 0 with a depth and a TP degree changed; 0 stage orders)"));
    QVERIFY(a.report.feasible && a.report.throughput.sequences_per_s > 0);
    // The same weights given directly, and the same seed: the same plan.
    ArachnePlanner direct(net, "arachne-untrained", five);
    const PlannerResult b = direct.plan(*world.cost, budget(), 7, {}, nullptr);
    QCOMPARE(b.plan.provenance.planner, std::string("arachne-untrained"));
    QCOMPARE(b.report.throughput.sequences_per_s, a.report.throughput.sequences_per_s);
    QCOMPARE(b.plan.templates, a.plan.templates);
    // An evaluation budget stops the sampled rollouts; the greedy one always runs.
    PlannerBudget tight = budget();
    tight.evaluations = 1;
    const PlannerResult c = direct.plan(*world.cost, tight, 7, {}, nullptr);
    QVERIFY(c.stats.message.rfind("1 policy rollouts", 0) == 0);
    std::remove(path.c_str());
  }

  // The default schedule: the greedy rollout, the depth sweep, 255 sampled, 255 exploring, the
  // stage orders of the best construction.
  void scheduleSweepsDepthsThenSamplesThenExplores() {
    RolloutSchedule s;
    s.sampled = 2;
    s.exploring = 4;
    const auto flags = [&](long long k) {
      const RolloutOptions o = s.after(k);
      return std::make_pair(o.force_first_depth, o.uniform_devices);
    };
    QCOMPARE(flags(0), std::make_pair(false, false));
    QCOMPARE(s.after(1).temperature, 1.5);
    QCOMPARE(flags(1), std::make_pair(false, false));
    QCOMPARE(flags(2), std::make_pair(true, false));
    QCOMPARE(flags(3), std::make_pair(false, true));
    QCOMPARE(flags(4), std::make_pair(true, true));
    QCOMPARE(flags(5), std::make_pair(false, false));
    QCOMPARE(flags(8), flags(2));  // the cycle repeats under an evaluation budget
    QVERIFY(!s.after(7).greedy);

    PlanningWorld world("h100:4x1,a6000:1x2+2x1", "llama3-8b");
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    ArachnePlanner planner(net, "arachne-untrained");
    const PlannerResult r = planner.plan(*world.cost, budget(), 3, {}, nullptr);
    QVERIFY(r.found);
    ConstructionEpisode episode(*world.cost);
    const PolicyState state(net->config(), *world.cost);
    const PolicyEpisodeView view(state, episode);
    // 8 GPUs allow depths 1-8 (STOP aside), each led by either GPU type at one TP degree or more:
    // the sweep runs every (depth, first GPU type, first TP) triple the greedy rollout did not
    // take. Then the one-decision changes and the best construction's stage orders (their counts
    // depend on the plans found).
    episode.reset();
    const PolicyDecision first = view.depthDecision(episode);
    int triples = 0;
    for (int d = 1; d < int(first.mask.size()); ++d) {
      if (!first.mask[size_t(d)]) continue;
      TemplateChoice partial;
      partial.depth = view.depthOf(d);
      PolicyDecision depth = first;
      depth.action = d;
      const PolicyDecision device = view.deviceDecision(episode, partial, depth);
      for (int g = 0; g < int(device.mask.size()); ++g)
        if (device.mask[size_t(g)])
          for (auto allowed : view.tpDecision(episode, partial, view.gpuOf(g), depth).mask) triples += allowed ? 1 : 0;
    }
    QVERIFY(triples > 16);  // more than the 16 (depth, GPU type) pairs: some stages may take TP 2
    int total = 0, swept = -1, changed = -1, retuned = -1, orders = -1;
    QVERIFY2(std::sscanf(r.stats.message.c_str(),
                         "%d policy rollouts (1 greedy, %d greedy from another first depth, GPU type and TP, 255 "
                         "sampled, 255 exploring, %d with one decision changed, %d with a depth and a TP degree "
                         "changed; %d stage orders)",
                         &total, &swept, &changed, &retuned, &orders) == 5,
             r.stats.message.c_str());
    QCOMPARE(swept, triples - 1);
    QVERIFY(changed > 0);
    QCOMPARE(total, 1 + swept + 255 + 255 + changed + retuned);
  }

  // Phase 5's first round changes each decision of the greedy rollout to every other action its
  // mask allows, once, and where it changed a depth, each TP degree of that new template once
  // more; it can only add to the plan the rollouts before it found.
  void oneDecisionChangesAroundTheGreedyRollout() {
    PlanningWorld world("h100:4x1,a6000:1x2+2x1", "llama3-8b");
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    RolloutSchedule s = greedyOnly();
    const PlannerResult plain = ArachnePlanner(net, "a", s).plan(*world.cost, budget(), 1, {}, nullptr);
    s.change_rounds = 1;
    const PlannerResult changes = ArachnePlanner(net, "a", s).plan(*world.cost, budget(), 1, {}, nullptr);
    // The alternatives along the greedy rollout, and the TP alternatives of each changed depth's
    // template.
    ConstructionEpisode episode(*world.cost);
    const PolicyState state(net->config(), *world.cost);
    const PolicyEpisodeView view(state, episode);
    std::mt19937_64 rng(1);
    RolloutOptions greedy;
    greedy.greedy = true;
    const PolicyRollout base = runPolicyRollout(*net, view, episode, rng, greedy);
    int alternatives = 0, tpChanges = 0;
    std::vector<int> actions;
    for (const auto& step : base.steps)
      for (const auto& d : step.decisions) {
        for (int a = 0; a < int(d.mask.size()); ++a) {
          if (!d.mask[size_t(a)] || a == d.action) continue;
          ++alternatives;
          if (d.kind != DecisionKind::Depth) continue;
          RolloutOptions o = greedy;
          o.prefix = actions;
          o.prefix.push_back(a);
          const PolicyRollout child = runPolicyRollout(*net, view, episode, rng, o);
          size_t at = 0;
          for (const auto& cs : child.steps) {
            if (at == actions.size())
              for (const auto& cd : cs.decisions)
                if (cd.kind == DecisionKind::Tp)
                  for (auto allowed : cd.mask) tpChanges += allowed ? 1 : 0;
            if (at == actions.size()) {
              for (const auto& cd : cs.decisions) tpChanges -= cd.kind == DecisionKind::Tp ? 1 : 0;
              break;
            }
            at += cs.decisions.size();
          }
        }
        actions.push_back(d.action);
      }
    QVERIFY(alternatives > 10);
    QVERIFY(tpChanges > 0);
    QCOMPARE(changes.stats.message,
             std::to_string(1 + alternatives + tpChanges) +
                 " policy rollouts (1 greedy, 0 greedy from another first depth, GPU type and TP, 0 sampled, 0 exploring, " +
                 std::to_string(alternatives) + " with one decision changed, " + std::to_string(tpChanges) +
                 " with a depth and a TP degree changed; 0 stage orders)");
    qInfo("greedy rollout %.3f seq/s; with one-decision changes %.3f", plain.report.throughput.sequences_per_s,
          changes.report.throughput.sequences_per_s);
    QVERIFY(changes.report.throughput.sequences_per_s >= plain.report.throughput.sequences_per_s);
  }

  void unusableWeightsFallBackToGreedyWithAWarning() {
    PlanningWorld world("a100-40:4x2,a6000:4x2+1x4", "llama3-8b");
    const PlannerResult greedy = GreedyPlanner().plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY(greedy.found);

    const std::string path = tempPath("broken_planner.policy");
    PolicyConfig small;
    small.hidden = 16;
    PolicyNetwork net(small);
    savePolicy(net, path);
    {
      std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(-50, std::ios::end);
      f.put('\x7f');
    }
    std::string warned;
    const ProgressCallback progress = [&](const PlannerProgress& p) {
      if (p.message.rfind("warning:", 0) == 0) warned = p.message;
    };
    for (const std::string& file : {path, tempPath("missing.policy")}) {
      warned.clear();
      ArachnePlanner planner(file);
      const PlannerResult r = planner.plan(*world.cost, budget(), 1, progress, nullptr);
      QVERIFY2(r.stats.message.rfind("warning: the arachne policy cannot be used (" + file, 0) == 0,
               r.stats.message.c_str());
      QVERIFY(!warned.empty());
      QVERIFY(r.found);
      QCOMPARE(r.plan.provenance.planner, std::string("greedy"));
      QCOMPARE(r.report.throughput.sequences_per_s, greedy.report.throughput.sequences_per_s);
    }
    QVERIFY(ArachnePlanner(path).plan(*world.cost, budget(), 1, {}, nullptr).stats.message.find("payload_fnv1a64") !=
            std::string::npos);
    std::remove(path.c_str());
  }

  void tooManyGpuTypesFallBackToo() {
    PolicyConfig two;
    two.t_max = 2;
    ArachnePlanner planner(std::make_shared<PolicyNetwork>(two), "arachne");
    PlanningWorld world("h100:8x1,a6000:4x1,a100-40:4x1", "llama3-8b");
    const PlannerResult r = planner.plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY2(r.stats.message.find("3 GPU types exceed the policy's limit of 2") != std::string::npos,
             r.stats.message.c_str());
    QCOMPARE(r.plan.provenance.planner, std::string("greedy"));
  }
};

QTEST_GUILESS_MAIN(TstArachnePlanner)
#include "tst_arachne_planner.moc"
