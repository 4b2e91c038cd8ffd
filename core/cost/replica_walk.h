// Validation's count of one stage's replicas: each replica's node slot, the GPUs the plan puts
// on each node, and where the stage's replicas sit (StageNodes) for the timing pass.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cost/cost_model_impl.h"

namespace arachne {

// What the walk keeps per node slot, in one array so that the loop holds one pointer for it.
struct SlotTally {
  // The stamp of the last stage counted on the node: `replicas` counts for it, and `use` for
  // the plan of that stage (stamps only grow, so an older one means no GPU of this plan yet).
  std::uint64_t stageOf = 0;
  int use = 0;       // GPUs placed on the node by the plan
  int replicas = 0;  // replicas of stage `stageOf` on the node
};

// The arrays are price()'s per-call scratch; the walk owns none of them.
struct ReplicaWalk {
  const NodeInfo* nodes = nullptr;
  const int* slotById = nullptr;  // CostModel::Impl::slotById: node id -> slot, -1 when absent
  std::size_t denseIds = 0;       // its size
  int* slotOut = nullptr;         // the stage's slots, replica by replica (-1: not counted)
  SlotTally* tally = nullptr;     // per node slot
  bool overcommitted = false;     // some node got more GPUs than it has
  std::uint64_t planStamp = 0;    // the plan's first stage's stamp: older tallies are stale
  std::uint64_t stamp = 0;        // the current stage's (a new stamp instead of clearing counts)
  StageNodes sn;
  double slowGbps = 0;            // the link rate of sn.slowSlot
  // Where countPlain leaves sn when it returns (the stage's StagePlace), so that price() does
  // not read back, at once, fields countPlain has just stored one by one: the processor cannot
  // forward them from its store buffer to a wider load and waits for them to reach the cache.
  StageNodes* out = nullptr;

  // Counts one TP group of tp GPUs on node slot `slot`.
  void count(int slot, int tp) {
    SlotTally& t = tally[slot];
    const NodeInfo& node = nodes[slot];
    if (t.stageOf != stamp) {
      if (t.stageOf < planStamp) t.use = 0;  // the plan's first GPUs on the node: no clearing pass
      t.stageOf = stamp;
      t.replicas = 0;
      ++sn.distinct;
      // The first of the slowest, in replica order.
      if (sn.slowSlot < 0 || node.link_gbps < slowGbps) {
        sn.slowSlot = slot;
        slowGbps = node.link_gbps;
      }
    }
    t.use += tp;
    if (t.use > node.gpus) overcommitted = true;
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
