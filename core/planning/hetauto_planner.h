// HetAuto: the search baseline of the Arachne paper's "Search efficiency" that pays its search at
// every call (no offline learning). We read it as H2's HeteroAuto (arXiv 2505.17548): a
// cost-model-driven two-stage search over HeteroPP pipelines, whose public record is an abstract;
// every choice we had to make is in docs/baselines.md.
#pragma once

#include "planning/planner.h"

namespace arachne {

class HetAutoPlanner : public Planner {
 public:
  std::string name() const override { return "hetauto"; }
  std::string version() const override { return "1"; }
  // Stage 1 draws coarse structures (HetAutoSpace) at random with `seed`, each at most once;
  // stage 2 starts each from the speed-proportional layer split and moves single layers across
  // stage boundaries while that shortens the iteration (best improvement, local optimum). Every
  // candidate is priced by our cost model and counts as one evaluation. Runs until the budget
  // ends, the cancel flag is set, or 100,000 draws in a row give nothing new.
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;
};

}  // namespace arachne
