// Per-stage times of a priced plan (docs/cost-model.md §4): compute and TP collectives from the
// profiles; expert all-to-all; point-to-point over links that the stages' nodes share;
// gradient reduction and parameter gathering in the runtime's collectives and buckets; and
// what of it hides behind compute.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "cost/batch_split.h"
#include "cost/collectives.h"
#include "cost/cost_model_impl.h"
#include "cost/link_model.h"
#include "cost/pipeline_links.h"
#include "profile/analytic_profiler.h"

namespace arachne {

namespace {

// Scratch reused between calls (pricing allocates nothing but the report).
struct TimingScratch {
  PipelineLinks pipeline;
  // Collectives of the data-parallel groups priced so far in this call: stages of one plan
  // reduce the same full buckets over the same kind of group again and again.
  struct GroupCollective {
    double bytes;
    std::uint64_t link, group;  // the ring's link kinds; the group's shape (groupKey)
    int kind;
    double time, intraRate, interRate;
  };
  std::vector<GroupCollective> collectives;
};
thread_local TimingScratch tTiming __attribute__((tls_model("initial-exec")));  // see plan_pricer.cpp

// Share of a micro-batch's compute that the backward pass takes: 2 of 3 FLOP units; with full
// recompute 3 of 4 (the recomputed forward runs in the backward pass).
double backwardShare(const TrainingSpec& s) { return s.activation_checkpointing ? 0.75 : 2.0 / 3.0; }

// Time of a stage's last backward (and its TP and expert collectives), under which later work hides.
double backwardWindow(const StageTime& t, double bwdShare) {
  return bwdShare * (t.compute + t.tp_comm + t.expert_comm);
}

// A template's pace per micro-batch, the M-independent rest of its iteration and its tail, from
// its stages' times (stage `replaced` taking `with` instead, when >= 0). Both timeTemplates()
// and iterationTimeWith() take it from here, so the two agree to the bit.
struct TemplatePace {
  double perMb = 0, fixed = 0, sync = 0;
};
TemplatePace templatePace(const std::vector<StageReport>& stages, int v, bool overlap, double bwdShare,
                          int replaced, const StageTime* with) {
  const int d = static_cast<int>(stages.size());
  auto at = [&](int s) -> const StageTime& { return s == replaced ? *with : stages[static_cast<size_t>(s)].time; };
  double maxT = 0, sumT = 0, legacyMaxSync = 0;
  for (int s = 0; s < d; ++s) {
    const double ts = at(s).perMicroBatch();
    maxT = std::max(maxT, ts);
    sumT += ts;
    legacyMaxSync = std::max(legacyMaxSync, at(s).perIteration());
  }
  TemplatePace p;
  p.sync = legacyMaxSync;
  if (overlap) {
    // Stage s ends its last backward the drain of stages 0..s-1 earlier than stage 0, and
    // reduces its gradients from then on; the optimizer waits for every stage (the global
    // gradient norm), the parameter all-gather follows it.
    double slack = 0, reduce = 0, opt = 0, gather = 0;
    for (int s = 0; s < d; ++s) {
      reduce = std::max(reduce, at(s).grad_sync - slack);
      slack += backwardWindow(at(s), bwdShare);
      opt = std::max(opt, at(s).optimizer);
      gather = std::max(gather, at(s).param_gather);
    }
    // The tied embeddings reduce after the data-parallel reduction, before the step (stage 0
    // carries their time when it has a partner stage, else 0).
    const double embed = d > 1 ? at(0).embedding_sync : 0.0;
    p.sync = reduce + embed + opt + gather;
  }
  // T(M) = M max t_s + (sum t_s - max t_s) / v + sync: linear in M for the batch split.
  p.perMb = maxT;
  p.fixed = (sumT - maxT) / v + p.sync;
  return p;
}

}  // namespace

double CostModel::Impl::iterationTimeWith(const Plan& plan, const PlanReport& priced, int templ, int stage,
                                          const StageTime& time) const {
  const int nt = static_cast<int>(plan.templates.size());
  if (static_cast<int>(priced.templates.size()) != nt || templ < 0 || templ >= nt || stage < 0 ||
      stage >= static_cast<int>(priced.templates[static_cast<size_t>(templ)].stages.size()))
    return std::numeric_limits<double>::infinity();
  std::vector<double> perMb(static_cast<size_t>(nt)), fixed(static_cast<size_t>(nt));
  std::vector<int> weight(static_cast<size_t>(nt)), M(static_cast<size_t>(nt), 1);
  const double bwdShare = backwardShare(spec);
  for (int j = 0; j < nt; ++j) {
    const TemplateReport& tr = priced.templates[static_cast<size_t>(j)];
    const TemplatePace p = templatePace(tr.stages, std::max(1, tr.virtual_stages), terms.overlap, bwdShare,
                                        j == templ ? stage : -1, &time);
    perMb[static_cast<size_t>(j)] = p.perMb;
    fixed[static_cast<size_t>(j)] = p.fixed;
    const Template& t = plan.templates[static_cast<size_t>(j)];
    weight[static_cast<size_t>(j)] = t.replicas * t.micro_batch;
  }
  // As price(plan, true) splits the batch (M stays 1 where it cannot).
  splitBatch(perMb.data(), fixed.data(), weight.data(), nt, spec.global_batch, M.data());
  double T = 0;
  for (int j = 0; j < nt; ++j)
    T = std::max(T, perMb[static_cast<size_t>(j)] * M[static_cast<size_t>(j)] + fixed[static_cast<size_t>(j)]);
  return T;
}

void CostModel::Impl::timeTemplates(const Plan& plan, PlanReport& r, double* perMb, double* fixed,
                                    PlanPlacement& placement) const {
  TimingScratch& sc = tTiming;
  const int nt = static_cast<int>(plan.templates.size());
  const double gradB = spec.gradBytes();
  const bool deepspeed = spec.runtime == TrainingSpec::Runtime::DeepSpeed;
  const bool legacyLinks = !terms.link_curves && !terms.nic_sharing;
  const double bwdShare = backwardShare(spec);
  if (placement.ranges.size() < placement.stages.size()) placement.ranges.resize(placement.stages.size());
  PipelineLinks& pipeline = sc.pipeline;
  pipeline.start(links, terms, deepspeed, nodes.size());
  const int ng = static_cast<int>(gpus.size());
  sc.collectives.clear();
  const std::vector<int>& slots = placement.slots;

  // Templates run data parallel over one global batch, so every layer's gradients are reduced
  // among the replicas of all templates. Across templates the ring passes through nodes of
  // every GPU type of the plan, so it runs at the slowest link among them.
  int totalReplicas = 0;
  for (const Template& t : plan.templates) totalReplicas += t.replicas;
  size_t firstStageOfTemplate = 0;
  // The ring across templates passes through nodes of every GPU type of the plan; the pair of
  // them (or one type with itself) slowest for a 64 MB message sets its pace.
  int ringA = -1, ringB = -1;
  {
    double worst = -1;
    for (int x = 0; x < ng; ++x)
      for (int y = x; y < ng; ++y) {
        const int a = placement.slowestOfType[static_cast<size_t>(x)], b = placement.slowestOfType[static_cast<size_t>(y)];
        if (a < 0 || b < 0) continue;
        const double t = links.ringStepTime(a, b);
        if (t > worst) {
          worst = t;
          ringA = a;
          ringB = b;
        }
      }
  }

  for (int j = 0; j < nt; ++j) {
    const Template& t = plan.templates[static_cast<size_t>(j)];
    TemplateReport& tr = r.templates[static_cast<size_t>(j)];
    const int d = t.depth();
    const int R = t.replicas;
    const int v = std::max(1, t.virtual_stages);
    // Copies of one cleared report: resize() clears each new one with a rep stos, whose start-up
    // cost was some 8 % of the timing pass.
    tr.stages.assign(static_cast<size_t>(d), StageReport{});
    tr.virtual_stages = v;
    // Slots of stage s, replica rep: slotOf(s)[rep].
    const size_t base = firstStageOfTemplate;
    auto slotOf = [&placement, &slots, base](int s) {
      return slots.data() + placement.stages[base + static_cast<size_t>(s)].start;
    };
    firstStageOfTemplate += static_cast<size_t>(d);

    // TP groups of this template with a neighbour on another node, per node: in the 1F1B
    // steady state they all send at once, so their flows share the node's NICs.
    pipeline.startTemplate();
    if (terms.nic_sharing && d > 1) {
      for (int s = 0; s < d; ++s)
        pipeline.addFlows(slotOf(s), s > 0 ? slotOf(s - 1) : nullptr, s + 1 < d ? slotOf(s + 1) : nullptr,
                          v > 1 && s == d - 1 ? slotOf(0) : nullptr, R, t.stages[static_cast<size_t>(s)].tp);
    }

    double upstream = 0;  // transfer time of the boundary with the previous stage
    for (int s = 0; s < d; ++s) {
      const Stage& st = t.stages[static_cast<size_t>(s)];
      const StagePlace& place = placement.stages[base + static_cast<size_t>(s)];
      const int g = place.gpu;
      const GpuType& gpu = *gpus[static_cast<size_t>(g)];
      const ProfileTable& tab = *place.table;
      const LayerPrefix rg = tab.range(st.first_layer, st.last_layer);
      placement.ranges[base + static_cast<size_t>(s)] = rg;
      StageReport& sr = tr.stages[static_cast<size_t>(s)];

      // Where the stage's replicas sit: distinct nodes, the most replicas on one, slowest NIC.
      const StageNodes sn = place.nodes;

      // ---- Compute and TP collectives ----
      sr.time.compute = rg.compute;
      double tpComm = rg.tp_comm;
      // Analytic v2 leaves the TP collectives to the links (priced once per configuration).
      tpComm += rg.tp_collectives * tab.tp_one_s;
      sr.time.tp_comm = tpComm;
      if (terms.overlap && spec.tp_comm_overlap && st.tp > 1 && tpComm > 0) {
        // Chunked as many ways as the TP degree: the first chunk waits, the rest runs under the
        // GEMMs as long as they last.
        const double rest = tpComm * (st.tp - 1) / st.tp;
        const double exposed = tpComm / st.tp + std::max(0.0, rest - rg.compute);
        sr.time.tp_comm_hidden = tpComm - exposed;
        sr.time.tp_comm = exposed;
      }

      // ---- MoE: expert all-to-all and expert-TP collectives ----
      const bool moe = moeLayers(st.first_layer, st.last_layer) > 0;
      ExpertTiling tiling{};
      double expertShare = 0;
      double expertGrad = 0;
      if (moe) {
        tiling = CostModel::effectiveTiling(st.expert_tiling, st.tp, R);
        expertShare = rg.expert_params / (tiling.ep * tiling.etp);
        if (legacyLinks) {
          double nic = nodes[static_cast<size_t>(sn.slowSlot)].inter_gbps;
          sr.time.expert_comm = owner->expertCommTime(g, st.tp, t.micro_batch, st.first_layer, st.last_layer,
                                                      tiling, nic, sn.maxPerNode * st.tp);
          expertGrad = owner->expertGradSyncTime(g, st.tp, t.micro_batch, st.first_layer, st.last_layer,
                                                 tiling, sn.oneNode, nic, sn.maxPerNode * st.tp);
        } else {
          const int moeCount = moeLayers(st.first_layer, st.last_layer);
          const int flows = sn.maxPerNode * st.tp;
          if (tiling.ep > 1) {
            // Each GPU holds 1/tp of its replica's tokens and sends the share routed to other EP
            // ranks; dispatch and combine, forward and backward: 4 all-to-alls per MoE layer.
            // Peers on the GPU's own node go over its intra-node links, the others through the
            // shared NICs, both at once: the slower part sets the time. The messages to all
            // peers are in flight together, so the links run at the rate of the whole volume.
            const double outPerLayer = rg.dispatch / moeCount / st.tp * (tiling.ep - 1) / tiling.ep;
            const int groupGpus = tiling.ep * tiling.etp;
            const int perNode = sn.oneNode ? groupGpus : std::min(groupGpus, sn.maxPerNode * st.tp);
            const int localPeers = std::max(0, perNode / tiling.etp - 1);
            const int remotePeers = tiling.ep - 1 - localPeers;
            const double perPeer = outPerLayer / (tiling.ep - 1);
            double a2a = localPeers > 0 ? links.intraTime(g, std::max(2, perNode), localPeers * perPeer) : 0.0;
            if (remotePeers > 0)
              a2a = std::max(a2a, links.interTime(sn.slowSlot, sn.slowSlot, remotePeers * perPeer, flows, flows));
            sr.time.expert_comm += 4.0 * moeCount * a2a;
          }
          if (tiling.etp > 1) {
            // Like TP for the MLP: one all-reduce forward and one backward of the tokens an ETP
            // group serves.
            const double bytesPerLayer = rg.etp_tokens * tiling.etp / st.tp / moeCount;
            auto step = [&](double bytes) { return links.intraTime(g, tiling.etp, bytes); };
            sr.time.expert_comm += 2.0 * moeCount *
                collective::allReduce(bytesPerLayer, tiling.etp, links.intraLatency(g), step);
          }
          if (tiling.edp > 1) {
            // The expert shards all-reduce over their EDP ranks; across nodes every GPU of the
            // stage on a node pushes its ring share through the shared NICs (no hierarchy).
            const double bytes = expertShare * gradB;
            auto step = [&](double b) {
              return sn.oneNode ? links.intraTime(g, tiling.edp, b)
                                : links.interTime(sn.slowSlot, sn.slowSlot, b, flows, flows);
            };
            const double lat = sn.oneNode ? links.intraLatency(g) : links.interLatency(sn.slowSlot, sn.slowSlot);
            expertGrad = terms.collectives ? collective::allReduce(bytes, tiling.edp, lat, step)
                                           : collective::ringAllReduce(bytes, tiling.edp, step);
          }
        }
      }

      // ---- Point-to-point to the next stage, per replica; the slowest replica sets the pace ----
      sr.p2p_link = "none";
      double boundary = 0;
      const int nextIndex = s + 1 < d ? s + 1 : (v > 1 ? 0 : -1);  // interleaving wraps around
      if (nextIndex >= 0) {
        const double out = tab.output_bytes[static_cast<size_t>(st.last_layer)];
        const double worst = pipeline.slowestTransfer(slotOf(s), slotOf(nextIndex), R, g, st.tp, out, sr);
        // Interleaved: every chunk boundary is crossed once per micro-batch, v per stage (the
        // last stage's v - 1 wrap back to the first stage).
        boundary = worst * (s + 1 < d ? v : v - 1);
      }
      // Blocking exchanges (DeepSpeed): the stage also sits through its previous boundary.
      sr.time.p2p = boundary + (deepspeed ? upstream : 0.0);
      upstream = boundary;

      // ---- Gradient reduction and parameter gathering ----
      const double P = rg.params * gradB;
      const int other = totalReplicas - R;
      const bool distOpt = spec.distributed_optimizer && terms.collectives;
      double red = 0, redLast = 0, ag = 0, agLast = 0;
      sr.grad_sync_link = "none";
      if (totalReplicas > 1 && P > 0) {
        const bool oneNodeGroup = other == 0 && sn.oneNode;
        const int c = sn.maxPerNode;
        const int kMembers = sn.distinct + other;
        // One message across nodes for this stage's ring: every GPU of the stage on a node
        // reduces its shard at once, so the node's NICs are shared c x tp ways.
        const int flows = terms.nic_sharing ? c * st.tp : 1;
        const int ra = other == 0 ? sn.slowSlot : ringA, rb = other == 0 ? sn.slowSlot : ringB;
        double interRate = 0, intraRate = 0;  // the rates of the last steps priced, for the report
        auto interStep = [&](double bytes) { return links.interTime(ra, rb, bytes, flows, flows, &interRate); };
        auto intraStep = [&](int group) {
          return [this, g, group, &intraRate](double bytes) { return links.intraTime(g, group, bytes, &intraRate); };
        };
        // A collective of `bytes` (per GPU) over the data-parallel group: inside one node, or
        // reduce inside each node, across nodes per shard, and back (NCCL's multi-ring over the
        // node's rails behaves so).
        enum class Kind { AllReduce, ReduceScatter, AllGather };
        auto price = [&](double bytes, Kind kind) {
          if (oneNodeGroup) {
            const auto step = intraStep(R);
            if (kind == Kind::AllReduce)
              return terms.collectives ? collective::allReduce(bytes, R, links.intraLatency(g), step)
                                       : collective::ringAllReduce(bytes, R, step);
            return collective::reduceScatter(bytes, R, step);
          }
          double intra = 0;
          if (c > 1) {
            // Reduce-scatter and all-gather inside the node: c - 1 steps of S / c each.
            const double one = (c - 1) * links.intraTime(g, c, bytes / c);
            if (kind != Kind::AllGather) intra += one;
            if (kind != Kind::ReduceScatter) intra += one;
          }
          // Each GPU's shard after the node's reduce-scatter; without NIC sharing the node's
          // whole share goes as one flow, as before the sharing term.
          const double shard = terms.nic_sharing ? bytes / c : bytes * st.tp;
          double inter = 0;
          if (kind == Kind::AllReduce)
            inter = terms.collectives ? collective::allReduce(shard, kMembers, links.interLatency(ra, rb), interStep)
                                      : collective::ringAllReduce(shard, kMembers, interStep);
          else
            inter = collective::reduceScatter(shard, kMembers, interStep);
          return intra + inter;
        };
        // Everything else the collective's time depends on, packed, and nothing more, so that
        // stages of different templates share it: inside one node the GPU type and the group;
        // across nodes the ring's links, its members, the flows per NIC, the GPUs per node
        // (with their GPU type only when they reduce inside the node first) and, without NIC
        // sharing, the TP degree. A group too large to pack (no real cluster) is priced
        // without the memo.
        const bool memo = kMembers < (1 << 20) && R < (1 << 20) && flows < (1 << 12) && c < 64 && st.tp < 64 && g < (1 << 20);
        const std::uint64_t link = oneNodeGroup ? 0 : links.pairKey(ra, rb);
        const std::uint64_t groupKey =
            oneNodeGroup ? std::uint64_t(R) << 24
                         : std::uint64_t(kMembers) << 44 | std::uint64_t(flows) << 12 | std::uint64_t(c) << 6 |
                               (terms.nic_sharing ? 0 : std::uint64_t(st.tp));
        const int groupTag = (oneNodeGroup || c > 1 ? g + 1 : 0) << 8 | (oneNodeGroup ? 1 << 7 : 0);
        auto group = [&](double bytes, Kind kind) {
          const int k = static_cast<int>(kind) | groupTag;
          if (!memo) return price(bytes, kind);
          for (const auto& m : sc.collectives)
            if (m.bytes == bytes && m.group == groupKey && m.link == link && m.kind == k) {
              // The rates a step left behind, where the collective priced any step (NaN: none).
              if (!std::isnan(m.intraRate)) intraRate = m.intraRate;
              if (!std::isnan(m.interRate)) interRate = m.interRate;
              return m.time;
            }
          const double intraBefore = intraRate, interBefore = interRate;
          intraRate = interRate = std::nan("");
          const double time = price(bytes, kind);
          sc.collectives.push_back({bytes, link, groupKey, k, time, intraRate, interRate});
          if (std::isnan(intraRate)) intraRate = intraBefore;
          if (std::isnan(interRate)) interRate = interBefore;
          return time;
        };
        const double bucket = terms.grad_buckets ? spec.gradBucketParams(totalReplicas) * gradB : 0.0;
        if (distOpt) {
          red = collective::bucketed(P, bucket, [&](double b) { return group(b, Kind::ReduceScatter); }, &redLast);
          const double W = rg.params * spec.weightBytes();
          const double wBucket = bucket > 0 ? bucket / gradB * spec.weightBytes() : 0.0;
          ag = collective::bucketed(W, wBucket, [&](double b) { return group(b, Kind::AllGather); }, &agLast);
        } else {
          red = collective::bucketed(P, bucket, [&](double b) { return group(b, Kind::AllReduce); }, &redLast);
        }
        sr.grad_sync_link = oneNodeGroup ? "intra-node" : "inter-node";
        sr.grad_sync_gbps = oneNodeGroup ? intraRate : interRate;
      }
      // The experts' gradients reduce in their own buffer, ready with the dense ones.
      red += expertGrad;

      const double memBw = gpu.memory_bandwidth_gbps * 1e9 * AnalyticFactors::memory_efficiency;
      sr.time.optimizer = rg.optimizer / (spec.distributed_optimizer ? R : 1);
      if (moe && memBw > 0)
        sr.time.optimizer += expertShare * adamBytesPerParam / memBw / (spec.distributed_optimizer ? tiling.edp : 1);

      // What runs while the stage's last backward (and its TP collectives) and its next first
      // forward run.
      const double window = backwardWindow(sr.time, bwdShare);
      const double fwdWindow = (1 - bwdShare) * (sr.time.compute + sr.time.tp_comm + sr.time.expert_comm);
      if (terms.overlap && !deepspeed && spec.overlap_grad_reduce) {
        // Every bucket but the last reduces while the backward still runs.
        sr.time.grad_sync_hidden = std::min(std::max(0.0, red - redLast), window);
      }
      sr.time.grad_sync = red - sr.time.grad_sync_hidden;
      // Megatron-LM refuses --overlap-param-gather without --overlap-grad-reduce (validate_args),
      // so that pair runs, and is priced, with the gather exposed.
      if (terms.overlap && !deepspeed && spec.overlap_param_gather && spec.overlap_grad_reduce && ag > 0)
        sr.time.param_gather_hidden = std::min(std::max(0.0, ag - agLast), fwdWindow);
      sr.time.param_gather = ag - sr.time.param_gather_hidden;
    }

    // ---- Tied embeddings: the first and last stage all-reduce the word embedding's gradient ----
    double embed = 0;
    if (terms.embedding_sync && model.shape.tied_embeddings && d > 1 && model.shape.vocab > 0) {
      const Stage& first = t.stages[0];
      const Stage& last = t.stages[static_cast<size_t>(d - 1)];
      // Each GPU holds its TP slice of the matrix; stages of different TP degrees (heterogeneous
      // plans) exchange the larger slice.
      const double bytes = double(model.shape.vocab) * model.shape.hidden * gradB / std::min(first.tp, last.tp);
      embed = pipeline.slowestPairAllReduce(slotOf(0), slotOf(d - 1), R, placement.stages[base].gpu, bytes);
      tr.stages[0].time.embedding_sync = embed;
      tr.stages[static_cast<size_t>(d - 1)].time.embedding_sync = embed;
    }

    // ---- The tail after the pipeline ----
    const TemplatePace pace = templatePace(tr.stages, v, terms.overlap, bwdShare, -1, nullptr);
    tr.sync_s = pace.sync;
    perMb[j] = pace.perMb;
    fixed[j] = pace.fixed;
  }
}

}  // namespace arachne
