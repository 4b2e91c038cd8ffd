// Metis's cost model (our implementation; see metis_cost.h).
#include "planning/baselines/metis/metis_cost.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>

#include "catalog/gpu_type.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "model/model.h"
#include "planning/baselines/baseline_network.h"
#include "profile/profile_set.h"

namespace arachne {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kMemCoef = 5.0;  // Metis's mem_coef on the profiled layer memory

// The binary decomposition Metis uses for a micro-batch it has no profile for: 6 = 4 + 2.
std::vector<int> slices(int bs) {
  std::vector<int> out;
  for (int p = 1 << 30; p >= 1; p >>= 1)
    if (bs & p) out.push_back(p);
  return out;
}

}  // namespace

MetisModel::MetisModel(const CostModel& cost, const Composition& composition, const BaselineNetwork& net,
                       const SailorLayerTimesTable* layerTimes)
    : composition_(composition), cost_(cost), net_(net) {
  const Model& m = cost.model();
  const ProfileSet& ps = cost.profiles();
  layers_ = m.layerCount();
  gbs_ = cost.spec().global_batch;
  seq_ = cost.spec().sequence_length;
  hidden_ = m.shape.hidden;
  vocab_ = m.shape.vocab;
  const double stateBytes = cost.spec().weightBytes() + 2 * cost.spec().gradBytes() + cost.spec().optimizerBytes();
  memory_mb_.assign(static_cast<size_t>(cost.gpuTypeCount()), 0);
  std::vector<int> maxBsTp1(static_cast<size_t>(cost.gpuTypeCount()), 1);
  std::set<int> present;
  for (const Node& n : composition.nodes()) present.insert(cost.gpuIndex(n.gpu_type));
  // Metis's "first device type" (its layer shares and optimizer time come from that type's TP 1,
  // micro-batch 1 profile): Sailor's fork lists its types in a fixed order, A100-40 before
  // V100-16; we take the catalog ids in order, which agrees.
  std::vector<int> byId(present.begin(), present.end());
  std::sort(byId.begin(), byId.end(), [&](int a, int b) { return cost.gpuType(a).id < cost.gpuType(b).id; });
  bool haveShare = false, haveParams = false;
  for (int g : byId) {
    const std::string& id = cost.gpuType(g).id;
    memory_mb_[static_cast<size_t>(g)] = cost.gpuType(g).memory_bytes / kMiB;
    for (int tp : ps.tpDegrees(id))
      for (int bs : ps.microBatches(id, tp)) {
        if (!cost.hasProfile(g, tp, bs)) continue;
        MetisProfile p;
        const std::vector<SailorLayerTimes>* raw = nullptr;
        if (layerTimes) {
          auto a = layerTimes->find(id);
          if (a != layerTimes->end()) {
            auto b = a->second.find({bs, tp});
            if (b != a->second.end() && static_cast<int>(b->second.size()) == layers_) raw = &b->second;
          }
        }
        double optimizer = 0;
        for (int l = 0; l < layers_; ++l) {
          const ProfileEntry* e = ps.find(id, tp, bs, m.layer(l).id);
          const double ms = raw ? 1000 * ((*raw)[static_cast<size_t>(l)].fwd + (*raw)[static_cast<size_t>(l)].bwd)
                                : 1000 * cost.layersTime(g, tp, bs, l, l);
          p.layer_ms.push_back(ms);
          p.total_ms += ms;
          p.mem_mb.push_back(((e->param_count + e->expert_param_count / tp) * stateBytes + e->activation_bytes +
                              e->expert_activation_bytes / tp) / kMiB);
          // Sailor's files hold a per-layer update time (its Metis profiles sum them); our
          // profiles spread the model's optimizer step over the layers.
          optimizer += raw ? (*raw)[static_cast<size_t>(l)].update : e->optimizer_s;
          if (!haveParams && tp == 1) {
            const double bytes = (e->param_count + e->expert_param_count) * cost.spec().weightBytes();
            if (l == 0) param_in_ = bytes;
            if (l == 1) param_block_ = bytes;
            if (l == layers_ - 1) param_out_ = bytes;
          }
        }
        if (tp == 1) haveParams = true;
        if (!haveShare && tp == 1 && bs == 1) {
          for (double ms : p.layer_ms) layer_share_.push_back(p.total_ms > 0 ? ms / p.total_ms : 0);
          optimizer_ms_ = 2 * 1000 * optimizer;  // Metis's loader doubles the profiled optimizer time
          haveShare = true;
        }
        max_tp_ = std::max(max_tp_, tp);
        if (tp == 1) maxBsTp1[static_cast<size_t>(g)] = std::max(maxBsTp1[static_cast<size_t>(g)], bs);
        profiles_[{g, tp, bs}] = std::move(p);
      }
  }
  max_bs_ = 1024;
  for (int g : present) max_bs_ = std::min(max_bs_, maxBsTp1[static_cast<size_t>(g)]);
  if (layer_share_.empty()) layer_share_.assign(static_cast<size_t>(layers_), 1.0 / std::max(1, layers_));
}

