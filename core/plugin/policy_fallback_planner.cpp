// Greedy in place of a learned planner, with the warning every fallback shares.
#include "plugin/policy_fallback_planner.h"

#include <utility>

#include "planning/greedy_planner.h"

namespace arachne {

PlannerResult planWithGreedyInstead(const std::string& planner, const std::string& problem, const CostModel& cost,
                                    const PlannerBudget& budget, std::uint64_t seed, const ProgressCallback& progress,
                                    const std::atomic<bool>* cancel) {
  const std::string warning = "warning: the " + planner + " policy cannot be used (" + problem + "); planned with greedy";
  if (progress) {
    PlannerProgress p;
    p.message = warning;
    progress(p);
  }
  PlannerResult r = GreedyPlanner().plan(cost, budget, seed, progress, cancel);
  r.stats.message = warning + (r.stats.message.empty() ? "" : ". " + r.stats.message);
  return r;
}

PolicyFallbackPlanner::PolicyFallbackPlanner(std::string name, std::string problem)
    : name_(std::move(name)), problem_(std::move(problem)) {}

PlannerResult PolicyFallbackPlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                          const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  return planWithGreedyInstead(name_, problem_, cost, budget, seed, progress, cancel);
}

}  // namespace arachne
