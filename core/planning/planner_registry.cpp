// The planners the core provides, by name, the learned ones (from the policy library, loaded when
// first made), and those registered next to them at run time.
#include <mutex>
#include <stdexcept>
#include <utility>


#include "planning/baselines/amp/amp_planner.h"
#include "planning/baselines/metis/metis_planner.h"
#include "planning/baselines/sailor/sailor_planner.h"
#include "planning/espresso_planner.h"
#include "planning/exhaustive_planner.h"
#include "planning/greedy_planner.h"
#include "planning/hetauto_planner.h"
#include "planning/hexiscale_planner.h"
#include "planning/planner.h"
#include "planning/planner_extensions.h"
#include "planning/random_planner.h"
#include "plugin/policy_fallback_planner.h"
#include "plugin/policy_plugin.h"

namespace arachne {

namespace {

const std::vector<std::string>& corePlannerNames() {
  static const std::vector<std::string> names = {
      "greedy", "random", "exhaustive",
      // The baselines of the paper (issue 12), in its order.
      "metis", "sailor", "amp", "hexiscale", "espresso", "hetauto",
  };
  return names;
}

// The learned planners are listed from the start with an empty factory: makePlanner() of one
// loads the policy library, which registers their factories in place.
struct ExtraPlanners {
  std::mutex mutex;
  std::vector<std::pair<std::string, PlannerFactory>> factories;
  ExtraPlanners() {
    for (const auto& n : learnedPlannerNames()) factories.emplace_back(n, PlannerFactory{});
  }
};

ExtraPlanners& extraPlanners() {
  // Never destroyed: the factories the policy module registers hold LibTorch objects, which
  // must not be torn down after LibTorch itself at exit.
  static ExtraPlanners* extra = new ExtraPlanners;
  return *extra;
}

// The factory registered for `name`; `known` tells whether the name is listed at all.
PlannerFactory findFactory(const std::string& name, bool* known) {
  ExtraPlanners& extra = extraPlanners();
  std::lock_guard<std::mutex> lock(extra.mutex);
  *known = false;
  for (const auto& [n, f] : extra.factories)
    if (n == name) {
      *known = true;
      return f;
    }
  return {};
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
  if (name == "hexiscale") return std::make_unique<HexiScalePlanner>();
  if (name == "espresso") return std::make_unique<EspressoPlanner>();
  if (name == "hetauto") return std::make_unique<HetAutoPlanner>();
  bool known = false;
  PlannerFactory factory = findFactory(name, &known);
  if (!known) return nullptr;
  if (factory) return factory();
  // A learned planner before the policy library registered it (never under the registry's
  // lock: loading calls registerPlanner()).
  const PolicyPluginStatus status = loadPolicyPlugin();
  factory = findFactory(name, &known);
  if (factory) return factory();
  return std::make_unique<PolicyFallbackPlanner>(
      name, status.state == PolicyPluginState::Loaded ? "the policy library " + status.path + " did not register it"
                                                      : status.problem);
}

}  // namespace arachne
