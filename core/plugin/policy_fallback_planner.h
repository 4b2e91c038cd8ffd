// What a learned planner does when its policy cannot be used (no policy library, no usable
// weights): greedy's plan, under a "warning:" that says why.
#pragma once

#include <string>

#include "planning/planner.h"

namespace arachne {

// Runs the greedy planner and prefixes its message with "warning: the <planner> policy cannot
// be used (<problem>); planned with greedy", which is also sent once through `progress`.
PlannerResult planWithGreedyInstead(const std::string& planner, const std::string& problem, const CostModel& cost,
                                    const PlannerBudget& budget, std::uint64_t seed, const ProgressCallback& progress,
                                    const std::atomic<bool>* cancel);

// makePlanner()'s answer for a learned planner when the policy library cannot be loaded.
class PolicyFallbackPlanner : public Planner {
 public:
  PolicyFallbackPlanner(std::string name, std::string problem);
  std::string name() const override { return name_; }
  std::string version() const override { return "greedy-fallback"; }
  const std::string& problem() const { return problem_; }
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;

 private:
  std::string name_;
  std::string problem_;
};

}  // namespace arachne
