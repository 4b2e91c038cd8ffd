// A plan in Sailor's shape: one pipeline whose stages each hold DP replicas that may differ in
// GPU type and TP, and its lossless reading as our templates (chains sharing one layer split).
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"

namespace arachne {

class Composition;

struct SailorReplica {
  std::string gpu_type;  // catalog id
  int tp = 1;
  bool operator==(const SailorReplica&) const = default;
};

// Sailor's plan format (validation/*/plan_config_*.json, the planner's get_sorted_plans):
// replica j of stage i sends to replica j mod dp of stage i+1, so with one DP degree for all
// stages replica j of every stage forms chain j, a pipeline replica of its own.
struct SailorPipeline {
  int micro_batch = 1;
  int micro_batches = 1;                          // per chain: Sailor's ceil(gbs / (mbs * dp))
  std::vector<std::pair<int, int>> layers;        // per stage [first, last], inclusive
  std::vector<std::vector<SailorReplica>> replicas;  // per stage, dp entries in Sailor's order
  int depth() const { return static_cast<int>(layers.size()); }
  int dp() const { return replicas.empty() ? 0 : static_cast<int>(replicas.front().size()); }
  int gpus() const;
  bool operator==(const SailorPipeline&) const = default;
};

// "" when the pipeline is well formed: at least one stage, layers tiling 0..layerCount-1 in
// order (layerCount <= 0 skips that check), the same DP degree on every stage (the only shape
// our templates hold without loss), TP >= 1; else the first problem, in words.
std::string sailorPipelineProblem(const SailorPipeline& p, int layerCount);

// Sailor's micro-batch count for every pipeline: ceil(gbs / (mbs * dp)).
int sailorMicroBatches(int globalBatch, int microBatch, int dp);

// The plan: consecutive chains with the same (GPU type, TP) per stage form one template (so
// chain order, and with it Sailor's replica order, is kept: fromSailorPlan() gives the
// pipeline back), every template shares the pipeline's layer split, micro-batch size and
// micro-batch count, and fixed_micro_batches is set. nodeIds[stage][replica] is the node of
// that TP group. Throws std::invalid_argument when the pipeline is malformed or nodeIds does
// not match its shape.
Plan toPlan(const SailorPipeline& p, const std::vector<std::vector<int>>& nodeIds);
// The inverse for plans whose templates share one layer split (what toPlan makes): chains in
// template order. Throws std::invalid_argument, naming the template, when the splits differ.
SailorPipeline fromSailorPlan(const Plan& plan);

// Where a pipeline's TP groups go on a composition: stage by stage, replica by replica (Sailor's
// and Megatron's rank order), each group on a node of its GPU type with that many free GPUs, by
// the allocation rule of the construction (a node whose free count equals TP, else the best fit).
struct SailorPlacement {
  std::vector<std::vector<int>> node_ids;  // [stage][replica]
  std::string problem;                     // "" when every group found a node
  Reason why;                              // `problem` as data (a structural problem: verbatim)
};
SailorPlacement placeSailorPipeline(const SailorPipeline& p, const Composition& composition);

}  // namespace arachne