const MetisProfile* MetisModel::profile(int gpu, int tp, int bs) const {
  auto it = profiles_.find({gpu, tp, bs});
  return it == profiles_.end() ? nullptr : &it->second;
}

MetisLayout MetisModel::layout(const std::vector<int>& typeOrder) const {
  MetisLayout l;
  for (int g : typeOrder)
    for (const Node& n : composition_.nodes()) {
      if (cost_.gpuIndex(n.gpu_type) != g) continue;
      const int slot = static_cast<int>(l.node_id.size());
      l.node_id.push_back(n.id);
      l.node_type.push_back(g);
      l.node_inter.push_back(net_.inter(g, n.gpus, g, n.gpus).max_bytes_per_s);
      l.node_intra.push_back(n.gpus > 1 ? net_.intra(g, n.gpus).max_bytes_per_s : std::pow(2.0, 40));
      for (int k = 0; k < n.gpus; ++k) {
        l.rank_type.push_back(g);
        l.rank_node.push_back(slot);
      }
    }
  return l;
}

std::vector<double> MetisModel::stagePerformance(const MetisLayout& l, const std::vector<int>& groups,
                                                 const MetisStrategies& st, int batches) const {
  // StagePerformance.get_intra_stage_compute_performance: a stage's speed is 1 / its replicas'
  // whole-model time at its TP and micro-batch (the slowest replica's in a mixed stage).
  std::vector<double> perf;
  int start = 0;
  for (size_t s = 0; s < groups.size(); ++s) {
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in the lambda below.
    const int dp = st[s].first, tp = st[s].second;
    const int bs = gbs_ / batches / dp;
    std::set<int> types(l.rank_type.begin() + start, l.rank_type.begin() + start + groups[s]);
    double t = 0;
    if (types.size() > 1) {
      for (int d = 0; d < dp; ++d) {
        const int g = l.rank_type[static_cast<size_t>(start + groups[s] / dp * d)];
        double inner = 0;
        for (int slice : slices(bs)) {
          const MetisProfile* p = profile(g, tp, slice);
          if (!p) return {};
          inner += p->total_ms;
        }
        t = std::max(t, inner);
      }
    } else {
      const MetisProfile* p = profile(*types.begin(), tp, bs);
      if (!p) return {};
      t = p->total_ms;
    }
    perf.push_back(1.0 / t);
    start += groups[s];
  }
  const double total = std::accumulate(perf.begin(), perf.end(), 0.0);
  for (double& p : perf) p /= total;
  return perf;
}

std::vector<double> MetisModel::capacity(const MetisLayout& l, const std::vector<int>& groups) const {
  std::vector<double> out;
  int start = 0;
  for (int g : groups) {
    double c = 0;
    for (int r = start; r < start + g; ++r) c += memory_mb_[static_cast<size_t>(l.rank_type[static_cast<size_t>(r)])];
    out.push_back(c);
    start += g;
  }
  return out;
}

