// The policy driving the construction episode: the view's masks are the episode's, every sampled
// action is admitted, rewards add up, greedy is deterministic, stored decisions re-evaluate.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

#include <cmath>
#include <random>

#include "planning/greedy_planner.h"
#include "policy/composition_generator.h"
#include "policy/exploration_schedule.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"
#include "planning_world.h"

using namespace arachne;

namespace {

const std::vector<std::string> kTypes = {"h100", "a100-40", "a100-80", "a6000", "l40s", "a5000"};

std::vector<Composition> compositions(int count, int maxGpus, std::uint64_t seed) {
  CompositionGeneratorOptions o;
  o.max_gpus = maxGpus;
  o.gpu_types = kTypes;
  const CompositionGenerator gen(GpuCatalog::builtin(), o);
  std::mt19937_64 rng(seed);
  std::vector<Composition> out;
  for (int i = 0; i < count; ++i) out.push_back(gen.draw(rng));
  return out;
}

bool sameChoices(const PolicyRollout& a, const PolicyRollout& b) {
  if (a.steps.size() != b.steps.size()) return false;
  for (size_t i = 0; i < a.steps.size(); ++i)
    if (!(a.steps[i].choice == b.steps[i].choice)) return false;
  return true;
}

// A fresh policy with the episode and view of one cluster (llama3-8b).
struct PolicyOnCluster {
  explicit PolicyOnCluster(const std::string& cluster)
      : net(config), world(cluster, "llama3-8b"), episode(*world.cost), state(config, *world.cost), view(state, episode) {}
  const PolicyConfig config;
  PolicyNetwork net;
  PlanningWorld world;
  ConstructionEpisode episode;
  const PolicyState state;
  const PolicyEpisodeView view;
};

}  // namespace

