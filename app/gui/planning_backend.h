// What the window needs from the planning core: the planner names and a job that plans one
// request on the worker thread. The product uses CorePlanningBackend; tests may pass their own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "model/model.h"
#include "planning_runner.h"

namespace arachne::gui {

struct PlanningRequest {
  Composition composition;
  Model model;
  TrainingSpec spec;
  std::string planner;
  PlannerBudget budget;
  std::uint64_t seed = 1;
};

class PlanningBackend {
 public:
  virtual ~PlanningBackend() = default;
  virtual std::vector<std::string> plannerNames() const = 0;
  // The planner a new window selects when the settings name none (or in screenshot mode).
  virtual std::string defaultPlanner() const { return "greedy"; }
  // The job copies the request; it builds profiles and the cost model on the worker thread.
  virtual PlanningRunner::Job makeJob(const PlanningRequest& request) const = 0;
};

}  // namespace arachne::gui
