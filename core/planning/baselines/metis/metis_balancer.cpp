// Metis's layer load balancer (our implementation; see metis_balancer.h).
#include "planning/baselines/metis/metis_balancer.h"

#include <algorithm>
#include <limits>
#include <set>

namespace arachne {

namespace {

constexpr int kUnits = 7;  // Metis's "hallucination": sub-units per layer

struct Balancer {
  int stages, units;
  std::vector<double> capa, capaOrig, demand, unitDemand;
  std::vector<std::vector<int>> alloc;
  std::vector<int> unassigned;

  void forward() {
    int k = 0;
    for (int s = 0; s + 1 < stages; ++s) {
      for (int l = k; l < units - 1 - kUnits; ++l) {
        if (capa[static_cast<size_t>(s)] > unitDemand[static_cast<size_t>(l)]) {
          capa[static_cast<size_t>(s)] -= unitDemand[static_cast<size_t>(l)];
          alloc[static_cast<size_t>(s)].push_back(l);
          k = l + 1;
        } else {
          unassigned.push_back(l);
          k = l + 1;
          break;
        }
      }
    }
    for (int l = k; l < units; ++l) unassigned.push_back(l);
    std::sort(unassigned.begin(), unassigned.end());
    unassigned.erase(std::unique(unassigned.begin(), unassigned.end()), unassigned.end());
  }

  // The erase and the minimum are kept as marks and a running minimum: finding them anew for
  // every unit made a 100,000-layer model's split take 9 s of a 1 s budget.
  void backward() {
    const size_t last = static_cast<size_t>(stages) - 1;
    std::vector<int> order(unassigned.rbegin(), unassigned.rend());
    std::vector<char> placed(static_cast<size_t>(units), 0);
    auto& a = alloc[last];
    int aMin = a.empty() ? std::numeric_limits<int>::max() : *std::min_element(a.begin(), a.end());
    auto place = [&](int l) {
      capa[last] -= unitDemand[static_cast<size_t>(l)];
      a.push_back(l);
      aMin = std::min(aMin, l);
      placed[static_cast<size_t>(l)] = 1;
    };
    for (int l : order) {
      if (static_cast<int>(a.size()) < kUnits) {
        place(l);
        continue;
      }
      if (l + 1 != aMin) continue;
      if (capa[last] > unitDemand[static_cast<size_t>(l)]) place(l);
    }
    unassigned.erase(std::remove_if(unassigned.begin(), unassigned.end(),
                                    [&](int l) { return placed[static_cast<size_t>(l)] != 0; }),
                     unassigned.end());
  }

  // The stage with the most capacity left between the stages holding the nearest units around q;
  // lowUnit/highUnit are each stage's smallest and largest unit (kept as units arrive, since
  // scanning every stage's units for every unit was quadratic in the layer count).
  int properStage(int q, const std::vector<int>& lowUnit, const std::vector<int>& highUnit) const {
    int lo = 0, hi = stages - 1;
    double minV = std::numeric_limits<double>::infinity(), maxV = -std::numeric_limits<double>::infinity();
    for (int s = 0; s < stages; ++s) {
      if (alloc[static_cast<size_t>(s)].empty()) continue;
      const int cmin = lowUnit[static_cast<size_t>(s)], cmax = highUnit[static_cast<size_t>(s)];
      if (q > cmax && cmax > maxV) {
        lo = s;
        maxV = cmax;
      }
      if (q < cmin && cmin < minV) {
        hi = s;
        minV = cmin;
      }
    }
    int best = -1;
    double bestCapa = -std::numeric_limits<double>::infinity();
    for (int s = lo; s <= hi; ++s)
      if (capa[static_cast<size_t>(s)] > bestCapa) {
        bestCapa = capa[static_cast<size_t>(s)];
        best = s;
      }
    return best < 0 ? lo : best;
  }

  void rest() {
    std::vector<int> lowUnit(static_cast<size_t>(stages), 0), highUnit(static_cast<size_t>(stages), 0);
    for (size_t s = 0; s < alloc.size(); ++s)
      if (!alloc[s].empty()) {
        lowUnit[s] = *std::min_element(alloc[s].begin(), alloc[s].end());
        highUnit[s] = *std::max_element(alloc[s].begin(), alloc[s].end());
      }
    const std::vector<int> order = unassigned;  // ascending
    for (int l : order) {
      const size_t s = static_cast<size_t>(properStage(l, lowUnit, highUnit));
      capa[s] -= unitDemand[static_cast<size_t>(l)];
      lowUnit[s] = alloc[s].empty() ? l : std::min(lowUnit[s], l);
      highUnit[s] = alloc[s].empty() ? l : std::max(highUnit[s], l);
      alloc[s].push_back(l);
    }
    unassigned.clear();
    for (auto& a : alloc) std::sort(a.begin(), a.end());
  }

