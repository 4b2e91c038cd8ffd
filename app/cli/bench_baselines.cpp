// The bench's baselines section: planning time of every baseline beside arachne at 128, 256 and
// 512 GPUs with two and three GPU types (the paper's Figure 1 latency panel), each planner with
// its own wall-clock budget (the paper's cutoff is 600 s).
#include <algorithm>
#include <sstream>

#include "bench_common.h"
#include "cluster/cluster_spec.h"
#include "table.h"

namespace arachne::cli {

namespace {

struct BaselineCluster {
  const char* spec;   // preset name or inline form
  const char* label;  // what the table says
  int types;
};

// Two types: A100-40 and H100 1:1 in 4-GPU nodes; three: the paper's 1:1:2 A100-40, A6000, H100.
const BaselineCluster kClusters[] = {
    {"a100-40:4x16,h100:4x16", "2 types, 128 GPUs", 2}, {"a100-40:4x32,h100:4x32", "2 types, 256 GPUs", 2},
    {"a100-40:4x64,h100:4x64", "2 types, 512 GPUs", 2}, {"paper-3t-128", "3 types, 128 GPUs", 3},
    {"paper-3t-256", "3 types, 256 GPUs", 3},           {"paper-3t-512", "3 types, 512 GPUs", 3},
};

// Whether the planner stopped at its budget rather than finishing its search (HetAuto ends its own
// search after 100,000 draws without a new structure, which its message also calls "stopped").
bool atBudget(const BenchRun& r, double budget) { return r.result.stats.budget_spent || r.wall_s >= 0.98 * budget; }

}  // namespace

void benchBaselines(BenchOutput& o) {
  const BenchOptions& opt = o.options();
  o.heading("baselines", "planning time of the baselines beside " + opt.arachne + " (" + opt.baseline_model + ")");
  std::vector<std::string> planners = {opt.arachne};
  for (const std::string& p : opt.baseline_planners)
    if (p != opt.arachne) planners.push_back(p);
  std::vector<std::string> header = {"cluster"};
  for (const std::string& p : planners) header.push_back(p + " s");
  for (const std::string& p : planners) header.push_back(p + " seq/s");
  std::vector<std::vector<std::string>> rows, csvRows;
  std::vector<std::string> notes;
  const size_t count = opt.quick ? 2 : std::size(kClusters);
  for (size_t i = 0; i < count; ++i) {
    const BaselineCluster& bc = kClusters[opt.quick ? i * 3 : i];
    const auto p = makeBenchProblem(resolveCluster(bc.spec, GpuCatalog::builtin()), opt.baseline_model);
    std::vector<std::string> times, thr;
    for (const std::string& name : planners) {
      const double budget = name == opt.arachne ? opt.budget_s : opt.baseline_budget_s;
      o.progress("baselines: " + std::string(bc.label) + ", " + name + " (budget " + fixed(budget, 0) + " s)");
      const BenchRun r = o.run(name, *p, {budget, 0}, opt.seed);
      const bool cut = name != opt.arachne && atBudget(r, budget);
      times.push_back(fixed(r.wall_s, 2) + (cut ? " (budget)" : ""));
      thr.push_back(r.result.found ? fixed(r.throughput(), 2) : "none");
      csvRows.push_back({bc.spec, std::to_string(bc.types), std::to_string(p->composition.totalGpus()), name,
                         csvNumber(budget, 1), csvNumber(r.wall_s, 3), cut ? "1" : "0",
                         std::to_string(r.result.stats.evaluations), r.result.found ? csvNumber(r.throughput(), 4) : ""});
      if (!r.result.stats.message.empty() && name != opt.arachne)
        notes.push_back(std::string(bc.label) + ", " + name + ": " + r.result.stats.message.substr(0, 300));
    }
    std::vector<std::string> row = {std::string(bc.label) + " (`" + bc.spec + "`)"};
    row.insert(row.end(), times.begin(), times.end());
    row.insert(row.end(), thr.begin(), thr.end());
    rows.push_back(std::move(row));
  }
  o.out() << markdownTable(header, rows, "l" + std::string(2 * planners.size(), 'r')) << "\n";
  o.out() << "(wall time of the whole plan() call; \"(budget)\" marks a planner stopped by its budget of "
          << fixed(opt.baseline_budget_s, 0) << " s before its search ended; " << opt.arachne << " ran with "
          << fixed(opt.budget_s, 0) << " s; seq/s is our cost model's price of the plan returned, analytic profiles, "
          << "catalog networks; seed " << opt.seed << ")\n\n";
  for (const std::string& n : notes) o.out() << "- " << n << "\n";
  o.csv("baselines", {"cluster", "types", "gpus", "planner", "budget_s", "wall_s", "at_budget", "evaluations", "seq_per_s"},
        csvRows);
}

}  // namespace arachne::cli
