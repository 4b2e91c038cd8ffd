// `amp`: AMP (Li et al., NeurIPS'22) as Sailor's re-implementation runs it, behind our Planner
// interface: AMP's estimator ranks its uniform 3D grid, the replicas are filled with GPU types
// in cluster order, and the first ranked plan our cost model finds feasible is returned.
// What is faithful and what deviates: docs/baselines.md.
#pragma once

#include "planning/baselines/sailor_files.h"
#include "planning/planner.h"

namespace arachne {

class AmpPlanner : public Planner, public SailorFileUser {
 public:
  std::string name() const override { return "amp"; }
  std::string version() const override { return "1 (AMP as in eth-easl/sailor cf2c8e3)"; }
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;
  // Sailor's network fits (AMP's slowest link) and per-index forward times (AMP's profile).
  void setSailorFiles(const SailorFiles& files) override { files_ = files; }

 private:
  SailorFiles files_;
};

}  // namespace arachne
