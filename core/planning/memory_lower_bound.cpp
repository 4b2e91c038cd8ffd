#include "planning/memory_lower_bound.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

#include "catalog/gpu_type.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "plan/texts.h"
#include "planning/free_gpus.h"
#include "profile/profile_set.h"

namespace arachne {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// The most layers one TP group of type `g` at each degree 2^level holds: per layer the least any
// profiled micro-batch puts on the group (state, without the optimizer's under the distributed
// optimizer; one micro-batch's activations unless interleaved), the smallest layers first
// against the group's memory after the framework's share. 0 where the degree is not profiled.
std::vector<int> layersPerGroup(const CostModel& cost, int g) {
  const TrainingSpec& spec = cost.spec();
  const int L = cost.model().layerCount();
  const double usable = std::max(0.0, cost.gpuType(g).memory_bytes - kFrameworkOverheadBytes);
  std::vector<int> most(kMaxTpLevels, 0);
  for (int level = 0; level < kMaxTpLevels; ++level) {
    const int tp = 1 << level;
    std::vector<double> least(static_cast<size_t>(L), std::numeric_limits<double>::infinity());
    for (int mbs : cost.profiles().microBatches(cost.gpuType(g).id, tp)) {
      if (mbs < 1 || !cost.hasProfile(g, tp, mbs)) continue;
      for (int layer = 0; layer < L; ++layer) {
        const StageMemory m = cost.stageMemory(g, tp, mbs, layer, layer, 0, 1, 1, 1);
        if (m.capacity <= 0) continue;
        // The gradient bucket is per stage, not per layer: left out, as the bound may.
        const double grads = m.params / spec.weightBytes() * spec.gradBytes();
        const double held = m.params + grads + (spec.distributed_optimizer ? 0.0 : m.optimizer) +
                            (spec.interleave ? 0.0 : m.activations);
        least[static_cast<size_t>(layer)] =
            std::min(least[static_cast<size_t>(layer)], (1 + kAllocatorSlack) * tp * held);
      }
    }
    std::sort(least.begin(), least.end());
    double sum = 0;
    for (double x : least) {
      if (!std::isfinite(x) || (sum += x) > tp * usable) break;
      ++most[static_cast<size_t>(level)];
    }
  }
  return most;
}

// best[j]: the most layers j disjoint power-of-two groups of one node of `gpus` GPUs hold.
std::vector<int> nodeGroups(const std::vector<int>& perGroup, int gpus, int depth) {
  const int J = std::min(gpus, depth);
  constexpr int kNone = -1;
  std::vector<std::vector<int>> dp(static_cast<size_t>(J) + 1, std::vector<int>(static_cast<size_t>(gpus) + 1, kNone));
  dp[0][0] = 0;
  std::vector<int> best(static_cast<size_t>(J) + 1, 0);
  for (int j = 0; j < J; ++j)
    for (int used = 0; used <= gpus; ++used) {
      const int v = dp[static_cast<size_t>(j)][static_cast<size_t>(used)];
      if (v == kNone) continue;
      for (int level = 0; level < kMaxTpLevels && used + (1 << level) <= gpus; ++level) {
        int& next = dp[static_cast<size_t>(j) + 1][static_cast<size_t>(used + (1 << level))];
        next = std::max(next, v + perGroup[static_cast<size_t>(level)]);
        best[static_cast<size_t>(j) + 1] = std::max(best[static_cast<size_t>(j) + 1], next);
      }
    }
  for (size_t j = 1; j < best.size(); ++j) best[j] = std::max(best[j], best[j - 1]);
  return best;
}

// The most layers a pipeline of at most `depth` stages holds: a knapsack over the nodes.
int pipelineLayers(const CostModel& cost, int depth) {
  std::map<int, std::vector<int>> perType;                   // by GPU type index
  std::map<std::pair<int, int>, std::vector<int>> perNode;   // by (type, GPUs)
  std::vector<int> total(static_cast<size_t>(depth) + 1, 0);
  for (const Node& n : cost.composition().nodes()) {
    const int g = cost.gpuIndex(n.gpu_type);
    if (g < 0 || n.gpus < 1) continue;
    auto t = perType.find(g);
    if (t == perType.end()) t = perType.emplace(g, layersPerGroup(cost, g)).first;
    auto k = perNode.find({g, n.gpus});
    if (k == perNode.end()) k = perNode.emplace(std::make_pair(g, n.gpus), nodeGroups(t->second, n.gpus, depth)).first;
    const std::vector<int>& node = k->second;
    std::vector<int> next = total;
    for (int j = 1; j <= depth; ++j)
      for (int i = 1; i < static_cast<int>(node.size()) && i <= j; ++i)
        next[static_cast<size_t>(j)] =
            std::max(next[static_cast<size_t>(j)], total[static_cast<size_t>(j - i)] + node[static_cast<size_t>(i)]);
    total = std::move(next);
  }
  return *std::max_element(total.begin(), total.end());
}

}  // namespace

Reason MemoryLowerBound::why() const {
  if (needed_bytes <= usable_bytes && pipelineTooShort())
    return Reason(text::kNoPipelineCanHold, {integer(depth_cap), integer(pipeline_layers), integer(layers),
                                             number(kFrameworkOverheadBytes / kGiB, 0)});
  return Reason(text::kNoPlanCanFit, {number(needed_bytes / kGiB, 1), number(usable_bytes / kGiB, 1),
                                      number(kFrameworkOverheadBytes / kGiB, 0)});
}

MemoryLowerBound memoryLowerBound(const CostModel& cost, int depthCap) {
  MemoryLowerBound b;
  for (const Node& n : cost.composition().nodes()) {
    const int g = cost.gpuIndex(n.gpu_type);
    if (g < 0) continue;
    b.usable_bytes += n.gpus * std::max(0.0, cost.gpuType(g).memory_bytes - kFrameworkOverheadBytes);
  }
  const TrainingSpec& spec = cost.spec();
  const double stateBytes = spec.weightBytes() + spec.gradBytes() + spec.optimizerBytes();
  const bool countActivations = !spec.interleave;
  double held = 0;
  for (int layer = 0; layer < cost.model().layerCount(); ++layer) {
    double least = std::numeric_limits<double>::infinity();
    for (int g = 0; g < cost.gpuTypeCount(); ++g) {
      for (int level = 0; level < kMaxTpLevels; ++level) {
        const int tp = 1 << level;
        for (int mbs : cost.profiles().microBatches(cost.gpuType(g).id, tp)) {
          if (mbs < 1 || !cost.hasProfile(g, tp, mbs)) continue;
          // One stage of one layer, one micro-batch in flight, one replica, untiled: what one GPU
          // of the TP group holds (the untiled experts spread over the group once).
          const StageMemory m = cost.stageMemory(g, tp, mbs, layer, layer, 0, 1, 1, 1);
          if (m.capacity <= 0) continue;
          const double params = tp * m.params / spec.weightBytes();
          least = std::min(least, params * stateBytes + (countActivations ? tp * m.activations : 0.0));
        }
      }
    }
    // A layer no profile holds leaves every planner without a plan anyway; the bound stays a
    // bound by counting nothing for it.
    if (std::isfinite(least)) held += least;
  }
  b.needed_bytes = (1 + kAllocatorSlack) * held;
  b.layers = cost.model().layerCount();
  b.depth_cap = std::max(1, std::min(depthCap, b.layers));
  if (!cost.model().isMoe()) b.pipeline_layers = std::min(b.layers, pipelineLayers(cost, b.depth_cap));
  return b;
}

}  // namespace arachne