class TstPolicyRollout : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { torch::manual_seed(3); }

  // Along random admitted constructions, every policy mask entry equals the episode's entry for
  // the same choice.
  void viewMasksAreTheEpisodeMasks() {
    const PolicyConfig config;
    std::mt19937_64 rng(5);
    int checked = 0;
    for (const Composition& c : compositions(25, 256, 11)) {
      PlanningWorld world(c, "llama3-8b");
      ConstructionEpisode episode(*world.cost);
      const PolicyState state(config, *world.cost);
      const PolicyEpisodeView view(state, episode);
      while (!episode.done()) {
        const PolicyDecision depth = view.depthDecision(episode);
        const Mask dm = episode.depthMask();
        for (size_t i = 0; i < depth.mask.size(); ++i) QCOMPARE(depth.mask[i] != 0, i < dm.size() && dm[i] != 0);
        TemplateChoice choice;
        choice.depth = ExplorationSchedule::uniformChoice(depth.mask, rng);
        for (int s = 0; s < choice.depth; ++s) {
          const PolicyDecision device = view.deviceDecision(episode, choice, depth);
          const Mask vm = episode.deviceMask(choice);
          for (int slot = 0; slot < config.t_max; ++slot)
            QCOMPARE(device.mask[static_cast<size_t>(slot)] != 0,
                     slot < state.typeCount() && vm[static_cast<size_t>(view.gpuOf(slot))] != 0);
          const int gpu = view.gpuOf(ExplorationSchedule::uniformChoice(device.mask, rng));
          const PolicyDecision tp = view.tpDecision(episode, choice, gpu, depth);
          const Mask tm = episode.tpMask(choice, gpu);
          for (int i = 0; i < config.k_max; ++i) {
            const int k = episode.space().tpIndex(view.tpOf(i));
            QCOMPARE(tp.mask[static_cast<size_t>(i)] != 0, k >= 0 && tm[static_cast<size_t>(k)] != 0);
          }
          choice.stages.push_back({gpu, view.tpOf(ExplorationSchedule::uniformChoice(tp.mask, rng))});
          ++checked;
        }
        episode.step(choice);  // throws when a mapped choice is not admitted
      }
      QCOMPARE(view.freePerNode(episode).size(), c.nodes().size());
    }
    QVERIFY(checked > 50);
  }

  // The untrained policy, sampling with and without the exploration rules: the episode never
  // rejects a choice and the rewards add up to the final plan's throughput.
  void sampledRolloutsAreAdmittedAndAddUp() {
    const PolicyConfig config;
    PolicyNetwork net(config);
    std::mt19937_64 rng(9);
    int rollouts = 0, exploratory = 0;
    for (const Composition& c : compositions(12, 128, 21)) {
      PlanningWorld world(c, "llama3-8b");
      ConstructionEpisode episode(*world.cost);
      const PolicyState state(config, *world.cost);
      const PolicyEpisodeView view(state, episode);
      for (int r = 0; r < 4; ++r) {
        RolloutOptions o;
        o.force_first_depth = r == 1;
        o.uniform_devices = r == 2;
        std::vector<double> seen;  // the episode's throughput after every step
        o.after_step = [&](const ConstructionEpisode& e) {
          QCOMPARE(e.stepCount(), int(seen.size()) + 1);
          seen.push_back(e.throughput());
        };
        const PolicyRollout roll = runPolicyRollout(net, view, episode, rng, o);
        QCOMPARE(seen.size(), roll.steps.size());
        QVERIFY(!seen.empty() && seen.back() == roll.throughput);
        ++rollouts;
        double sum = 0;
        for (const auto& s : roll.steps) {
          sum += s.outcome.reward;
          QCOMPARE(int(s.decisions.size()), 1 + 2 * s.choice.depth);
          for (const auto& d : s.decisions) {
            QVERIFY(d.mask[static_cast<size_t>(d.action)]);
            QVERIFY(std::isfinite(d.log_prob) && d.log_prob <= 0);
            exploratory += d.exploratory;
            if (o.uniform_devices && d.kind == DecisionKind::Device) QVERIFY(d.exploratory);
            if (!o.force_first_depth && !o.uniform_devices) QVERIFY(!d.exploratory);
          }
        }
        QCOMPARE(roll.total_reward, sum);
        if (roll.throughput > 0)
          QVERIFY2(std::abs(roll.total_reward - roll.throughput) <= 1e-9 * roll.throughput,
                   qPrintable(QString("%1 vs %2").arg(roll.total_reward).arg(roll.throughput)));
        QCOMPARE(roll.throughput, episode.throughput());
      }
    }
    QCOMPARE(rollouts, 48);
    QVERIFY(exploratory > 0);
  }

  void greedyIsDeterministicAndDecisionsReevaluate() {
    PolicyOnCluster p("h100:8x2,a6000:4x2+1x2,a100-40:4x2");
    PolicyNetwork& net = p.net;
    ConstructionEpisode& episode = p.episode;
    const PolicyEpisodeView& view = p.view;
    std::mt19937_64 a(1), b(2);
    RolloutOptions greedy;
    greedy.greedy = true;
    const PolicyRollout g1 = runPolicyRollout(net, view, episode, a, greedy);
    const PolicyRollout g2 = runPolicyRollout(net, view, episode, b, greedy);
    QVERIFY(sameChoices(g1, g2));
    QCOMPARE(g1.throughput, g2.throughput);

    std::mt19937_64 s1(7), s2(7);
    const PolicyRollout r1 = runPolicyRollout(net, view, episode, s1);
    const PolicyRollout r2 = runPolicyRollout(net, view, episode, s2);
    QVERIFY(sameChoices(r1, r2));  // a seed reproduces a sampled rollout

    std::vector<const PolicyDecision*> all;
    for (const auto& s : r1.steps)
      for (const auto& d : s.decisions) all.push_back(&d);
    QVERIFY(!all.empty());
    const auto ev = net.evaluate(all);
    for (size_t i = 0; i < all.size(); ++i)
      QVERIFY(std::abs(ev.log_prob[static_cast<int64_t>(i)].item<float>() - all[i]->log_prob) < 1e-4f);
  }

  // Planning's sweeps: a greedy rollout whose prefix forces each allowed first depth takes it
  // (scored and marked exploratory, everything below it the policy's greedy choice); a depth the
  // mask leaves out ends the prefix there; a forced first GPU type leads the first template.
  void prefixIsForcedOnlyWhereTheMaskAllowsIt() {
    PolicyOnCluster p("h100:4x1,a6000:1x2+2x1");
    PolicyNetwork& net = p.net;
    ConstructionEpisode& episode = p.episode;
    const PolicyEpisodeView& view = p.view;
    std::mt19937_64 rng(1);
    RolloutOptions greedy;
    greedy.greedy = true;
    const PolicyRollout plain = runPolicyRollout(net, view, episode, rng, greedy);
    episode.reset();
    const std::vector<std::uint8_t> mask = view.depthDecision(episode).mask;
    int forced = 0, refused = 0;
    for (int d = 1; d < static_cast<int>(mask.size()); ++d) {
      RolloutOptions o = greedy;
      o.prefix = {d};
      const PolicyRollout roll = runPolicyRollout(net, view, episode, rng, o);
      QVERIFY(!roll.steps.empty());
      if (mask[static_cast<size_t>(d)]) {
        ++forced;
        QCOMPARE(roll.steps.front().choice.depth, view.depthOf(d));
        const auto& decisions = roll.steps.front().decisions;
        QVERIFY(decisions.front().exploratory);
        QVERIFY(std::isfinite(decisions.front().log_prob) && decisions.front().log_prob <= 0);
        for (size_t i = 1; i < decisions.size(); ++i) {
          QVERIFY(!decisions[i].exploratory);
          QVERIFY(decisions[i].mask[static_cast<size_t>(decisions[i].action)]);
        }
      } else {
        ++refused;
        QVERIFY(sameChoices(roll, plain));
      }
    }
    // The first stage's GPU type forced too (planning's sweep over depth and first GPU type).
    for (int g = 0; g < episode.gpuTypeCount(); ++g) {
      RolloutOptions o = greedy;
      o.prefix = {4, g};
      const PolicyRollout roll = runPolicyRollout(net, view, episode, rng, o);
      QCOMPARE(roll.steps.front().choice.depth, 4);
      QCOMPARE(roll.steps.front().choice.stages.front().gpu, view.gpuOf(g));
      QVERIFY(roll.steps.front().decisions[1].exploratory);
      QVERIFY(!roll.steps.front().decisions[2].exploratory);  // its TP degree is the policy's
    }
    QVERIFY(forced >= 2);   // 8 GPUs allow several depths
    QVERIFY(refused >= 1);  // and the depth head reaches beyond them
  }

  // A prefix of every action of a sampled rollout, across its steps, rebuilds that rollout as a
  // greedy one; changing one action in the middle keeps everything before it.
  void prefixReplaysAcrossSteps() {
    PolicyOnCluster p("h100:8x2,a6000:4x2+1x2,a100-40:4x2");
    std::mt19937_64 rng(7);
    RolloutOptions sampled;
    sampled.temperature = 2.0;
    PolicyRollout source;
    for (int tries = 0; tries < 200 && source.steps.size() < 3; ++tries)
      source = runPolicyRollout(p.net, p.view, p.episode, rng, sampled);
    QVERIFY2(source.steps.size() >= 3, "no sampled rollout of two templates and STOP");
    std::vector<int> actions;
    for (const auto& step : source.steps)
      for (const auto& d : step.decisions) actions.push_back(d.action);
    RolloutOptions o;
    o.greedy = true;
    o.prefix = actions;
    const PolicyRollout replayed = runPolicyRollout(p.net, p.view, p.episode, rng, o);
    QVERIFY(sameChoices(replayed, source));
    QCOMPARE(replayed.throughput, source.throughput);
    // The first decision of the second step changed: the first step is kept as it was.
    const size_t second = source.steps.front().decisions.size();
    const auto& depth = source.steps[1].decisions.front();
    int other = -1;
    for (int a = 0; a < static_cast<int>(depth.mask.size()); ++a)
      if (depth.mask[static_cast<size_t>(a)] && a != depth.action) other = a;
    QVERIFY(other >= 0);
    o.prefix.assign(actions.begin(), actions.begin() + static_cast<std::ptrdiff_t>(second));
    o.prefix.push_back(other);
    const PolicyRollout changed = runPolicyRollout(p.net, p.view, p.episode, rng, o);
    QVERIFY(changed.steps.front().choice == source.steps.front().choice);
    QCOMPARE(changed.steps[1].decisions.front().action, other);
    QVERIFY(changed.steps[1].decisions.front().exploratory);
  }

  // The greedy planner's construction replayed as policy decisions reaches greedy's plan, with
  // every decision allowed by its mask, marked exploratory and scored by the policy.
  void greedyConstructionReplays() {
    const PolicyConfig config;
    PolicyNetwork net(config);
    int replayed = 0;
    for (const Composition& c : compositions(10, 128, 31)) {
      PlanningWorld world(c, "llama3-8b");
      PlannerBudget budget;
      budget.seconds = 0;
      const PlannerResult greedy = GreedyPlanner().plan(*world.cost, budget, 1, {}, nullptr);
      if (!greedy.found) continue;
      std::vector<TemplateChoice> choices;
      for (const auto& step : greedy.construction) {
        TemplateChoice t;
        t.depth = int(step.placed.stages.size());
        for (const auto& s : step.placed.stages) t.stages.push_back({world.cost->gpuIndex(s.gpu_type), s.tp});
        choices.push_back(t);
      }
      ConstructionEpisode episode(*world.cost);
      const PolicyState state(config, *world.cost);
      const PolicyEpisodeView view(state, episode);
      const PolicyRollout roll = replayPolicyRollout(net, view, episode, choices);
      // The templates, then STOP unless the episode ended by itself (no GPU or batch left).
      QVERIFY(roll.steps.size() == choices.size() || roll.steps.size() == choices.size() + 1);
      if (roll.steps.size() > choices.size()) QVERIFY(roll.steps.back().choice.isStop());
      for (size_t i = 0; i < choices.size(); ++i) QVERIFY(roll.steps[i].choice == choices[i]);
      QCOMPARE(roll.throughput, greedy.report.throughput.sequences_per_s);
      for (const auto& s : roll.steps)
        for (const auto& d : s.decisions) {
          QVERIFY(d.mask[static_cast<size_t>(d.action)]);
          QVERIFY(d.exploratory);
          QVERIFY(std::isfinite(d.log_prob) && d.log_prob <= 0);
        }
      ++replayed;
    }
    QVERIFY(replayed >= 5);

    // A choice the episode does not admit (a depth beyond the mask) gives no rollout.
    PlanningWorld world("h100:4x2", "llama3-8b");
    ConstructionEpisode episode(*world.cost);
    const PolicyState state(config, *world.cost);
    const PolicyEpisodeView view(state, episode);
    TemplateChoice tooDeep;
    tooDeep.depth = 64;
    QVERIFY(replayPolicyRollout(net, view, episode, {tooDeep}).steps.empty());
  }
};

QTEST_GUILESS_MAIN(TstPolicyRollout)
#include "tst_policy_rollout.moc"
