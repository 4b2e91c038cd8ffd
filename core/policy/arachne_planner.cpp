// Planning with the policy: a few rollouts on the construction episode, or greedy as fallback.
#include "policy/arachne_planner.h"

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

ArachnePlanner::ArachnePlanner(std::string weightsPath, int sampledRollouts, std::string name)
    : path_(std::move(weightsPath)), name_(std::move(name)), sampled_(std::max(0, sampledRollouts)) {}

ArachnePlanner::ArachnePlanner(std::shared_ptr<PolicyNetwork> network, std::string name, int sampledRollouts)
    : network_(std::move(network)), name_(std::move(name)), sampled_(std::max(0, sampledRollouts)) {}

ArachnePlanner::~ArachnePlanner() = default;

PlannerResult ArachnePlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                   const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  std::string problem;
  std::shared_ptr<PolicyNetwork> net = network_;
  if (!net) {
    try {
      net = loadPolicyOfKind(path_, false).network;
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
  for (int r = 0; byEvaluations || r <= sampled_; ++r) {
    if (r > 0 && run.shouldStop()) break;  // the greedy rollout always runs: it is the answer
    RolloutOptions o;
    o.greedy = r == 0;
    o.after_step = [&run](const ConstructionEpisode& e) { run.offer(e); };
    const PolicyRollout roll = runPolicyRollout(*net, view, episode, rng, o);
    run.addEvaluations(roll.evaluations);
    ++rollouts;
    run.progress(byEvaluations ? static_cast<double>(run.evaluations()) / static_cast<double>(budget.evaluations)
                               : static_cast<double>(r + 1) / (sampled_ + 1),
                 std::to_string(rollouts) + " policy rollouts");
    // A policy that admits nothing would never spend an evaluation budget.
    idle = roll.evaluations == 0 ? idle + 1 : 0;
    if (idle >= 64) break;
  }
  return run.finish(episode, name_, version(), seed,
                    std::to_string(rollouts) + " policy rollouts (1 greedy, " + std::to_string(rollouts - 1) +
                        " sampled)");
}

}  // namespace arachne
