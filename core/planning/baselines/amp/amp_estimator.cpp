// AMP's candidates and cost model, re-implemented after Sailor's AMP (eth-easl/sailor cf2c8e3,
// MIT): sa.py amp_no_placement_strategy, cost_amp.py predict_single, pipe.py pipe_ds/pipe_cost.
#include "planning/baselines/amp/amp_estimator.h"

#include <algorithm>
#include <limits>
#include <map>

#include "catalog/gpu_type.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "model/model.h"
#include "plan/texts.h"
#include "planning/baselines/baseline_network.h"
#include "profile/profile_set.h"

namespace arachne {

namespace {

constexpr int kMaxTp = 64;

std::vector<int> divisors(long long n) {
  std::vector<int> out;
  for (long long i = 1; i <= n; ++i)
    if (n % i == 0) out.push_back(static_cast<int>(i));
  return out;
}

// One sample's activation a layer hands on and the parameters it holds at TP tp (per GPU).
double outputPerSample(const CostModel& cost, int layer) {
  const Model& m = cost.model();
  for (int g = 0; g < cost.gpuTypeCount(); ++g)
    for (int tp : cost.profiles().tpDegrees(cost.gpuType(g).id))
      for (int mbs : cost.profiles().microBatches(cost.gpuType(g).id, tp))
        if (const ProfileEntry* e = cost.profiles().find(cost.gpuType(g).id, tp, mbs, m.layer(layer).id))
          return e->output_bytes / mbs;
  return 0;
}

double paramsAt(const CostModel& cost, int tp, int layer) {
  const Model& m = cost.model();
  for (int g = 0; g < cost.gpuTypeCount(); ++g)
    for (int mbs : cost.profiles().microBatches(cost.gpuType(g).id, tp))
      if (const ProfileEntry* e = cost.profiles().find(cost.gpuType(g).id, tp, mbs, m.layer(layer).id))
        return e->param_count + e->expert_param_count / tp;
  return -1;
}

}  // namespace

AmpProfiles ampProfilesFromCost(const CostModel& cost) {
  AmpProfiles p;
  p.origin = text::kAmpOriginCost;
  const int L = cost.model().layerCount();
  p.per_layer.assign(static_cast<size_t>(cost.gpuTypeCount()), std::vector<std::vector<double>>(kMaxTp + 1));
  for (int g = 0; g < cost.gpuTypeCount(); ++g)
    for (int tp = 1; tp <= kMaxTp; ++tp) {
      if (!cost.hasProfile(g, tp, 1)) continue;
      auto& v = p.per_layer[static_cast<size_t>(g)][static_cast<size_t>(tp)];
      for (int l = 0; l < L; ++l) v.push_back(cost.layersTime(g, tp, 1, l, l));
    }
  return p;
}

AmpProfiles ampProfilesFromSailor(const CostModel& cost, const SailorLayerTimesTable& times) {
  AmpProfiles p = ampProfilesFromCost(cost);
  p.origin = text::kAmpOriginSailor;
  const int L = cost.model().layerCount();
  for (int g = 0; g < cost.gpuTypeCount(); ++g) {
    auto byGpu = times.find(cost.gpuType(g).id);
    if (byGpu == times.end()) continue;
    for (const auto& [key, layers] : byGpu->second) {
      const auto [mbs, tp] = key;
      if (mbs != 1 || tp > kMaxTp || static_cast<int>(layers.size()) != L) continue;
      auto& v = p.per_layer[static_cast<size_t>(g)][static_cast<size_t>(tp)];
      v.clear();
      for (const SailorLayerTimes& t : layers) v.push_back(3 * t.fwd);
    }
  }
  return p;
}

std::vector<int> ampPartition(int layers, int pp) {
  const int per = layers / pp;
  std::vector<int> s(static_cast<size_t>(pp) - 1, per);
  s.push_back(layers - per * (pp - 1));
  return s;
}

AmpSpace rankAmp(const CostModel& cost, const Composition& composition, const BaselineNetwork& net,
                 const AmpProfiles& profiles, const std::function<bool()>& stop) {
  AmpSpace sp;
  const int L = cost.model().layerCount();
  const long long gbs = cost.spec().global_batch;
  const double floatBytes = cost.spec().gradBytes();  // AMP counts parameters as fp32 floats
  if (composition.nodes().empty()) return sp;
  sp.gpus_per_node = composition.nodes().front().gpus;
  const int M = sp.gpus_per_node;
  sp.nodes_given = static_cast<int>(composition.nodes().size());
  int N = sp.nodes_given;
  // AMP needs the global batch divisible by the GPU count; Sailor's AMP drops nodes until it is.
  while (N > 0 && gbs % (static_cast<long long>(M) * N) != 0) --N;
  sp.nodes = N;
  if (N < sp.nodes_given)
    sp.note = Reason(text::kAmpBatchNote, {integer(gbs), integer(static_cast<long long>(M) * sp.nodes_given),
                                           integer(static_cast<long long>(M) * N)});
  if (N == 0) return sp;
  // The slowest link: the lowest node-to-node peak rate among the GPU types present.
  std::vector<int> present;
  for (const Node& n : composition.nodes()) {
    const int g = cost.gpuIndex(n.gpu_type);
    if (std::find(present.begin(), present.end(), g) == present.end()) present.push_back(g);
  }
  sp.slowest_bytes_per_s = std::numeric_limits<double>::infinity();
  for (int g : present) sp.slowest_bytes_per_s = std::min(sp.slowest_bytes_per_s, net.inter(g, M, g, M).max_bytes_per_s);
  const double bw = sp.slowest_bytes_per_s;

  // Activation each layer index hands on, as AMP's layer list reads it: its list is
  // [embedding, noop, blocks..., noop], so boundary k uses layer k's output except k = 1
  // (the embedding's) and the last (the last block's).
  std::vector<double> volume(static_cast<size_t>(L) + 1);
  for (int k = 0; k <= L; ++k) {
    const int src = k <= 1 ? 0 : (k >= L ? L - 1 : k);
    volume[static_cast<size_t>(k)] = outputPerSample(cost, src);
  }

  // amp_no_placement_strategy: micro-batch sizes in order of first appearance (ascending),
  // within one the (h, w) pairs in generation order.
  std::map<int, std::vector<std::pair<int, int>>> byMbs;
  for (int h : divisors(M))
    for (int w : divisors(static_cast<long long>(M) * N / h))
      if (gbs >= w)
        for (int mbs : divisors(gbs / w)) byMbs[mbs].emplace_back(h, w);

  std::vector<AmpCandidate> all;
  for (const auto& [mbs, pairs] : byMbs) {
    for (const auto& [h, w] : pairs) {
      if (stop && stop()) {
        sp.stopped = true;
        break;
      }
      ++sp.candidates;
      const int pp = static_cast<int>(static_cast<long long>(M) * N / (static_cast<long long>(h) * w));
      if (pp > L) continue;
      // The profile at TP h averaged over the types that have one (AMP: "we will just use average").
      std::vector<double> avg(static_cast<size_t>(L), 0);
      int types = 0;
      for (int g : present) {
        if (h > kMaxTp) break;
        const auto& v = profiles.per_layer[static_cast<size_t>(g)][static_cast<size_t>(h)];
        if (v.empty()) continue;
        ++types;
        for (int l = 0; l < L; ++l) avg[static_cast<size_t>(l)] += v[static_cast<size_t>(l)];
      }
      if (types == 0) continue;  // AMP's average would be NaN: no type profiled at this TP
      for (double& x : avg) x = x / types * mbs;
      const double B = static_cast<double>(gbs) / (static_cast<double>(w) * mbs);
      const std::vector<int> parts = ampPartition(L, pp);
      // pipe_cost: (B - 1) x the slowest stage + every boundary's transfer + all layers once.
      double maxStage = 0, sum = 0, comm = 0;
      int first = 0;
      for (int s = 0; s < pp; ++s) {
        const int last = first + parts[static_cast<size_t>(s)] - 1;
        double t = 0;
        for (int l = first; l <= last; ++l) t += avg[static_cast<size_t>(l)];
        maxStage = std::max(maxStage, t);
        sum += t;
        if (s + 1 < pp) {
          // get_cost_c: per DP replica the slowest of its TP ranks' pairs across the boundary,
          // at the slowest link when any pair leaves its node, free inside one; mean over replicas.
          double c = 0;
          for (int i = 0; i < w; ++i) {
            bool crosses = false;
            for (int k = 0; k < h && !crosses; ++k) {
              const long long a = k + static_cast<long long>(h) * i + static_cast<long long>(h) * w * s;
              const long long b = a + static_cast<long long>(h) * w;
              crosses = a / M != b / M;
            }
            if (crosses) c += volume[static_cast<size_t>(last)] * mbs / bw;
          }
          comm += c / w;
        }
        first = last + 1;
      }
      double cost_ = (B - 1) * maxStage + comm + sum;
      // dp_cost: per stage and TP rank, the ring of the DP replicas (Sailor's AMP keeps only the
      // last pair's link), 2 (w - 1) / (w bw) x the stage's parameters; the largest is added.
      double dpMax = 0;
      first = 0;
      for (int s = 0; s < pp; ++s) {
        const int last = first + parts[static_cast<size_t>(s)] - 1;
        double params = 0;
        for (int l = first; l <= last; ++l) params += std::max(0.0, paramsAt(cost, h, l));
        for (int j = 0; j < h && w > 1; ++j) {
          const long long a = j + static_cast<long long>(h) * (w - 1) + static_cast<long long>(h) * w * s;
          const long long b = j + static_cast<long long>(h) * w * s;
          if (a / M == b / M) continue;  // inside one node: AMP counts it as free
          dpMax = std::max(dpMax, 2.0 * (w - 1) / (w * bw) * params * floatBytes);
        }
        first = last + 1;
      }
      cost_ += dpMax;
      all.push_back({h, w, pp, mbs, static_cast<int>(B), parts, cost_});
    }
    if (sp.stopped) break;
  }
  std::stable_sort(all.begin(), all.end(), [](const AmpCandidate& a, const AmpCandidate& b) { return a.cost < b.cost; });
  sp.ranked = std::move(all);
  return sp;
}

}  // namespace arachne
