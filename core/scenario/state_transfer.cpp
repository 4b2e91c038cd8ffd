// priceStateTransfer: per-GPU slices of each layer's state in both plans, greedy take-over of
// GPUs per node, sources per missing slice, and the time of the slowest link.
#include "scenario/state_transfer.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "catalog/training_spec.h"
#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "cost/link_model.h"
#include "plan/texts.h"

namespace arachne {

namespace {

struct Slice {
  double lo = 0, hi = 1;
  double length() const { return hi - lo; }
};

double overlap(const Slice& a, const Slice& b) { return std::max(0.0, std::min(a.hi, b.hi) - std::max(a.lo, b.lo)); }

struct LayerBytes {
  double weights = 0, grads = 0, optimizer = 0;
};

// One stage of a plan with its per-GPU bytes per layer (the same for every replica and rank).
struct StageState {
  int template_index = 0, stage_index = 0;
  int first = 0, last = -1;
  int tp = 1, replicas = 1;
  std::vector<LayerBytes> layers;  // index l - first
};

// One GPU of a plan: its stage, replica and TP rank, and the node that holds it.
struct Gpu {
  int node = 0;
  int stage = 0;  // index into the plan's StageState list
  int replica = 0;
  int rank = 0;
};

struct PlanState {
  std::vector<StageState> stages;
  std::vector<Gpu> gpus;
  bool distributedOptimizer = false;
};

PlanState stateOf(const Plan& plan, const CostModel& cost, const std::set<int>& failed) {
  PlanState ps;
  ps.distributedOptimizer = cost.spec().distributed_optimizer;
  for (size_t t = 0; t < plan.templates.size(); ++t) {
    const Template& tmpl = plan.templates[t];
    for (size_t s = 0; s < tmpl.stages.size(); ++s) {
      const Stage& st = tmpl.stages[s];
      StageState ss;
      ss.template_index = static_cast<int>(t);
      ss.stage_index = static_cast<int>(s);
      ss.first = st.first_layer;
      ss.last = st.last_layer;
      ss.tp = std::max(1, st.tp);
      ss.replicas = std::max(1, tmpl.replicas);
      const int g = cost.gpuIndex(st.gpu_type);
      const ExpertTiling tiling = st.expert_tiling.value_or(ExpertTiling{});
      for (int l = st.first_layer; l <= st.last_layer; ++l) {
        LayerBytes b;
        if (g >= 0) {
          const StageMemory m = cost.stageMemory(g, ss.tp, tmpl.micro_batch, l, l, static_cast<int>(s), tmpl.depth(),
                                                 tmpl.micro_batches, ss.replicas, tiling);
          b = {m.params, m.grads, m.optimizer};
        }
        ss.layers.push_back(b);
      }
      const int index = static_cast<int>(ps.stages.size());
      ps.stages.push_back(std::move(ss));
      for (size_t r = 0; r < st.node_ids.size(); ++r) {
        if (failed.count(st.node_ids[r])) continue;
        for (int k = 0; k < std::max(1, st.tp); ++k)
          ps.gpus.push_back({st.node_ids[r], index, static_cast<int>(r), k});
      }
    }
  }
  return ps;
}

Slice tpSlice(const StageState& s, const Gpu& g) { return {double(g.rank) / s.tp, double(g.rank + 1) / s.tp}; }

Slice optimizerSlice(const StageState& s, const Gpu& g, bool distributed) {
  if (!distributed) return tpSlice(s, g);
  const double lo = double(g.rank) / s.tp;
  const double w = 1.0 / (double(s.tp) * s.replicas);
  return {lo + g.replica * w, lo + (g.replica + 1) * w};
}

// The bytes of layer l that GPU x (of `to`) needs and that GPU y (of `from`) already holds.
double heldBytes(const PlanState& to, const Gpu& x, const PlanState& from, const Gpu& y, int l, bool grads,
                 LayerBytes* parts = nullptr) {
  const StageState& sx = to.stages[static_cast<size_t>(x.stage)];
  const StageState& sy = from.stages[static_cast<size_t>(y.stage)];
  if (l < sy.first || l > sy.last) return 0;
  const LayerBytes& need = sx.layers[static_cast<size_t>(l - sx.first)];
  const Slice ax = tpSlice(sx, x), ay = tpSlice(sy, y);
  const Slice ox = optimizerSlice(sx, x, to.distributedOptimizer), oy = optimizerSlice(sy, y, from.distributedOptimizer);
  const double fw = overlap(ax, ay) / ax.length();
  const double fo = overlap(ox, oy) / ox.length();
  LayerBytes held{need.weights * fw, grads ? need.grads * fw : 0.0, need.optimizer * fo};
  if (parts) *parts = held;
  return held.weights + held.grads + held.optimizer;
}

// Bytes in GB with two decimals, a bandwidth in GB/s as %g: the values of the bottleneck texts.
ReasonArg gb(double bytes) { return number(bytes / 1e9, 2); }

// The intra-node bandwidth per GPU of the node's type (GB/s), 0 when the composition lacks it.
double nodeIntraGbps(const CostModel& cost, int nodeId) {
  const Node* n = cost.composition().findNode(nodeId);
  const int g = n ? cost.gpuIndex(n->gpu_type) : -1;
  return g < 0 ? 0.0 : cost.gpuType(g).intra_node_gbps;
}

ReasonArg gbps(double v) { return number(v, -6); }

}  // namespace

StateTransfer priceStateTransfer(const Plan& from, const CostModel& fromCost, const Plan& to,
                                 const CostModel& toCost, const std::set<int>& failed,
                                 const ReconfigurationParams& params) {
  const bool grads = params.move_gradients;
  const PlanState oldState = stateOf(from, fromCost, failed);
  const PlanState newState = stateOf(to, toCost, {});
  const int L = toCost.model().layerCount();

  // Old GPUs per node, and per layer the nodes (with their old GPUs) that hold it.
  std::map<int, std::vector<int>> oldOnNode, newOnNode;
  for (size_t i = 0; i < oldState.gpus.size(); ++i) oldOnNode[oldState.gpus[i].node].push_back(static_cast<int>(i));
  for (size_t i = 0; i < newState.gpus.size(); ++i) newOnNode[newState.gpus[i].node].push_back(static_cast<int>(i));
  std::vector<std::map<int, std::vector<int>>> holders(static_cast<size_t>(std::max(0, L)));
  for (size_t i = 0; i < oldState.gpus.size(); ++i) {
    const StageState& s = oldState.stages[static_cast<size_t>(oldState.gpus[i].stage)];
    for (int l = s.first; l <= s.last && l < L; ++l) holders[static_cast<size_t>(l)][oldState.gpus[i].node].push_back(static_cast<int>(i));
  }

  // Greedy take-over per node: the pair (new GPU, old GPU) that keeps the most bytes in place first.
  std::vector<int> takesOver(newState.gpus.size(), -1);
  for (const auto& [node, fresh] : newOnNode) {
    auto it = oldOnNode.find(node);
    if (it == oldOnNode.end()) continue;
    std::vector<std::tuple<double, int, int>> pairs;
    for (int x : fresh) {
      const Gpu& gx = newState.gpus[static_cast<size_t>(x)];
      const StageState& sx = newState.stages[static_cast<size_t>(gx.stage)];
      for (int y : it->second) {
        double kept = 0;
        for (int l = sx.first; l <= sx.last; ++l) kept += heldBytes(newState, gx, oldState, oldState.gpus[static_cast<size_t>(y)], l, grads);
        if (kept > 0) pairs.emplace_back(kept, x, y);
      }
    }
    std::stable_sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) { return std::get<0>(a) > std::get<0>(b); });
    std::set<int> usedOld;
    for (const auto& [kept, x, y] : pairs) {
      if (takesOver[static_cast<size_t>(x)] >= 0 || usedOld.count(y)) continue;
      takesOver[static_cast<size_t>(x)] = y;
      usedOld.insert(y);
    }
  }

  StateTransfer out;
  std::map<std::pair<int, int>, size_t> stageRow;  // (template, stage) -> index into out.stages
  for (size_t i = 0; i < to.templates.size(); ++i)
    for (size_t s = 0; s < to.templates[i].stages.size(); ++s) {
      const Stage& st = to.templates[i].stages[s];
      StageTransfer row;
      row.template_index = static_cast<int>(i);
      row.stage_index = static_cast<int>(s);
      row.gpu_type = st.gpu_type;
      row.tp = st.tp;
      row.first_layer = st.first_layer;
      row.last_layer = st.last_layer;
      row.node_ids = st.node_ids;
      stageRow[{row.template_index, row.stage_index}] = out.stages.size();
      out.stages.push_back(std::move(row));
    }

  std::vector<double> intraIn(newState.gpus.size(), 0), intraOut(oldState.gpus.size(), 0), received(newState.gpus.size(), 0);
  std::map<int, double> netIn, netOut, checkpointIn;
  std::vector<std::set<int>> sources(out.stages.size());
  for (size_t x = 0; x < newState.gpus.size(); ++x) {
    const Gpu& gx = newState.gpus[x];
    const StageState& sx = newState.stages[static_cast<size_t>(gx.stage)];
    StageTransfer& row = out.stages[stageRow[{sx.template_index, sx.stage_index}]];
    const int y = takesOver[x];
    for (int l = sx.first; l <= sx.last; ++l) {
      const LayerBytes& b = sx.layers[static_cast<size_t>(l - sx.first)];
      const double need = b.weights + (grads ? b.grads : 0.0) + b.optimizer;
      const double held = y >= 0 ? heldBytes(newState, gx, oldState, oldState.gpus[static_cast<size_t>(y)], l, grads) : 0.0;
      const double missing = std::max(0.0, need - held);
      row.bytes_needed += need;
      row.bytes_in_place += held;
      if (missing <= 0) continue;
      received[x] += missing;
      static const std::map<int, std::vector<int>> kNobody;
      const auto& byNode = l < L ? holders[static_cast<size_t>(l)] : kNobody;
      auto same = byNode.find(gx.node);
      if (same != byNode.end()) {
        // The least busy GPU of this node that holds the layer sends it.
        int src = same->second.front();
        for (int c : same->second)
          if (intraOut[static_cast<size_t>(c)] < intraOut[static_cast<size_t>(src)]) src = c;
        intraOut[static_cast<size_t>(src)] += missing;
        intraIn[x] += missing;
        row.bytes_intra += missing;
      } else if (!byNode.empty()) {
        int src = byNode.begin()->first;
        for (const auto& [node, gpus] : byNode)
          if (netOut[node] < netOut[src]) src = node;
        netOut[src] += missing;
        netIn[gx.node] += missing;
        row.bytes_inter += missing;
        sources[stageRow[{sx.template_index, sx.stage_index}]].insert(src);
      } else {
        checkpointIn[gx.node] += missing;
        row.bytes_checkpoint += missing;
      }
    }
  }
  for (size_t i = 0; i < out.stages.size(); ++i) {
    out.stages[i].source_nodes.assign(sources[i].begin(), sources[i].end());
    const StageTransfer& r = out.stages[i];
    out.bytes_needed += r.bytes_needed;
    out.bytes_in_place += r.bytes_in_place;
    out.bytes_intra += r.bytes_intra;
    out.bytes_inter += r.bytes_inter;
    out.bytes_checkpoint += r.bytes_checkpoint;
  }
  for (double r : received) out.max_gpu_bytes = std::max(out.max_gpu_bytes, r);

  // Link speeds of a node: the new composition's, else (a node that leaves) the old one's.
  auto inter = [&](int node) { const double g = toCost.nodeInterGbps(node); return g > 0 ? g : fromCost.nodeInterGbps(node); };
  auto intra = [&](int node) { const double g = nodeIntraGbps(toCost, node); return g > 0 ? g : nodeIntraGbps(fromCost, node); };
  // nodeInterGbps is the rate the cost model's links achieve on a large message (efficiency and
  // measured curves included), so no further link efficiency applies to it.
  auto netTime = [](double bytes, double gbps) { return bytes / (gbps * 1e9) + kInterNodeLatencyS; };
  out.bottleneck_text = Reason(text::kNothingMoves);
  auto consider = [&](double t, const char* why, int node, double bytes, double rate) {
    if (t > out.time_s) {
      out.time_s = t;
      out.bottleneck_text = Reason(why, {integer(node), gb(bytes), gbps(rate)});
    }
  };
  for (size_t x = 0; x < intraIn.size(); ++x) {
    const int node = newState.gpus[x].node;
    if (intraIn[x] > 0)
      consider(transferTime(intraIn[x], Link::intra(intra(node))), text::kGpuReceivesInNode, node, intraIn[x], intra(node));
  }
  for (size_t y = 0; y < intraOut.size(); ++y) {
    const int node = oldState.gpus[y].node;
    if (intraOut[y] > 0)
      consider(transferTime(intraOut[y], Link::intra(intra(node))), text::kGpuSendsInNode, node, intraOut[y], intra(node));
  }
  for (const auto& [node, bytes] : netIn)
    if (bytes > 0) consider(netTime(bytes, inter(node)), text::kNodeReceivesOverNetwork, node, bytes, inter(node));
  for (const auto& [node, bytes] : netOut)
    if (bytes > 0) consider(netTime(bytes, inter(node)), text::kNodeSendsOverNetwork, node, bytes, inter(node));
  for (const auto& [node, bytes] : checkpointIn)
    if (bytes > 0)
      consider(bytes / (params.checkpoint_read_gbps * 1e9), text::kNodeReadsCheckpoint, node, bytes, params.checkpoint_read_gbps);
  out.bottleneck = out.bottleneck_text.english();
  return out;
}

}  // namespace arachne
