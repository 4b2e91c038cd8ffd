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

// What one layer puts on a TP group at the least, over the profiled micro-batches of one GPU type
// and TP degree (+inf where none is profiled), in the two readings the bound needs. `once`: one
// copy of the weights, gradients and optimizer state, which the cluster holds somewhere (the
// distributed optimizer only shards it). `replica`: what each replica's group holds itself (no
// optimizer state under the distributed optimizer, which may shard it away), with the allocator's
// slack. Both with one micro-batch's activations unless interleaved; untiled experts spread over
// the group once.
struct LeastHeld {
  std::vector<double> once, replica;
};

// [gpu type][TP level]: one walk over the profiles, each layer priced once per micro-batch.
std::vector<std::vector<LeastHeld>> leastHeld(const CostModel& cost) {
  const TrainingSpec& spec = cost.spec();
  const double stateBytes = spec.weightBytes() + spec.gradBytes() + spec.optimizerBytes();
  const int L = cost.model().layerCount();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<std::vector<LeastHeld>> out(static_cast<size_t>(cost.gpuTypeCount()));
  for (int g = 0; g < cost.gpuTypeCount(); ++g) {
    for (int level = 0; level < kMaxTpLevels; ++level) {
      const int tp = 1 << level;
      LeastHeld h{std::vector<double>(static_cast<size_t>(L), inf), std::vector<double>(static_cast<size_t>(L), inf)};
      for (int mbs : cost.profiles().microBatches(cost.gpuType(g).id, tp)) {
        if (mbs < 1 || !cost.hasProfile(g, tp, mbs)) continue;
        for (int layer = 0; layer < L; ++layer) {
          // One stage of one layer, one micro-batch in flight, one replica, untiled.
          const StageMemory m = cost.stageMemory(g, tp, mbs, layer, layer, 0, 1, 1, 1);
          if (m.capacity <= 0) continue;
          const double activations = spec.interleave ? 0.0 : m.activations;
          const double params = tp * m.params / spec.weightBytes();
          // The gradient bucket is per stage, not per layer: left out, as a bound may.
          const double grads = m.params / spec.weightBytes() * spec.gradBytes();
          const double own = m.params + grads + (spec.distributed_optimizer ? 0.0 : m.optimizer) + activations;
          const size_t l = static_cast<size_t>(layer);
          h.once[l] = std::min(h.once[l], params * stateBytes + tp * activations);
          h.replica[l] = std::min(h.replica[l], (1 + kAllocatorSlack) * tp * own);
        }
      }
      out[static_cast<size_t>(g)].push_back(std::move(h));
    }
  }
  return out;
}

// The most layers one TP group of type `g` at each degree 2^level holds: the smallest layers
// first, each its `replica` least, against the group's memory after the framework's share.
std::vector<int> layersPerGroup(const CostModel& cost, int g, const std::vector<LeastHeld>& least) {
  const double usable = std::max(0.0, cost.gpuType(g).memory_bytes - kFrameworkOverheadBytes);
  std::vector<int> most(kMaxTpLevels, 0);
  for (int level = 0; level < kMaxTpLevels; ++level) {
    std::vector<double> layers = least[static_cast<size_t>(level)].replica;
    std::sort(layers.begin(), layers.end());
    double sum = 0;
    for (double x : layers) {
      if (!std::isfinite(x) || (sum += x) > (1 << level) * usable) break;
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
int pipelineLayers(const CostModel& cost, int depth, const std::vector<std::vector<LeastHeld>>& least) {
  std::map<int, std::vector<int>> perType;                   // by GPU type index
  std::map<std::pair<int, int>, std::vector<int>> perNode;   // by (type, GPUs)
  std::vector<int> total(static_cast<size_t>(depth) + 1, 0);
  for (const Node& n : cost.composition().nodes()) {
    const int g = cost.gpuIndex(n.gpu_type);
    if (g < 0 || n.gpus < 1) continue;
    auto t = perType.find(g);
    if (t == perType.end()) t = perType.emplace(g, layersPerGroup(cost, g, least[static_cast<size_t>(g)])).first;
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
  const std::vector<std::vector<LeastHeld>> least = leastHeld(cost);
  double held = 0;
  for (int layer = 0; layer < cost.model().layerCount(); ++layer) {
    double once = std::numeric_limits<double>::infinity();
    for (const std::vector<LeastHeld>& type : least)
      for (const LeastHeld& level : type) once = std::min(once, level.once[static_cast<size_t>(layer)]);
    // A layer no profile holds leaves every planner without a plan anyway; the bound stays a
    // bound by counting nothing for it.
    if (std::isfinite(once)) held += once;
  }
  b.needed_bytes = (1 + kAllocatorSlack) * held;
  b.layers = cost.model().layerCount();
  b.depth_cap = std::max(1, std::min(depthCap, b.layers));
  if (!cost.model().isMoe()) b.pipeline_layers = std::min(b.layers, pipelineLayers(cost, b.depth_cap, least));
  return b;
}

}  // namespace arachne
