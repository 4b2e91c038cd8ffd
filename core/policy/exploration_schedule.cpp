// Forced-depth probability and the uniform draws of the exploration rules.
#include "policy/exploration_schedule.h"

#include <algorithm>

namespace arachne {

double ExplorationSchedule::forcedDepthProbability(long long update) const {
  if (decay_updates <= 0 || update >= decay_updates) return end;
  const double t = static_cast<double>(std::max(0LL, update)) / static_cast<double>(decay_updates);
  return start + (end - start) * t;
}

int ExplorationSchedule::uniformChoice(const std::vector<std::uint8_t>& mask, std::mt19937_64& rng,
                                       size_t first) {
  std::vector<int> allowed;
  for (size_t i = first; i < mask.size(); ++i)
    if (mask[i]) allowed.push_back(static_cast<int>(i));
  if (allowed.empty()) return -1;
  return allowed[std::uniform_int_distribution<size_t>(0, allowed.size() - 1)(rng)];
}

int ExplorationSchedule::uniformDepth(const std::vector<std::uint8_t>& depthMask, std::mt19937_64& rng) {
  return uniformChoice(depthMask, rng, 1);
}

}  // namespace arachne
