// One cell of `arachne-cli paper`: the problem, the timed planner run, the re-tiled plan.
#include "paper_run.h"

#include <chrono>

#include "cluster/cluster_spec.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "planning/expert_retile.h"
#include "planning/planner.h"
#include "profile/analytic_profiler.h"
#include "scenario/scenario_run.h"

namespace arachne::cli {

namespace {

constexpr size_t kMessageChars = 300;

// Whether the planner stopped at its budget rather than at the end of its search: its run says so
// (PlannerStats::budget_spent), or it spent the evaluations or nearly the whole wall-clock budget
// without asking. A search that ends because it has nothing new to try (HetAuto after 100,000
// draws without a new structure) is not at its budget, however its message words the stop.
bool stoppedAtBudget(const CellKey& key, const PlannerResult& r, double wall) {
  if (r.stats.budget_spent) return true;
  if (key.budget_evals > 0 && r.stats.evaluations >= key.budget_evals) return true;
  return key.budget_s > 0 && wall >= 0.97 * key.budget_s;
}

std::string shortened(const std::string& s) {
  if (s.size() <= kMessageChars) return s;
  size_t at = kMessageChars;
  while (at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
  return s.substr(0, at) + "...";
}

}  // namespace

Composition paperComposition(const std::string& cluster, double a6000Gbps) {
  Composition c = resolveCluster(cluster, GpuCatalog::builtin());
  if (a6000Gbps > 0) {
    std::vector<int> ids;
    for (const Node& n : c.nodes())
      if (n.gpu_type == "a6000") ids.push_back(n.id);
    for (int id : ids) c.findNode(id)->inter_node_gbps = a6000Gbps;
  }
  return c;
}

int paperGlobalBatch(const std::string& model, int override) {
  return override > 0 ? override : resolveModel(model).default_training.global_batch;
}

std::unique_ptr<PaperProblem> makePaperProblem(const CellKey& key) {
  auto p = std::make_unique<PaperProblem>();
  p->composition = paperComposition(key.cluster, key.a6000_gbps);
  p->model = resolveModel(key.model);
  p->spec = p->model.default_training;
  if (key.global_batch > 0) p->spec.global_batch = key.global_batch;
  if (key.variant == kNoExpert) {
    p->spec.expert_tiling = false;
  } else if (!key.variant.empty()) {
    throw LoadError("<paper>", "variant", "unknown planner variant '" + key.variant + "'");
  }
  const GpuCatalog& catalog = GpuCatalog::builtin();
  p->profiles = makeAnalyticProfiles(catalog, p->composition.gpuTypes(), p->model, p->spec);
  p->cost = std::make_unique<CostModel>(catalog, p->composition, p->model, p->spec, p->profiles);
  return p;
}

CellResult runPaperCell(const CellKey& key, const std::atomic<bool>* cancel, bool& cancelled) {
  const auto problem = makePaperProblem(key);
  auto planner = makePlanner(key.planner);
  if (!planner) throw LoadError("<paper>", "planner", "unknown planner '" + key.planner + "'");
  const auto start = std::chrono::steady_clock::now();
  const PlannerResult r = planner->plan(*problem->cost, {key.budget_s, key.budget_evals}, key.seed, {}, cancel);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  cancelled = r.stats.cancelled;
  CellResult c;
  c.found = r.found;
  c.planning_s = wall;
  c.evaluations = r.stats.evaluations;
  c.gpus = problem->composition.totalGpus();
  c.refused = r.stats.refused;
  c.at_budget = stoppedAtBudget(key, r, wall);
  c.message = shortened(r.stats.message);
  if (key.budget_evals > 0) c.curve = r.stats.best_curve;  // the curves of Figure 11 only
  c.plan = r.found ? planShape(r.plan) : "-";
  if (r.found) {
    c.seq_per_s = r.report.throughput.sequences_per_s;
    c.iter_per_s = r.report.throughput.iterations_per_s;
    c.gpus_used = r.plan.gpusUsed();
    c.retiled_seq_per_s = c.seq_per_s;
    c.retiled_iter_per_s = c.iter_per_s;
    if (key.variant == kNoExpert) {
      const RetileResult t = retileExperts(*problem->cost, r.plan);
      c.retiled_changed = t.changed;
      c.retiled_seq_per_s = t.report.throughput.sequences_per_s;
      c.retiled_iter_per_s = t.report.throughput.iterations_per_s;
    }
  }
  return c;
}

}  // namespace arachne::cli
