// Espresso's stage placer (see the header).
#include "planning/espresso_stage_placer.h"

#include <algorithm>
#include <array>
#include <limits>
#include <queue>
#include <string>
#include <tuple>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"

namespace arachne {

EspressoPlacement EspressoStagePlacer::place(const EspressoEstimator& est, const std::vector<int>& stagesOfType,
                                             const std::function<bool()>& evaluate) {
  EspressoPlacement best;
  best.time_s = std::numeric_limits<double>::infinity();
  const CostModel& cost = est.cost();
  const int types = static_cast<int>(stagesOfType.size());
  int depth = 0;
  double totalPeak = 0;
  for (int t = 0; t < types; ++t) {
    depth += stagesOfType[static_cast<size_t>(t)];
    totalPeak += cost.gpuType(t).peakTflops(cost.spec().precision) * stagesOfType[static_cast<size_t>(t)];
  }
  const int L = est.blocks();
  if (depth == 0 || L == 0 || totalPeak <= 0) return best;
  // Per type: its compute share of the blocks, and the most blocks it holds at each position.
  std::vector<int> share(static_cast<size_t>(types), 0);
  std::vector<std::vector<int>> mem(static_cast<size_t>(types));
  for (int t = 0; t < types; ++t) {
    if (stagesOfType[static_cast<size_t>(t)] == 0) continue;
    share[static_cast<size_t>(t)] = static_cast<int>(cost.gpuType(t).peakTflops(cost.spec().precision) / totalPeak * L);
    for (int s = 0; s < depth; ++s) mem[static_cast<size_t>(t)].push_back(est.maxBlocks(t, s, depth));
  }
  for (int first = 1; first <= L; ++first) {
    std::vector<int> left = stagesOfType, order;
    std::vector<std::array<int, 3>> table;  // per stage: blocks the hiding rule allows, memory, share
    double hidden = 0;                      // backward time the later stages' all-reduce can hide behind
    int rest = L;
    bool walked = true;
    for (int s = 0; s < depth; ++s) {
      int allow = first;
      if (s > 0) {  // the most blocks whose gradient all-reduce takes less than `hidden`
        allow = 0;
        int lo = 1, hi = rest;
        while (lo <= hi) {
          const int mid = (lo + hi) / 2;
          if (est.allReduce(mid, false, false) < hidden) {
            allow = mid;
            lo = mid + 1;
          } else {
            hi = mid - 1;
          }
        }
      }
      // Candidates sorted by (share - blocks, blocks, memory, type id); the first is taken.
      std::vector<std::tuple<int, int, int, std::string, int>> cands;
      for (int t = 0; t < types; ++t) {
        if (left[static_cast<size_t>(t)] == 0) continue;
        const int m = mem[static_cast<size_t>(t)][static_cast<size_t>(s)];
        if (s == 0 && m < first) continue;
        const int valid = s == 0 ? first : std::min(allow, m);
        cands.emplace_back(share[static_cast<size_t>(t)] - valid, allow, m, cost.gpuType(t).id, t);
      }
      if (cands.empty()) {
        walked = false;
        break;
      }
      std::sort(cands.begin(), cands.end());
      const int t = std::get<4>(cands.front());
      const int m = std::get<2>(cands.front());
      --left[static_cast<size_t>(t)];
      order.push_back(t);
      table.push_back({allow, m, share[static_cast<size_t>(t)]});
      const int took = std::min({allow, m, share[static_cast<size_t>(t)]});
      hidden += est.blocksTime(t, took) / 4 * 2.7;  // the backward: 2.7 x the forward (a quarter), as Espresso weighs it
      rest -= took;
      if (s == 0) hidden += est.allReduce(took, true, false);
    }
    if (!walked) break;  // a stage found no type: later first-stage counts fare no better
    std::vector<int> blocks;
    for (const auto& row : table) blocks.push_back(std::min({row[0], row[1], row[2]}));
    blocks[0] = table[0][0];
    int remaining = L;
    for (int b : blocks) remaining -= b;
    // The blocks left over, one at a time, to the stage with the most headroom.
    using Entry = std::tuple<int, int, int>;  // (blocks - min(hiding, memory), blocks, stage)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    for (size_t s = 0; s < blocks.size(); ++s)
      heap.emplace(blocks[s] - std::min(table[s][0], table[s][1]), blocks[s], static_cast<int>(s));
    while (!heap.empty() && remaining > 0) {
      auto [prio, b, s] = heap.top();
      heap.pop();
      ++blocks[static_cast<size_t>(s)];
      heap.emplace(prio + 1, b + 1, s);
      --remaining;
    }
    if (!evaluate()) break;
    const double t = est.estimate(order, blocks);
    if (t < best.time_s) {
      best.time_s = t;
      best.gpus = order;
      best.blocks = blocks;
    }
  }
  return best;
}

}  // namespace arachne
