// HexiScale's stage order, TP splits and layer quota (ported from Sailor's MIT re-implementation).
#include "planning/hexiscale_strategy.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace arachne {
namespace {

// np.argsort(w)[::-1] for the short arrays here: stable ascending sort (numpy sorts short arrays
// by insertion), reversed, so among equal weights the later index comes first.
std::vector<int> descendingRank(const std::vector<double>& w) {
  std::vector<int> idx(w.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return w[static_cast<size_t>(a)] < w[static_cast<size_t>(b)]; });
  std::reverse(idx.begin(), idx.end());
  return idx;
}

}  // namespace

std::vector<std::vector<int>> HexiScaleStrategy::tpSplits(int gpus) {
  switch (gpus) {
    case 1: return {{1}};
    case 2: return {{2}, {1, 1}};
    case 3: return {{2, 1}, {1, 1, 1}};
    case 4: return {{4}, {2, 2}, {2, 1, 1}};
    case 5: return {{4, 1}, {2, 2, 1}};
    case 6: return {{4, 2}, {2, 2, 2}};
    case 7: return {{4, 2, 1}, {2, 2, 2, 1}};
    case 8: return {{8}, {4, 4}, {4, 2, 2}};
    default: return {};
  }
}

// A pair's
// bandwidth depends only on whether its two devices share a machine, so the sum over the
// |a| x |b| pairs is taken per machine: as a loop over pairs it took 20 s on 100,000 GPUs, before
// the budget was first checked.
std::vector<std::vector<double>> HexiScaleStrategy::mergedBandwidths(const HexiScaleProblem& p,
                                                                    const std::vector<std::vector<int>>& groups) {
  const size_t n = groups.size();
  // Per group: (machine, devices of the group on it, the machine's rounded intra bandwidth).
  struct OnMachine {
    int machine;
    long long count;
    double intra;
  };
  std::vector<std::vector<OnMachine>> at(n);
  for (size_t a = 0; a < n; ++a) {
    std::map<int, OnMachine> m;
    for (int i : groups[a]) {
      const HexiScaleDevice& d = p.devices[static_cast<size_t>(i)];
      auto [it, fresh] = m.try_emplace(d.machine, OnMachine{d.machine, 0, std::round(d.intra_bps)});
      ++it->second.count;
    }
    for (const auto& [machine, o] : m) at[a].push_back(o);
  }
  const double inter = std::round(p.inter_bps);
  std::vector<std::vector<double>> w(n, std::vector<double>(n, 0));
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      if (a == b) continue;
      double same = 0;
      long long samePairs = 0;
      size_t j = 0;
      for (const OnMachine& x : at[a]) {  // both sorted by machine
        while (j < at[b].size() && at[b][j].machine < x.machine) ++j;
        if (j == at[b].size() || at[b][j].machine != x.machine) continue;
        const long long pairs = x.count * at[b][j].count;
        same += static_cast<double>(pairs) * x.intra;
        samePairs += pairs;
      }
      const long long pairs = static_cast<long long>(groups[a].size()) * static_cast<long long>(groups[b].size());
      w[a][b] = same + static_cast<double>(pairs - samePairs) * inter;
    }
  return w;
}

std::vector<int> HexiScaleStrategy::stageOrderKeys(const std::vector<std::vector<double>>& merged) {
  const int n = static_cast<int>(merged.size());
  if (n <= 1) return std::vector<int>(static_cast<size_t>(n), 0);
  const int kway = std::min(3, n - 1);
  // search_path: from `start`, the selection[i]-th heaviest unvisited neighbour at step i.
  auto walk = [&](int start, const std::vector<int>& selection, std::vector<int>& path) {
    path.assign(1, start);
    double cum = 0;
    int next = start;
    for (size_t step = 0; static_cast<int>(path.size()) < n; ++step) {
      std::vector<int> adj;
      std::vector<double> w;
      for (int j = 0; j < n; ++j)
        if (j != next) {
          adj.push_back(j);
          const bool seen = std::find(path.begin(), path.end(), j) != path.end();
          w.push_back(seen ? 0 : merged[static_cast<size_t>(next)][static_cast<size_t>(j)]);
        }
      const std::vector<int> rank = descendingRank(w);
      const int len = static_cast<int>(rank.size());
      int pick = rank[static_cast<size_t>(selection[step] % len)];
      for (int off = 1; w[static_cast<size_t>(pick)] == 0 && off <= len; ++off)
        pick = rank[static_cast<size_t>((selection[step] + off) % len)];
      if (w[static_cast<size_t>(pick)] == 0) return -1.0;
      next = adj[static_cast<size_t>(pick)];
      cum += w[static_cast<size_t>(pick)];
      path.push_back(next);
    }
    return cum;
  };
  std::vector<std::vector<int>> paths;
  std::vector<double> weights;
  for (int start = 0; start < n; ++start) {
    // Every selection in product(range(kway), repeat = n - 1); HexiScale keeps the greatest path
    // (it compares the paths, not their weights) and reports that path's weight.
    std::vector<int> sel(static_cast<size_t>(n - 1), 0), path, bestPath;
    double bestWeight = -1;
    bool any = false;
    while (true) {
      const double w = walk(start, sel, path);
      if (w >= 0 && (!any || path > bestPath)) {
        bestPath = path;
        bestWeight = w;
        any = true;
      }
      size_t i = sel.size();
      while (i > 0 && ++sel[i - 1] == kway) sel[--i] = 0;
      if (i == 0) break;
    }
    if (any) {
      paths.push_back(bestPath);
      weights.push_back(bestWeight);
    }
  }
  if (paths.empty()) {
    std::vector<int> keys(static_cast<size_t>(n));
    std::iota(keys.begin(), keys.end(), 0);
    return keys;
  }
  size_t best = 0;  // argsort(weights)[0]: the least, the first on ties
  for (size_t i = 1; i < weights.size(); ++i)
    if (weights[i] < weights[best]) best = i;
  return paths[best];
}

