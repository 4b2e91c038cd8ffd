// HexiScale's TimeCost and MemoryCost (ported from Sailor's MIT re-implementation, see the header).
#include "planning/hexiscale_estimator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace arachne {

HexiScaleEstimator::HexiScaleEstimator(const HexiScaleProblem& problem, int microBatches)
    : p_(problem), n_mb_(microBatches) {}

double HexiScaleEstimator::tpComm(const std::vector<int>& group) const {
  // alpha = 8 without recomputation; the slowest rank's sum over its peers.
  const double tp = static_cast<double>(group.size());
  const double x = p_.micro_batch * p_.S * p_.H * p_.B;
  double worst = 0;
  for (int i : group) {
    double sum = 0;
    for (int j : group)
      if (j != i) sum += x / (tp * p_.bandwidth(i, j));
    worst = std::max(worst, sum);
  }
  return 8 * worst;
}

double HexiScaleEstimator::stageCost(const std::vector<int>& group, int layers) const {
  const double tp = static_cast<double>(group.size());
  const double H = p_.H, S = p_.S;
  const double comp = 72 * p_.micro_batch * S * H * H * (1 + S / (6 * H) + p_.V / (16 * p_.L * H)) /
                      (p_.devices[static_cast<size_t>(group.front())].flops * tp);
  return layers * (comp + tpComm(group));
}

double HexiScaleEstimator::p2pCost(const std::vector<int>& pre, const std::vector<int>* post) const {
  if (post == nullptr) return 0;
  const double x = p_.micro_batch * p_.S * p_.H * p_.B;
  const double n = static_cast<double>(post->size());
  double best = std::numeric_limits<double>::infinity();
  for (int dq : *post) {
    double broadcast = 0;  // dq hands the activation on to the rest of its TP group
    for (int dt : *post)
      if (dt != dq) broadcast += x / (n * p_.bandwidth(dq, dt));
    for (int dp : pre) best = std::min(best, x / p_.bandwidth(dp, dq) + broadcast);
  }
  return 2 * best;
}

double HexiScaleEstimator::pipelineCost(const HexiScalePipeline& pl) const {
  const int n = static_cast<int>(pl.stages.size());
  std::vector<double> c(static_cast<size_t>(n));
  double all = 0;
  for (int s = 0; s < n; ++s) {
    const auto& g = pl.stages[static_cast<size_t>(s)];
    c[static_cast<size_t>(s)] = stageCost(g, pl.layers[static_cast<size_t>(s)]) +
                                p2pCost(g, s + 1 < n ? &pl.stages[static_cast<size_t>(s + 1)] : nullptr);
    all = std::max(all, c[static_cast<size_t>(s)]);
  }
  // Column j of the GPipe map holds the stages s with s <= j < s + N_MB.
  double total = 0;
  const int columns = n_mb_ + n - 1;
  for (int j = 0; j < columns; ++j) {
    const int lo = std::max(0, j - n_mb_ + 1), hi = std::min(n - 1, j);
    if (lo == 0 && hi == n - 1) {
      total += all;
      continue;
    }
    double m = 0;
    for (int s = lo; s <= hi; ++s) m = std::max(m, c[static_cast<size_t>(s)]);
    total += m;
  }
  return total;
}

double HexiScaleEstimator::dpCost(const std::vector<HexiScalePipeline>& pls) const {
  const size_t np = pls.size();
  if (np <= 1) return 0;
  // Stage of every block in every pipeline.
  std::vector<std::vector<int>> stageOf(np);
  for (size_t p = 0; p < np; ++p)
    for (size_t s = 0; s < pls[p].layers.size(); ++s)
      for (int k = 0; k < pls[p].layers[s]; ++k) stageOf[p].push_back(static_cast<int>(s));
  std::vector<int> counts(static_cast<size_t>(p_.machines), 0);
  std::vector<int> key(np), prevKey;
  double prevCost = 0, total = 0;
  const double H = p_.H;
  for (int l = 0; l < p_.L; ++l) {
    for (size_t p = 0; p < np; ++p) key[p] = stageOf[p][static_cast<size_t>(l)];
    if (key == prevKey) {  // the same TP groups hold this block: the same exchange
      total += prevCost;
      continue;
    }
    int maxTp = 0, minTp = std::numeric_limits<int>::max(), relative = 0;
    for (size_t p = 0; p < np; ++p) {
      const int tp = static_cast<int>(pls[p].stages[static_cast<size_t>(key[p])].size());
      maxTp = std::max(maxTp, tp);
      minTp = std::min(minTp, tp);
    }
    for (size_t p = 0; p < np; ++p)
      relative = std::max(relative, static_cast<int>(pls[p].stages[static_cast<size_t>(key[p])].size()) / minTp);
    double layerCost = 0;
    std::vector<int> group(np);
    // gen_layer_dp_rank_group: each TP group padded to the largest by repeating its ranks; the
    // k-th DP group takes the k-th padded rank of every pipeline; the first `relative` are costed.
    for (int k = 0; k < relative; ++k) {
      for (size_t p = 0; p < np; ++p) {
        const auto& g = pls[p].stages[static_cast<size_t>(key[p])];
        const int rep = maxTp / static_cast<int>(g.size());
        group[p] = g[static_cast<size_t>(k / rep)];
      }
      for (int d : group) ++counts[static_cast<size_t>(p_.devices[static_cast<size_t>(d)].machine)];
      const double c = 12 * H * H * p_.B / (minTp * static_cast<double>(np));
      double worst = 0;
      for (int i : group) {
        const HexiScaleDevice& di = p_.devices[static_cast<size_t>(i)];
        const int same = counts[static_cast<size_t>(di.machine)];
        const double sum = c * ((same - 1) / di.intra_bps + (static_cast<double>(np) - same) / p_.inter_bps);
        worst = std::max(worst, sum);
      }
      for (int d : group) counts[static_cast<size_t>(p_.devices[static_cast<size_t>(d)].machine)] = 0;
      layerCost += 2 * worst;
    }
    total += layerCost;
    prevKey = key;
    prevCost = layerCost;
  }
  return total;
}

double HexiScaleEstimator::overallCost(const std::vector<HexiScalePipeline>& pls) const {
  double worst = 0;
  for (const auto& pl : pls) worst = std::max(worst, pipelineCost(pl));
  return worst + dpCost(pls);
}

double HexiScaleEstimator::stageMemoryGib(int layers, int tp, bool first, bool last) const {
  const double H = p_.H, V = p_.V, S = p_.S, gib = 1024.0 * 1024 * 1024;
  const double params = ((layers * 12 * H * H / tp) + H * (last ? 1 : 0) + V * H * (last ? 1 : 0) +
                         H * (V + S) * (first ? 1 : 0)) * p_.B / gib * 4;
  const double acts = (layers * p_.micro_batch * S * H / tp + p_.micro_batch * S * H * 2) * p_.B / gib;
  return params + acts;
}

}  // namespace arachne
