// Group-relative advantages: each rollout judged against the other rollouts of its group.
#pragma once

#include <vector>

namespace arachne {

struct GroupAdvantages {
  std::vector<double> advantages;  // one per rollout, in input order
  double mean = 0;
  double stddev = 0;
  bool degenerate = false;  // every return equal (within tolerance): no signal, all zero
};

// A group is a set of rollouts on one composition from the same state, so they differ only in
// the policy's decisions. Advantage = (return - group mean) / group std, which puts compositions
// whose throughputs differ by an order of magnitude on one scale and needs no value network.
GroupAdvantages groupAdvantages(const std::vector<double>& returns, double tolerance = 1e-9);

}  // namespace arachne