std::vector<std::vector<int>> HexiScaleStrategy::stages(const HexiScaleProblem& problem,
                                                        const std::vector<std::vector<int>>& orderedGroups,
                                                        const HexiScaleEstimator& cost,
                                                        const std::function<bool()>& evaluate) {
  std::vector<std::vector<int>> out;
  for (const auto& group : orderedGroups) {
    // The group's GPUs machine by machine (a group's devices are in device order, and a machine's
    // devices are consecutive, so each machine's share is one run).
    std::map<int, std::vector<int>> byMachine;
    for (int d : group) byMachine[problem.devices[static_cast<size_t>(d)].machine].push_back(d);
    for (auto& [machine, devs] : byMachine) {
      (void)machine;
      for (size_t from = 0; from < devs.size(); from += 8) {
        const std::vector<int> piece(devs.begin() + static_cast<long>(from),
                                     devs.begin() + static_cast<long>(std::min(devs.size(), from + 8)));
        const auto splits = tpSplits(static_cast<int>(piece.size()));
        double bestCost = 1e8;
        const std::vector<int>* best = nullptr;
        std::vector<HexiScalePipeline> trial(1);
        for (const auto& split : splits) {
          HexiScalePipeline& pl = trial[0];
          pl.stages.clear();
          pl.layers.clear();
          size_t at = 0;
          const int sum = std::accumulate(split.begin(), split.end(), 0);
          for (int tp : split) {
            pl.stages.emplace_back(piece.begin() + static_cast<long>(at), piece.begin() + static_cast<long>(at + static_cast<size_t>(tp)));
            at += static_cast<size_t>(tp);
            pl.layers.push_back(problem.L * tp / sum);  // the fake layer partition
          }
          pl.layers.back() -= std::accumulate(pl.layers.begin(), pl.layers.end(), 0) - problem.L;
          if (!evaluate()) return {};
          const double c = cost.pipelineCost(pl);
          if (c < bestCost) {
            bestCost = c;
            best = &split;
          }
        }
        if (best == nullptr) best = &splits.front();
        size_t at = 0;
        for (int tp : *best) {
          out.emplace_back(piece.begin() + static_cast<long>(at), piece.begin() + static_cast<long>(at + static_cast<size_t>(tp)));
          at += static_cast<size_t>(tp);
        }
      }
    }
  }
  return out;
}

std::vector<int> HexiScaleStrategy::layerQuota(const HexiScaleProblem& problem, const HexiScaleEstimator& cost,
                                               const std::vector<std::vector<int>>& stages) {
  const int n = static_cast<int>(stages.size());
  std::vector<double> memory(static_cast<size_t>(n), 0);
  double total = 0;
  for (int s = 0; s < n; ++s) {
    for (int d : stages[static_cast<size_t>(s)]) memory[static_cast<size_t>(s)] += problem.devices[static_cast<size_t>(d)].memory_gib;
    total += memory[static_cast<size_t>(s)];
  }
  const std::vector<int> rank = descendingRank(memory);
  std::vector<int> quota(static_cast<size_t>(n), 0);
  std::vector<char> over(static_cast<size_t>(n), 0);
  int overCount = 0, remaining = problem.L, rankPtr = 0;
  for (long i = 0; remaining > 0; ++i) {
    const size_t s = static_cast<size_t>(i % n);
    const bool o = static_cast<double>(quota[s] + 1) / problem.L > memory[s] / total;
    overCount += (o ? 1 : 0) - (over[s] ? 1 : 0);
    over[s] = o ? 1 : 0;
    if (overCount != n && o) continue;
    if (overCount == n) {
      ++quota[static_cast<size_t>(rank[static_cast<size_t>(rankPtr % n)])];
      ++rankPtr;
    } else {
      ++quota[s];
    }
    --remaining;
  }
  // adjust_by_memory: any stage over its GPUs' memory makes the pipeline infeasible.
  for (int s = 0; s < n; ++s) {
    const auto& g = stages[static_cast<size_t>(s)];
    const int tp = static_cast<int>(g.size());
    const double perGpu = memory[static_cast<size_t>(s)] / tp;
    if (cost.stageMemoryGib(quota[static_cast<size_t>(s)], tp, s == 0, s == n - 1) > perGpu) return {};
  }
  return quota;
}

}  // namespace arachne
