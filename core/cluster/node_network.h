// A node's own network as one unit (inter_node_gbps, inter_node_nics, inter_node_fabric), so the
// places that carry it over or drop it cannot miss a field.
#pragma once

#include "cluster/node.h"

namespace arachne {

// Gives `to` the network of `from`; from = Node{} drops it (the catalog's figures apply).
inline void copyNodeNetwork(const Node& from, Node& to) {
  to.inter_node_gbps = from.inter_node_gbps;
  to.inter_node_nics = from.inter_node_nics;
  to.inter_node_fabric = from.inter_node_fabric;
}

}  // namespace arachne
