// Planning with the policy: a few rollouts on the construction episode, or greedy as fallback.
#include "policy/arachne_planner.h"

#include <algorithm>
#include <random>
#include <utility>

#include "io/load_error.h"
#include "planning/planner_run.h"
#include "planning/stage_order_sweep.h"
#include "plugin/policy_fallback_planner.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_io.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"

namespace arachne {

namespace {

// Consecutive rollouts that add no evaluation before an evaluation budget is given up (one that
// places nothing counts 64).
constexpr int kIdleRollouts = 4096;

// Prefixes (first depth, first stage's device slot, its TP index) of every triple the masks
// allow, but the one `greedy` (the greedy rollout) took.
std::vector<std::vector<int>> firstDecisionSweep(const PolicyEpisodeView& view, ConstructionEpisode& episode,
                                                 const PolicyRollout& greedy) {
  std::vector<std::vector<int>> sweep;
  episode.reset();
  const PolicyDecision first = view.depthDecision(episode);
  std::vector<int> taken;
  if (!greedy.steps.empty() && greedy.steps.front().decisions.size() > 2)
    for (int i = 0; i < 3; ++i) taken.push_back(greedy.steps.front().decisions[static_cast<size_t>(i)].action);
  for (int d = 1; d < static_cast<int>(first.mask.size()); ++d) {
    if (!first.mask[static_cast<size_t>(d)]) continue;
    TemplateChoice partial;
    partial.depth = view.depthOf(d);
    PolicyDecision depth = first;
    depth.action = d;
    const PolicyDecision device = view.deviceDecision(episode, partial, depth);
    for (int g = 0; g < static_cast<int>(device.mask.size()); ++g) {
      if (!device.mask[static_cast<size_t>(g)]) continue;
      const PolicyDecision tp = view.tpDecision(episode, partial, view.gpuOf(g), depth);
      for (int k = 0; k < static_cast<int>(tp.mask.size()); ++k)
        if (tp.mask[static_cast<size_t>(k)] && std::vector<int>{d, g, k} != taken) sweep.push_back({d, g, k});
    }
  }
  return sweep;
}

}  // namespace

ArachnePlanner::ArachnePlanner(std::string weightsPath, RolloutSchedule schedule, std::string name, bool flat)
    : path_(std::move(weightsPath)), name_(std::move(name)), schedule_(schedule), flat_(flat) {}

ArachnePlanner::ArachnePlanner(std::shared_ptr<PolicyNetwork> network, std::string name, RolloutSchedule schedule)
    : network_(std::move(network)), name_(std::move(name)), schedule_(schedule),
      flat_(network_ && network_->config().flat) {}

ArachnePlanner::~ArachnePlanner() = default;

PlannerResult ArachnePlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                   const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  std::string problem;
  std::shared_ptr<PolicyNetwork> net = network_;
  if (!net) {
    try {
      net = loadPolicyOfKind(path_, flat_).network;
    } catch (const LoadError& e) {
      problem = e.what();
    }
  }
  std::unique_ptr<PolicyState> state;
  if (net) {
    try {
      state = std::make_unique<PolicyState>(net->config(), cost);
    } catch (const LoadError& e) {
      problem = e.what();
      net = nullptr;
    }
  }
  if (!net) return planWithGreedyInstead(name_, problem, cost, budget, seed, progress, cancel);

