// CostModel::price: structural checks, per-stage time, 1F1B iteration, batch split, memory.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "cost/batch_split.h"
#include "cost/cost_model_impl.h"
#include "cost/link_model.h"
#include "cost/replica_walk.h"
#include "plan/texts.h"
#include "profile/analytic_profiler.h"

namespace arachne {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

ReasonArg gib(double bytes) { return number(bytes / kGiB, 1); }

ReasonArg stageName(int j, int s, const Stage& st) {
  return nested(Reason(text::kStageName, {integer(s + 1), integer(j + 1), verbatim(st.gpu_type), integer(st.tp),
                                          integer(st.first_layer), integer(st.last_layer)}));
}

const char* componentTerm(const std::string& c) {
  if (c == "params") return text::kParams;
  if (c == "grads") return text::kGrads;
  if (c == "optimizer") return text::kOptimizer;
  if (c == "activations") return text::kActivations;
  return text::kOther;
}

// Per-call scratch, reused so that pricing allocates nothing beyond the report itself.
struct Scratch {
  std::vector<SlotTally> tally;  // per node slot: GPUs placed, replicas of the current stage
  std::vector<double> perMb, fixed;
  std::vector<int> weight, M;
  PlanPlacement placement;   // what validation looks up for the timing and memory passes
  std::uint64_t stamp = 0;   // the last stage's stamp (ReplicaWalk)
};
// initial-exec: arachne_core is a shared library the executables link, so its TLS is in the
// static block; the default (general-dynamic) model calls __tls_get_addr on every access,
// which was a fifth of a price() call.
thread_local Scratch tScratch __attribute__((tls_model("initial-exec")));

}  // namespace

