#include "planning/memory_lower_bound.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "catalog/gpu_type.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "plan/texts.h"
#include "planning/free_gpus.h"
#include "profile/profile_set.h"

namespace arachne {

Reason MemoryLowerBound::why() const {
  constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
  return Reason(text::kNoPlanCanFit, {number(needed_bytes / kGiB, 1), number(usable_bytes / kGiB, 1),
                                      number(kFrameworkOverheadBytes / kGiB, 0)});
}

MemoryLowerBound memoryLowerBound(const CostModel& cost) {
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
  return b;
}

}  // namespace arachne