  // Rollouts of a sharp policy repeat many constructions (and the sweeps replay prefixes):
  // each distinct step is filled, and counted, once.
  EpisodeOptions reuse;
  reuse.reuse_fills = true;
  ConstructionEpisode episode(cost, reuse);
  const PolicyEpisodeView view(*state, episode);
  PlannerRun run(budget, progress, cancel);
  std::mt19937_64 rng(seed);
  int rollouts = 0, swept = 0, sampled = 0, exploring = 0, changed = 0, retuned = 0;
  // With an evaluation budget the planner samples until it is spent (the best-so-far curves
  // compare planners at equal evaluations); otherwise the schedule bounds planning time.
  const bool byEvaluations = budget.evaluations > 0;
  const long long after = std::max(0, schedule_.sampled) + std::max(0, schedule_.exploring);
  PolicyRollout best;  // the rollout that reached the best plan so far
  PolicyRollout greedyRoll;
  long long bestVersion = 0;  // times `best` was replaced
  long long greedyVersion = 0;
  int bestSteps = 0;   // how many of its steps built that plan
  // Runs one rollout and offers every step's plan. Evaluations are counted before each offer,
  // so the best-so-far curve is exact per step.
  const auto roll = [&](RolloutOptions o) {
    long long counted = 0;  // evaluations of this rollout already given to `run`
    int improvedAt = 0;     // steps of this rollout that built a new best plan (0: none did)
    o.after_step = [&run, &counted, &improvedAt](const ConstructionEpisode& e) {
      run.addEvaluations(e.evaluations() - counted);
      counted = e.evaluations();
      if (run.offer(e)) improvedAt = e.stepCount();
    };
    PolicyRollout r = runPolicyRollout(*net, view, episode, rng, o);
    run.addEvaluations(r.evaluations - counted);
    ++rollouts;
    if (improvedAt > 0) {
      best = r;
      bestSteps = improvedAt;
      ++bestVersion;
    }
    return r;
  };
  int idle = 0;
  // The sweep: a greedy rollout from every allowed (first depth, first stage's GPU type and TP
  // degree). A policy sure of a shallow pipeline can hide a fast deep one (the reason training
  // forces depths), one sure of which GPU type leads can hide a better stage order, and one sure
  // of the first stage's TP degree can hide a template that starts narrower or wider, most of
  // all on a composition it never saw. It costs at most D_max x T_max x K greedy rollouts, and
  // after the three forced decisions every decision is still the policy's argmax.
  std::vector<std::vector<int>> sweep;  // prefixes: (depth action, first stage's device slot, its TP)
  for (long long r = 0;; ++r) {
    if (r > 0 && run.shouldStop()) break;  // the greedy rollout always runs: it is the answer
    const bool sweeping = r > 0 && swept < static_cast<int>(sweep.size());
    const long long k = r - 1 - swept;  // index among the rollouts after the sweep
    if (!sweeping && r > 0 && !byEvaluations && k >= after) break;
    RolloutOptions o;
    if (r == 0 || sweeping) {
      o.greedy = true;
      if (sweeping) o.prefix = sweep[static_cast<size_t>(swept++)];
    } else {
      o = schedule_.after(k);
      ++(schedule_.explores(k) ? exploring : sampled);
    }
    const PolicyRollout rolled = roll(o);
    if (r == 0) {
      greedyRoll = rolled;
      greedyVersion = bestVersion;
    }
    if (r == 0 && schedule_.depth_sweep) sweep = firstDecisionSweep(view, episode, rolled);
    const double planned = 1.0 + static_cast<double>(sweep.size()) + static_cast<double>(after);
    run.progress(byEvaluations ? std::min(1.0, static_cast<double>(run.evaluations()) / static_cast<double>(budget.evaluations))
                               : static_cast<double>(r + 1) / planned,
                 std::to_string(rollouts) + " policy rollouts");
    if (sweeping) continue;
    // A policy that admits nothing would never spend an evaluation budget, nor would one whose
    // rollouts only repeat constructions already filled (on a small cluster it can exhaust what
    // it would ever sample). A flat policy that places nothing stops at once (its arithmetic
    // heads leave nothing else to vary).
    bool placed = false;
    for (const RolloutStep& step : rolled.steps) placed = placed || !step.choice.isStop();
    if (!placed && flat_) break;
    idle = !placed ? idle + 64 : rolled.evaluations == 0 ? idle + 1 : 0;
    if (idle >= kIdleRollouts) break;
  }
  // A greedy rollout for every other action `d`'s mask allows after the decisions `before`;
  // `child` gets each rollout and the prefix it was given. Returns how many ran.
  const auto changeEach = [&](std::vector<int>& before, const PolicyDecision& d, const auto& child) {
    int n = 0;
    for (int a = 0; a < static_cast<int>(d.mask.size()) && !run.shouldStop(); ++a) {
      if (!d.mask[static_cast<size_t>(a)] || a == d.action) continue;
      RolloutOptions o;
      o.greedy = true;
      before.push_back(a);
      o.prefix = before;
      before.pop_back();
      child(roll(o), o.prefix);
      ++n;
    }
    return n;
  };
  const auto ignore = [](const PolicyRollout&, const std::vector<int>&) {};
  // Changes each TP decision of the step whose depth decision is the rollout's `at`-th decision.
  const auto changeTpOfStep = [&](const PolicyRollout& rolled, size_t at) {
    int n = 0;
    std::vector<int> actions;
    for (const RolloutStep& step : rolled.steps) {
      const bool changedStep = actions.size() == at;
      for (const PolicyDecision& d : step.decisions) {
        if (changedStep && d.kind == DecisionKind::Tp) n += changeEach(actions, d, ignore);
        actions.push_back(d.action);
      }
      if (changedStep) break;
    }
    return n;
  };
  // Phase 5: every single decision changed, the rest the policy's argmax: of the greedy rollout
  // (the policy's answer), then of the best rollout while rounds replace it.
  long long seen = greedyVersion;  // bestVersion when the last round's base was the best rollout
  for (int round = 0; round < schedule_.change_rounds && bestSteps > 0 && !run.shouldStop(); ++round) {
    if (round > 0 && seen == bestVersion) break;  // the best rollout was a base already
    const PolicyRollout base = round == 0 ? greedyRoll : best;
    if (round > 0) seen = bestVersion;
    // Around the greedy rollout, a changed depth is a new template whose TP degrees the policy
    // chose for a depth it did not prefer: each is changed once more.
    const auto retune = [&](const PolicyRollout& child, const std::vector<int>& prefix) {
      retuned += changeTpOfStep(child, prefix.size() - 1);
    };
    std::vector<int> actions;
    for (const RolloutStep& step : base.steps) {
      for (const PolicyDecision& d : step.decisions) {
        if (round == 0 && d.kind == DecisionKind::Depth)
          changed += changeEach(actions, d, retune);
        else
          changed += changeEach(actions, d, ignore);
        actions.push_back(d.action);
      }
    }
  }
  // Phase 6: the best construction's stage orders (stage_order_sweep.h).
  int orders = 0;
  // Not for flat-rl: the sweep replays templates through the rule-based fill, which the ablation
  // does without (its templates are placed with the arithmetic its policy decided).
  if (schedule_.stage_orders && !flat_ && bestSteps > 0 && !run.shouldStop()) {
    std::vector<TemplateChoice> construction;
    for (int i = 0; i < bestSteps; ++i)
      if (!best.steps[static_cast<size_t>(i)].choice.isStop()) construction.push_back(best.steps[static_cast<size_t>(i)].choice);
    if (!construction.empty()) orders = sweepStageOrders(episode, run, construction).orders;
  }
  return run.finish(episode, name_, version(), seed,
                    std::to_string(rollouts) + " policy rollouts (1 greedy, " + std::to_string(swept) +
                        " greedy from another first depth, GPU type and TP, " + std::to_string(sampled) + " sampled, " +
                        std::to_string(exploring) + " exploring, " + std::to_string(changed) +
                        " with one decision changed, " + std::to_string(retuned) + " with a depth and a TP degree changed; " + std::to_string(orders) + " stage orders)");
}

}  // namespace arachne