PlanReport CostModel::Impl::price(const Plan& plan, bool rebalance) const {
  PlanReport r;
  r.cluster_price_per_hour = cluster_price_per_hour;
  Scratch& sc = tScratch;
  const int L = model.layerCount();
  const int nt = static_cast<int>(plan.templates.size());
  auto violate = [&](ViolationKind k, int j, int s, Reason why) -> Violation& {
    Violation v;
    v.kind = k;
    v.template_index = j;
    v.stage_index = s;
    v.message = why.english();
    v.reason = std::move(why);
    r.violations.push_back(std::move(v));
    return r.violations.back();
  };

  // ---- Structure -------------------------------------------------------------------------
  if (nt == 0) violate(ViolationKind::InvalidPlan, -1, -1, Reason(text::kPlanNoTemplates));
  if (sc.tally.size() < nodes.size()) {
    sc.tally.assign(nodes.size(), SlotTally{});
  }
  // Counts GPUs per node over the whole plan and where each stage's replicas sit.
  ReplicaWalk walk;
  walk.nodes = nodes.data();
  walk.slotById = slotById.data();
  walk.denseIds = slotById.size();
  walk.tally = sc.tally.data();
  walk.planStamp = sc.stamp + 1;
  PlanPlacement& pl = sc.placement;
  pl.slots.clear();
  pl.stages.clear();
  pl.slowestOfType.assign(gpus.size(), -1);
  long long minBatch = 0;
  for (int j = 0; j < nt; ++j) {
    const Template& t = plan.templates[static_cast<size_t>(j)];
    if (t.replicas < 1) { violate(ViolationKind::InvalidPlan, j, -1, Reason(text::kTemplateReplicas, {integer(j + 1), integer(t.replicas)})); continue; }
    if (t.micro_batch < 1) { violate(ViolationKind::InvalidPlan, j, -1, Reason(text::kTemplateMicroBatch, {integer(j + 1), integer(t.micro_batch)})); continue; }
    if (!rebalance && t.micro_batches < 1) violate(ViolationKind::InvalidPlan, j, -1, Reason(text::kTemplateMicroBatches, {integer(j + 1), integer(t.micro_batches)}));
    if (t.stages.empty()) { violate(ViolationKind::InvalidPlan, j, -1, Reason(text::kTemplateNoStages, {integer(j + 1)})); continue; }
    if (t.virtual_stages < 1 || (t.virtual_stages > 1 && t.depth() < 2)) {
      violate(ViolationKind::InvalidPlan, j, -1,
              Reason(t.virtual_stages < 1 ? text::kTemplateVirtualStages : text::kTemplateVirtualOneStage,
                     {integer(j + 1), integer(t.virtual_stages)}));
      continue;
    }
    // The interleaved schedule is Megatron-LM's; pricing it under DeepSpeed would credit a plan
    // with a bubble no DeepSpeed run has.
    if (t.virtual_stages > 1 && spec.runtime == TrainingSpec::Runtime::DeepSpeed) {
      violate(ViolationKind::InvalidPlan, j, -1,
              Reason(text::kTemplateVirtualDeepSpeed, {integer(j + 1), integer(t.virtual_stages)}));
      continue;
    }
    minBatch += static_cast<long long>(t.replicas) * t.micro_batch;
    int expected = 0;
    for (int s = 0; s < t.depth(); ++s) {
      const Stage& st = t.stages[static_cast<size_t>(s)];
      // After a broken stage the next one's first layer is not known, so only its own range is
      // checked (the sentinel used to show up as "expected -1000000").
      const bool gap = expected >= 0 && st.first_layer != expected;
      if (gap || st.last_layer < st.first_layer || st.last_layer >= L) {
        Reason why = gap ? Reason(text::kStartsAtLayer, {integer(st.first_layer), integer(expected)})
                     : st.last_layer < st.first_layer ? Reason(text::kEndsBeforeStart)
                                                      : Reason(text::kEndsPastLast, {integer(L - 1)});
        violate(ViolationKind::BadLayerSplit, j, s, Reason(text::kStageLayers, {integer(s + 1), integer(j + 1), integer(st.first_layer), integer(st.last_layer), nested(std::move(why))}));
        expected = -1000000;
      } else if (expected >= 0) {
        expected = st.last_layer + 1;
        if (st.last_layer - st.first_layer + 1 < t.virtual_stages)
          violate(ViolationKind::BadLayerSplit, j, s, Reason(text::kStageFewerLayersThanChunks, {integer(s + 1), integer(j + 1), integer(st.last_layer - st.first_layer + 1), integer(t.virtual_stages)}));
      }
      const int g = gpuIndex(st.gpu_type);
      const ProfileTable* tab = g >= 0 ? table(g, st.tp, t.micro_batch) : nullptr;
      StagePlace& place = pl.stages.emplace_back();
      place.start = static_cast<int>(pl.slots.size());
      place.gpu = g;
      place.table = tab;
      if (g < 0) {
        std::string have;
        for (const std::string& id : gpuIds) have += (have.empty() ? "" : ", ") + id;
        violate(ViolationKind::UnknownNode, j, s, Reason(text::kUnknownGpuType, {integer(s + 1), integer(j + 1), verbatim(st.gpu_type), verbatim(have)})).gpu_type = st.gpu_type;
        continue;
      }
      if (st.tp < 1) { violate(ViolationKind::InvalidPlan, j, s, Reason(text::kStageTp, {stageName(j, s, st), integer(st.tp)})); continue; }
      if (static_cast<int>(st.node_ids.size()) != t.replicas) {
        violate(ViolationKind::InvalidPlan, j, s, Reason(text::kStageNodeIds, {stageName(j, s, st), integer(static_cast<long long>(st.node_ids.size())), integer(t.replicas)}));
        continue;
      }
      bool tpReported = false;
      int untiledNode = -1, untiledSize = 0;  // a node the TP degree fits but does not divide
      const int tp = st.tp;
      walk.stamp = ++sc.stamp;
      walk.sn = StageNodes{};
      walk.slowGbps = 0;
      // Where the replicas sit, for the timing pass: distinct nodes, the most replicas on one,
      // the node with the slowest NIC (the first of the slowest, in replica order).
      walk.out = &place.nodes;
      const size_t first = pl.slots.size();
      pl.slots.resize(first + st.node_ids.size());
      walk.slotOut = pl.slots.data() + first;
      const int* ids = st.node_ids.data();
      const size_t nIds = st.node_ids.size();
      // countPlain counts the replicas that need no report; the loop's body looks at the others.
      for (size_t rep = walk.countPlain(ids, 0, nIds, g, tp); rep < nIds;
           rep = walk.countPlain(ids, rep + 1, nIds, g, tp)) {
        const int id = ids[rep];
        const int slot = this->slot(id);
        walk.slotOut[rep] = -1;  // until it is counted
        if (slot < 0) {
          Violation& v = violate(ViolationKind::UnknownNode, j, s, Reason(text::kStageUnknownNode, {stageName(j, s, st), integer(id)}));
          v.node_id = id;
          v.gpu_type = st.gpu_type;
          continue;
        }
        const NodeInfo& n = nodes[static_cast<size_t>(slot)];
        if (n.gpu != g) {
          Violation& v = violate(ViolationKind::UnknownNode, j, s, Reason(text::kStageWrongNodeType, {stageName(j, s, st), integer(id), verbatim(gpuIds[static_cast<size_t>(n.gpu)])}));
          v.node_id = id;
          v.gpu_type = st.gpu_type;
          continue;
        }
        if (tp >= 64 || (n.odd_tp >> tp & 1) != 0) {  // the TP degree does not tile the node
          if (tp > n.gpus && !tpReported) {
            Violation& v = violate(ViolationKind::TpExceedsNode, j, s, Reason(text::kTpExceedsNode, {stageName(j, s, st), integer(tp), integer(id), integer(n.gpus)}));
            v.node_id = id;
            v.gpu_type = st.gpu_type;
            tpReported = true;
          }
          if (untiledNode < 0 && (tp < 64 ? (n.untiled_tp >> tp & 1) != 0 : tp <= n.gpus && n.gpus % tp != 0)) {
            untiledNode = id;
            untiledSize = n.gpus;
          }
        }
        walk.slotOut[rep] = slot;
        walk.count(slot, tp);
      }
      if (!tab) {
        if (untiledNode >= 0 && !tpReported) {
          // TP 3 on a 4-GPU node: the node-fit problem is the one to fix (the profile set
          // lacks TP 3 because no such group tiles a node), so it is named first.
          std::string divisors;
          for (int d = 1; d <= untiledSize; ++d)
            if (untiledSize % d == 0) divisors += (divisors.empty() ? "" : ", ") + std::to_string(d);
          Violation& v = violate(ViolationKind::TpExceedsNode, j, s, Reason(text::kVerbatim, {verbatim(Reason(text::kStageName, {integer(s + 1), integer(j + 1), verbatim(st.gpu_type), integer(st.tp), integer(st.first_layer), integer(st.last_layer)}).english() + ": TP " + std::to_string(st.tp) + " does not divide node " + std::to_string(untiledNode) + " of " + std::to_string(untiledSize) + " GPUs (TP degrees that tile it: " + divisors + "), and it is outside the search space: " + missingReason(g, st.tp, t.micro_batch))}));
          v.node_id = untiledNode;
          v.gpu_type = st.gpu_type;
        } else {
          violate(ViolationKind::MissingProfile, j, s, Reason(text::kOutsideSearchSpace, {stageName(j, s, st), nested(missingWhy(g, st.tp, t.micro_batch))})).gpu_type = st.gpu_type;
        }
      }
      if (st.last_layer < L && st.first_layer >= 0 && st.first_layer <= st.last_layer &&
          moeLayers(st.first_layer, st.last_layer) > 0) {
        ExpertTiling e = CostModel::effectiveTiling(st.expert_tiling, st.tp, t.replicas);
        Reason problem = owner->tilingWhy(e, st.tp, t.replicas);
        if (!problem.empty())
          violate(ViolationKind::BadTiling, j, s, Reason(text::kBadTiling, {stageName(j, s, st), nested(std::move(problem))})).gpu_type = st.gpu_type;
      }
    }
    if (expected >= 0 && expected != L)
      violate(ViolationKind::BadLayerSplit, j, -1, Reason(text::kLayersNotPlaced, {integer(j + 1), integer(expected - 1), integer(L - 1), integer(expected)}));
  }
  // The walk flagged any node given more GPUs than it has; they are reported in the order of
  // their first use, which is the order of the counted slots (-1: not counted) in pl.slots.
  if (walk.overcommitted) {
    std::vector<char> seen(nodes.size(), 0);
    for (const int slot : pl.slots) {
      if (slot < 0 || seen[static_cast<size_t>(slot)]) continue;
      seen[static_cast<size_t>(slot)] = 1;
      const NodeInfo& n = nodes[static_cast<size_t>(slot)];
      const int used = sc.tally[static_cast<size_t>(slot)].use;
      if (used > n.gpus) {
        std::set<int> who;
        for (int j = 0; j < nt; ++j)
          for (const Stage& st : plan.templates[static_cast<size_t>(j)].stages)
            for (int id : st.node_ids)
              if (id == n.id) who.insert(j);
        std::string list;
        for (int j : who) list += (list.empty() ? "" : ", ") + std::to_string(j + 1);
        Violation& v = violate(ViolationKind::NodeOvercommitted, who.size() == 1 ? *who.begin() : -1, -1,
                               Reason(who.size() == 1 ? text::kNodeOvercommitted1 : text::kNodeOvercommitted, {integer(n.id), verbatim(gpuIds[static_cast<size_t>(n.gpu)]), integer(n.gpus),
                                                                 integer(used), integer(used - n.gpus), verbatim(list)}));
        v.node_id = n.id;
        v.gpu_type = gpuIds[static_cast<size_t>(n.gpu)];
      }
    }
  }
  if (nt > 0 && minBatch > spec.global_batch)
    violate(ViolationKind::BatchTooSmall, -1, -1, Reason(text::kBatchTooSmall, {integer(spec.global_batch), integer(minBatch)}));
  if (!r.violations.empty()) return r;
  // Per GPU type, its slowest node among the stages' slowest (the first of them in plan order).
  for (StagePlace& place : pl.stages) {
    place.nodes.oneNode = place.nodes.distinct == 1;
    const int slow = place.nodes.slowSlot;
    if (slow < 0) continue;
    int& best = pl.slowestOfType[static_cast<size_t>(place.gpu)];
    if (best < 0 || nodes[static_cast<size_t>(slow)].link_gbps < nodes[static_cast<size_t>(best)].link_gbps) best = slow;
  }

  // ---- Time per stage ----------------------------------------------------------------------
  r.templates.resize(static_cast<size_t>(nt));
  sc.perMb.assign(static_cast<size_t>(nt), 0);
  sc.fixed.assign(static_cast<size_t>(nt), 0);
  sc.weight.assign(static_cast<size_t>(nt), 0);
  sc.M.assign(static_cast<size_t>(nt), 1);
  for (int j = 0; j < nt; ++j) {
    const Template& t = plan.templates[static_cast<size_t>(j)];
    sc.weight[static_cast<size_t>(j)] = t.replicas * t.micro_batch;
  }
  timeTemplates(plan, r, sc.perMb.data(), sc.fixed.data(), pl);

  // ---- Batch split and iteration time ------------------------------------------------------
  if (rebalance) {
    splitBatch(sc.perMb.data(), sc.fixed.data(), sc.weight.data(), nt, spec.global_batch, sc.M.data());
  } else {
    long long cap = 0;
    for (int j = 0; j < nt; ++j) {
      sc.M[static_cast<size_t>(j)] = plan.templates[static_cast<size_t>(j)].micro_batches;
      cap += static_cast<long long>(sc.weight[static_cast<size_t>(j)]) * sc.M[static_cast<size_t>(j)];
    }
    // Fixed micro-batches are priced as given, rounding up included; but whole micro-batches
    // round a batch up by less than the batch itself (every template needs one, and together
    // they fit in it), so twice the batch is a plan that does other work than it says.
    if (cap < spec.global_batch)
      violate(ViolationKind::InvalidPlan, -1, -1, Reason(text::kMicroBatchesCover, {integer(cap), integer(spec.global_batch)}));
    else if (cap >= 2 * spec.global_batch)
      violate(ViolationKind::InvalidPlan, -1, -1, Reason(text::kMicroBatchesOvershoot, {integer(cap), integer(spec.global_batch)}));
  }
  double T = 0;
  for (int j = 0; j < nt; ++j) {
    TemplateReport& tr = r.templates[static_cast<size_t>(j)];
    const int M = sc.M[static_cast<size_t>(j)];
    tr.micro_batches = M;
    tr.iteration_time_s = sc.perMb[static_cast<size_t>(j)] * M + sc.fixed[static_cast<size_t>(j)];
    double sumT = 0;
    for (const StageReport& sr : tr.stages) sumT += sr.time.perMicroBatch();
    tr.bubble_s = (sumT - sc.perMb[static_cast<size_t>(j)]) / std::max(1, tr.virtual_stages);
    T = std::max(T, tr.iteration_time_s);
  }

  // ---- Memory with the micro-batches in flight after the split -------------------------------
  size_t flat = 0;
  for (int j = 0; j < nt; ++j) {
    const Template& t = plan.templates[static_cast<size_t>(j)];
    TemplateReport& tr = r.templates[static_cast<size_t>(j)];
    for (int s = 0; s < t.depth(); ++s) {
      const Stage& st = t.stages[static_cast<size_t>(s)];
      StageReport& sr = tr.stages[static_cast<size_t>(s)];
      ExpertTiling tiling = CostModel::effectiveTiling(st.expert_tiling, st.tp, t.replicas);
      const double inFlight = CostModel::inFlightStages(s, t.depth(), tr.micro_batches, t.virtual_stages);
      memory(*pl.stages[flat].table, pl.ranges[flat], t.replicas, tiling, inFlight, sr.memory);
      ++flat;
      sr.in_flight_micro_batches = static_cast<int>(std::ceil(inFlight - 1e-9));
      const double total = sr.memory.total();
      if (total > sr.memory.capacity) {
        const std::string comp = CostModel::largestComponent(sr.memory);
        double compBytes = comp == "params" ? sr.memory.params : comp == "grads" ? sr.memory.grads
                         : comp == "optimizer" ? sr.memory.optimizer : comp == "activations" ? sr.memory.activations
                         : sr.memory.other;
        const int inFlight = sr.in_flight_micro_batches;
        const char* wording = comp != "activations" ? text::kOutOfMemory
                              : inFlight == 1       ? text::kOutOfMemoryInFlight1
                                                    : text::kOutOfMemoryInFlight;
        Violation& v = violate(ViolationKind::OutOfMemory, j, s,
                               Reason(wording, {stageName(j, s, st), gib(total), gib(sr.memory.capacity),
                                                gib(total - sr.memory.capacity), term(componentTerm(comp)),
                                                gib(compBytes), integer(inFlight)}));
        v.gpu_type = st.gpu_type;
        v.node_id = st.node_ids.empty() ? -1 : st.node_ids.front();
        v.component = comp;
        v.needed_bytes = total;
        v.capacity_bytes = sr.memory.capacity;
        v.over_bytes = total - sr.memory.capacity;
      }
    }
  }

  r.iteration_time_s = T;
  if (T > 0) {
    r.throughput.iterations_per_s = 1.0 / T;
    r.throughput.sequences_per_s = spec.global_batch / T;
    r.throughput.tokens_per_s = r.throughput.sequences_per_s * spec.sequence_length;
  }
  r.feasible = r.violations.empty();
  return r;
}

}  // namespace arachne
