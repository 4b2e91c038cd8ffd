// Validation's count of one stage's replicas: each replica's node slot, the GPUs the plan puts
// on each node, and where the stage's replicas sit (StageNodes) for the timing pass.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cost/cost_model_impl.h"

namespace arachne {

// What the walk keeps per node slot, in one array so that the loop holds one pointer for it.
struct SlotTally {
  std::uint64_t stageOf = 0;  // the stamp of the stage `replicas` counts for
  int use = 0;                // GPUs placed on the node, over the whole plan
  int replicas = 0;           // replicas of stage `stageOf` on the node
};

// The arrays are price()'s per-call scratch; the walk owns none of them.
struct ReplicaWalk {
  const NodeInfo* nodes = nullptr;
  const int* slotById = nullptr;  // CostModel::Impl::slotById: node id -> slot, -1 when absent
  std::size_t denseIds = 0;       // its size
  int* slotOut = nullptr;         // the stage's slots, replica by replica
  SlotTally* tally = nullptr;     // per node slot
  int* touched = nullptr;         // slots whose use went above 0, in that order
  int nTouched = 0;
  std::uint64_t stamp = 0;        // the current stage's (a new stamp instead of clearing counts)
  StageNodes sn;
  double slowGbps = 0;            // the link rate of sn.slowSlot

  // Counts one TP group of tp GPUs on node slot `slot`.
  void count(int slot, int tp) {
    SlotTally& t = tally[slot];
    if (t.use == 0) touched[nTouched++] = slot;
    t.use += tp;
    if (t.stageOf != stamp) {
      t.stageOf = stamp;
      t.replicas = 0;
      ++sn.distinct;
      // The first of the slowest, in replica order.
      if (sn.slowSlot < 0 || nodes[slot].link_gbps < slowGbps) {
        sn.slowSlot = slot;
        slowGbps = nodes[slot].link_gbps;
      }
    }
    if (++t.replicas > sn.maxPerNode) sn.maxPerNode = t.replicas;
  }

  // Counts replicas from `rep` on while nothing about them needs a report: the node id is in
  // the dense table and names a node of GPU type g that TP degree tp tiles. Returns the first
  // replica it leaves to the caller (n when none). Its own function, away from price(), so
  // that the walk's values stay in registers: inside price() the compiler kept them on the
  // stack, some 80 instructions per TP group.
  std::size_t countPlain(const int* ids, std::size_t rep, std::size_t n, int g, int tp);
};

}  // namespace arachne
