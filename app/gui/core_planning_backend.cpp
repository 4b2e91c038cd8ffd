// CorePlanningBackend: the same calls the CLI makes, so the GUI's numbers are the CLI's numbers.
#include "core_planning_backend.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <system_error>

#include "catalog/gpu_catalog.h"
#include "cost/cost_model.h"
#include "profile/analytic_profiler.h"

// The learned planners come from the policy library that the core loads on first use
// (core/plugin): their availability is read from the plugin's state, which never loads it.
#include "plugin/policy_plugin.h"
#include "plugin/policy_weights_paths.h"

namespace arachne::gui {

std::vector<std::string> CorePlanningBackend::plannerNames() const { return arachne::plannerNames(); }

std::string CorePlanningBackend::defaultPlanner() const {
  const std::vector<std::string> names = plannerNames();
  if (std::find(names.begin(), names.end(), "arachne") != names.end() &&
      availability("arachne").policy != PlannerAvailability::Policy::Unavailable)
    return "arachne";
  return "greedy";
}

PlannerAvailability CorePlanningBackend::availability(const std::string& planner) const {
  PlannerAvailability a;
  if (!isLearnedPlanner(planner)) return a;
  const PolicyPluginStatus s = policyPluginStatus();  // never loads, never waits
  switch (s.state) {
    case PolicyPluginState::NotLoaded: a.policy = PlannerAvailability::Policy::NotLoaded; break;
    case PolicyPluginState::Loading: a.policy = PlannerAvailability::Policy::Loading; break;
    case PolicyPluginState::Loaded: a.policy = PlannerAvailability::Policy::Loaded; break;
    case PolicyPluginState::Unavailable:
      a.policy = PlannerAvailability::Policy::Unavailable;
      a.problem = s.problem;
      return a;
  }
  // A missing weights file is known without loading anything (a corrupt one only when it plans).
  const std::string weights = planner == "arachne"  ? defaultPolicyWeightsPath()
                              : planner == "flat-rl" ? defaultFlatRlWeightsPath()
                                                     : std::string();
  std::error_code ec;
  if (!weights.empty() && !std::filesystem::exists(weights, ec)) {
    a.policy = PlannerAvailability::Policy::Unavailable;
    a.problem = "weights file " + weights + " not found";
  }
  return a;
}

PlanningRunner::Job CorePlanningBackend::makeJob(const PlanningRequest& request) const {
  return [request](const ProgressCallback& progress, const std::atomic<bool>* cancel) {
    // On the worker thread: making a learned planner may load the policy library (seconds).
    std::unique_ptr<Planner> planner = makePlanner(request.planner);
    if (!planner) throw std::runtime_error("unknown planner '" + request.planner + "'");
    const GpuCatalog& catalog = GpuCatalog::builtin();
    const ProfileSet profiles = makeAnalyticProfiles(catalog, request.composition.gpuTypes(),
                                                     request.model, request.spec);
    const CostModel cost(catalog, request.composition, request.model, request.spec, profiles);
    return planner->plan(cost, request.budget, request.seed, progress, cancel);
  };
}

}  // namespace arachne::gui
