// The feature names of the policy's state, in the order they are written.
#include "policy/policy_layout.h"

namespace arachne {

namespace {
std::string n(const std::string& stem, int i) { return stem + "[" + std::to_string(i) + "]"; }
}  // namespace

PolicyLayout::PolicyLayout(const PolicyConfig& c) : t_max(c.t_max), d_max(c.d_max), k_max(c.k_max) {
  per_type = {"present",
              "memory_per_80gib",
              "compute_per_pflops",
              "memory_bandwidth_per_3350gbs",
              "intra_node_per_450gbs",
              "inter_node_per_50gbs",
              "compute_vs_fastest_type",
              "memory_vs_largest_type",
              "memory_vs_model_state",
              "share_of_cluster",
              "free_share_of_type",
              "free_share_of_cluster",
              "largest_free_node_per_8",
              "largest_node_per_8",
              "free_nodes_size_1",
              "free_nodes_size_2",
              "free_nodes_size_3_4",
              "free_nodes_size_5_8",
              "free_nodes_size_9_up",
              "free_nodes_log"};

  cluster = {"gpus_log",       "free_gpus_log",      "free_share",         "placed_share",
             "step_share",     "deepest_placed",     "templates_placed",   "layers_log",
             "params_log",     "moe",                "memory_headroom_log", "global_batch_log",
             "sequence_log",   "activation_checkpointing", "uniform_node_sizes"};
  for (int t = 1; t <= c.t_max; ++t) cluster.push_back(n("group_types", t));
  for (int d = 1; d <= c.d_max; ++d) cluster.push_back(n("free_gpus_over_depth_log", d));

  summary = {"gpus_log"};
  for (int t = 0; t < c.t_max; ++t) summary.push_back(n("type_share", t));
  for (const char* s : {"type_entropy", "type_gini", "types_share", "node_size_cv", "mean_node_per_8",
                        "compute_share_fastest_type"})
    summary.push_back(s);

  depth_candidate = {"stop",          "depth_share",        "depth_log",      "free_gpus_over_depth_log",
                     "fits_free_gpus", "depth_over_layers", "stage_state_vs_largest_free_memory",
                     "stage_state_vs_smallest_free_memory", "depth_already_placed"};

  stage_context = {"depth_share", "stage_share", "stage_of_d_max", "last_stage", "stages_left_share"};
  for (int t = 0; t < c.t_max; ++t) stage_context.push_back(n("earlier_stages_on_type", t));
  for (int t = 0; t < c.t_max; ++t) stage_context.push_back(n("previous_stage_type", t));
  for (int k = 0; k < c.k_max; ++k) stage_context.push_back(n("previous_stage_tp", k));
  stage_context.push_back("earlier_stage_gpus_log");

  device_candidate = per_type;
  for (const char* s : {"earlier_stages_on_this_type", "same_as_previous_stage",
                        "memory_vs_stage_state", "free_gpus_per_stage_left"})
    device_candidate.push_back(s);

  // flat-rl only: what the layer-split, micro-batch and replica heads read.
  flat_context = {"kind_layers",       "kind_micro_batch",    "kind_replicas",
                  "depth_share",       "stage_share",         "stages_left_share",
                  "layers_left_share", "even_share_of_layers", "stage_speed_share"};
  for (int t = 0; t < c.t_max; ++t) flat_context.push_back(n("template_stages_on_type", t));
  for (int t = 0; t < c.t_max; ++t) flat_context.push_back(n("stage_type", t));
  for (int k = 0; k < c.k_max; ++k) flat_context.push_back(n("stage_tp", k));
  for (const char* s : {"max_replicas_log", "batch_left_log", "replica_gpus_log", "micro_batch_log",
                        "largest_stage_layers_share"})
    flat_context.push_back(s);
}

}  // namespace arachne
