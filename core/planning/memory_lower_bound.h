// A plan-independent lower bound on the memory every plan of a model needs, against what a
// cluster's GPUs can hold: when the bound exceeds it, no plan fits, whatever a planner tries.
// Planners that search until their budget while nothing fits (arachne's waves) stop on it.
#pragma once

#include "plan/reason.h"

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
  bool provesInfeasible() const { return needed_bytes > usable_bytes; }
  // "stopped early: no plan can fit, since every plan needs at least … GiB …" with both figures.
  Reason why() const;
};

// Why it is a bound: every template holds every layer, so some TP group holds each layer's
// state at least once (TP splits it, DP and the distributed optimizer only add copies or shard
// copies that exist anyway) and the activations of at least one micro-batch (1F1B keeps at
// least one in flight per stage); each GPU a plan uses carries the overhead and the slack on
// what it holds (CostModel::stageMemory), and no GPU holds more than its memory.
MemoryLowerBound memoryLowerBound(const CostModel& cost);

}  // namespace arachne
