// Planning with the flat-rl policy: greedy plus sampled rollouts, or greedy as fallback.
#include "policy/flat_rl_planner.h"

#include "policy/arachne_planner.h"

#include <climits>
#include <random>
#include <stdexcept>

#include "io/load_error.h"
#include "planning/greedy_planner.h"
#include "planning/planner_run.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_io.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"

namespace arachne {

FlatRlPlanner::FlatRlPlanner(std::string weightsPath, std::string name)
    : path_(std::move(weightsPath)), name_(std::move(name)) {}

FlatRlPlanner::FlatRlPlanner(std::shared_ptr<PolicyNetwork> network, std::string name)
    : network_(std::move(network)), name_(std::move(name)) {
  if (network_ && !network_->config().flat) throw std::invalid_argument("flat-rl planner: an arachne network");
}

FlatRlPlanner::~FlatRlPlanner() = default;

PlannerResult FlatRlPlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                  const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  std::string problem;
  std::shared_ptr<PolicyNetwork> net = network_;
  if (!net) {
    try {
      net = loadPolicyOfKind(path_, true).network;
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
  const int sampledCap = budget.evaluations > 0 ? INT_MAX - 1 : kSampledRolloutCap;
  int rollouts = 0;
  long long counted = 0;  // evaluations of the current rollout already given to `run`
  for (int r = 0; r <= sampledCap; ++r) {
    if (r > 0 && run.shouldStop()) break;  // the greedy rollout always runs: it is the answer
    RolloutOptions o;
    o.greedy = r == 0;
    o.temperature = ArachnePlanner::samplingTemperature(r);  // the same search as arachne's
    counted = 0;
    // Evaluations are counted before each offer, so the best-so-far curve is exact per step.
    o.after_step = [&run, &counted](const ConstructionEpisode& e) {
      run.addEvaluations(e.evaluations() - counted);
      counted = e.evaluations();
      run.offer(e);
    };
    const PolicyRollout roll = runPolicyRollout(*net, view, episode, rng, o);
    ++rollouts;
    if (roll.evaluations == 0) break;  // nothing can be placed: another rollout would not either
    const double fraction = budget.evaluations > 0
                                ? std::min(1.0, static_cast<double>(run.evaluations()) / budget.evaluations)
                                : static_cast<double>(r + 1) / (sampledCap + 1);
    run.progress(fraction, std::to_string(rollouts) + " policy rollouts");
  }
  return run.finish(episode, name_, version(), seed,
                    std::to_string(rollouts) + " policy rollouts (1 greedy, " + std::to_string(rollouts - 1) +
                        " sampled)");
}

}  // namespace arachne
