// The planners the core provides, by name.
#include "planning/exhaustive_planner.h"
#include "planning/greedy_planner.h"
#include "planning/planner.h"
#include "planning/random_planner.h"

namespace arachne {

std::vector<std::string> plannerNames() { return {"greedy", "random", "exhaustive"}; }

std::unique_ptr<Planner> makePlanner(const std::string& name) {
  if (name == "greedy") return std::make_unique<GreedyPlanner>();
  if (name == "random") return std::make_unique<RandomPlanner>();
  if (name == "exhaustive") return std::make_unique<ExhaustivePlanner>();
  return nullptr;
}

}  // namespace arachne
