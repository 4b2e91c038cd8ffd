// Sailor's planner inputs from our profiles. Ported from eth-easl/sailor cf2c8e3 (MIT).
#include "planning/baselines/sailor/sailor_inputs.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>

#include "catalog/gpu_type.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "model/model.h"
#include "profile/profile_set.h"

namespace arachne {

namespace {

// Sailor's TP degrees are the GPU counts its network file measures per GPU type: 1, 2 and 4.
constexpr int kSailorTps[] = {1, 2, 4};
constexpr double kSailorBytesPerParam = 8 + 4 + 4 + 4 + 4;  // optimizer x2, model, grads, comm, DeepSpeed

std::vector<double> prefixOf(const std::vector<double>& v) {
  std::vector<double> p(v.size() + 1, 0);
  for (size_t i = 0; i < v.size(); ++i) p[i + 1] = p[i] + v[i];
  return p;
}

}  // namespace

const SailorGpuData::Profile* SailorGpuData::profile(int m, int tp) const {
  auto it = profiles.find({m, tp});
  return it == profiles.end() ? nullptr : &it->second;
}

double SailorGpuData::execTime(int m, int tp, int first, int last) const {
  const Profile* p = profile(m, tp);
  if (!p) return std::numeric_limits<double>::infinity();
  return p->prefix[static_cast<size_t>(last) + 1] - p->prefix[static_cast<size_t>(first)];
}

double SailorInputs::paramBytesTp1(int first, int last) const {
  return (param_tp1_prefix[static_cast<size_t>(last) + 1] - param_tp1_prefix[static_cast<size_t>(first)]) * float_size;
}

bool SailorInputs::stageFits(const SailorGpuData& g, int depth, int stage, int first, int last, int m, int tp) const {
  const SailorGpuData::Profile* p = g.profile(m, tp);
  auto pp = g.param_prefix.find(tp);
  if (!p || pp == g.param_prefix.end()) return false;
  const double params = pp->second[static_cast<size_t>(last) + 1] - pp->second[static_cast<size_t>(first)];
  const double acts = p->act_prefix[static_cast<size_t>(last) + 1] - p->act_prefix[static_cast<size_t>(first)];
  const double megatron = tp == 1 ? 2.0e9 : 3.0e9;
  const double used = params * kSailorBytesPerParam + acts * (depth - stage) + megatron;
  return used <= g.memory_bytes;
}

std::vector<std::pair<int, int>> sailorStages(int layers, int pp) {
  const int chunk = layers / pp;
  const int residual = pp - layers % pp;  // the first `residual` stages get chunk layers
  std::vector<std::pair<int, int>> out;
  int start = 0;
  for (int i = 0; i < pp; ++i) {
    const int size = i < residual ? chunk : chunk + 1;
    out.emplace_back(start, start + size - 1);
    start += size;
  }
  return out;
}

SailorInputs buildSailorInputs(const CostModel& cost, const Composition& composition,
                               const SailorLayerTimesTable* layerTimes) {
  SailorInputs in;
  const Model& model = cost.model();
  const ProfileSet& profiles = cost.profiles();
  in.layers = model.layerCount();
  in.global_batch = cost.spec().global_batch;
  in.float_size = cost.spec().weightBytes();
  const int L = in.layers;

  std::vector<int> order(static_cast<size_t>(cost.gpuTypeCount()));
  std::iota(order.begin(), order.end(), 0);
  // Sailor orders its GPU types by name (a std::map of the quotas file); the first one gets the
  // memory-minimal TP degree on heterogeneous clusters (find_tmp_degrees).
  std::sort(order.begin(), order.end(), [&](int a, int b) { return cost.gpuType(a).id < cost.gpuType(b).id; });
  std::set<int> allMbs;
  bool haveTp1Params = false, haveOut = false;
  in.param_tp1_prefix.assign(static_cast<size_t>(L) + 1, 0);
  in.out_bytes.assign(static_cast<size_t>(L), 0);
  for (int g : order) {
    SailorGpuData d;
    d.gpu = g;
    d.id = cost.gpuType(g).id;
    d.memory_bytes = cost.gpuType(g).memory_bytes;
    d.count = composition.gpusOfType(d.id);
    int largestNode = 0;
    for (const Node& n : composition.nodes())
      if (n.gpu_type == d.id) largestNode = std::max(largestNode, n.gpus);
    if (d.count == 0) continue;
    std::set<int> mbsSet;
    for (int tp : kSailorTps) {
      if (tp > largestNode) continue;
      bool any = false;
      for (int m : profiles.microBatches(d.id, tp)) {
        if (!cost.hasProfile(g, tp, m)) continue;
        any = true;
        mbsSet.insert(m);
        SailorGpuData::Profile p;
        std::vector<double> exec(static_cast<size_t>(L)), acts(static_cast<size_t>(L)), params(static_cast<size_t>(L));
        for (int l = 0; l < L; ++l) {
          const ProfileEntry* e = profiles.find(d.id, tp, m, model.layer(l).id);
          exec[static_cast<size_t>(l)] = cost.layersTime(g, tp, m, l, l);
          acts[static_cast<size_t>(l)] = e->activation_bytes + e->expert_activation_bytes / tp;
          params[static_cast<size_t>(l)] = e->param_count + e->expert_param_count / tp;
          p.update += e->optimizer_s;
          if (!haveTp1Params) in.param_tp1_prefix[static_cast<size_t>(l) + 1] = e->param_count * tp + e->expert_param_count;
          if (!haveOut) in.out_bytes[static_cast<size_t>(l)] = e->output_bytes / m;
        }
        if (!haveTp1Params) {
          for (int l = 0; l < L; ++l) in.param_tp1_prefix[static_cast<size_t>(l) + 1] += in.param_tp1_prefix[static_cast<size_t>(l)];
          haveTp1Params = true;
        }
        haveOut = true;
        // Sailor's own per-index times where the imported file has them (convertLLMInput: exec =
        // fwd + bwd, update = the largest per-layer update entry).
        if (layerTimes) {
          auto byGpu = layerTimes->find(d.id);
          if (byGpu != layerTimes->end()) {
            auto raw = byGpu->second.find({m, tp});
            if (raw != byGpu->second.end() && static_cast<int>(raw->second.size()) == L) {
              p.update = 0;
              for (int l = 0; l < L; ++l) {
                const SailorLayerTimes& t = raw->second[static_cast<size_t>(l)];
                exec[static_cast<size_t>(l)] = t.fwd + t.bwd;
                p.update = std::max(p.update, t.update);
              }
            }
          }
        }
        p.prefix = prefixOf(exec);
        p.act_prefix = prefixOf(acts);
        if (!d.param_prefix.count(tp)) d.param_prefix[tp] = prefixOf(params);
        d.profiles[{m, tp}] = std::move(p);
      }
      if (any) d.tps.push_back(tp);
    }
    d.mbs.assign(mbsSet.begin(), mbsSet.end());
    allMbs.insert(mbsSet.begin(), mbsSet.end());
    in.types.push_back(std::move(d));
  }
  in.all_mbs.assign(allMbs.begin(), allMbs.end());
  in.homogeneous = in.types.size() == 1;
  return in;
}

}  // namespace arachne
