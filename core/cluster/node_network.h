// A node's own figures in place of the catalog's, as one unit: its network (inter_node_gbps,
// inter_node_nics, inter_node_fabric) and its price per GPU-hour, so the places that carry them
// over (a node moved within its type), drop them (a node turned into another type, whose catalog
// figures then apply) or compare them cannot miss a field.
#pragma once

#include "cluster/node.h"

namespace arachne {

// Gives `to` the own figures of `from`; from = Node{} drops them (the catalog's figures apply).
inline void copyNodeOverrides(const Node& from, Node& to) {
  to.inter_node_gbps = from.inter_node_gbps;
  to.inter_node_nics = from.inter_node_nics;
  to.inter_node_fabric = from.inter_node_fabric;
  to.price_per_gpu_hour = from.price_per_gpu_hour;
}

// Whether `a` and `b` carry the same own figures (both none counts as the same).
inline bool sameNodeOverrides(const Node& a, const Node& b) {
  return a.inter_node_gbps == b.inter_node_gbps && a.inter_node_nics == b.inter_node_nics &&
         a.inter_node_fabric == b.inter_node_fabric && a.price_per_gpu_hour == b.price_per_gpu_hour;
}

}  // namespace arachne
