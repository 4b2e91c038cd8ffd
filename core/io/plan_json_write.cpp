// Writing a plan, and optionally its priced report, as *.plan.json text.
#include <cmath>
#include <nlohmann/json.hpp>

#include "io/plan_json.h"

namespace arachne {

namespace {

using nlohmann::ordered_json;

// The file's own names for violation kinds: snake_case and stable, independent of how the
// CLI or the GUI display them.
const char* violationKindId(ViolationKind k) {
  switch (k) {
    case ViolationKind::OutOfMemory: return "out_of_memory";
    case ViolationKind::MissingProfile: return "missing_profile";
    case ViolationKind::TpExceedsNode: return "tp_exceeds_node";
    case ViolationKind::NodeOvercommitted: return "node_overcommitted";
    case ViolationKind::UnknownNode: return "unknown_node";
    case ViolationKind::BadLayerSplit: return "bad_layer_split";
    case ViolationKind::BatchTooSmall: return "batch_too_small";
    case ViolationKind::BadTiling: return "bad_tiling";
    case ViolationKind::InvalidPlan: return "invalid_plan";
  }
  return "invalid_plan";
}

ordered_json provenanceJson(const Provenance& p) {
  ordered_json j;
  j["catalog"] = p.catalog;
  j["profile_set"] = p.profile_set;
  j["planner"] = p.planner;
  j["planner_version"] = p.planner_version;
  j["seed"] = p.seed;
  j["cluster"] = p.cluster;
  j["model"] = p.model;
  if (!p.cost_terms_off.empty()) j["cost_terms_off"] = p.cost_terms_off;
  return j;
}

ordered_json stageReportJson(const StageReport& r) {
  ordered_json t;
  t["compute"] = r.time.compute;
  t["tp_comm"] = r.time.tp_comm;
  t["expert_comm"] = r.time.expert_comm;
  t["p2p"] = r.time.p2p;
  t["grad_sync"] = r.time.grad_sync;
  t["param_gather"] = r.time.param_gather;
  t["optimizer"] = r.time.optimizer;
  t["embedding_sync"] = r.time.embedding_sync;
  t["per_micro_batch"] = r.time.perMicroBatch();
  t["per_iteration"] = r.time.perIteration();
  // What overlap hid behind compute: reported, not charged.
  t["tp_comm_hidden"] = r.time.tp_comm_hidden;
  t["grad_sync_hidden"] = r.time.grad_sync_hidden;
  t["param_gather_hidden"] = r.time.param_gather_hidden;
  ordered_json m;
  m["params"] = r.memory.params;
  m["grads"] = r.memory.grads;
  m["optimizer"] = r.memory.optimizer;
  m["activations"] = r.memory.activations;
  m["other"] = r.memory.other;
  m["total"] = r.memory.total();
  m["capacity"] = r.memory.capacity;
  ordered_json j;
  j["time_s"] = std::move(t);
  j["memory_bytes"] = std::move(m);
  j["p2p_link"] = r.p2p_link;
  j["p2p_gbps"] = r.p2p_gbps;
  j["grad_sync_link"] = r.grad_sync_link;
  j["grad_sync_gbps"] = r.grad_sync_gbps;
  j["in_flight_micro_batches"] = r.in_flight_micro_batches;
  return j;
}

ordered_json stageJson(const Stage& s, const StageReport* r) {
  ordered_json j;
  j["gpu_type"] = s.gpu_type;
  j["tp"] = s.tp;
  j["layers"] = ordered_json::array({s.first_layer, s.last_layer});
  j["node_ids"] = s.node_ids;
  if (s.expert_tiling) {
    j["expert_tiling"] = {{"ep", s.expert_tiling->ep},
                          {"etp", s.expert_tiling->etp},
                          {"edp", s.expert_tiling->edp}};
  }
  if (r) {
    const ordered_json priced = stageReportJson(*r);
    for (auto it = priced.begin(); it != priced.end(); ++it) j[it.key()] = it.value();
  }
  return j;
}

ordered_json violationJson(const Violation& v) {
  ordered_json j;
  j["kind"] = violationKindId(v.kind);
  if (v.template_index >= 0) j["template"] = v.template_index;
  if (v.stage_index >= 0) j["stage"] = v.stage_index;
  if (!v.gpu_type.empty()) j["gpu_type"] = v.gpu_type;
  if (v.node_id >= 0) j["node_id"] = v.node_id;
  if (v.kind == ViolationKind::OutOfMemory) {
    j["component"] = v.component;
    j["needed_bytes"] = v.needed_bytes;
    j["capacity_bytes"] = v.capacity_bytes;
    j["over_bytes"] = v.over_bytes;
  }
  j["message"] = v.message;
  return j;
}

ordered_json trainingJson(const TrainingSpec& t) {
  ordered_json j;
  j["global_batch"] = t.global_batch;
  j["sequence_length"] = t.sequence_length;
  j["precision"] = toString(t.precision);
  j["activation_checkpointing"] = t.activation_checkpointing;
  j["distributed_optimizer"] = t.distributed_optimizer;
  j["runtime"] = t.runtime == TrainingSpec::Runtime::DeepSpeed ? "deepspeed" : "megatron";
  j["overlap_grad_reduce"] = t.overlap_grad_reduce;
  j["overlap_param_gather"] = t.overlap_param_gather;
  j["tp_comm_overlap"] = t.tp_comm_overlap;
  j["tf32"] = t.tf32;
  j["interleave"] = t.interleave;
  // Only when --grad-bucket set it; absent, the runtime's default applies.
  if (t.grad_bucket_params > 0) j["grad_bucket_params"] = static_cast<long long>(std::llround(t.grad_bucket_params));
  return j;
}

std::string writePlan(const Plan& plan, const PlanReport* report, const TrainingSpec* training) {
  ordered_json j;
  j["schema_version"] = kPlanSchemaVersion;
  j["provenance"] = provenanceJson(plan.provenance);
  if (training) j["training"] = trainingJson(*training);
  // The report's templates run parallel to the plan's only when the plan was structurally
  // valid; otherwise only the plan-level verdict is written.
  const bool perTemplate = report && report->templates.size() == plan.templates.size();
  if (report) {
    j["feasible"] = report->feasible;
    j["violations"] = ordered_json::array();
    for (const auto& v : report->violations) j["violations"].push_back(violationJson(v));
    j["iteration_time_s"] = report->iteration_time_s;
    j["throughput"] = {{"sequences_per_s", report->throughput.sequences_per_s},
                       {"tokens_per_s", report->throughput.tokens_per_s},
                       {"iterations_per_s", report->throughput.iterations_per_s}};
    // The whole cluster's price and what a million tokens cost at this throughput.
    if (report->cluster_price_per_hour > 0) {
      j["price"] = {{"cluster_usd_per_hour", report->cluster_price_per_hour}};
      // No tokens without a plan that runs: no price per token rather than a 0.
      if (report->feasible && report->usdPerMillionTokens() > 0)
        j["price"]["usd_per_million_tokens"] = report->usdPerMillionTokens();
    }
  }
  // Written only when set, so plans priced with the batch split read as before.
  if (plan.fixed_micro_batches) j["micro_batches_fixed"] = true;
  j["templates"] = ordered_json::array();
  for (size_t t = 0; t < plan.templates.size(); ++t) {
    const Template& tpl = plan.templates[t];
    const TemplateReport* tr = perTemplate ? &report->templates[t] : nullptr;
    ordered_json tj;
    tj["replicas"] = tpl.replicas;
    tj["micro_batch"] = tpl.micro_batch;
    tj["micro_batches"] = tpl.micro_batches;
    if (tpl.virtual_stages > 1) tj["virtual_stages"] = tpl.virtual_stages;
    tj["gpus"] = tpl.gpus();
    if (tr) {
      tj["iteration_time_s"] = tr->iteration_time_s;
      tj["bubble_s"] = tr->bubble_s;
      tj["sync_s"] = tr->sync_s;
    }
    tj["stages"] = ordered_json::array();
    for (size_t s = 0; s < tpl.stages.size(); ++s) {
      const StageReport* sr = tr && s < tr->stages.size() ? &tr->stages[s] : nullptr;
      tj["stages"].push_back(stageJson(tpl.stages[s], sr));
    }
    j["templates"].push_back(std::move(tj));
  }
  j["gpus_used"] = plan.gpusUsed();
  j["unused_gpus"] = ordered_json::array();
  for (const auto& u : plan.unused_gpus) {
    j["unused_gpus"].push_back(
        {{"gpu_type", u.gpu_type}, {"node_id", u.node_id}, {"count", u.count}, {"reason", u.reason}});
  }
  // Replace rather than throw on invalid UTF-8 in free text such as reasons.
  return j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string planToJson(const Plan& plan, const PlanReport* report) {
  return writePlan(plan, report, nullptr);
}

std::string planToJson(const Plan& plan, const PlanReport* report, const TrainingSpec& training) {
  return writePlan(plan, report, &training);
}

}  // namespace arachne
