// Planning with the policy: a few rollouts on the construction episode, or greedy as fallback.
#include "policy/arachne_planner.h"

#include <algorithm>
#include <random>

#include "io/load_error.h"
#include "planning/greedy_planner.h"
#include "planning/planner_run.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_io.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"

namespace arachne {

ArachnePlanner::ArachnePlanner(std::string weightsPath, int sampledRollouts, std::string name, bool flat)
    : path_(std::move(weightsPath)), name_(std::move(name)), sampled_(std::max(0, sampledRollouts)), flat_(flat) {}

ArachnePlanner::ArachnePlanner(std::shared_ptr<PolicyNetwork> network, std::string name, int sampledRollouts)
    : network_(std::move(network)), name_(std::move(name)), sampled_(std::max(0, sampledRollouts)),
      flat_(network_ && network_->config().flat) {}

ArachnePlanner::~ArachnePlanner() = default;

double ArachnePlanner::samplingTemperature(int rollout) {
  // A trained policy is sharp (it imitates its best plans), so sampling at temperature 1 mostly
  // repeats the greedy rollout; every other sampled rollout is drawn flatter to spread the search.
  static constexpr double kTemperatures[] = {1.0, 1.5, 1.0, 2.0};
  return rollout <= 0 ? 1.0 : kTemperatures[static_cast<size_t>(rollout - 1) % 4];
}

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
  if (!net) {
    const std::string warning = "warning: the " + name_ + " policy cannot be used (" + problem + "); planned with greedy";
    if (progress) {
      PlannerProgress p;
      p.message = warning;
      progress(p);
    }
    PlannerResult r = GreedyPlanner().plan(cost, budget, seed, progress, cancel);
    r.stats.message = warning + (r.stats.message.empty() ? "" : ". " + r.stats.message);
    return r;
  }

  ConstructionEpisode episode(cost);
  const PolicyEpisodeView view(*state, episode);
  PlannerRun run(budget, progress, cancel);
  std::mt19937_64 rng(seed);
  int rollouts = 0;
  // With an evaluation budget the planner samples until it is spent (the best-so-far curves
  // compare planners at equal evaluations); otherwise the rollout cap bounds planning time.
  const bool byEvaluations = budget.evaluations > 0;
  int idle = 0;
  long long counted = 0;  // evaluations of the current rollout already given to `run`
  for (int r = 0; byEvaluations || r <= sampled_; ++r) {
    if (r > 0 && run.shouldStop()) break;  // the greedy rollout always runs: it is the answer
    RolloutOptions o;
    o.greedy = r == 0;
    o.temperature = samplingTemperature(r);
    counted = 0;
    // Evaluations are counted before each offer, so the best-so-far curve is exact per step.
    o.after_step = [&run, &counted](const ConstructionEpisode& e) {
      run.addEvaluations(e.evaluations() - counted);
      counted = e.evaluations();
      run.offer(e);
    };
    const PolicyRollout roll = runPolicyRollout(*net, view, episode, rng, o);
    run.addEvaluations(roll.evaluations - counted);
    ++rollouts;
    run.progress(byEvaluations ? std::min(1.0, static_cast<double>(run.evaluations()) / static_cast<double>(budget.evaluations))
                               : static_cast<double>(r + 1) / (sampled_ + 1),
                 std::to_string(rollouts) + " policy rollouts");
    // A policy that admits nothing would never spend an evaluation budget. A flat policy that
    // places nothing stops at once (its arithmetic heads leave nothing else to vary).
    idle = roll.evaluations == 0 ? idle + 1 : 0;
    if (idle >= (flat_ ? 1 : 64)) break;
  }
  return run.finish(episode, name_, version(), seed,
                    std::to_string(rollouts) + " policy rollouts (1 greedy, " + std::to_string(rollouts - 1) +
                        " sampled)");
}

}  // namespace arachne
