// Replica placement: locality-first order, with the largest-first order as the exact fallback.
#include "planning/node_allocator.h"

#include <algorithm>

namespace arachne {
namespace {

bool place(FreeGpus& free, const TemplateChoice& choice, int replicas, bool largestFirst,
           std::vector<std::vector<int>>& nodeIds) {
  const int depth = static_cast<int>(choice.stages.size());
  nodeIds.assign(static_cast<size_t>(depth), std::vector<int>(static_cast<size_t>(replicas), -1));
  if (!largestFirst) {
    for (int r = 0; r < replicas; ++r)
      for (int s = 0; s < depth; ++s) {
        const StageChoice& st = choice.stages[static_cast<size_t>(s)];
        const int id = free.take(st.gpu, st.tp);
        if (id < 0) return false;
        nodeIds[static_cast<size_t>(s)][static_cast<size_t>(r)] = id;
      }
    return true;
  }
  std::vector<int> order(static_cast<size_t>(depth));
  for (int s = 0; s < depth; ++s) order[static_cast<size_t>(s)] = s;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return choice.stages[static_cast<size_t>(a)].tp > choice.stages[static_cast<size_t>(b)].tp;
  });
  // Largest first across the whole template; equal sizes replica by replica.
  size_t i = 0;
  while (i < order.size()) {
    size_t j = i;
    const int tp = choice.stages[static_cast<size_t>(order[i])].tp;
    while (j < order.size() && choice.stages[static_cast<size_t>(order[j])].tp == tp) ++j;
    for (int r = 0; r < replicas; ++r)
      for (size_t q = i; q < j; ++q) {
        const int s = order[q];
        const int id = free.take(choice.stages[static_cast<size_t>(s)].gpu, tp);
        if (id < 0) return false;
        nodeIds[static_cast<size_t>(s)][static_cast<size_t>(r)] = id;
      }
    i = j;
  }
  return true;
}

}  // namespace

bool NodeAllocator::allocate(FreeGpus& free, const TemplateChoice& choice, int replicas,
                             std::vector<std::vector<int>>& nodeIds) {
  if (replicas <= 0 || !choice.complete()) return false;
  FreeGpus trial = free;
  if (place(trial, choice, replicas, false, nodeIds)) {
    free = std::move(trial);
    return true;
  }
  trial = free;
  if (place(trial, choice, replicas, true, nodeIds)) {
    free = std::move(trial);
    return true;
  }
  nodeIds.clear();
  return false;
}

}  // namespace arachne
