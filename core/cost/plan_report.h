// What the cost model says about a plan: itemised time and memory, throughput, and every
// violation with its numbers. Never a bare bool.
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"
#include "plan/reason.h"

namespace arachne {

struct StageTime {
  double compute = 0;    // per micro-batch: profiled fwd+bwd of the stage's layers
  double tp_comm = 0;    // per micro-batch: TP collectives (+ ETP and EP all-to-all on MoE stages)
  double p2p = 0;        // per micro-batch: activation to the next stage and gradient back
  double grad_sync = 0;  // per iteration: gradient all-reduce over the replicas (+ EDP for experts)
  double optimizer = 0;  // per iteration: optimizer step
  double perMicroBatch() const { return compute + tp_comm + p2p; }  // t_s
};

struct StageMemory {
  double params = 0, grads = 0, optimizer = 0, activations = 0, other = 0;
  double capacity = 0;
  double total() const { return params + grads + optimizer + activations + other; }
};

struct StageReport {
  StageTime time;
  StageMemory memory;     // of the most loaded GPU of the stage
  std::string p2p_link;   // "intra-node", "inter-node" or "none" (last stage)
  double p2p_gbps = 0;
  std::string grad_sync_link;  // "intra-node", "inter-node" or "none" (one replica)
  double grad_sync_gbps = 0;
  int in_flight_micro_batches = 0;  // activations held under 1F1B
};

struct TemplateReport {
  std::vector<StageReport> stages;
  int micro_batches = 0;        // M per replica after the batch split
  double iteration_time_s = 0;  // (M-1)*max t_s + sum t_s + max (g_s + optimizer_s)
  double bubble_s = 0;          // idle time of the slowest stage in one iteration
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
};

}  // namespace arachne
