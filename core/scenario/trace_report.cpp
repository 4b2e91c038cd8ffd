// tracesToJson / tracesToCsv: the scenario run's machine-readable outputs.
#include "scenario/trace_report.h"

#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "catalog/precision.h"

namespace arachne {

namespace {

using nlohmann::ordered_json;

ordered_json transferJson(const StateTransfer& t) {
  ordered_json j;
  j["bytes_needed"] = t.bytes_needed;
  j["bytes_in_place"] = t.bytes_in_place;
  j["bytes_moved"] = t.moved();
  j["bytes_intra_node"] = t.bytes_intra;
  j["bytes_inter_node"] = t.bytes_inter;
  j["bytes_from_checkpoint"] = t.bytes_checkpoint;
  j["max_gpu_bytes"] = t.max_gpu_bytes;
  j["time_s"] = t.time_s;
  j["bottleneck"] = t.bottleneck;
  j["stages"] = ordered_json::array();
  for (const StageTransfer& s : t.stages) {
    ordered_json r;
    r["template"] = s.template_index;
    r["stage"] = s.stage_index;
    r["gpu_type"] = s.gpu_type;
    r["tp"] = s.tp;
    r["layers"] = {s.first_layer, s.last_layer};
    r["node_ids"] = s.node_ids;
    r["bytes_needed"] = s.bytes_needed;
    r["bytes_in_place"] = s.bytes_in_place;
    r["bytes_intra_node"] = s.bytes_intra;
    r["bytes_inter_node"] = s.bytes_inter;
    r["bytes_from_checkpoint"] = s.bytes_checkpoint;
    r["source_nodes"] = s.source_nodes;
    j["stages"].push_back(r);
  }
  return j;
}

ordered_json stepJson(const ScenarioStep& s) {
  ordered_json j;
  j["index"] = s.index;
  j["at_s"] = s.at_s;
  j["handled_s"] = s.handled_s;
  j["kind"] = s.kind;
  j["event"] = s.event;
  j["composition"] = s.composition;
  j["gpus"] = s.gpus;
  j["found"] = s.found;
  j["planned_sequences_per_s"] = s.planned_sequences_per_s;
  j["planner_wall_s"] = s.planner_wall_s;
  j["evaluations"] = s.evaluations;
  j["planner_message"] = s.planner_message;
  j["before_sequences_per_s"] = s.before_sequences_per_s;
  j["running_lost_gpus"] = s.running_lost_gpus;
  j["kept_sequences_per_s"] = s.kept_sequences_per_s;
  j["decision"] = toString(s.decision);
  j["reason"] = s.reason;
  j["after_sequences_per_s"] = s.after_sequences_per_s;
  j["after_iteration_s"] = s.after_iteration_s;
  ordered_json st;
  st["planner_s"] = s.stall.planner_s;
  st["release_s"] = s.stall.release_s;
  st["process_group_s"] = s.stall.process_group_s;
  st["transfer_s"] = s.stall.transfer_s;
  st["engine_build_s"] = s.stall.engine_build_s;
  st["unattributed_s"] = s.stall.unattributed_s;
  st["total_s"] = s.stall_s;
  j["stall"] = st;
  j["resumes_s"] = s.resumes_s;
  j["sequences_lost_to_stall"] = s.sequences_lost_to_stall;
  j["sequences_rolled_back"] = s.sequences_rolled_back;
  j["rolled_back_to_s"] = s.rolled_back_to_s;
  j["transfer"] = transferJson(s.transfer);
  j["plan_shape"] = s.plan_shape;
  j["gpus_used"] = s.gpus_used;
  j["unused_gpus"] = ordered_json::array();
  if (s.plan)
    for (const UnusedGpus& u : s.plan->unused_gpus)
      j["unused_gpus"].push_back({{"gpu_type", u.gpu_type}, {"node_id", u.node_id}, {"count", u.count}, {"reason", u.reason}});
  return j;
}

std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace

std::string tracesToJson(const Scenario& scenario, const Model& model, const TrainingSpec& spec,
                         const ScenarioRunOptions& options, const std::vector<ScenarioTrace>& traces) {
  ordered_json j;
  j["scenario"] = scenario.name;
  j["model"] = model.id;
  j["training"] = {{"global_batch", spec.global_batch},
                   {"sequence_length", spec.sequence_length},
                   {"precision", toString(spec.precision)},
                   {"activation_checkpointing", spec.activation_checkpointing},
                   {"distributed_optimizer", spec.distributed_optimizer}};
  j["policy"] = toString(options.policy);
  j["horizon_s"] = scenario.horizon();
  j["budget"] = {{"seconds", options.budget.seconds}, {"evaluations", options.budget.evaluations}};
  j["seed"] = options.seed;
  const ReconfigurationParams& p = scenario.reconfiguration;
  ordered_json rc;
  if (p.planner_s) rc["planner_s"] = *p.planner_s;
  else rc["planner_s"] = "measured";
  rc["release_s"] = p.release_s;
  rc["process_group_s"] = p.process_group_s;
  rc["engine_build_s"] = p.engine_build_s;
  rc["unattributed_s"] = p.unattributed_s;
  rc["checkpoint_interval_s"] = p.checkpoint_interval_s;
  rc["checkpoint_read_gbps"] = p.checkpoint_read_gbps;
  rc["move_gradients"] = p.move_gradients;
  j["reconfiguration"] = rc;
  j["planners"] = ordered_json::array();
  for (const ScenarioTrace& t : traces) {
    ordered_json pj;
    pj["planner"] = t.planner;
    pj["total_sequences"] = t.total_sequences;
    pj["time_weighted_sequences_per_s"] = t.time_weighted_sequences_per_s;
    pj["stall_s"] = t.stall_s;
    pj["planner_s"] = t.planner_s;
    pj["cancelled"] = t.cancelled;
    pj["steps"] = ordered_json::array();
    for (const ScenarioStep& s : t.steps) pj["steps"].push_back(stepJson(s));
    pj["pieces"] = ordered_json::array();
    for (const ThroughputPiece& p2 : t.pieces)
      pj["pieces"].push_back({{"start_s", p2.start_s}, {"end_s", p2.end_s}, {"sequences_per_s", p2.sequences_per_s},
                              {"phase", toString(p2.phase)}, {"step", p2.step}});
    j["planners"].push_back(pj);
  }
  return j.dump(2) + "\n";
}

std::string tracesToCsv(const std::vector<ScenarioTrace>& traces) {
  std::ostringstream out;
  out << "planner,policy,time_s,sequences_per_s,phase,step\n";
  for (const ScenarioTrace& t : traces)
    for (const ThroughputPiece& p : t.pieces)
      for (double at : {p.start_s, p.end_s})
        out << t.planner << ',' << toString(t.policy) << ',' << number(at) << ',' << number(p.sequences_per_s) << ','
            << toString(p.phase) << ',' << p.step << '\n';
  return out.str();
}

}  // namespace arachne
