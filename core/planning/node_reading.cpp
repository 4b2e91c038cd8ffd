// The one-GPU-per-node reading of a composition and the mapping of plans back to real nodes.
#include "planning/node_reading.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

namespace arachne {

bool hasUniformNodeSizesPerType(const Composition& c) {
  std::map<std::string, int> size;
  for (const Node& n : c.nodes()) {
    auto [it, fresh] = size.emplace(n.gpu_type, n.gpus);
    if (!fresh && it->second != n.gpus) return false;
  }
  return true;
}

bool hasUniformNodeSizes(const Composition& c) {
  for (const Node& n : c.nodes())
    if (n.gpus != c.nodes().front().gpus) return false;
  return true;
}

NodeReading nodesAsTheyAre(const Composition& c) {
  NodeReading r;
  r.composition = c;
  int maxId = -1;
  for (const Node& n : c.nodes()) maxId = std::max(maxId, n.id);
  r.real_node.assign(static_cast<size_t>(maxId + 1), -1);
  for (const Node& n : c.nodes()) r.real_node[static_cast<size_t>(n.id)] = n.id;
  r.identity = true;
  return r;
}

NodeReading oneGpuPerNode(const Composition& c) {
  NodeReading r;
  r.composition.name = c.name;
  r.composition.description = c.description;
  r.identity = false;
  for (const Node& n : c.nodes()) {
    for (int g = 0; g < n.gpus; ++g) {
      Node one = n;
      one.gpus = 1;
      one.id = static_cast<int>(r.real_node.size());
      r.composition.addNode(one);
      r.real_node.push_back(n.id);
    }
  }
  return r;
}

NodeReading uniformNodeReading(const Composition& c) {
  return hasUniformNodeSizesPerType(c) ? nodesAsTheyAre(c) : oneGpuPerNode(c);
}

Plan toRealNodes(const Plan& planOnReading, const NodeReading& reading) {
  Plan p = planOnReading;
  if (reading.identity) return p;
  for (Template& t : p.templates)
    for (Stage& s : t.stages)
      for (int& id : s.node_ids) {
        if (id < 0 || id >= static_cast<int>(reading.real_node.size()))
          throw std::invalid_argument("node " + std::to_string(id) + " is not in the reading");
        id = reading.real_node[static_cast<size_t>(id)];
      }
  // One-GPU reading nodes of one real node merge into one entry per (node, reason).
  std::vector<UnusedGpus> merged;
  for (UnusedGpus u : p.unused_gpus) {
    if (u.node_id >= 0 && u.node_id < static_cast<int>(reading.real_node.size()))
      u.node_id = reading.real_node[static_cast<size_t>(u.node_id)];
    auto same = std::find_if(merged.begin(), merged.end(), [&](const UnusedGpus& m) {
      return m.node_id == u.node_id && m.gpu_type == u.gpu_type && m.reason == u.reason;
    });
    if (same == merged.end()) merged.push_back(std::move(u));
    else same->count += u.count;
  }
  p.unused_gpus = std::move(merged);
  return p;
}

}  // namespace arachne
