// The order of planning's rollouts.
#include "policy/rollout_schedule.h"

#include <algorithm>

namespace arachne {

double RolloutSchedule::temperature(long long k) {
  // A trained policy is sharp (it imitates its best plans), so sampling at temperature 1 mostly
  // repeats the greedy rollout; every other sampled rollout is drawn flatter to spread the search.
  static constexpr double kTemperatures[] = {1.0, 1.5, 1.0, 2.0};
  return kTemperatures[static_cast<size_t>(k % 4)];
}

bool RolloutSchedule::explores(long long k) const {
  const long long sampledCount = std::max(0, sampled), cycle = sampledCount + std::max(0, exploring);
  return cycle > 0 && k % cycle >= sampledCount;
}

RolloutOptions RolloutSchedule::after(long long k) const {
  RolloutOptions o;
  const long long sampledCount = std::max(0, sampled), cycle = sampledCount + std::max(0, exploring);
  const long long i = cycle > 0 ? k % cycle : 0;
  o.temperature = temperature(i);
  if (explores(k)) {
    // Training's exploration rules at planning time: the policy was trained on the plans these
    // rules found, but on a composition it never saw its own ranking of depths and GPU types is
    // what is least reliable; every other decision is still sampled from the policy.
    const long long e = i - sampledCount;
    o.temperature = 1.0;
    o.force_first_depth = e % 4 == 0 || e % 4 == 2;
    o.uniform_devices = e % 4 == 1 || e % 4 == 2;
  }
  return o;
}

}  // namespace arachne
