// Espresso (IEEE INFOCOM 2025, Zhou et al.; code Espresso111/Espresso, no licence: learned from,
// nothing copied): a cost-tree GPU allocator with multi-dimensional pruning and a stage placer,
// ranked by its own estimator (EspressoEstimator); the chosen plan is priced by our cost model.
// Espresso needs uniform node sizes: on a cluster whose node sizes differ within a GPU type it
// plans on the reading in which every GPU is its own node (the paper's protocol). What is faithful
// and what is not: docs/baselines.md.
#pragma once

#include "planning/planner.h"

namespace arachne {

class EspressoPlanner : public Planner {
 public:
  std::string name() const override { return "espresso"; }
  std::string version() const override { return "1"; }
  // For every TP degree of Espresso's list {1, 2, 4, 8} the nodes admit, every DP degree 2^e whose
  // replicas each still get a micro-batch (of the smallest size every usable type has profiled),
  // and every depth from the least to the most
  // at which one GPU type alone fits memory: first every single-type pipeline, then a best-first
  // walk of the cost tree (how many stages each GPU type gets, one type per tree level) ordered by
  // a FLOP lower bound on the iteration time and pruned by it; every leaf goes to the stage
  // placer. Deterministic; `seed` is recorded only.
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;
};

}  // namespace arachne
