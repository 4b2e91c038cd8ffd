// Planners registered at run time (e.g. the learned ones, which need torch) next to the core's own,
// so makePlanner() and plannerNames() list them without arachne_core linking their libraries.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "planning/planner.h"

namespace arachne {

using PlannerFactory = std::function<std::unique_ptr<Planner>()>;

// Adds `name` after the core's planners (plannerNames() keeps registration order), or replaces
// the factory of an already registered extra name (the learned planners' names are listed from
// the start; the policy library registers their factories in place). A core planner's name cannot be taken:
// throws std::invalid_argument. Thread-safe; meant to be called from main() before planning.
void registerPlanner(const std::string& name, PlannerFactory factory);

}  // namespace arachne
