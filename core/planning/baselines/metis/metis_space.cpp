// Metis's inter-stage search space (our implementation; see metis_space.h).
#include "planning/baselines/metis/metis_space.h"

#include <algorithm>
#include <list>
#include <utility>

namespace arachne {

namespace {

// Non-decreasing sequences of shapes, `stages` long, summing to `gpus`, in lexicographic order,
// pruned when the remaining stages cannot reach the sum with the largest or the smallest shape.
void multisets(int stages, int gpus, const std::vector<int>& shapes, int sum, int done, size_t from,
               std::vector<int>& cur, std::vector<std::vector<int>>& out) {
  if (shapes.empty()) return;
  const long long left = static_cast<long long>(gpus) - sum;
  if (static_cast<long long>(shapes.back()) * (stages - done) < left) return;
  if (static_cast<long long>(shapes.front()) * (stages - done) > left) return;
  if (done >= stages) {
    if (sum == gpus) out.push_back(cur);
    return;
  }
  for (size_t i = from; i < shapes.size(); ++i) {
    if (shapes[i] + sum > gpus) break;
    cur.push_back(shapes[i]);
    multisets(stages, gpus, shapes, sum + shapes[i], done + 1, i, cur, out);
    cur.pop_back();
  }
}

// Merge the smallest equal neighbouring groups in pairs until at most maxLen groups remain (or
// nothing merges any more); groups are sequences of stage sizes.
std::vector<std::vector<int>> mergeGroups(const std::vector<int>& s, int maxLen) {
  std::vector<std::vector<int>> groups;
  for (int e : s) groups.push_back({e});
  auto sumOf = [](const std::vector<int>& g) {
    int t = 0;
    for (int x : g) t += x;
    return t;
  };
  int reduce = static_cast<int>(groups.size()) - maxLen;
  while (reduce > 0) {
    const int minSize = sumOf(groups[0]);
    // Leading groups equal to the first one (its count, or the whole list when all are).
    int numMin = static_cast<int>(groups.size());
    for (size_t i = 0; i < groups.size(); ++i)
      if (groups[i] != groups[0]) {
        numMin = static_cast<int>(i) + 1;
        break;
      }
    if (numMin / 2 > reduce) reduce = numMin / 2;
    std::vector<std::vector<int>> merged;
    for (size_t i = 0; i < groups.size(); i += 2) {
      if (reduce <= static_cast<int>(i / 2)) {
        merged.insert(merged.end(), groups.begin() + static_cast<long>(i), groups.end());
        break;
      }
      if (i + 1 >= groups.size()) {
        merged.push_back(groups[i]);
      } else if (sumOf(groups[i]) == minSize && sumOf(groups[i]) == sumOf(groups[i + 1])) {
        std::vector<int> g = groups[i];
        g.insert(g.end(), groups[i + 1].begin(), groups[i + 1].end());
        merged.push_back(std::move(g));
      } else {
        merged.push_back(groups[i]);
        merged.push_back(groups[i + 1]);
      }
    }
    groups = std::move(merged);
    if (reduce == static_cast<int>(groups.size()) - maxLen) break;  // nothing more to merge
    reduce = static_cast<int>(groups.size()) - maxLen;
  }
  return groups;
}

}  // namespace

std::vector<int> metisGroupShapes(int gpus) {
  std::vector<int> s;
  for (long long p = 1; p <= gpus; p *= 2) s.push_back(static_cast<int>(p));
  return s;
}

std::vector<std::vector<int>> multisetPermutations(std::vector<int> items) {
  // Williams (2009), "Loopless generation of multiset permutations using a constant number of
  // variables by prefix shifts": a linked list in non-increasing order; each step moves one
  // node to the front.
  std::vector<std::vector<int>> out;
  if (items.empty()) return out;
  std::sort(items.begin(), items.end(), std::greater<int>());
  const size_t n = items.size();
  std::vector<int> value(items), next(n);
  for (size_t k = 0; k + 1 < n; ++k) next[k] = static_cast<int>(k + 1);
  next[n - 1] = -1;
  int h = 0;
  auto visit = [&] {
    std::vector<int> v;
    for (int o = h; o >= 0; o = next[static_cast<size_t>(o)]) v.push_back(value[static_cast<size_t>(o)]);
    out.push_back(std::move(v));
  };
  if (n == 1) {
    visit();
    return out;
  }
  int i = static_cast<int>(n) - 2, j = static_cast<int>(n) - 1;
  visit();
  while (next[static_cast<size_t>(j)] >= 0 || value[static_cast<size_t>(j)] < value[static_cast<size_t>(h)]) {
    int s;
    if (next[static_cast<size_t>(j)] >= 0 && value[static_cast<size_t>(i)] >= value[static_cast<size_t>(next[static_cast<size_t>(j)])])
      s = j;
    else
      s = i;
    const int t = next[static_cast<size_t>(s)];
    next[static_cast<size_t>(s)] = next[static_cast<size_t>(t)];
    next[static_cast<size_t>(t)] = h;
    if (value[static_cast<size_t>(t)] < value[static_cast<size_t>(h)]) i = t;
    j = next[static_cast<size_t>(i)];
    h = t;
    visit();
  }
  return out;
}

std::vector<std::vector<int>> metisDeviceGroups(int stages, int gpus, const std::vector<int>& allShapes,
                                                double variance, int maxPermuteLen) {
  // Key idea 1 of Metis: no stage gets less than `variance` x the even share.
  const double minGroup = std::max(gpus / stages, stages / gpus) * variance;
  std::vector<int> shapes;
  for (int s : allShapes)
    if (s >= minGroup) shapes.push_back(s);
  std::vector<std::vector<int>> sets, out;
  std::vector<int> cur;
  multisets(stages, gpus, shapes, 0, 0, 0, cur, sets);
  for (const std::vector<int>& s : sets) {
    // Key idea 2: permute at most maxPermuteLen units (merged groups stay together).
    const std::vector<std::vector<int>> groups = mergeGroups(s, maxPermuteLen);
    // Permute group indices as a multiset keyed by the groups' contents.
    std::vector<std::vector<int>> distinct;
    std::vector<int> keys;
    for (const auto& g : groups) {
      auto it = std::find(distinct.begin(), distinct.end(), g);
      if (it == distinct.end()) {
        distinct.push_back(g);
        it = distinct.end() - 1;
      }
      keys.push_back(static_cast<int>(it - distinct.begin()));
    }
    // Order the distinct groups as Python compares tuples, so "non-increasing" matches Metis.
    std::vector<int> rank(distinct.size());
    std::vector<int> idx(distinct.size());
    for (size_t k = 0; k < idx.size(); ++k) idx[k] = static_cast<int>(k);
    std::sort(idx.begin(), idx.end(), [&](int a, int b) { return distinct[static_cast<size_t>(a)] < distinct[static_cast<size_t>(b)]; });
    for (size_t k = 0; k < idx.size(); ++k) rank[static_cast<size_t>(idx[k])] = static_cast<int>(k);
    std::vector<int> ranked;
    for (int k : keys) ranked.push_back(rank[static_cast<size_t>(k)]);
    for (const std::vector<int>& perm : multisetPermutations(ranked)) {
      std::vector<int> flat;
      for (int r : perm) {
        const auto& g = distinct[static_cast<size_t>(idx[static_cast<size_t>(r)])];
        flat.insert(flat.end(), g.begin(), g.end());
      }
      out.push_back(std::move(flat));
    }
  }
  return out;
}

MetisInterStageIterator::MetisInterStageIterator(std::vector<int> types, int gpus, int globalBatch, int maxStages,
                                                 double variance, int maxPermuteLen)
    : order_(std::move(types)), shapes_(metisGroupShapes(gpus)), gpus_(gpus), max_stages_(std::min(gpus, maxStages)),
      variance_(variance), max_permute_len_(maxPermuteLen) {
  std::sort(order_.begin(), order_.end());
  for (int b = globalBatch; b >= 1; --b)
    if (globalBatch % b == 0) divisors_.push_back(b);
}

bool MetisInterStageIterator::advanceStages() {
  while (++stages_ <= max_stages_) {
    groups_ = metisDeviceGroups(stages_, gpus_, shapes_, variance_, max_permute_len_);
    if (!groups_.empty()) return true;
  }
  return false;
}

bool MetisInterStageIterator::next(MetisInterStagePlan& out) {
  if (done_ || divisors_.empty()) return false;
  if (!started_) {
    started_ = true;
    stages_ = 0;
    if (!advanceStages()) {
      done_ = true;
      return false;
    }
  } else if (++batch_ >= divisors_.size()) {
    batch_ = 0;
    if (++group_ >= groups_.size()) {
      group_ = 0;
      if (!advanceStages()) {
        // Next GPU-type order, from one stage again (Metis's code keeps a stale stage count here;
        // we restart it, docs/baselines.md).
        if (!std::next_permutation(order_.begin(), order_.end())) {
          done_ = true;
          return false;
        }
        stages_ = 0;
        if (!advanceStages()) {
          done_ = true;
          return false;
        }
      }
    }
  }
  out.type_order = order_;
  out.device_groups = groups_[group_];
  out.batches = divisors_[batch_];
  return true;
}

}  // namespace arachne
