// The learned planner behind the Planner interface: rollouts with a given or loaded policy, and
// the fallback to greedy, with a warning, when the weights file is missing, corrupted or mismatched.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

#include <cstdio>
#include <fstream>
#include <random>
#include <set>

#include "cluster/cluster_spec.h"
#include "planning/greedy_planner.h"
#include "io/load_error.h"
#include "policy/arachne_planner.h"
#include "policy/gpu_type_reduction.h"
#include "policy/policy_decision.h"
#include "policy/policy_io.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"
#include "policy/rollout_ledger.h"
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
TemplateChoice tmpl(std::vector<StageChoice> stages) {
  TemplateChoice t;
  t.depth = static_cast<int>(stages.size());
  t.stages = std::move(stages);
  return t;
}
// A committed rollout as BatchedRollouts hands it over: the construction stepped on a fresh
// episode, each step's key and throughput recorded.
BatchedRollout rolled(const CostModel& cost, const std::vector<TemplateChoice>& construction) {
  ConstructionEpisode e(cost);
  BatchedRollout r;
  std::string key;
  for (const TemplateChoice& t : construction) {
    RolloutStep step;
    step.choice = t;
    step.outcome = e.step(t);
    r.rollout.steps.push_back(step);
    for (const StageChoice& c : t.stages) key += std::to_string(c.gpu) + "/" + std::to_string(c.tp) + ",";
    r.keys.push_back(key += ";");
    r.throughputs.push_back(e.throughput());
    r.filled.push_back(true);
  }
  return r;
}
// Whether `with` ran every phase of `without` alike (name, evaluations, best plan) but the last,
// the phase a later local search adds its evaluations to.
bool samePhasesButTheLast(const PlannerResult& with, const PlannerResult& without) {
  const auto& a = with.stats.phases;
  const auto& b = without.stats.phases;
  if (a.size() != b.size() || a.empty()) return false;
  for (size_t i = 0; i + 1 < a.size(); ++i)
    if (a[i].name != b[i].name || a[i].evaluations != b[i].evaluations ||
        a[i].best_sequences_per_s != b[i].best_sequences_per_s)
      return false;
  return true;
}
// The untrained network's plans (seed 1) with `without` and with the default schedule, and what a
// search the default adds after the others must keep: both found, more evaluations, every phase
// but the last alike, the plan no lower. `problem` is empty when that holds.
struct ScheduleComparison {
  PlannerResult without, with;
  std::string problem;
};
ScheduleComparison compareWithDefault(const std::shared_ptr<PolicyNetwork>& net, const CostModel& cost,
                                      const RolloutSchedule& without) {
  ScheduleComparison c;
  c.without = ArachnePlanner(net, "arachne-untrained", without).plan(cost, budget(), 1, {}, nullptr);
  c.with = ArachnePlanner(net, "arachne-untrained", RolloutSchedule{}).plan(cost, budget(), 1, {}, nullptr);
  if (!c.without.found || !c.with.found)
    c.problem = "no plan";
  else if (c.with.stats.evaluations <= c.without.stats.evaluations)
    c.problem = "evaluations " + std::to_string(c.with.stats.evaluations) + " vs " + std::to_string(c.without.stats.evaluations);
  else if (!samePhasesButTheLast(c.with, c.without))
    c.problem = "an earlier phase changed";
  else if (c.with.report.throughput.sequences_per_s < c.without.report.throughput.sequences_per_s)
    c.problem = "a lower plan";
  return c;
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
    QCOMPARE(a.stats.message, std::string("6 policy rollouts (1 greedy, 0 greedy from another first depth, GPU type and TP, 3 sampled, 2 exploring, 0 with one decision changed, 0 with a depth and a TP degree changed; 0 stage orders, 0 stage edits, 0 appended templates)"));
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
    int total = 0, swept = -1, changed = -1, retuned = -1, orders = -1, edits = -1, appends = -1;
    QVERIFY2(std::sscanf(r.stats.message.c_str(),
                         "%d policy rollouts (1 greedy, %d greedy from another first depth, GPU type and TP, 255 "
                         "sampled, 255 exploring, %d with one decision changed, %d with a depth and a TP degree "
                         "changed; %d stage orders, %d stage edits, %d appended templates)",
                         &total, &swept, &changed, &retuned, &orders, &edits, &appends) == 7,
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
                 " with a depth and a TP degree changed; 0 stage orders, 0 stage edits, 0 appended templates)");
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

  // A composition with more GPU types than the policy's state holds is planned on the t_max
  // types with the most compute; the others' GPUs are unused with that reason, and the message
  // names them. Here t_max 2 of 3 types: a6000 (4 x 154.8 TFLOP/s peak) has the least compute.
  void moreGpuTypesThanTheStateHoldsArePlannedOnTheStrongest() {
    PolicyConfig two;
    two.t_max = 2;
    ArachnePlanner planner(std::make_shared<PolicyNetwork>(two), "arachne", greedyOnly());
    PlanningWorld world("h100:8x1,a6000:4x1,a100-40:4x1", "llama3-8b");
    const PlannerResult r = planner.plan(*world.cost, budget(), 1, {}, nullptr);
    QCOMPARE(r.plan.provenance.planner, std::string("arachne"));
    QVERIFY2(r.stats.message.rfind("warning:", 0) != 0, r.stats.message.c_str());
    QVERIFY2(r.stats.message.find("2 of 3 GPU types planned (the policy's state holds 2); left out: a6000 (4 GPUs)") !=
                 std::string::npos,
             r.stats.message.c_str());
    QVERIFY(r.found);
    for (const auto& t : r.plan.templates)
      for (const auto& st : t.stages) QVERIFY(st.gpu_type != "a6000");
    int withheld = 0;
    for (const auto& u : r.plan.unused_gpus)
      if (u.gpu_type == "a6000") {
        withheld += u.count;
        QVERIFY2(u.reason.find("the policy's state holds at most 2 GPU types and the composition has 3") == 0,
                 u.reason.c_str());
        QVERIFY(u.reason.find("a6000 ranks 3") != std::string::npos);
      }
    QCOMPARE(withheld, 4);
    // The state itself still refuses a composition it cannot hold (no silent truncation).
    QVERIFY_THROWS_EXCEPTION(LoadError, PolicyState(two, *world.cost));
  }

  // Eight GPU types with the shipped sizes (t_max 6): the two with the least compute are left
  // out, and the plan is the plan of the six-type composition without them (listed last, so the
  // other nodes keep their ids).
  void eightGpuTypesPlanAsTheirSixStrongest() {
    const std::string six = "h100:4x2,h200:4x1,a100-80:4x1,a100-40:4x2,l40s:4x1,a6000:4x2";
    PlanningWorld eight(six + ",a5000:2x1,v100-16:2x2", "llama3-8b");
    PlanningWorld reduced(six, "llama3-8b");
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    RolloutSchedule s = greedyOnly();
    s.sampled = 6;
    s.exploring = 4;
    s.change_rounds = 1;
    const PlannerResult a = ArachnePlanner(net, "arachne", s).plan(*eight.cost, budget(), 3, {}, nullptr);
    const PlannerResult b = ArachnePlanner(net, "arachne", s).plan(*reduced.cost, budget(), 3, {}, nullptr);
    QVERIFY(a.found && b.found);
    QVERIFY2(a.stats.message.find("6 of 8 GPU types planned (the policy's state holds 6); left out: a5000 (2 GPUs), "
                                  "v100-16 (4 GPUs)") != std::string::npos,
             a.stats.message.c_str());
    QCOMPARE(a.plan.templates, b.plan.templates);
    QCOMPARE(a.report.throughput.sequences_per_s, b.report.throughput.sequences_per_s);
    QCOMPARE(a.stats.evaluations, b.stats.evaluations);
    std::map<std::string, int> unused;
    for (const auto& u : a.plan.unused_gpus) unused[u.gpu_type] += u.count;
    QCOMPARE(unused["a5000"], 2);
    QCOMPARE(unused["v100-16"], 4);
  }

  // The appends need no state, so they may place a type the rollouts withheld: at fp32 (opt-350m)
  // the A100s rank last by compute and are withheld, yet a template of their own adds
  // throughput. The message names them; the GPUs of a withheld type the plan leaves out entirely
  // keep the reduction as their reason, those of a type it uses do not.
  void appendsMayPlaceWithheldGpuTypes() {
    PlanningWorld world("h100:4x1,h200:4x1,a100-80:4x1,a100-40:4x1,rtx-pro-6000:4x1,l40s:4x1,l4:4x2,a5000:4x1",
                        "opt-350m");
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    RolloutSchedule s = greedyOnly();
    s.stage_orders = true;
    s.stage_edits = false;
    const std::vector<std::string> withheld = reduceGpuTypes(*world.cost, net->config().t_max).withheld;
    QCOMPARE(withheld.size(), size_t{2});
    const auto usedTypes = [](const PlannerResult& r) {
      std::set<std::string> used;
      for (const Template& t : r.plan.templates)
        for (const Stage& st : t.stages) used.insert(st.gpu_type);
      return used;
    };
    s.template_appends = false;
    const PlannerResult without = ArachnePlanner(net, "arachne-untrained", s).plan(*world.cost, budget(), 1, {}, nullptr);
    s.template_appends = true;
    const PlannerResult with = ArachnePlanner(net, "arachne-untrained", s).plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY(without.found && with.found);
    for (const std::string& id : withheld) QVERIFY(!usedTypes(without).count(id));
    std::vector<std::string> placed;
    for (const std::string& id : withheld)
      if (usedTypes(with).count(id)) placed.push_back(id);
    QVERIFY(!placed.empty());
    QVERIFY(with.report.throughput.sequences_per_s > without.report.throughput.sequences_per_s);
    QVERIFY2(with.stats.message.find("the template appends then used " + placed.front()) != std::string::npos,
             with.stats.message.c_str());
    for (const UnusedGpus& u : with.plan.unused_gpus) {
      const bool reduction = u.reason.find("the policy's state holds at most") != std::string::npos;
      const bool isWithheld = std::find(withheld.begin(), withheld.end(), u.gpu_type) != withheld.end();
      const bool isPlaced = std::find(placed.begin(), placed.end(), u.gpu_type) != placed.end();
      QCOMPARE(reduction, isWithheld && !isPlaced);
    }
  }

  // The same seed gives the same result one rollout at a time without the memo, in batches, and
  // on two threads: plan, evaluations, best-so-far curve, message and phases.
  void executionDoesNotChangeTheResult() {
    PlanningWorld world("h100:4x2,a6000:4x2+1x2,a100-40:4x2", "llama3-8b");
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    RolloutSchedule s;
    s.sampled = 40;
    s.exploring = 40;
    for (long long evals : {0LL, 150LL}) {
      PlannerBudget b = budget();
      b.evaluations = evals;
      std::vector<PlannerResult> results;
      for (auto [threads, batch, memo] : {std::tuple{1, 1, false}, {1, 32, true}, {2, 32, true}, {2, 3, false}}) {
        ArachnePlanner planner(net, "arachne-untrained", s);
        BatchedRollouts::Options o;
        o.threads = threads;
        o.batch = batch;
        o.memo = memo;
        planner.setExecution(o);
        results.push_back(planner.plan(*world.cost, b, 5, {}, nullptr));
      }
      const PlannerResult& ref = results.front();
      QVERIFY(ref.found);
      if (evals > 0) QVERIFY(ref.stats.evaluations >= evals);
      for (const PlannerResult& r : results) {
        QCOMPARE(r.plan.templates, ref.plan.templates);
        QCOMPARE(r.report.throughput.sequences_per_s, ref.report.throughput.sequences_per_s);
        QCOMPARE(r.stats.evaluations, ref.stats.evaluations);
        QCOMPARE(r.stats.best_curve, ref.stats.best_curve);
        QCOMPARE(r.stats.message, ref.stats.message);
        QCOMPARE(r.stats.phases.size(), ref.stats.phases.size());
        for (size_t i = 0; i < r.stats.phases.size(); ++i) {
          QCOMPARE(r.stats.phases[i].name, ref.stats.phases[i].name);
          QCOMPARE(r.stats.phases[i].evaluations, ref.stats.phases[i].evaluations);
          QCOMPARE(r.stats.phases[i].best_sequences_per_s, ref.stats.phases[i].best_sequences_per_s);
        }
      }
    }
  }

  // When no rollout places anything, phase 6 still appends a template of one type on the whole
  // cluster: at 131,072 tokens per sequence only four GH200 stages at TP 4 hold llama3-8b here,
  // a template the greedy rollout of an untrained policy does not build. Without the appends
  // the planner finds nothing; with them it answers with that template.
  void appendsRunWhenNoRolloutPlacedAnything() {
    PlanningWorld world("gh200:4x4,a6000:4x2", "llama3-8b");
    world.spec.sequence_length = 131072;
    world.profiles = makeAnalyticProfiles(GpuCatalog::builtin(), world.composition.gpuTypes(), world.model, world.spec);
    world.cost = std::make_unique<CostModel>(GpuCatalog::builtin(), world.composition, world.model, world.spec,
                                             world.profiles);
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    RolloutSchedule s = greedyOnly();
    s.stage_orders = true;
    s.stage_edits = false;
    s.template_appends = false;
    const PlannerResult without = ArachnePlanner(net, "arachne-untrained", s).plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY(!without.found);
    s.template_appends = true;
    const PlannerResult with = ArachnePlanner(net, "arachne-untrained", s).plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY(with.found);
    QCOMPARE(with.plan.templates.size(), size_t{1});
    for (const Stage& st : with.plan.templates.front().stages) QCOMPARE(st.gpu_type, std::string("gh200"));
    QVERIFY(with.report.throughput.sequences_per_s > 0);
    QCOMPARE(with.stats.phases.back().name, std::string(PlannerPhase::kStageEditSweep));
    QCOMPARE(with.stats.phases.back().best_sequences_per_s, with.report.throughput.sequences_per_s);
  }

  // Under a time budget the sampled and exploring rollouts repeat while none has found a plan
  // that fits: on a DeepSeek-V3-like model on 48 GPUs of four types only a few mixed templates
  // fit, and the planner answered "no feasible plan" after 0.05 s of a 3 s budget.
  void samplingGoesOnUntilAPlanFits() {
    PlanningWorld world("a6000:4x3,a100-40:4x3,a100-80:4x3,h100:4x3", "deepseek-v3-like");  // paper-4t-1
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    RolloutSchedule s;
    s.depth_sweep = false;
    s.sampled = 2;
    s.exploring = 2;
    const PlannerResult r = ArachnePlanner(net, "arachne-untrained", s).plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY(r.found);
    QVERIFY(r.report.feasible);
    int samplingPhases = 0;
    for (const PlannerPhase& ph : r.stats.phases) samplingPhases += ph.name == "sampled" || ph.name == "exploring";
    QVERIFY2(samplingPhases > 2, qPrintable(QString::number(samplingPhases)));  // more than one wave ran
    QVERIFY(!r.stats.budget_spent);
  }

  // Phase 6 searches around the runner-up constructions after the best one. It only adds
  // evaluations after the best construction's own search, so the plan is never worse and every
  // phase before the stage-edit sweep is unchanged; on this composition a runner-up's search
  // reaches a better plan than the best construction's (19.06 -> 19.30 seq/s, untrained seed 2).
  void runnerUpsAreSearchedAfterTheBest() {
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    for (const char* m : {"gpt-neo-2.7b", "llama3-8b"}) {
      PlanningWorld world("h100:4x1,a6000:1x2+2x1", m);
      QVERIFY(RolloutSchedule{}.runner_ups > 0);
      RolloutSchedule s;
      s.runner_ups = 0;
      const ScheduleComparison c = compareWithDefault(net, *world.cost, s);
      QVERIFY2(c.problem.empty(), c.problem.c_str());
      QCOMPARE(c.with.stats.phases.back().name, std::string(PlannerPhase::kStageEditSweep));
      if (std::string(m) == "gpt-neo-2.7b")
        QVERIFY2(c.with.report.throughput.sequences_per_s > c.without.report.throughput.sequences_per_s * 1.005,
                 qPrintable(QString("%1 vs %2").arg(c.with.report.throughput.sequences_per_s).arg(
                     c.without.report.throughput.sequences_per_s)));
    }
  }

  // RolloutLedger::firstTemplates: the best distinct templates the rollouts placed first, each
  // alone, ranked by the throughput of that one-template plan (not by where their rollouts ended).
  void ledgerRanksFirstTemplatesAlone() {
    PlanningWorld world("h100:4x1,a6000:1x2+2x1", "llama3-8b");
    const int h = world.cost->gpuIndex("h100"), a = world.cost->gpuIndex("a6000");
    const TemplateChoice tp4 = tmpl({{h, 4}}), two = tmpl({{h, 2}, {h, 2}}), four = tmpl(std::vector<StageChoice>(4, {h, 1}));
    const TemplateChoice rest = tmpl({{a, 1}, {a, 1}});
    const auto alone = [&](const TemplateChoice& t) {
      ConstructionEpisode e(*world.cost);
      e.step(t);
      return e.throughput();
    };
    std::vector<std::pair<double, TemplateChoice>> ranked = {{alone(tp4), tp4}, {alone(two), two}, {alone(four), four}};
    for (const auto& [thr, t] : ranked) QVERIFY2(thr > 0, "every first template fits alone");
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    QVERIFY(ranked[0].first > ranked[1].first && ranked[1].first > ranked[2].first);
    ConstructionEpisode episode(*world.cost);
    PlannerBudget b;
    b.seconds = 30;
    PlannerRun run(b, {}, nullptr);
    RolloutLedger ledger(run, episode, false, 1, 2);
    for (const auto& c : std::vector<std::vector<TemplateChoice>>{{ranked[2].second, rest}, {ranked[1].second, rest},
                                                                 {ranked[1].second}, {ranked[0].second, rest}}) {
      BatchedRollout r = rolled(*world.cost, c);
      ledger.commit(r);
    }
    const auto firsts = ledger.firstTemplates();
    QCOMPARE(firsts.size(), size_t(2));
    QVERIFY(firsts[0] == std::vector<TemplateChoice>{ranked[0].second});
    QVERIFY(firsts[1] == std::vector<TemplateChoice>{ranked[1].second});
    // Off by default for a ledger built without the count.
    RolloutLedger none(run, episode, false, 1);
    BatchedRollout r = rolled(*world.cost, {tp4});
    none.commit(r);
    QVERIFY(none.firstTemplates().empty());
  }

  // ArachnePlanner searches from its best first templates alone after the runner-ups: the phases
  // before the last are untouched, the plan is never worse, and it costs evaluations.
  void firstTemplatesAreSearchedLast() {
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    PlanningWorld world("h100:4x1,a6000:1x2+2x1", "gpt-neo-2.7b");
    QVERIFY(RolloutSchedule{}.first_templates > 0);
    RolloutSchedule s;
    s.first_templates = 0;
    const ScheduleComparison c = compareWithDefault(net, *world.cost, s);
    QVERIFY2(c.problem.empty(), c.problem.c_str());
  }

  // The appends led by a larger type's stages run only in the searches from the first templates
  // alone: every phase before the last is the same without them, the last prices more plans and
  // ends no lower.
  void leadingRunsOnlyInTheLastSearches() {
    // The seed-1 network of `arachne-untrained`, on held-out `large-01` (L4s and 2-GPU H100 nodes,
    // llama3-70b): one of its first templates alone leaves H100s free for such appends. (On the
    // small worlds tried, the untrained policy's own sampled templates already covered every
    // such mix, so the appends added no fill there.)
    torch::manual_seed(1);
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    PlanningWorld world("l4:8x22+4x1,h100:2x50", "llama3-70b");
    QVERIFY(RolloutSchedule{}.leading_runs);
    RolloutSchedule s;
    s.leading_runs = false;
    const ScheduleComparison c = compareWithDefault(net, *world.cost, s);
    QVERIFY2(c.problem.empty(), c.problem.c_str());
  }

  // The led appends once more on the construction phase 6 ended with: with no first template
  // searched alone they are the only led appends, and the switch adds them after every other
  // phase (the earlier phases alike), pricing more plans and ending no lower. (What they reach on
  // `paper-moe-160`: tst_template_append_sweep::ledAppendsReachGreedysMoeTemplate.)
  void ledAppendsOnTheFinalConstruction() {
    torch::manual_seed(1);
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    // (Where the best construction leaves no GPU of a larger type free, as on the small worlds
    // of the tests above, the appends add no fill.)
    PlanningWorld world(loadPreset("paper-moe-160", GpuCatalog::builtin()), "deepseek-v3-like");
    RolloutSchedule without;
    without.first_templates = 0;
    without.leading_runs = false;
    RolloutSchedule with = without;
    with.leading_runs = true;
    const PlannerResult a = ArachnePlanner(net, "arachne-untrained", without).plan(*world.cost, budget(), 1, {}, nullptr);
    const PlannerResult b = ArachnePlanner(net, "arachne-untrained", with).plan(*world.cost, budget(), 1, {}, nullptr);
    QVERIFY(a.found && b.found);
    QVERIFY(samePhasesButTheLast(b, a));
    QVERIFY2(b.stats.evaluations > a.stats.evaluations,
             qPrintable(QString("%1 vs %2").arg(b.stats.evaluations).arg(a.stats.evaluations)));
    QVERIFY(b.report.throughput.sequences_per_s >= a.report.throughput.sequences_per_s);
  }

  // The best edits of the final construction in other orders run last: every phase before the
  // last is the same without them, the last prices more plans and ends no lower. On held-out
  // `small-05` the untrained network's search, too, ends one edit and one move from the optimum:
  // 16.199 seq/s without them, 16.234 with (planning seed 1; how the reorders reach it:
  // tst_stage_edit_sweep::reordersTheBestEdits).
  void reorderedEditsLast() {
    torch::manual_seed(1);
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    PlanningWorld world("v100-16:1x1,rtx-3090:2x1+1x1,rtx-2080:6x1", "opt-350m");
    QVERIFY(RolloutSchedule{}.lookahead_orders);
    RolloutSchedule s;
    s.lookahead_orders = false;
    const ScheduleComparison c = compareWithDefault(net, *world.cost, s);
    QVERIFY2(c.problem.empty(), c.problem.c_str());
    qInfo("small-05: %.4f -> %.4f seq/s, %lld -> %lld evaluations", c.without.report.throughput.sequences_per_s,
          c.with.report.throughput.sequences_per_s, static_cast<long long>(c.without.stats.evaluations),
          static_cast<long long>(c.with.stats.evaluations));
  }

  // PlannerStats::phases: every phase of the default schedule in order, cumulative, the last one
  // the result.
  void phasesRecordTheSchedule() {
    PlanningWorld world("h100:4x1,a6000:1x2+2x1", "llama3-8b");
    auto net = std::make_shared<PolicyNetwork>(PolicyConfig{});
    const PlannerResult r = ArachnePlanner(net, "arachne-untrained").plan(*world.cost, budget(), 2, {}, nullptr);
    QVERIFY(r.found);
    std::vector<std::string> names;
    for (const auto& p : r.stats.phases) names.push_back(p.name);
    const std::vector<std::string> all = {"greedy rollout", "sweep", "sampled", "exploring", "one-decision changes",
                                          "stage-order sweep", "stage-edit sweep"};
    QCOMPARE(names, all);
    for (size_t i = 1; i < r.stats.phases.size(); ++i) {
      QVERIFY(r.stats.phases[i].evaluations >= r.stats.phases[i - 1].evaluations);
      QVERIFY(r.stats.phases[i].elapsed_s >= r.stats.phases[i - 1].elapsed_s);
      QVERIFY(r.stats.phases[i].best_sequences_per_s >= r.stats.phases[i - 1].best_sequences_per_s);
    }
    QVERIFY(r.stats.phases.front().evaluations > 0);
    QCOMPARE(r.stats.phases.back().evaluations, r.stats.evaluations);
    QCOMPARE(r.stats.phases.back().best_sequences_per_s, r.report.throughput.sequences_per_s);
    // Greedy has one phase: none listed.
    QVERIFY(GreedyPlanner().plan(*world.cost, budget(), 2, {}, nullptr).stats.phases.empty());
  }
};

QTEST_GUILESS_MAIN(TstArachnePlanner)
#include "tst_arachne_planner.moc"
