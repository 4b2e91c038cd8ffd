// Min-max batch split: continuous relaxation, then greedy whole-micro-batch steps.
#include "cost/batch_split.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace arachne {

bool splitBatch(const double* perMb, const double* fixed, const int* weight, int n,
                long long globalBatch, int* M) {
  long long sumW = 0;
  for (int j = 0; j < n; ++j) sumW += weight[j];
  if (n <= 0 || sumW > globalBatch) return false;

  constexpr int kStack = 32;
  bool activeStack[kStack];
  std::vector<char> activeHeap;
  bool* active = activeStack;
  if (n > kStack) {
    activeHeap.assign(static_cast<size_t>(n), 0);
    active = reinterpret_cast<bool*>(activeHeap.data());
  }
  auto A = [&](int j) { return std::max(perMb[j], 1e-12); };
  for (int j = 0; j < n; ++j) {
    active[j] = true;
    M[j] = 1;
  }

  // Continuous optimum: every active template finishes at the same time T; templates whose
  // share would fall below one micro-batch are pinned to one and the rest re-solved.
  double T = 0;
  for (int round = 0; round <= n; ++round) {
    double rest = static_cast<double>(globalBatch), num = 0, den = 0;
    for (int j = 0; j < n; ++j) {
      if (!active[j]) {
        rest -= weight[j];
        continue;
      }
      num += weight[j] * fixed[j] / A(j);
      den += weight[j] / A(j);
    }
    if (den <= 0) break;
    T = (rest + num) / den;
    bool changed = false;
    for (int j = 0; j < n; ++j)
      if (active[j] && (T - fixed[j]) / A(j) < 1.0) {
        active[j] = false;
        changed = true;
      }
    if (!changed) break;
  }
  long long cap = 0;
  for (int j = 0; j < n; ++j) {
    if (active[j]) M[j] = std::max(1, static_cast<int>(std::floor((T - fixed[j]) / A(j) + 1e-9)));
    cap += static_cast<long long>(weight[j]) * M[j];
  }
  // Whole micro-batches: add the one that finishes earliest until the batch is covered.
  while (cap < globalBatch) {
    int best = 0;
    double bestT = 1e300;
    for (int j = 0; j < n; ++j) {
      double t = A(j) * (M[j] + 1) + fixed[j];
      if (t < bestT) {
        bestT = t;
        best = j;
      }
    }
    ++M[best];
    cap += weight[best];
  }
  // Trim overshoot without raising the maximum: drop micro-batches that are not needed.
  for (;;) {
    int best = -1;
    for (int j = 0; j < n; ++j)
      if (M[j] > 1 && cap - weight[j] >= globalBatch &&
          (best < 0 || weight[j] > weight[best] ||
           (weight[j] == weight[best] && A(j) * M[j] + fixed[j] > A(best) * M[best] + fixed[best])))
        best = j;
    if (best < 0) break;
    --M[best];
    cap -= weight[best];
  }
  return true;
}

}  // namespace arachne
