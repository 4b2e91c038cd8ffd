// `sailor`: Sailor's planner (Strati et al., SOSP'25) behind our Planner interface. Its own
// search and estimator rank the plans (SailorSearch); the first ranked plan our cost model finds
// feasible is returned, priced with Sailor's micro-batch count. Ported from eth-easl/sailor
// cf2c8e3 (MIT); what is faithful and what deviates: docs/baselines.md.
#pragma once

#include <memory>
#include <string>

#include "planning/baselines/sailor_files.h"
#include "planning/planner.h"

namespace arachne {

class SailorPlanner : public Planner, public SailorFileUser {
 public:
  std::string name() const override { return "sailor"; }
  std::string version() const override { return "1 (eth-easl/sailor cf2c8e3)"; }
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;

  // Sailor's measured network fits (one zone) and per-layer-index profile times for its
  // estimator; without them it reads the cost model's profiles and the catalog's rates.
  void setSailorFiles(const SailorFiles& files) override { files_ = files; }

 private:
  SailorFiles files_;
};

}  // namespace arachne
