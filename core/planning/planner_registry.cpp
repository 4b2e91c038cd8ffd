// The planners the core provides, by name, and those registered next to them at run time.
#include <mutex>
#include <stdexcept>
#include <utility>

#include "planning/baselines/amp/amp_planner.h"
#include "planning/baselines/metis/metis_planner.h"
#include "planning/baselines/sailor/sailor_planner.h"
#include "planning/exhaustive_planner.h"
#include "planning/greedy_planner.h"
#include "planning/planner.h"
#include "planning/planner_extensions.h"
#include "planning/random_planner.h"

namespace arachne {

namespace {

const std::vector<std::string>& corePlannerNames() {
  static const std::vector<std::string> names = {
      "greedy", "random", "exhaustive",
      // The baselines of the paper (issue 12), in its order.
      "metis", "sailor", "amp",
  };
  return names;
}

struct ExtraPlanners {
  std::mutex mutex;
  std::vector<std::pair<std::string, PlannerFactory>> factories;
};

ExtraPlanners& extraPlanners() {
  static ExtraPlanners extra;
  return extra;
}

}  // namespace

void registerPlanner(const std::string& name, PlannerFactory factory) {
  for (const auto& n : corePlannerNames())
    if (n == name) throw std::invalid_argument("planner '" + name + "' is one of the core's");
  if (name.empty() || !factory) throw std::invalid_argument("registerPlanner: empty name or factory");
  ExtraPlanners& extra = extraPlanners();
  std::lock_guard<std::mutex> lock(extra.mutex);
  for (auto& [n, f] : extra.factories)
    if (n == name) {
      f = std::move(factory);
      return;
    }
  extra.factories.emplace_back(name, std::move(factory));
}

std::vector<std::string> plannerNames() {
  std::vector<std::string> names = corePlannerNames();
  ExtraPlanners& extra = extraPlanners();
  std::lock_guard<std::mutex> lock(extra.mutex);
  for (const auto& [n, f] : extra.factories) names.push_back(n);
  return names;
}

std::unique_ptr<Planner> makePlanner(const std::string& name) {
  if (name == "greedy") return std::make_unique<GreedyPlanner>();
  if (name == "random") return std::make_unique<RandomPlanner>();
  if (name == "exhaustive") return std::make_unique<ExhaustivePlanner>();
  if (name == "metis") return std::make_unique<MetisPlanner>();
  if (name == "sailor") return std::make_unique<SailorPlanner>();
  if (name == "amp") return std::make_unique<AmpPlanner>();
  PlannerFactory factory;
  {
    ExtraPlanners& extra = extraPlanners();
    std::lock_guard<std::mutex> lock(extra.mutex);
    for (const auto& [n, f] : extra.factories)
      if (n == name) factory = f;
  }
  return factory ? factory() : nullptr;
}

}  // namespace arachne
