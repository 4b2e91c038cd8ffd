// A plan's unused_gpus entries against the composition: node, GPU type, and count.
#include "plan/unused_gpus_check.h"

#include <map>

#include "cluster/composition.h"
#include "cluster/node_order_spec.h"
#include "io/load_error.h"
#include "plan/plan.h"

namespace arachne {

void checkUnusedGpus(const Plan& plan, const Composition& composition, const std::string& file) {
  std::map<int, long long> placed;  // GPUs the stages put on each node (long long: a hand-written
                                    // plan may repeat a node far beyond its size)
  for (const Template& t : plan.templates)
    for (const Stage& s : t.stages)
      for (int id : s.node_ids) placed[id] += s.tp;
  std::map<int, long long> listed;
  for (size_t i = 0; i < plan.unused_gpus.size(); ++i) {
    const UnusedGpus& u = plan.unused_gpus[i];
    const std::string field = "unused_gpus[" + std::to_string(i) + "]";
    const Node* n = composition.findNode(u.node_id);
    if (!n)
      throw LoadError(file, field + ".node_id",
                      "node " + std::to_string(u.node_id) + " is not in the cluster (" +
                          std::to_string(composition.totalGpus()) + " GPUs in " +
                          std::to_string(composition.nodes().size()) + " nodes, ids as in its inline form " +
                          nodeOrderSpec(composition).substr(0, 200) + ")");
    if (n->gpu_type != u.gpu_type)
      throw LoadError(file, field + ".gpu_type",
                      "is '" + u.gpu_type.substr(0, 60) + "' but node " + std::to_string(u.node_id) + " holds " +
                          n->gpu_type + " GPUs");
    listed[u.node_id] += u.count;
    const long long used = placed.count(u.node_id) ? placed[u.node_id] : 0;
    if (used + listed[u.node_id] > n->gpus)
      throw LoadError(file, field + ".count",
                      "lists " + std::to_string(listed[u.node_id]) + " unused GPU(s) on node " +
                          std::to_string(u.node_id) + " of " + std::to_string(n->gpus) + " GPUs, where the plan's stages use " +
                          std::to_string(used) + ": more than the node has");
  }
}

}  // namespace arachne
