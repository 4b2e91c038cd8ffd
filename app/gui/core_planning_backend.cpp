// CorePlanningBackend: the same calls the CLI makes, so the GUI's numbers are the CLI's numbers.
#include "core_planning_backend.h"

#include <memory>
#include <stdexcept>

#include "catalog/gpu_catalog.h"
#include "cost/cost_model.h"
#include "profile/analytic_profiler.h"

namespace arachne::gui {

std::vector<std::string> CorePlanningBackend::plannerNames() const { return arachne::plannerNames(); }

PlanningRunner::Job CorePlanningBackend::makeJob(const PlanningRequest& request) const {
  return [request](const ProgressCallback& progress, const std::atomic<bool>* cancel) {
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
