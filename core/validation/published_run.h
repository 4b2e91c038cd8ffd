// Published, measured training throughputs (tests/data/published/published_runs.json) read
// into plans our cost model prices: the model, the cluster, Megatron's rank placement, the
// training spec and runtime settings each row states (docs/cost-model.md §10.2).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "cost/cost_terms.h"
#include "cost/plan_report.h"
#include "model/model.h"
#include "plan/plan.h"
#include "profile/analytic_v2.h"
#include "profile/layer_costs.h"

namespace arachne {

class GpuCatalog;

struct PublishedRun {
  std::string id, source, date, framework;
  std::string model_name;
  double params_b = 0;           // as the source states
  Model model;                   // built from the row's hyperparameters (or the catalog id)
  std::string gpu_type;          // catalog id
  int gpus = 0, gpus_per_node = 0;
  double inter_node_gbps = 0;    // per node; 0 = the catalog's figure
  int inter_node_nics = 0;       // rails that rate is split over; 0 = the catalog's
  Fabric inter_node_fabric = Fabric::Unstated;  // Unstated = the catalog's
  int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1, virtual_stages = 1;
  TrainingSpec spec;             // batch, sequence, precision, recompute, optimizer, runtime
  ActivationAssumptions activations;
  int micro_batch = 0;
  double measured_iteration_s = 0;
  bool moe = false;
  // Why the row cannot be priced (empty when it can): not expressible in our plan model
  // (FSDP, context parallelism), or an essential setting the source does not state.
  std::string not_priced;
  std::vector<std::string> notes;
};

// Reads every row; throws LoadError naming file, field and problem for malformed data. Rows
// that cannot be priced are returned with not_priced set.
std::vector<PublishedRun> loadPublishedRuns(const std::string& path, const GpuCatalog& catalog);

struct PublishedPrice {
  bool priced = false;
  std::string problem;
  double predicted_s = 0;
  double error = 0;              // (predicted - measured) / measured
  bool fits_memory = true;       // our memory model agrees the run fits
  Plan plan;
  PlanReport report;
};

// The cluster (gpus / gpus_per_node nodes), the plan (one template: DP replicas of PP stages
// at TP, layers split as Megatron does, ranks placed TP-first then DP then PP) and its price
// under `terms` with the analytic profiles (`analyticVersion` 1 or 2).
PublishedPrice pricePublishedRun(const PublishedRun& run, const GpuCatalog& catalog,
                                 const CostTerms& terms, int analyticVersion,
                                 const AnalyticTuning& tuning = {});

// Composition and plan alone (for tests and the CLI's --json).
Composition publishedComposition(const PublishedRun& run);
Plan publishedPlan(const PublishedRun& run);

}  // namespace arachne
