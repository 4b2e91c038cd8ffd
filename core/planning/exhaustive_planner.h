// The exhaustive planner: every distinct plan of the construction space (templates in any
// order removed when they commute), the oracle on small compositions. It searches the finest
// stage-order granularity whose estimated size fits the budget and refuses, with its estimate,
// when even the coarsest does not.
#pragma once

#include "planning/planner.h"
#include "planning/template_enumerator.h"

namespace arachne {

class ExhaustivePlanner : public Planner {
 public:
  std::string name() const override { return "exhaustive"; }
  std::string version() const override { return "1"; }
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;

  // Forces one granularity (tests use Every on tiny compositions); unset = choose by budget.
  void setOrders(StageOrders orders) { forced_ = true; orders_ = orders; }

 private:
  bool forced_ = false;
  StageOrders orders_ = StageOrders::Every;
};

}  // namespace arachne
