// The product's planning backend: analytic profiles, the cost model and makePlanner() of the core.
#pragma once

#include "planning_backend.h"

namespace arachne::gui {

class CorePlanningBackend : public PlanningBackend {
 public:
  std::vector<std::string> plannerNames() const override;
  PlanningRunner::Job makeJob(const PlanningRequest& request) const override;
};

}  // namespace arachne::gui
