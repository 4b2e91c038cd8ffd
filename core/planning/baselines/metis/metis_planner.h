// `metis`: Metis (Um et al., ATC'24) behind our Planner interface, our own implementation of its
// search and cost model (SamsungLabs/Metis and Sailor's fork are CC BY-NC: read, not copied). It
// sees the topology as it is, stops at its time budget (checked between candidates; the paper
// runs 600 s: --budget-s 600), ranks every candidate with its own estimator, and returns the
// first ranked plan our plan model holds and our cost model finds feasible (docs/baselines.md).
#pragma once

#include "planning/baselines/sailor_files.h"
#include "planning/planner.h"

namespace arachne {

class MetisPlanner : public Planner, public SailorFileUser {
 public:
  std::string name() const override { return "metis"; }
  std::string version() const override { return "1 (Metis, ATC'24; Sailor's inputs)"; }
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;
  // Sailor's network fits (Metis's inter- and intra-node rates) and per-index profile times.
  void setSailorFiles(const SailorFiles& files) override { files_ = files; }

 private:
  SailorFiles files_;
};

}  // namespace arachne
