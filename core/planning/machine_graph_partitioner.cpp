// Balanced min-cut on machine-structured complete graphs, by local search on per-machine counts.
#include "planning/machine_graph_partitioner.h"

#include <algorithm>
#include <cmath>

namespace arachne {
namespace {

// Devices of one machine are interchangeable (same weight, same edges), so a partition is fully
// described by x[p][m], the devices of machine m in part p. The weight inside the parts is
//   sum_p [ inter * C(n_p, 2) + sum_m (intra_m - inter) * C(x_pm, 2) ],
// and the cut is the total edge weight minus it: maximising the inside weight minimises the cut.
struct Counts {
  int parts = 0, machines = 0;
  std::vector<int> x;         // [p * machines + m]
  std::vector<int> size;      // n_p
  std::vector<double> load;   // vertex weight of part p
  int& at(int p, int m) { return x[static_cast<size_t>(p * machines + m)]; }
  int at(int p, int m) const { return x[static_cast<size_t>(p * machines + m)]; }
};

void add(Counts& c, const MachineGraph& g, int p, int m, int n) {
  c.at(p, m) += n;
  c.size[static_cast<size_t>(p)] += n;
  c.load[static_cast<size_t>(p)] += n * g.weight[static_cast<size_t>(m)];
}

}  // namespace

std::vector<int> MachineGraphPartitioner::partition(const MachineGraph& g, int nparts) {
  const int devices = static_cast<int>(g.machine.size());
  std::vector<int> parts(static_cast<size_t>(devices), 0);
  if (devices == 0) return parts;
  const int k = std::max(1, std::min(nparts, devices));
  if (k == 1) return parts;
  const int M = g.machines();

  double total = 0;
  for (int m : g.machine) total += g.weight[static_cast<size_t>(m)];
  Counts c;
  c.parts = k;
  c.machines = M;
  c.x.assign(static_cast<size_t>(k * M), 0);
  c.size.assign(static_cast<size_t>(k), 0);
  c.load.assign(static_cast<size_t>(k), 0);

  double before = 0;
  for (int d = 0; d < devices; ++d) {
    const int m = g.machine[static_cast<size_t>(d)];
    const double w = g.weight[static_cast<size_t>(m)];
    const double mid = before + w / 2;
    const int p = total > 0 ? std::min(k - 1, static_cast<int>(std::floor(mid * k / total))) : d * k / devices;
    add(c, g, p, m, 1);
    before += w;
  }

  double bound = kImbalance * total / k;
  for (double l : c.load) bound = std::max(bound, l);
  bound *= 1 + 1e-12;
  double scale = std::fabs(g.inter_edge);
  for (double e : g.intra_edge) scale = std::max(scale, std::fabs(e));
  const double eps = 1e-12 * std::max(scale, 1e-300);
  auto d = [&](int m) { return g.intra_edge[static_cast<size_t>(m)] - g.inter_edge; };

  constexpr int kMaxPasses = 50;
  std::vector<std::vector<int>> present(static_cast<size_t>(k));
  for (int pass = 0; pass < kMaxPasses; ++pass) {
    bool changed = false;
    for (int p = 0; p < k; ++p) {
      present[static_cast<size_t>(p)].clear();
      for (int m = 0; m < M; ++m)
        if (c.at(p, m) > 0) present[static_cast<size_t>(p)].push_back(m);
    }
    for (int p = 0; p < k; ++p)
      for (int q = 0; q < k; ++q) {
        if (p == q) continue;
        for (int m : present[static_cast<size_t>(p)]) {
          if (c.at(p, m) == 0) continue;
          const double wm = g.weight[static_cast<size_t>(m)];
          // One device of m from p to q (never emptying p).
          if (c.size[static_cast<size_t>(p)] > 1 && c.load[static_cast<size_t>(q)] + wm <= bound) {
            const double gain = g.inter_edge * (c.size[static_cast<size_t>(q)] - c.size[static_cast<size_t>(p)] + 1) +
                                d(m) * (c.at(q, m) - c.at(p, m) + 1);
            if (gain > eps) {
              add(c, g, p, m, -1);
              add(c, g, q, m, 1);
              changed = true;
              continue;
            }
          }
          // Swap: one device of m from p to q, one of m2 from q to p.
          for (int m2 : present[static_cast<size_t>(q)]) {
            if (m2 == m || c.at(q, m2) == 0 || c.at(p, m) == 0) continue;
            const double w2 = g.weight[static_cast<size_t>(m2)];
            if (c.load[static_cast<size_t>(q)] + wm - w2 > bound || c.load[static_cast<size_t>(p)] - wm + w2 > bound) continue;
            const double gain = d(m) * (c.at(q, m) - c.at(p, m) + 1) + d(m2) * (c.at(p, m2) - c.at(q, m2) + 1);
            if (gain > eps) {
              add(c, g, p, m, -1);
              add(c, g, q, m, 1);
              add(c, g, q, m2, -1);
              add(c, g, p, m2, 1);
              changed = true;
            }
          }
        }
      }
    if (!changed) break;
  }

  // Devices of each machine, in order, go to the parts in order; empty parts are dropped.
  std::vector<int> renumber(static_cast<size_t>(k), -1);
  int next = 0;
  for (int p = 0; p < k; ++p)
    if (c.size[static_cast<size_t>(p)] > 0) renumber[static_cast<size_t>(p)] = next++;
  std::vector<int> cursor(static_cast<size_t>(M), 0);  // per machine: next part to draw from
  std::vector<int> left(c.x);
  for (int dv = 0; dv < devices; ++dv) {
    const int m = g.machine[static_cast<size_t>(dv)];
    int& p = cursor[static_cast<size_t>(m)];
    while (left[static_cast<size_t>(p * M + m)] == 0) ++p;
    --left[static_cast<size_t>(p * M + m)];
    parts[static_cast<size_t>(dv)] = renumber[static_cast<size_t>(p)];
  }
  return parts;
}

double MachineGraphPartitioner::cutWeight(const MachineGraph& g, const std::vector<int>& parts) {
  double cut = 0;
  const size_t n = g.machine.size();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      if (parts[i] == parts[j]) continue;
      const int mi = g.machine[i], mj = g.machine[j];
      cut += mi == mj ? g.intra_edge[static_cast<size_t>(mi)] : g.inter_edge;
    }
  return cut;
}

}  // namespace arachne
