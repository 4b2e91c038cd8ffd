// Pricing measured runs and computing their errors.
#include "sailor/sailor_validation.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "cost/cost_model.h"
#include "io/load_error.h"
#include "model/model.h"
#include "profile/profile_set.h"

namespace arachne {

namespace {

std::string shortLabel(const std::string& file) {
  // The last three path components name a run uniquely in Sailor's tree (model/N*/file).
  std::filesystem::path p(file);
  std::vector<std::string> parts;
  for (const auto& c : p) parts.push_back(c.string());
  std::string out;
  const size_t from = parts.size() > 3 ? parts.size() - 3 : 0;
  for (size_t i = from; i < parts.size(); ++i) out += (out.empty() ? "" : "/") + parts[i];
  if (out.size() > 5 && out.substr(out.size() - 5) == ".json") out.resize(out.size() - 5);
  return out;
}

}  // namespace

ValidationRow validateRun(const SailorRun& run, const Model& model, const GpuCatalog& catalog,
                          const ProfileSet& profiles, const CostTerms& terms,
                          std::shared_ptr<const NetworkProfile> network) {
  ValidationRow row;
  row.file = run.file;
  row.label = shortLabel(run.file);
  row.model_id = model.id;
  row.nodes = run.nodes;
  row.depth = run.pipeline_depth;
  row.replicas = run.replicas;
  row.tp = run.tp;
  row.global_batch = run.spec.global_batch;
  if (!run.plan.templates.empty()) {
    row.micro_batch = run.plan.templates[0].micro_batch;
    row.micro_batches = run.plan.templates[0].micro_batches;
  }
  row.measured_s = run.measured_iteration_s;
  row.measured_bytes = run.measured_peak_bytes;
  row.suspect = run.suspect;
  row.notes = run.notes;

  if (run.layer_count != model.layerCount()) {
    row.problem = "the plan covers " + std::to_string(run.layer_count) + " layers but model '" +
                  model.id + "' has " + std::to_string(model.layerCount());
    return row;
  }
  try {
    Composition composition = run.composition;
    if (network) composition.network = std::move(network);
    CostModel cm(catalog, composition, model, run.spec, profiles, terms);
    const PlanReport rep = cm.price(run.plan, /*rebalance=*/false);
    if (rep.templates.empty()) {
      row.problem = rep.violations.empty() ? "the cost model returned no template"
                                           : rep.violations.front().message;
      return row;
    }
    // An out-of-memory verdict still carries the numbers we compare; anything else that is
    // violated means the price is not meaningful.
    for (const auto& v : rep.violations)
      if (v.kind != ViolationKind::OutOfMemory) {
        row.problem = toString(v.kind) + ": " + v.message;
        return row;
      }
    for (const auto& v : rep.violations) row.notes.push_back("predicted " + v.message);
    row.predicted_s = rep.iteration_time_s;
    // A run whose replicas mix GPU types is several templates (one per chain run): the time
    // parts are the slowest template's, the peak memory any stage's.
    size_t slowest = 0;
    for (size_t j = 0; j < rep.templates.size(); ++j)
      if (rep.templates[j].iteration_time_s > rep.templates[slowest].iteration_time_s) slowest = j;
    for (size_t j = 0; j < rep.templates.size(); ++j)
      for (size_t s = 0; s < rep.templates[j].stages.size(); ++s) {
        const StageMemory& m = rep.templates[j].stages[s].memory;
        if (m.total() > row.predicted_bytes) {
          row.predicted_bytes = m.total();
          row.peak = m;
          row.peak_stage = static_cast<int>(s);
        }
      }
    const TemplateReport& t = rep.templates[slowest];
    for (size_t s = 0; s < t.stages.size(); ++s) {
      const StageReport& st = t.stages[s];
      const double ts = st.time.perMicroBatch();
      row.straggler_s = std::max(row.straggler_s, ts);
      row.fill_s += ts;
      row.sync_s = std::max(row.sync_s, st.time.grad_sync + st.time.embedding_sync + st.time.optimizer);
      row.max_compute_s = std::max(row.max_compute_s, st.time.compute + st.time.tp_comm);
      row.max_p2p_s = std::max(row.max_p2p_s, st.time.p2p);
      row.max_grad_sync_s = std::max(row.max_grad_sync_s, st.time.grad_sync);
      row.max_optimizer_s = std::max(row.max_optimizer_s, st.time.optimizer);
      row.max_embedding_sync_s = std::max(row.max_embedding_sync_s, st.time.embedding_sync);
    }
    row.time_error = (row.predicted_s - row.measured_s) / row.measured_s;
    row.memory_error = (row.predicted_bytes - row.measured_bytes) / row.measured_bytes;
    row.priced = true;
  } catch (const LoadError& e) {
    row.problem = e.what();
  }
  return row;
}

std::vector<ValidationSummary> summarize(const std::vector<ValidationRow>& rows) {
  std::vector<std::string> models;
  for (const auto& r : rows)
    if (std::find(models.begin(), models.end(), r.model_id) == models.end())
      models.push_back(r.model_id);
  models.push_back("");  // all
  std::vector<ValidationSummary> out;
  for (const auto& m : models) {
    ValidationSummary s;
    s.model_id = m;
    for (const auto& r : rows) {
      if (!m.empty() && r.model_id != m) continue;
      ++s.runs;
      if (!r.priced) continue;
      ++s.counted_with_suspect;
      s.time_mape_with_suspect += std::fabs(r.time_error);
      s.memory_mape_with_suspect += std::fabs(r.memory_error);
      if (r.suspect) continue;
      ++s.counted;
      s.time_mape += std::fabs(r.time_error);
      s.memory_mape += std::fabs(r.memory_error);
    }
    if (s.counted) {
      s.time_mape /= s.counted;
      s.memory_mape /= s.counted;
    }
    if (s.counted_with_suspect) {
      s.time_mape_with_suspect /= s.counted_with_suspect;
      s.memory_mape_with_suspect /= s.counted_with_suspect;
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace arachne