std::vector<double> MetisModel::demand(const MetisLayout& l, const std::vector<int>& groups, const MetisStrategies& st,
                                       const std::vector<int>& partition, int batches) const {
  // LayerLoadBalancer._get_stage_memory_demand: Metis reads the memory of the rank order's first
  // GPU type for every stage; a mixed stage counts every replica's micro-batch slices.
  std::vector<double> out;
  const int first = l.rank_type.front();
  int start = 0;
  for (size_t s = 0; s < groups.size(); ++s) {
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in the lambda below.
    const int dp = st[s].first, tp = st[s].second;
    const int bs = gbs_ / batches / dp;
    const int a = partition[s], b = partition[s + 1];
    std::set<int> types(l.rank_type.begin() + start, l.rank_type.begin() + start + groups[s]);
    double need = 0.001;
    auto add = [&](int size) {
      const MetisProfile* p = profile(first, tp, size);
      if (!p) return false;
      for (int k = a; k < b; ++k) need += p->mem_mb[static_cast<size_t>(k)] * kMemCoef;
      return true;
    };
    if (types.size() == 1) {
      if (!add(bs)) return {};
    } else {
      for (int d = 0; d < dp; ++d)
        for (int slice : slices(bs))
          if (!add(slice)) return {};
    }
    out.push_back(need);
    start += groups[s];
  }
  return out;
}

double MetisModel::slowestInter(const MetisLayout& l, const std::vector<int>& types) const {
  double bw = std::numeric_limits<double>::infinity();
  for (size_t n = 0; n < l.node_type.size(); ++n)
    if (std::find(types.begin(), types.end(), l.node_type[n]) != types.end()) bw = std::min(bw, l.node_inter[n]);
  return bw;
}

double MetisModel::ppBandwidth(const MetisLayout& l, int first, int last) const {
  // HetClusterBandwidth.get_slowest_pp_bandwidth: both stages on one node -> that node type's
  // intra-node rate, else the slowest inter-node rate of the node types involved.
  std::set<int> nodes(l.rank_node.begin() + first, l.rank_node.begin() + last);
  if (nodes.size() == 1) {
    const int g = l.node_type[static_cast<size_t>(*nodes.begin())];
    for (size_t n = 0; n < l.node_type.size(); ++n)
      if (l.node_type[n] == g) return l.node_intra[n];
  }
  std::vector<int> types;
  for (int n : nodes) types.push_back(l.node_type[static_cast<size_t>(n)]);
  return slowestInter(l, types);
}

double MetisModel::dpBandwidth(const MetisLayout& l, int first, int dp, int tp) const {
  // The DP groups take the stage's ranks round robin (rank first + t * dp + d is in group d).
  double slowest = std::numeric_limits<double>::infinity();
  for (int d = 0; d < dp; ++d) {
    std::set<int> nodes;
    for (int t = 0; t < tp; ++t) nodes.insert(l.rank_node[static_cast<size_t>(first + t * dp + d)]);
    double bw;
    if (nodes.size() == 1) {
      const int g = l.node_type[static_cast<size_t>(*nodes.begin())];
      bw = 0;
      for (size_t n = 0; n < l.node_type.size(); ++n)
        if (l.node_type[n] == g) {
          bw = l.node_intra[n];
          break;
        }
    } else {
      std::vector<int> types;
      for (int n : nodes) types.push_back(l.node_type[static_cast<size_t>(n)]);
      bw = slowestInter(l, types);
    }
    slowest = std::min(slowest, bw);
  }
  return slowest;
}

