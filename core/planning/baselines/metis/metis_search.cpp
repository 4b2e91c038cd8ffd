// Metis's search loop (our implementation; see metis_search.h).
#include "planning/baselines/metis/metis_search.h"

#include <algorithm>
#include <map>
#include <numeric>

#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "model/model.h"
#include "plan/texts.h"
#include "planning/baselines/metis/metis_balancer.h"
#include "planning/baselines/metis/metis_space.h"

namespace arachne {

namespace {

// IntraStagePlanGenerator._next_strategy: the stage with the least memory to spare (or, without a
// memory state, the largest DP) halves its DP and doubles its TP.
bool nextStrategy(MetisStrategies& st, const std::vector<double>& memoryState) {
  std::vector<double> state = memoryState;
  if (state.empty())
    for (const auto& [dp, tp] : st) state.push_back(1.0 / dp);
  std::vector<int> order(st.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return state[static_cast<size_t>(a)] < state[static_cast<size_t>(b)]; });
  for (int s : order) {
    auto& [dp, tp] = st[static_cast<size_t>(s)];
    if (dp != 1) {
      dp /= 2;
      tp *= 2;
      return true;
    }
  }
  return false;
}

bool better(const MetisCandidate& a, const MetisCandidate& b) {
  return a.cost_ms < b.cost_ms || (a.cost_ms == b.cost_ms && a.seq < b.seq);
}

void keepBest(std::vector<MetisCandidate>& v) {
  if (v.size() < 2 * kMetisKept) return;
  std::nth_element(v.begin(), v.begin() + static_cast<long>(kMetisKept), v.end(), better);
  v.resize(kMetisKept);
}

}  // namespace

Reason metisInexpressible(const MetisCandidate& c, const MetisLayout& l, int layers) {
  if (c.partition.back() != layers) return Reason(text::kMetisDropsLayers, {integer(c.partition.back()), integer(layers)});
  const int dp = c.strategies.front().first;
  for (const auto& [d, t] : c.strategies)
    if (d != dp) return Reason(text::kMetisMixedDp);
  int rank = 0;
  for (size_t s = 0; s < c.groups.size(); ++s) {
    if (c.partition[s + 1] <= c.partition[s]) return Reason(text::kMetisEmptyStage, {integer(static_cast<long long>(s) + 1)});
    const int tp = c.strategies[s].second;
    for (int d = 0; d < dp; ++d, rank += tp)
      for (int k = rank; k < rank + tp; ++k)
        if (l.rank_node[static_cast<size_t>(k)] != l.rank_node[static_cast<size_t>(rank)])
          return Reason(text::kMetisTpSpansNodes, {integer(static_cast<long long>(s) + 1)});
  }
  return {};
}

MetisSearch searchMetis(const CostModel& cost, const MetisModel& model, const Composition& comp,
                        const std::function<bool(long long)>& stop,
                        const std::function<void(const MetisSearch&)>& progress) {
  MetisSearch out;
  const Model& m = cost.model();
  int blocks = 0;
  for (int l = 0; l < m.layerCount(); ++l)
    if (m.layer(l).kind == LayerKind::DenseBlock || m.layer(l).kind == LayerKind::MoeBlock) ++blocks;
  std::vector<int> types;
  for (const std::string& id : comp.gpuTypes()) types.push_back(cost.gpuIndex(id));
  MetisInterStageIterator it(types, comp.totalGpus(), cost.spec().global_batch, std::max(1, blocks));
    std::map<std::vector<int>, int> orderIndex;
  std::vector<MetisLayout>& layouts = out.layouts;
  bool& stopped = out.stopped;
  MetisInterStagePlan isp;
  while (!stopped && it.next(isp)) {
    if (stop && stop(out.costed)) {
      stopped = true;
      break;
    }
    ++out.inter_plans;
    auto [slot, fresh] = orderIndex.emplace(isp.type_order, static_cast<int>(layouts.size()));
    if (fresh) layouts.push_back(model.layout(isp.type_order));
    const MetisLayout& lay = layouts[static_cast<size_t>(slot->second)];
    const std::vector<double> capacity = model.capacity(lay, isp.device_groups);
    // IntraStagePlanGenerator: start at (all DP, TP 1) per stage; stop after the first strategy
    // whose split fits without repartitioning.
    MetisStrategies st;
    for (int g : isp.device_groups) st.push_back({g, 1});
    std::vector<double> memoryState;
    bool first = true;
    for (;;) {
      if (!first && !nextStrategy(st, memoryState)) break;
      first = false;
      if (stop && stop(out.costed)) {
        stopped = true;
        break;
      }
      bool valid = true;
      for (const auto& [dp, tp] : st) {
        const int mbs = cost.spec().global_batch / dp / isp.batches;
        if (mbs == 0 || mbs > model.maxBs() || tp > model.maxTp()) valid = false;
      }
      if (!valid) {
        ++out.outside_profiles;
        continue;
      }
      std::vector<double> perf = model.stagePerformance(lay, isp.device_groups, st, isp.batches);
      if (perf.empty()) {  // a profile Metis needs is missing: Metis stops on this plan
        ++out.missing_profile;
        break;
      }
      std::vector<int> partition;
      int attempt = 1;
      bool fits = false;
      for (; attempt <= 3; ++attempt) {
        partition = metisBalanceLayers(perf, model.layerShare());
        const std::vector<double> need = model.demand(lay, isp.device_groups, st, partition, isp.batches);
        if (need.empty()) break;
        memoryState.clear();
        for (size_t s = 0; s < need.size(); ++s) memoryState.push_back(capacity[s] - need[s]);
        if (*std::min_element(memoryState.begin(), memoryState.end()) >= 0) {
          fits = true;
          break;
        }
        perf = metisAdjustPerformance(perf, capacity, need);
        if (perf.empty()) break;
      }
      if (!fits) {
        ++out.out_of_memory;
        memoryState.clear();
        continue;
      }
      const double c = model.cost(lay, isp.device_groups, st, partition, isp.batches);
      ++out.costed;
      if (c >= 0) {
        MetisCandidate cand{slot->second, isp.device_groups, isp.batches, st, partition, c, out.costed};
        if (metisInexpressible(cand, lay, m.layerCount()).empty()) {
          out.expressible.push_back(cand);
          keepBest(out.expressible);
        }
        out.ranked.push_back(std::move(cand));
        keepBest(out.ranked);
      }
      if (progress) progress(out);
      if (attempt == 1) break;
    }
  }

  std::sort(out.ranked.begin(), out.ranked.end(), better);
  std::sort(out.expressible.begin(), out.expressible.end(), better);
  return out;
}

}  // namespace arachne
