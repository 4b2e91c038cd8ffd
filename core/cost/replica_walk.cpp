// ReplicaWalk::countPlain: validation's loop over the plan's node ids, for the ids that are fine.
#include "cost/replica_walk.h"

namespace arachne {

std::size_t ReplicaWalk::countPlain(const int* ids, std::size_t rep, std::size_t n, int g, int tp) {
  if (tp < 1 || tp >= 64) {  // no bit for the degree: the caller checks each node
    *out = sn;
    return rep;
  }
  const std::uint64_t bit = std::uint64_t{1} << tp;
  // A local copy: its address never escapes, so the stores to the arrays cannot touch it and
  // its fields stay in registers. Field by field, not as one block: price() has just stored
  // some fields, and a block copy reads them in 16-byte pieces, which the processor cannot
  // forward from two pending 8-byte stores.
  ReplicaWalk w;
  w.nodes = nodes;
  w.slotById = slotById;
  w.denseIds = denseIds;
  w.slotOut = slotOut;
  w.tally = tally;
  w.overcommitted = overcommitted;
  w.planStamp = planStamp;
  w.stamp = stamp;
  w.sn = sn;
  w.slowGbps = slowGbps;
  for (; rep < n; ++rep) {
    const auto id = static_cast<std::size_t>(static_cast<unsigned>(ids[rep]));
    if (id >= w.denseIds) break;
    const int slot = w.slotById[id];
    if (slot < 0) break;
    const NodeInfo& node = w.nodes[slot];
    if (node.gpu != g || (node.odd_tp & bit) != 0) break;
    w.slotOut[rep] = slot;
    w.count(slot, tp);
  }
  // What the walk changed.
  overcommitted = w.overcommitted;
  sn = w.sn;
  *out = w.sn;
  slowGbps = w.slowGbps;
  return rep;
}

}  // namespace arachne
