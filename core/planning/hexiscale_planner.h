// HexiScale (arXiv 2409.01143, first named FlashFlex): asymmetric DP / PP / TP over heterogeneous
// GPUs by hierarchical graph partitioning. Ported from the re-implementation in eth-easl/sailor
// (MIT) @ cf2c8e3, Planner/baselines/FlashFlex; the runtime is Relaxed-System-Lab/FlashFlex.
// docs/baselines.md says what is faithful and what is not.
#pragma once

#include "planning/planner.h"

namespace arachne {

class HexiScalePlanner : public Planner {
 public:
  std::string name() const override { return "hexiscale"; }
  std::string version() const override { return "1"; }
  // For every pipeline count 1 .. GPUs / 5: the GPUs are cut into that many pipelines of equal
  // compute (graph partition), each pipeline into 1-3 GPU groups (the count drawn from
  // Binomial(2, 0.2) + 1 with `seed`), the groups ordered, split into TP groups per machine and
  // given blocks by memory; HexiScale's own estimator ranks the candidates and the fastest one our
  // cost model finds feasible is returned, priced by our cost model. Topology as it is.
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;
};

}  // namespace arachne
