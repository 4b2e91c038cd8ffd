// A node's own network as one unit (inter_node_gbps, inter_node_nics, inter_node_fabric), so the
// places that carry it over, drop it or compare it cannot miss a field.
#pragma once

#include "cluster/node.h"

namespace arachne {

// Gives `to` the network of `from`; from = Node{} drops it (the catalog's figures apply).
inline void copyNodeNetwork(const Node& from, Node& to) {
  to.inter_node_gbps = from.inter_node_gbps;
  to.inter_node_nics = from.inter_node_nics;
  to.inter_node_fabric = from.inter_node_fabric;
}

// Whether `a` and `b` carry the same own network (both none counts as the same).
inline bool sameNodeNetwork(const Node& a, const Node& b) {
  return a.inter_node_gbps == b.inter_node_gbps && a.inter_node_nics == b.inter_node_nics &&
         a.inter_node_fabric == b.inter_node_fabric;
}

}  // namespace arachne
