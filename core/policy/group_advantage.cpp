// Group-relative advantages (GRPO-style normalisation within one composition's group).
#include "policy/group_advantage.h"

#include <algorithm>
#include <cmath>

namespace arachne {

GroupAdvantages groupAdvantages(const std::vector<double>& returns, double tolerance) {
  GroupAdvantages g;
  g.advantages.assign(returns.size(), 0.0);
  if (returns.empty()) {
    g.degenerate = true;
    return g;
  }
  for (double r : returns) g.mean += r;
  g.mean /= static_cast<double>(returns.size());
  double var = 0;
  for (double r : returns) var += (r - g.mean) * (r - g.mean);
  g.stddev = std::sqrt(var / static_cast<double>(returns.size()));
  // Relative tolerance: a group whose returns differ only by rounding carries no preference.
  if (g.stddev <= tolerance * std::max(1.0, std::abs(g.mean))) {
    g.degenerate = true;
    return g;
  }
  for (size_t i = 0; i < returns.size(); ++i) g.advantages[i] = (returns[i] - g.mean) / g.stddev;
  return g;
}

}  // namespace arachne
