// How a planner that cannot take the nodes as they are sees a composition: the reading in which
// every GPU is its own node (the paper's protocol for Sailor, AMP and Espresso on non-uniform
// clusters), and the mapping of a plan made on that reading back onto the real nodes.
#pragma once

#include <vector>

#include "cluster/composition.h"
#include "plan/plan.h"

namespace arachne {

struct NodeReading {
  Composition composition;       // what the planner sees
  std::vector<int> real_node;    // reading node id -> real node id (reading ids are 0..n-1)
  bool identity = true;          // the reading is the composition itself
};

// Whether every node of each GPU type has the same size (what Sailor, AMP and Espresso need).
bool hasUniformNodeSizesPerType(const Composition& c);
// Whether every node of the whole composition has the same size.
bool hasUniformNodeSizes(const Composition& c);

// The composition as it is (identity mapping).
NodeReading nodesAsTheyAre(const Composition& c);
// Every GPU its own node: a node of n GPUs becomes n one-GPU nodes with the same GPU type and
// inter-node bandwidth; reading ids are assigned in composition order.
NodeReading oneGpuPerNode(const Composition& c);
// The paper's protocol: the composition itself when its node sizes are uniform per type, else
// the one-GPU-per-node reading.
NodeReading uniformNodeReading(const Composition& c);

// Rewrites every stage's node ids from reading ids to real node ids. A TP group of a plan made
// on the one-GPU reading has TP 1, so several replicas may now share a real node; the cost model
// then prices what really happens (p2p inside a node when consecutive stages share one).
// Throws std::invalid_argument for a node id the reading does not have.
Plan toRealNodes(const Plan& planOnReading, const NodeReading& reading);

}  // namespace arachne
