// The exploration rules of training: forced uniform depths with a decaying probability.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace arachne {

// Shallow pipelines give positive throughput with most type/TP combinations and dominate early
// training, hiding fast deep ones; forcing a feasible depth drawn uniformly keeps deep pipelines
// in every group. The probability falls linearly from `start` to `end` over `decay_updates`
// updates and stays at `end` afterwards.
struct ExplorationSchedule {
  double start = 0.8;
  double end = 0.25;
  long long decay_updates = 1000;

  double forcedDepthProbability(long long update) const;
  // A depth (never STOP) drawn uniformly among the allowed ones of a depth mask whose index 0 is
  // STOP; -1 when no depth is allowed.
  static int uniformDepth(const std::vector<std::uint8_t>& depthMask, std::mt19937_64& rng);
  // A choice drawn uniformly among the allowed entries of any mask; -1 when none is allowed
  // (the rollout of a group that draws its GPU types uniformly uses it for the device mask).
  static int uniformChoice(const std::vector<std::uint8_t>& mask, std::mt19937_64& rng,
                           size_t first = 0);
};

}  // namespace arachne
