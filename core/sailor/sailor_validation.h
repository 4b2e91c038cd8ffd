// Prices Sailor's measured runs with our cost model and compares: per-run errors and the mean
// absolute percentage errors (MAPE) per model.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cost/cost_terms.h"
#include "cost/plan_report.h"
#include "network/network_profile.h"
#include "sailor/sailor_run.h"

namespace arachne {

class GpuCatalog;
class ProfileSet;
struct Model;

struct ValidationRow {
  std::string file;
  std::string label;     // short name, e.g. "OPT-350/N16/plan_config_N16_D4"
  std::string model_id;
  int nodes = 0, depth = 0, replicas = 0, tp = 0;
  int micro_batch = 0, micro_batches = 0, global_batch = 0;
  double measured_s = 0, predicted_s = 0;
  double measured_bytes = 0, predicted_bytes = 0;
  double time_error = 0;    // (predicted - measured) / measured
  double memory_error = 0;
  bool priced = false;      // false: `problem` says why; the row is left out of the means
  bool suspect = false;     // measured values look wrong (see notes); left out of the means
  std::string problem;
  std::vector<std::string> notes;
  // Where the predicted time goes (the slowest template; a run mixing GPU types has several): the slowest stage's per-micro-batch time
  // t_max = compute + tp_comm + p2p, the pipeline fill/drain sum of t_s, and the largest
  // per-iteration gradient sync + optimizer step.
  double straggler_s = 0, fill_s = 0, sync_s = 0;
  double max_compute_s = 0, max_p2p_s = 0, max_grad_sync_s = 0, max_optimizer_s = 0;
  double max_embedding_sync_s = 0;  // the tied embeddings' all-reduce (sync_s includes it)
  StageMemory peak;         // itemised memory of the most loaded stage
  int peak_stage = -1;
};

struct ValidationSummary {
  std::string model_id;      // "" = all models
  int runs = 0;              // rows of this model
  int counted = 0;           // priced and not suspect: what the means are over
  double time_mape = 0;      // mean |time_error| over counted rows
  double memory_mape = 0;
  int counted_with_suspect = 0;  // priced rows including suspect ones
  double time_mape_with_suspect = 0;
  double memory_mape_with_suspect = 0;
};

// Prices one run under `terms`, on `network` when given (else the catalog's links). Problems
// that stop pricing (the model does not fit the plan, a profile is missing, the plan violates
// a rule) give a row with priced = false and the reason.
ValidationRow validateRun(const SailorRun& run, const Model& model, const GpuCatalog& catalog,
                          const ProfileSet& profiles, const CostTerms& terms = {},
                          std::shared_ptr<const NetworkProfile> network = nullptr);

// One summary per model in order of first appearance, then one over all rows (model_id "").
std::vector<ValidationSummary> summarize(const std::vector<ValidationRow>& rows);

}  // namespace arachne
