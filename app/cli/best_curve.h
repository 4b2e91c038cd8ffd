// Reading a planner's best-so-far curve (PlannerStats::best_curve: one point per improvement,
// each at the evaluations spent when it was found, so the curve is exact per evaluation).
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

namespace arachne::cli {

// The best throughput within `evals` evaluations: the last improvement at or before it; < 0
// when none.
inline double bestAt(const std::vector<std::pair<long long, double>>& curve, long long evals) {
  double best = -1;
  for (const auto& [e, v] : curve)
    if (e <= evals) best = std::max(best, v);
  return best;
}

// The evaluations at the first improvement reaching `target` (within a relative 1e-9, the
// bench's tie rule); -1 when never.
inline long long reaches(const std::vector<std::pair<long long, double>>& curve, double target) {
  for (const auto& [e, v] : curve)
    if (v >= target - 1e-9 * (target < 0 ? -target : target)) return e;
  return -1;
}

}  // namespace arachne::cli
