// CostModel::price: structural checks, per-stage time, 1F1B iteration, batch split, memory.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "cost/batch_split.h"
#include "cost/cost_model_impl.h"
#include "cost/link_model.h"
#include "profile/analytic_profiler.h"

namespace arachne {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

std::string gib(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / kGiB);
  return buf;
}

std::string stageName(int j, int s, const Stage& st) {
  return "stage " + std::to_string(s) + " of template " + std::to_string(j) + " (" + st.gpu_type +
         ", TP " + std::to_string(st.tp) + ", layers " + std::to_string(st.first_layer) + "-" +
         std::to_string(st.last_layer) + ")";
}

// Per-call scratch, reused so that pricing allocates nothing beyond the report itself.
struct Scratch {
  std::vector<int> use;      // GPUs placed per node slot, over the whole plan
  std::vector<int> count;    // replicas of one stage per node slot
  std::vector<int> touched;
  std::vector<double> perMb, fixed;
  std::vector<int> weight, M;
  std::vector<const ProfileTable*> tables;  // per stage, in plan order, for the memory pass
};
// initial-exec: arachne_core is a shared library the executables link, so its TLS is in the
// static block; the default (general-dynamic) model calls __tls_get_addr on every access,
// which was a fifth of a price() call.
thread_local Scratch tScratch __attribute__((tls_model("initial-exec")));

}  // namespace

