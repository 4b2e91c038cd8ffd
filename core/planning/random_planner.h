// The random planner: masked uniform construction with fill, repeated until the budget ends.
#pragma once

#include "planning/planner.h"

namespace arachne {


class RandomPlanner : public Planner {
 public:
  std::string name() const override { return "random"; }
  std::string version() const override { return "1"; }
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;
};

}  // namespace arachne
