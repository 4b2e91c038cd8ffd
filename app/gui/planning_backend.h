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
  std::uint64_t seed = kDefaultPlanningSeed;
};

// What the window can tell about a planner before running it. A learned planner loads its policy
// library (LibTorch) the first time it plans, which takes seconds, and plans with greedy under a
// "warning:" when the library or its weights cannot be used.
struct PlannerAvailability {
  enum class Policy { None, NotLoaded, Loading, Loaded, Unavailable };
  Policy policy = Policy::None;  // None: not a learned planner
  std::string problem;           // why it will plan with greedy (Unavailable); empty otherwise
  bool learned() const { return policy != Policy::None; }
};

class PlanningBackend {
 public:
  virtual ~PlanningBackend() = default;
  virtual std::vector<std::string> plannerNames() const = 0;
  // The planner a new window selects when the settings name none (or in screenshot mode).
  virtual std::string defaultPlanner() const { return "greedy"; }
  // Never loads anything and never waits (the window asks from its UI thread).
  virtual PlannerAvailability availability(const std::string& /*planner*/) const { return {}; }
  // The job copies the request; it builds profiles and the cost model on the worker thread.
  virtual PlanningRunner::Job makeJob(const PlanningRequest& request) const = 0;
};

}  // namespace arachne::gui