PlanReport CostModel::Impl::price(const Plan& plan, bool rebalance) const {
  PlanReport r;
  Scratch& sc = tScratch;
  const int L = model.layerCount();
  const int nt = static_cast<int>(plan.templates.size());
  auto violate = [&](ViolationKind k, int j, int s, std::string msg) -> Violation& {
    Violation v;
    v.kind = k;
    v.template_index = j;
    v.stage_index = s;
    v.message = std::move(msg);
    r.violations.push_back(std::move(v));
    return r.violations.back();
  };

  // ---- Structure -------------------------------------------------------------------------
  if (nt == 0) violate(ViolationKind::InvalidPlan, -1, -1, "the plan has no templates");
  if (sc.use.size() < nodes.size()) {
    sc.use.assign(nodes.size(), 0);
    sc.count.assign(nodes.size(), 0);
  }
  sc.touched.clear();
  long long minBatch = 0;
  for (int j = 0; j < nt; ++j) {
    const Template& t = plan.templates[static_cast<size_t>(j)];
    auto tn = [j] { return "template " + std::to_string(j); };  // only built for messages
    if (t.replicas < 1) { violate(ViolationKind::InvalidPlan, j, -1, tn() + " has " + std::to_string(t.replicas) + " replicas (needs at least 1)"); continue; }
    if (t.micro_batch < 1) { violate(ViolationKind::InvalidPlan, j, -1, tn() + " has micro-batch size " + std::to_string(t.micro_batch) + " (needs at least 1)"); continue; }
    if (!rebalance && t.micro_batches < 1) violate(ViolationKind::InvalidPlan, j, -1, tn() + " has " + std::to_string(t.micro_batches) + " micro-batches per replica (needs at least 1)");
    if (t.stages.empty()) { violate(ViolationKind::InvalidPlan, j, -1, tn() + " has no stages"); continue; }
    if (t.virtual_stages < 1 || (t.virtual_stages > 1 && t.depth() < 2)) {
      violate(ViolationKind::InvalidPlan, j, -1, tn() + " has " + std::to_string(t.virtual_stages) + " virtual stages" +
              (t.virtual_stages < 1 ? " (needs at least 1)" : " with one stage (interleaving needs a pipeline)"));
      continue;
    }
    minBatch += static_cast<long long>(t.replicas) * t.micro_batch;
    int expected = 0;
    for (int s = 0; s < t.depth(); ++s) {
      const Stage& st = t.stages[static_cast<size_t>(s)];
      if (st.first_layer != expected || st.last_layer < st.first_layer || st.last_layer >= L) {
        std::string why = st.first_layer != expected
                              ? "starts at layer " + std::to_string(st.first_layer) + ", expected " + std::to_string(expected)
                              : st.last_layer < st.first_layer ? "ends before it starts"
                                                               : "ends past the model's last layer " + std::to_string(L - 1);
        violate(ViolationKind::BadLayerSplit, j, s, "stage " + std::to_string(s) + " of " + tn() + " holds layers " + std::to_string(st.first_layer) + "-" + std::to_string(st.last_layer) + " and " + why);
        expected = -1000000;
      } else if (expected >= 0) {
        expected = st.last_layer + 1;
        if (st.last_layer - st.first_layer + 1 < t.virtual_stages)
          violate(ViolationKind::BadLayerSplit, j, s, "stage " + std::to_string(s) + " of " + tn() + " holds " + std::to_string(st.last_layer - st.first_layer + 1) + " layers, fewer than its " + std::to_string(t.virtual_stages) + " virtual stages (every model chunk needs a layer)");
      }
      const int g = gpuIndex(st.gpu_type);
      if (g < 0) {
        std::string have;
        for (const std::string& id : gpuIds) have += (have.empty() ? "" : ", ") + id;
        violate(ViolationKind::UnknownNode, j, s, "stage " + std::to_string(s) + " of " + tn() + " wants GPU type '" + st.gpu_type + "', which the composition does not have (it has: " + have + ")").gpu_type = st.gpu_type;
        continue;
      }
      if (st.tp < 1) { violate(ViolationKind::InvalidPlan, j, s, stageName(j, s, st) + " has TP " + std::to_string(st.tp) + " (needs at least 1)"); continue; }
      if (static_cast<int>(st.node_ids.size()) != t.replicas) {
        violate(ViolationKind::InvalidPlan, j, s, stageName(j, s, st) + " lists " + std::to_string(st.node_ids.size()) + " node ids for " + std::to_string(t.replicas) + " replicas");
        continue;
      }
      bool tpReported = false;
      int untiledNode = -1, untiledSize = 0;  // a node the TP degree fits but does not divide
      for (int id : st.node_ids) {
        const int slot = this->slot(id);
        if (slot < 0) {
          Violation& v = violate(ViolationKind::UnknownNode, j, s, stageName(j, s, st) + " is placed on node " + std::to_string(id) + ", which is not in the composition");
          v.node_id = id;
          v.gpu_type = st.gpu_type;
          continue;
        }
        const NodeInfo& n = nodes[static_cast<size_t>(slot)];
        if (n.gpu != g) {
          Violation& v = violate(ViolationKind::UnknownNode, j, s, stageName(j, s, st) + " is placed on node " + std::to_string(id) + ", which holds " + gpuIds[static_cast<size_t>(n.gpu)] + " GPUs");
          v.node_id = id;
          v.gpu_type = st.gpu_type;
          continue;
        }
        if (st.tp > n.gpus && !tpReported) {
          Violation& v = violate(ViolationKind::TpExceedsNode, j, s, stageName(j, s, st) + ": a TP group of " + std::to_string(st.tp) + " GPUs does not fit node " + std::to_string(id) + " of " + std::to_string(n.gpus) + " GPUs (a TP group never crosses a node)");
          v.node_id = id;
          v.gpu_type = st.gpu_type;
          tpReported = true;
        }
        if (st.tp <= n.gpus && n.gpus % st.tp != 0 && untiledNode < 0) {
          untiledNode = id;
          untiledSize = n.gpus;
        }
        if (sc.use[static_cast<size_t>(slot)] == 0) sc.touched.push_back(slot);
        sc.use[static_cast<size_t>(slot)] += st.tp;
      }
      if (!table(g, st.tp, t.micro_batch)) {
        if (untiledNode >= 0 && !tpReported) {
          // TP 3 on a 4-GPU node: the node-fit problem is the one to fix (the profile set
          // lacks TP 3 because no such group tiles a node), so it is named first.
          std::string divisors;
          for (int d = 1; d <= untiledSize; ++d)
            if (untiledSize % d == 0) divisors += (divisors.empty() ? "" : ", ") + std::to_string(d);
          Violation& v = violate(ViolationKind::TpExceedsNode, j, s, stageName(j, s, st) + ": TP " + std::to_string(st.tp) + " does not divide node " + std::to_string(untiledNode) + " of " + std::to_string(untiledSize) + " GPUs (TP degrees that tile it: " + divisors + "), and it is outside the search space: " + missingReason(g, st.tp, t.micro_batch));
          v.node_id = untiledNode;
          v.gpu_type = st.gpu_type;
        } else {
          violate(ViolationKind::MissingProfile, j, s, stageName(j, s, st) + " is outside the search space: " + missingReason(g, st.tp, t.micro_batch)).gpu_type = st.gpu_type;
        }
      }
      if (st.last_layer < L && st.first_layer >= 0 && st.first_layer <= st.last_layer &&
          moeLayers(st.first_layer, st.last_layer) > 0) {
        ExpertTiling e = CostModel::effectiveTiling(st.expert_tiling, st.tp, t.replicas);
        std::string problem = owner->tilingProblem(e, st.tp, t.replicas);
        if (!problem.empty())
          violate(ViolationKind::BadTiling, j, s, stageName(j, s, st) + ": expert tiling " + problem).gpu_type = st.gpu_type;
      }
    }
    if (expected >= 0 && expected != L)
      violate(ViolationKind::BadLayerSplit, j, -1, tn() + " covers layers 0-" + std::to_string(expected - 1) + " of 0-" + std::to_string(L - 1) + ": layers " + std::to_string(expected) + "-" + std::to_string(L - 1) + " are not placed");
  }
  for (int slot : sc.touched) {
    const NodeInfo& n = nodes[static_cast<size_t>(slot)];
    const int used = sc.use[static_cast<size_t>(slot)];
    if (used > n.gpus) {
      std::set<int> who;
      for (int j = 0; j < nt; ++j)
        for (const Stage& st : plan.templates[static_cast<size_t>(j)].stages)
          for (int id : st.node_ids)
            if (id == n.id) who.insert(j);
      std::string list;
      for (int j : who) list += (list.empty() ? "" : ", ") + std::to_string(j);
      Violation& v = violate(ViolationKind::NodeOvercommitted, who.size() == 1 ? *who.begin() : -1, -1,
                             "node " + std::to_string(n.id) + " (" + gpuIds[static_cast<size_t>(n.gpu)] + ", " + std::to_string(n.gpus) + " GPUs) has " + std::to_string(used) + " GPUs placed on it (" + std::to_string(used - n.gpus) + " too many; templates " + list + ")");
      v.node_id = n.id;
      v.gpu_type = gpuIds[static_cast<size_t>(n.gpu)];
    }
    sc.use[static_cast<size_t>(slot)] = 0;
  }
  if (nt > 0 && minBatch > spec.global_batch)
    violate(ViolationKind::BatchTooSmall, -1, -1, "the global batch of " + std::to_string(spec.global_batch) + " sequences cannot give every replica one micro-batch: that takes " + std::to_string(minBatch) + " sequences (sum of replicas x micro-batch size)");
  if (!r.violations.empty()) return r;

  // ---- Time per stage ----------------------------------------------------------------------
  r.templates.resize(static_cast<size_t>(nt));
  sc.perMb.assign(static_cast<size_t>(nt), 0);
  sc.fixed.assign(static_cast<size_t>(nt), 0);
  sc.weight.assign(static_cast<size_t>(nt), 0);
  sc.M.assign(static_cast<size_t>(nt), 1);
  sc.tables.clear();
  for (int j = 0; j < nt; ++j) {
    const Template& t = plan.templates[static_cast<size_t>(j)];
    sc.weight[static_cast<size_t>(j)] = t.replicas * t.micro_batch;
  }
  timeTemplates(plan, r, sc.perMb.data(), sc.fixed.data(), sc.tables);

  // ---- Batch split and iteration time ------------------------------------------------------
  if (rebalance) {
    splitBatch(sc.perMb.data(), sc.fixed.data(), sc.weight.data(), nt, spec.global_batch, sc.M.data());
  } else {
    long long cap = 0;
    for (int j = 0; j < nt; ++j) {
      sc.M[static_cast<size_t>(j)] = plan.templates[static_cast<size_t>(j)].micro_batches;
      cap += static_cast<long long>(sc.weight[static_cast<size_t>(j)]) * sc.M[static_cast<size_t>(j)];
    }
    if (cap < spec.global_batch)
      violate(ViolationKind::InvalidPlan, -1, -1, "the plan's micro-batches cover " + std::to_string(cap) + " sequences per iteration, fewer than the global batch of " + std::to_string(spec.global_batch));
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
      sr.memory = memory(*sc.tables[flat++], st.first_layer, st.last_layer, s, t.depth(),
                         tr.micro_batches, t.replicas, tiling, t.virtual_stages);
      sr.in_flight_micro_batches = static_cast<int>(std::ceil(
          CostModel::inFlightStages(s, t.depth(), tr.micro_batches, t.virtual_stages) - 1e-9));
      const double total = sr.memory.total();
      if (total > sr.memory.capacity) {
        const std::string comp = CostModel::largestComponent(sr.memory);
        double compBytes = comp == "params" ? sr.memory.params : comp == "grads" ? sr.memory.grads
                         : comp == "optimizer" ? sr.memory.optimizer : comp == "activations" ? sr.memory.activations
                         : sr.memory.other;
        const int inFlight = sr.in_flight_micro_batches;
        std::string detail = comp == "activations" ? " (" + std::to_string(inFlight) + (inFlight == 1 ? " micro-batch" : " micro-batches") + " in flight)" : "";
        Violation& v = violate(ViolationKind::OutOfMemory, j, s,
                               stageName(j, s, st) + ": needs " + gib(total) + " of " + gib(sr.memory.capacity) +
                                   " (" + gib(total - sr.memory.capacity) + " over); largest component: " + comp +
                                   " " + gib(compBytes) + detail);
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
