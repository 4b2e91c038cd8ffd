// Which GPU types the learned planner plans when a composition has more than its state holds.
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"

namespace arachne {

class CostModel;

// The policy's state has t_max GPU type slots (policy_config.h). A composition with more types
// is planned on the t_max types with the most compute: GPUs × achievable TFLOP/s at the training
// precision (peak × matmul efficiency, as the state's compute features), ties broken by total
// memory, then by id. The others are withheld from the construction (EpisodeOptions::
// withheld_gpu_types) and their GPUs reported unused with this reason.
struct GpuTypeReduction {
  int limit = 0;                       // t_max
  int types = 0;                       // GPU types of the composition
  std::vector<std::string> kept;       // at most `limit`, most compute first
  std::vector<std::string> withheld;   // the rest, most compute first
  std::vector<double> withheld_tflops; // total achievable TFLOP/s of each withheld type
  bool reduced() const { return !withheld.empty(); }

  // One entry per node of a withheld type: all its GPUs, with the reason.
  std::vector<UnusedGpus> unusedGpus(const CostModel& cost) const;
  // For the planner's message: "6 of 8 GPU types planned (the policy's state holds 6); left out:
  // a5000 (8 GPUs), v100-16 (4 GPUs)"; empty when nothing was left out.
  Reason summary(const CostModel& cost) const;
};

GpuTypeReduction reduceGpuTypes(const CostModel& cost, int limit);

}  // namespace arachne
