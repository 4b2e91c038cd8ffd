// Free GPUs after a plan, from the node ids of its stages.
#include "planning/plan_free_gpus.h"

#include <map>

#include "cluster/composition.h"

namespace arachne {

FreeGpus freeGpusAfter(const Composition& composition, const Plan& plan) {
  std::map<int, int> used;  // node id -> GPUs the plan places on it
  for (const Template& t : plan.templates)
    for (const Stage& s : t.stages)
      for (int id : s.node_ids) used[id] += s.tp;
  FreeGpus free(composition);
  // Empty every node (taking whole nodes: each size is taken as often as nodes of that size
  // exist, so every node ends empty whichever the rule picks), then give back what is unused.
  for (const Node& n : composition.nodes()) free.take(free.typeIndex(n.gpu_type), n.gpus);
  for (const Node& n : composition.nodes()) {
    const auto it = used.find(n.id);
    const int u = it == used.end() ? 0 : it->second;
    const int back = u > n.gpus ? 0 : n.gpus - u;
    if (back > 0) free.give(free.typeIndex(n.gpu_type), n.id, back);
  }
  return free;
}

}  // namespace arachne
