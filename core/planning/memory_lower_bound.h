// A plan-independent lower bound on the memory every plan of a model needs, against what a
// cluster's GPUs can hold: when the bound exceeds it, no plan fits, whatever a planner tries.
// Planners that search until their budget while nothing fits (arachne's waves) stop on it.
#pragma once

#include "plan/reason.h"
#include "planning/construction_space.h"

namespace arachne {

class CostModel;

struct MemoryLowerBound {
  // (1 + allocator slack) x the sum over layers of the least any (GPU type, TP degree,
  // micro-batch) the profiles hold puts on its whole TP group: one copy of the layer's weights,
  // gradients and optimizer state, and one micro-batch's activations (left out under interleaved
  // 1F1B, where a stage may hold less than one micro-batch of each layer at once).
  double needed_bytes = 0;
  // Every GPU's memory less the framework's fixed overhead, summed over the cluster.
  double usable_bytes = 0;
  // Dense models: the most layers one pipeline (one replica of a template: at most depth_cap
  // stages, each a TP group on one node) can hold, each layer at least its state and one
  // micro-batch's activations on the group's type and TP degree; -1 when not bounded (MoE
  // models, whose expert tiling spreads a layer's experts over the replicas).
  int pipeline_layers = -1;
  int layers = 0;
  int depth_cap = 0;
  bool provesInfeasible() const { return needed_bytes > usable_bytes || pipelineTooShort(); }
  bool pipelineTooShort() const { return pipeline_layers >= 0 && pipeline_layers < layers; }
  // "stopped early: no plan can fit, since …": the cluster's total when it is short, else the
  // pipeline's layers, with the figures.
  Reason why() const;
};

// Why it is a bound: every template holds every layer, so some TP group holds each layer's
// state at least once (TP splits it, DP and the distributed optimizer only add copies or shard
// copies that exist anyway) and the activations of at least one micro-batch (1F1B keeps at
// least one in flight per stage); each GPU a plan uses carries the overhead and the slack on
// what it holds (CostModel::stageMemory), and no GPU holds more than its memory.
// The pipeline's layers: every template holds every layer in each replica; a TP group of type t
// and degree k holds at most the most layers whose least state (no optimizer state under the
// distributed optimizer, which may shard it away) and activations fit k GPUs of t, and the
// depth_cap groups of one replica are disjoint, each on one node (ConstructionSpace), so their
// most is a knapsack over the nodes' power-of-two groups.
MemoryLowerBound memoryLowerBound(const CostModel& cost, int depthCap = kDefaultDepthCap);

}  // namespace arachne