  // Back to whole layers: a layer goes to the stage holding more than half of its units.
  void realValue() {
    for (int s = 0; s < stages; ++s) {
      std::vector<int> count(static_cast<size_t>(units / kUnits) + 1, 0);
      for (int u : alloc[static_cast<size_t>(s)]) ++count[static_cast<size_t>(u / kUnits)];
      std::vector<int> layers;
      for (size_t l = 0; l < count.size(); ++l)
        if (count[l] > kUnits / 2.0) layers.push_back(static_cast<int>(l));
      alloc[static_cast<size_t>(s)] = layers;
    }
    for (int s = 0; s < stages; ++s) {
      const auto& a = alloc[static_cast<size_t>(s)];
      double used = 0;
      if (!a.empty())
        for (int l = a.front(); l <= a.back(); ++l) used += demand[static_cast<size_t>(l)];
      capa[static_cast<size_t>(s)] = capaOrig[static_cast<size_t>(s)] - used;
    }
  }

  // Up to four moves: the stage with the most capacity left takes the adjacent layer of its
  // busier neighbour, while that does not raise the largest capacity left.
  void adjust() {
    std::vector<double> optCapa = capa;
    std::vector<std::vector<int>> optAlloc = alloc;
    int searches = 0;
    for (;;) {
      ++searches;
      const size_t s = static_cast<size_t>(std::max_element(optCapa.begin(), optCapa.end()) - optCapa.begin());
      int near = -1;
      double minV = std::numeric_limits<double>::infinity();
      if (s >= 1 && optCapa[s - 1] < minV) {
        near = static_cast<int>(s) - 1;
        minV = optCapa[s - 1];
      }
      if (s + 1 < optCapa.size() && optCapa[s + 1] < minV) near = static_cast<int>(s) + 1;
      if (near >= 0 && alloc[static_cast<size_t>(near)].size() == 1) near = -1;
      if (near >= 0 && !optAlloc[static_cast<size_t>(near)].empty()) {
        auto& from = optAlloc[static_cast<size_t>(near)];
        int layer;
        if (static_cast<int>(s) > near) {
          layer = from.back();
          from.pop_back();
        } else {
          layer = from.front();
          from.erase(from.begin());
        }
        optAlloc[s].push_back(layer);
        std::sort(optAlloc[s].begin(), optAlloc[s].end());
        optCapa[s] -= demand[static_cast<size_t>(layer)];
        optCapa[static_cast<size_t>(near)] += demand[static_cast<size_t>(layer)];
      }
      if (*std::max_element(optCapa.begin(), optCapa.end()) > *std::max_element(capa.begin(), capa.end()) || searches > 3)
        break;
      alloc = optAlloc;
      capa = optCapa;
    }
  }
};

}  // namespace

std::vector<int> metisBalanceLayers(const std::vector<double>& stagePerformance, const std::vector<double>& layerDemand) {
  Balancer b;
  b.stages = static_cast<int>(stagePerformance.size());
  b.units = static_cast<int>(layerDemand.size()) * kUnits;
  b.capa = stagePerformance;
  b.capaOrig = stagePerformance;
  b.demand = layerDemand;
  for (double d : layerDemand)
    for (int k = 0; k < kUnits; ++k) b.unitDemand.push_back(d / kUnits);
  b.alloc.assign(static_cast<size_t>(b.stages), {});
  if (b.stages == 0) return {0};
  b.forward();
  b.backward();
  b.rest();
  b.realValue();
  b.adjust();
  std::vector<int> partition = {0};
  for (const auto& a : b.alloc) partition.push_back(partition.back() + static_cast<int>(a.size()));
  return partition;
}

std::vector<double> metisAdjustPerformance(const std::vector<double>& perf, const std::vector<double>& capacity,
                                           const std::vector<double>& demand) {
  const size_t n = perf.size();
  std::vector<double> adj(n), avail(n, 0), extraAlloc(n, 0);
  double required = 0;
  for (size_t s = 0; s < n; ++s) {
    if (capacity[s] > demand[s]) {
      adj[s] = perf[s];
      avail[s] = perf[s] * capacity[s] / demand[s] - perf[s];
    } else {
      adj[s] = perf[s] * (capacity[s] / demand[s]) * 0.9;
      required += perf[s] - adj[s];
    }
  }
  double spare = 0;
  for (double a : avail) spare += a;
  if (spare < required) return {};
  while (required > 0.01) {
    double total = 0;
    for (size_t s = 0; s < n; ++s)
      if (avail[s] > 0.001) total += perf[s];
    if (total <= 0) break;  // nothing left to give (Metis would divide by zero)
    for (size_t s = 0; s < n; ++s) {
      const double ratio = avail[s] > 0.001 ? perf[s] / total : 0;
      const double give = required * ratio > avail[s] ? avail[s] : required * ratio;
      extraAlloc[s] += give;
      avail[s] -= give;
      required -= give;
    }
  }
  for (size_t s = 0; s < n; ++s) adj[s] += extraAlloc[s];
  return adj;
}

}  // namespace arachne
