// The product's planning backend: analytic profiles, the cost model and makePlanner() of the core.
#pragma once

#include "planning_backend.h"

namespace arachne::gui {

class CorePlanningBackend : public PlanningBackend {
 public:
  std::vector<std::string> plannerNames() const override;
  // `arachne` when the registry lists it, its policy library is there and its weights file
  // exists (whether the file is usable shows when it first plans); `greedy` otherwise.
  std::string defaultPlanner() const override;
  PlannerAvailability availability(const std::string& planner) const override;
  PlanningRunner::Job makeJob(const PlanningRequest& request) const override;
};

}  // namespace arachne::gui