double MetisModel::execution(const MetisLayout& l, int rank0, int ranks, int dp, int tp, int start, int end,
                             int batches) const {
  std::set<int> types(l.rank_type.begin() + rank0, l.rank_type.begin() + rank0 + ranks);
  const int bs = gbs_ / dp / batches;
  auto sumLayers = [&](const MetisProfile& p) {
    double t = 0;
    for (int k = start; k < end; ++k) t += p.layer_ms[static_cast<size_t>(k)];
    return t;
  };
  if (types.size() == 1) {
    const MetisProfile* p = profile(*types.begin(), tp, bs);
    return p ? sumLayers(*p) : -1;
  }
  // DataLoadBalancer.partition_data: the stage's micro-batch split over its replicas in
  // proportion to each replica's speed at micro-batch 1, remainders by largest fraction.
  const int group = ranks / dp;
  const int total = gbs_ / batches;
  std::vector<double> perf;
  for (int d = 0; d < dp; ++d) {
    const MetisProfile* p = profile(l.rank_type[static_cast<size_t>(rank0 + d * group)], tp, 1);
    if (!p) return -1;
    perf.push_back(1.0 / p->total_ms);
  }
  const double sum = std::accumulate(perf.begin(), perf.end(), 0.0);
  std::vector<int> share;
  std::vector<double> frac;
  int given = 0;
  for (double p : perf) {
    const double x = total * (p / sum);
    share.push_back(static_cast<int>(x));
    frac.push_back(x - static_cast<int>(x));
    given += share.back();
  }
  std::vector<int> order(perf.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return frac[static_cast<size_t>(a)] > frac[static_cast<size_t>(b)]; });
  for (int k = 0; k < total - given && k < static_cast<int>(order.size()); ++k) ++share[static_cast<size_t>(order[static_cast<size_t>(k)])];
  double worst = -1;
  for (int d = 0; d < dp; ++d) {
    if (share[static_cast<size_t>(d)] == 0) continue;
    double t = 0;
    for (int slice : slices(share[static_cast<size_t>(d)])) {
      if (slice > max_bs_) return -1;
      const MetisProfile* p = profile(l.rank_type[static_cast<size_t>(rank0 + d * group)], tp, slice);
      if (!p) return -1;
      t += sumLayers(*p);
    }
    worst = std::max(worst, t);
  }
  return worst;
}

double MetisModel::cost(const MetisLayout& l, const std::vector<int>& groups, const MetisStrategies& st,
                        const std::vector<int>& partition, int batches) const {
  // HeteroCostEstimator.get_cost, in ms.
  const int stages = static_cast<int>(groups.size());
  double maxLen = 0, sumLen = 0, pp = 0, fbSync = 0, maxDp = 0, maxUpdate = 0;
  int rank0 = 0;
  for (int s = 0; s < stages; ++s) {
    const int start = partition[static_cast<size_t>(s)], end = partition[static_cast<size_t>(s) + 1];
    const auto [dp, tp] = st[static_cast<size_t>(s)];
    const double exec = execution(l, rank0, groups[static_cast<size_t>(s)], dp, tp, start, end, batches);
    if (exec < 0) return -1;
    maxLen = std::max(maxLen, exec);
    sumLen += exec;
    const int mbs = gbs_ / dp / batches;
    if (s == stages - 1) {
      // fb_sync: the profiled forward-backward time beyond the layers' sum; our profiles (as
      // Sailor's conversion) have none, but Metis still needs the profile of every type present.
      for (int r = rank0; r < rank0 + groups[static_cast<size_t>(s)]; ++r)
        if (!profile(l.rank_type[static_cast<size_t>(r)], tp, mbs)) return -1;
      fbSync = 0;
    } else {
      const double act = end == layers_ - 1 ? mbs * seq_ * vocab_ / tp : mbs * seq_ * hidden_;  // elements, as Metis
      pp += act / ppBandwidth(l, rank0, rank0 + groups[static_cast<size_t>(s)] + groups[static_cast<size_t>(s) + 1]) * 1000;
    }
    // GPTActivationAndParam.get_parameter_size_by_stage
    int blocks = end - start;
    double params = 0;
    if (start == 0) {
      params += param_in_ / tp;
      --blocks;
    }
    if (end == layers_) {
      params += param_out_ / tp;
      --blocks;
    }
    params += param_block_ / tp * blocks;
    if (dp > 1) maxDp = std::max(maxDp, 2.0 * (dp - 1) / (dp * dpBandwidth(l, rank0, dp, tp)) * params * 1000);
    maxUpdate = std::max(maxUpdate, optimizer_ms_ / tp * (static_cast<double>(end - start) / layers_));
    rank0 += groups[static_cast<size_t>(s)];
  }
  return (batches - 1) * maxLen + sumLen + fbSync + maxUpdate + maxDp + pp;
}

}  // namespace arachne
