// What the cost model says about a plan: itemised time and memory, throughput, and every
// violation with its numbers. Never a bare bool.
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"
#include "plan/reason.h"

namespace arachne {

struct StageTime {
  // Per micro-batch (the stage's t_s is their sum).
  double compute = 0;      // profiled fwd+bwd of the stage's layers
  double tp_comm = 0;      // TP collectives, the part not hidden under the GEMMs
  double expert_comm = 0;  // MoE stages: expert all-to-all (EP) and expert-TP collectives
  double p2p = 0;          // activation to the next stage and gradient back (+ the previous
                           // boundary's under DeepSpeed, whose sends block)
  // Per iteration.
  double grad_sync = 0;     // gradient reduction (all-reduce, or reduce-scatter with the
                            // distributed optimizer; + EDP for experts), the exposed part
  double param_gather = 0;  // distributed optimizer: all-gather of the updated parameters, exposed
  double optimizer = 0;     // optimizer step
  double embedding_sync = 0;  // tied embeddings: the first and last stage all-reduce the word
                              // embedding's gradient (CostTerms::embedding_sync)
  // Hidden behind compute (reported so that a user sees what overlap is worth; not charged).
  double tp_comm_hidden = 0;       // per micro-batch
  double grad_sync_hidden = 0;     // under the last micro-batch's backward
  double param_gather_hidden = 0;  // under the next iteration's first forward
  double perMicroBatch() const { return compute + tp_comm + expert_comm + p2p; }  // t_s
  double perIteration() const { return grad_sync + param_gather + optimizer + embedding_sync; }
};

struct StageMemory {
  double params = 0, grads = 0, optimizer = 0, activations = 0, other = 0;
  double capacity = 0;
  double total() const { return params + grads + optimizer + activations + other; }
};

struct StageReport {
  StageTime time;
  StageMemory memory;     // of the most loaded GPU of the stage
  // The links are named by static literals (no allocation per priced stage; pricing is the
  // planners' inner loop): "intra-node", "inter-node" or "none" (last stage, or one replica).
  const char* p2p_link = "none";
  double p2p_gbps = 0;
  const char* grad_sync_link = "none";
  double grad_sync_gbps = 0;
  int in_flight_micro_batches = 0;  // activations held under 1F1B
};

struct TemplateReport {
  std::vector<StageReport> stages;
  int micro_batches = 0;        // M per replica after the batch split
  int virtual_stages = 1;       // model chunks per GPU (interleaved 1F1B)
  // (M-1) max t_s + sum t_s + sync_s for 1F1B; M max t_s + (sum t_s - max t_s) / v + sync_s
  // interleaved (docs/cost-model.md §4.3).
  double iteration_time_s = 0;
  double bubble_s = 0;          // idle time of the slowest stage in one iteration (fill + drain)
  // The per-iteration tail after the pipeline: exposed gradient reduction (less the drain
  // slack of the later stages), the tied embeddings' all-reduce, optimizer step, exposed
  // parameter all-gather.
  double sync_s = 0;
};

enum class ViolationKind {
  OutOfMemory,      // a stage's GPUs cannot hold their share
  MissingProfile,   // the configuration is outside the profiled search space
  TpExceedsNode,    // a TP group would cross a node
  NodeOvercommitted,// more GPUs placed on a node than it has
  UnknownNode,      // node id not in the composition, or of another GPU type
  BadLayerSplit,    // layers not covered exactly once per template, or ranges out of order
  BatchTooSmall,    // not every replica gets a micro-batch
  BadTiling,        // EP*ETP*EDP != stage GPUs, ETP not node bound, or experts not divisible
  InvalidPlan       // anything else malformed (no templates, zero replicas ...)
};

std::string toString(ViolationKind k);

struct Violation {
  ViolationKind kind = ViolationKind::InvalidPlan;
  int template_index = -1;  // -1 when not about one template
  int stage_index = -1;
  std::string gpu_type;
  int node_id = -1;
  std::string component;    // for OutOfMemory: "params", "grads", "optimizer", "activations", "other"
  double needed_bytes = 0;  // for OutOfMemory: total footprint
  double capacity_bytes = 0;
  double over_bytes = 0;
  std::string message;      // a full sentence with the numbers, for the CLI (reason.english())
  Reason reason;            // the same sentence as data, for the GUI's languages
};

struct Throughput {
  double sequences_per_s = 0;
  double tokens_per_s = 0;
  double iterations_per_s = 0;
};

struct PlanReport {
  bool feasible = false;
  std::vector<Violation> violations;
  std::vector<TemplateReport> templates;  // parallel to Plan::templates (when structurally valid)
  double iteration_time_s = 0;
  Throughput throughput;
  // USD per hour of every GPU of the cluster (the nodes' own prices, else the catalog's): idle
  // GPUs are paid for too. 0 when the prices are unknown.
  double cluster_price_per_hour = 0;
  // USD per million tokens trained at this throughput on the whole cluster; 0 when either is 0.
  double usdPerMillionTokens() const {
    return cluster_price_per_hour > 0 && throughput.tokens_per_s > 0
               ? cluster_price_per_hour / (throughput.tokens_per_s * 3600.0) * 1e6
               : 0.0;
  }
};

// The first violation's reason, the clause a planner's message names for a rejected plan
// ("infeasible" when the report lists none).
Reason firstViolation(const PlanReport& report);

}  // namespace arachne
