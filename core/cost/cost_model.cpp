// CostModel construction (prefix sums per GPU type, TP, micro-batch) and the O(1) queries.
#include "cost/cost_model.h"

#include <algorithm>
#include <limits>

#include "cost/collectives.h"
#include "cost/cost_model_impl.h"
#include "cost/link_model.h"
#include "cost/tp_split.h"
#include "io/load_error.h"
#include "plan/texts.h"
#include "profile/analytic_profiler.h"

namespace arachne {

CostModel::CostModel(const GpuCatalog& catalog, const Composition& composition, const Model& model,
                     const TrainingSpec& spec, const ProfileSet& profiles, const CostTerms& terms)
    : d(std::make_unique<Impl>(catalog, composition, model, spec, profiles)) {
  d->owner = this;
  d->terms = terms;
  if (!profiles.model_id.empty() && profiles.model_id != model.id)
    throw LoadError("<profile set '" + profiles.name + "'>", "model",
                    "made for model '" + profiles.model_id + "', not '" + model.id + "'");
  // Measured times and sizes scale with neither the sequence nor the precision in any way the
  // entries record, so a set measured at others would price the training with wrong numbers.
  if (profiles.sequence_length > 0 && profiles.sequence_length != spec.sequence_length)
    throw LoadError("<profile set '" + profiles.name + "'>", "sequence_length",
                    "measured at sequence length " + std::to_string(profiles.sequence_length) +
                        "; the training asks for " + std::to_string(spec.sequence_length) +
                        ", where its times and sizes do not hold");
  if (profiles.precision && *profiles.precision != spec.precision)
    throw LoadError("<profile set '" + profiles.name + "'>", "precision",
                    "measured in " + toString(*profiles.precision) + "; the training asks for " +
                        toString(spec.precision) + ", where its times and sizes do not hold");
  for (const std::string& id : composition.gpuTypes()) {
    const GpuType* t = catalog.find(id);
    if (!t) throw LoadError("<composition>", "gpu_type", "unknown GPU type '" + id + "'");
    d->gpus.push_back(t);
    d->gpuIds.push_back(id);
  }
  int maxId = -1;
  for (const Node& n : composition.nodes()) maxId = std::max(maxId, n.id);
  if (maxId < (1 << 20)) d->slotById.assign(static_cast<size_t>(maxId + 1), -1);
  for (const Node& n : composition.nodes()) {
    NodeInfo info;
    info.id = n.id;
    info.gpu = d->gpuIndex(n.gpu_type);
    info.gpus = n.gpus;
    info.inter_gbps = composition.interNodeGbps(n, catalog);
    for (int t = 1; t < 64 && t <= n.gpus; ++t)
      if (n.gpus % t != 0) info.untiled_tp |= std::uint64_t{1} << t;
    for (int t = 1; t < 64; ++t)
      if (t > n.gpus || n.gpus % t != 0) info.odd_tp |= std::uint64_t{1} << t;
    int slot = static_cast<int>(d->nodes.size());
    d->nodes.push_back(info);
    if (n.id >= 0 && n.id < static_cast<int>(d->slotById.size())) d->slotById[static_cast<size_t>(n.id)] = slot;
    else d->slotByBigId[n.id] = slot;
  }

  d->links.build(catalog, composition, d->gpuIds, terms);
  for (size_t slot = 0; slot < d->nodes.size(); ++slot) d->nodes[slot].link_gbps = d->links.nodeGbps(static_cast<int>(slot));

  const int L = model.layerCount();
  d->moePrefix.assign(static_cast<size_t>(L) + 1, 0);
  for (int i = 0; i < L; ++i)
    d->moePrefix[static_cast<size_t>(i) + 1] =
        d->moePrefix[static_cast<size_t>(i)] + (model.layer(i).kind == LayerKind::MoeBlock ? 1 : 0);
  d->adamBytesPerParam = 2.0 * spec.optimizerBytes() + spec.gradBytes() + spec.weightBytes();

  // One table per (GPU type, TP, micro-batch) at which every layer type of the model has an
  // entry; anything else is outside the search space.
  const double topK = model.shape.top_k > 0 ? model.shape.top_k : 1;
  for (int g = 0; g < static_cast<int>(d->gpus.size()); ++g) {
    const std::string& gid = d->gpuIds[static_cast<size_t>(g)];
    for (int tp : profiles.tpDegrees(gid)) {
      if (!model.shape.splitsOverTp(tp)) continue;  // missingWhy says why, whatever the profiles hold
      for (int mbs : profiles.microBatches(gid, tp)) {
        std::vector<const ProfileEntry*> byType;
        bool complete = true;
        for (const LayerType& lt : model.layer_types) {
          const ProfileEntry* e = profiles.find(gid, tp, mbs, lt.id);
          if (!e) complete = false;
          byType.push_back(e);
        }
        if (!complete || L == 0) continue;
        ProfileTable t;
        t.gpu = g;
        t.tp = tp;
        t.mbs = mbs;
        t.prefix.resize(static_cast<size_t>(L) + 1);
        t.output_bytes.resize(static_cast<size_t>(L));
        for (int i = 0; i < L; ++i) {
          const ProfileEntry& e = *byType[static_cast<size_t>(model.layers[static_cast<size_t>(i)])];
          LayerPrefix p = t.prefix[static_cast<size_t>(i)];
          p.compute += e.compute_s;
          p.tp_comm += e.tp_comm_s;
          p.params += e.param_count;
          p.activations += e.activation_bytes;
          p.optimizer += e.optimizer_s;
          p.expert_params += e.expert_param_count;
          p.expert_activations += e.expert_activation_bytes;
          p.dispatch += e.dispatch_bytes;
          p.etp_tokens += e.dispatch_bytes / topK;
          p.tp_collectives += e.tp_collectives;
          t.tp_bytes = std::max(t.tp_bytes, e.tp_collective_bytes);
          t.prefix[static_cast<size_t>(i) + 1] = p;
          t.output_bytes[static_cast<size_t>(i)] = e.output_bytes;
        }
        if (t.tp_bytes > 0 && tp > 1) {
          // An all-reduce (or all-gather + reduce-scatter pair of the same volume) of the
          // activation over the TP group inside its node; the same for every stage of this
          // configuration, so it is priced once here.
          auto step = [&](double bytes) { return d->links.intraTime(g, tp, bytes); };
          t.tp_one_s = terms.collectives
                           ? collective::allReduce(t.tp_bytes, tp, d->links.intraLatency(g), step)
                           : collective::ringAllReduce(t.tp_bytes, tp, step);
        }
        d->tableIndex[Impl::key(g, tp, mbs)] = static_cast<int>(d->tables.size());
        d->tables.push_back(std::move(t));
      }
    }
  }
  // The dense index covers every table of a usual profile set (TP and micro-batch up to a few
  // dozen); larger degrees stay in the hash map only.
  constexpr int kDenseLimit = 256;
  for (const ProfileTable& t : d->tables) {
    if (t.tp < kDenseLimit) d->denseTp = std::max(d->denseTp, t.tp + 1);
    if (t.mbs < kDenseLimit) d->denseMbs = std::max(d->denseMbs, t.mbs + 1);
  }
  d->tableAt.assign(d->gpus.size() * static_cast<size_t>(d->denseTp) * static_cast<size_t>(d->denseMbs), -1);
  for (size_t i = 0; i < d->tables.size(); ++i) {
    const ProfileTable& t = d->tables[i];
    if (t.tp < d->denseTp && t.mbs < d->denseMbs)
      d->tableAt[static_cast<size_t>((t.gpu * d->denseTp + t.tp) * d->denseMbs + t.mbs)] = static_cast<int>(i);
  }
}

CostModel::~CostModel() = default;

PlanReport CostModel::price(const Plan& plan, bool rebalance) const { return d->price(plan, rebalance); }

double CostModel::iterationTimeWith(const Plan& plan, const PlanReport& priced, int templ, int stage,
                                    const StageTime& time) const {
  return d->iterationTimeWith(plan, priced, templ, stage, time);
}

PlanReport CostModel::priceAndUpdate(Plan& plan) const {
  PlanReport r = d->price(plan, !plan.fixed_micro_batches);
  if (r.templates.size() == plan.templates.size())
    for (size_t i = 0; i < plan.templates.size(); ++i)
      if (r.templates[i].micro_batches > 0) plan.templates[i].micro_batches = r.templates[i].micro_batches;
  return r;
}

int CostModel::gpuTypeCount() const { return static_cast<int>(d->gpus.size()); }
int CostModel::gpuIndex(const std::string& id) const { return d->gpuIndex(id); }
const GpuType& CostModel::gpuType(int i) const { return *d->gpus.at(static_cast<size_t>(i)); }

Reason CostModel::Impl::missingWhy(int g, int tp, int mbs) const {
  const std::string& gid = gpuIds[static_cast<size_t>(g)];
  if (Reason why = tpSplitWhy(model, tp); !why.empty()) return why;
  for (const LayerType& lt : model.layer_types)
    if (!profiles.find(gid, tp, mbs, lt.id)) return profiles.missingWhy(gid, tp, mbs, lt.id);
  return Reason(text::kNoProfile, {verbatim(gid), integer(tp), integer(mbs)});
}

bool CostModel::hasProfile(int gpuIndex, int tp, int microBatch, std::string* why) const {
  if (d->table(gpuIndex, tp, microBatch)) return true;
  if (why) {
    if (gpuIndex < 0 || gpuIndex >= gpuTypeCount()) *why = "GPU type index " + std::to_string(gpuIndex) + " is not in the composition";
    else *why = d->missingReason(gpuIndex, tp, microBatch);
  }
  return false;
}

double CostModel::layersTime(int gpuIndex, int tp, int microBatch, int first, int last) const {
  const ProfileTable* t = d->table(gpuIndex, tp, microBatch);
  if (!t || first < 0 || last < first || last >= d->model.layerCount())
    return std::numeric_limits<double>::infinity();
  const LayerPrefix& a = t->prefix[static_cast<size_t>(first)];
  const LayerPrefix& b = t->prefix[static_cast<size_t>(last) + 1];
  return (b.compute - a.compute) + (b.tp_comm - a.tp_comm) + (b.tp_collectives - a.tp_collectives) * t->tp_one_s;
}

StageMemory CostModel::stageMemory(int gpuIndex, int tp, int microBatch, int first, int last,
                                   int stageIndex, int depth, int microBatches, int replicas,
                                   const ExpertTiling& tiling, int virtualStages) const {
  const ProfileTable* t = d->table(gpuIndex, tp, microBatch);
  if (!t || first < 0 || last < first || last >= d->model.layerCount()) return {};
  return d->memory(*t, first, last, stageIndex, depth, microBatches, replicas, tiling, virtualStages);
}

double CostModel::inFlightStages(int stageIndex, int depth, int microBatches, int virtualStages) {
  const int M = std::max(1, microBatches);
  if (virtualStages <= 1) return std::max(1, std::min(depth - stageIndex, M));
  // Megatron's interleaved warm-up runs 2 (p - i - 1) + (v - 1) p chunks ahead, each 1/v of the
  // stage's layers: stage 0 holds p (1 + (p - 1) / (p v)) stages' worth (domain-facts §4.3).
  const double v = virtualStages;
  const double chunks = 2.0 * (depth - stageIndex - 1) + (v - 1) * depth + 1;
  return std::max(1.0 / v, std::min(double(M), chunks / v));
}

StageMemory CostModel::Impl::memory(const ProfileTable& t, int first, int last, int stageIndex,
                                    int depth, int microBatches, int replicas,
                                    const ExpertTiling& tiling, int virtualStages) const {
  StageMemory m;
  memory(t, t.range(first, last), replicas, tiling,
         inFlightStages(stageIndex, depth, microBatches, virtualStages), m);
  return m;
}

void CostModel::Impl::memory(const ProfileTable& t, const LayerPrefix& r, int replicas,
                             const ExpertTiling& tiling, double inFlight, StageMemory& m) const {
  const int tp = t.tp;
  const int R = std::max(1, replicas);
  double expertShare = 0;  // expert parameters per GPU
  double expertOptDivisor = 1;
  if (r.expert_params > 0) {
    ExpertTiling e = tiling == ExpertTiling{} ? effectiveTiling(std::nullopt, tp, R) : tiling;
    expertShare = r.expert_params / std::max(1, e.ep * e.etp);
    expertOptDivisor = spec.distributed_optimizer ? std::max(1, e.edp) : 1;
  }
  const double params = r.params + expertShare;
  m.params = params * spec.weightBytes();
  m.grads = params * spec.gradBytes() + spec.gradBucketBytes(params);
  m.optimizer = (r.params / (spec.distributed_optimizer ? R : 1) + expertShare / expertOptDivisor) *
                spec.optimizerBytes();
  m.activations = (r.activations + r.expert_activations / tp) * inFlight;
  m.other = kFrameworkOverheadBytes +
            kAllocatorSlack * (m.params + m.grads + m.optimizer + m.activations);
  m.capacity = gpus[static_cast<size_t>(t.gpu)]->memory_bytes;
}

std::string CostModel::largestComponent(const StageMemory& m) {
  std::pair<double, const char*> items[] = {{m.params, "params"},
                                            {m.grads, "grads"},
                                            {m.optimizer, "optimizer"},
                                            {m.activations, "activations"},
                                            {m.other, "other"}};
  const auto* best = &items[0];
  for (const auto& it : items)
    if (it.first > best->first) best = &it;
  return best->second;
}

bool CostModel::hasMoeLayers(int first, int last) const {
  if (first < 0 || last < first || last >= d->model.layerCount()) return false;
  return d->moeLayers(first, last) > 0;
}

ExpertTiling CostModel::effectiveTiling(const std::optional<ExpertTiling>& given, int tp, int replicas) {
  if (given) return *given;
  return {1, tp, replicas};
}

std::string CostModel::tilingProblem(const ExpertTiling& e, int tp, int replicas) const {
  return tilingWhy(e, tp, replicas).english();
}

bool CostModel::tilingValid(const ExpertTiling& e, int tp, int replicas) const {
  if (e.ep < 1 || e.etp < 1 || e.edp < 1) return false;
  if (static_cast<long long>(e.ep) * e.etp * e.edp != static_cast<long long>(tp) * replicas) return false;
  if (tp % e.etp != 0) return false;
  const ModelShape& s = d->model.shape;
  if (s.experts > 0 && s.expert_ffn % e.etp != 0) return false;
  return s.experts <= 0 || s.experts % e.ep == 0;
}

Reason CostModel::tilingWhy(const ExpertTiling& e, int tp, int replicas) const {
  if (tilingValid(e, tp, replicas)) return {};
  const int W = tp * replicas;
  const ReasonArg ep = integer(e.ep), etp = integer(e.etp), edp = integer(e.edp);
  if (e.ep < 1 || e.etp < 1 || e.edp < 1) return Reason(text::kTilingFactors, {ep, etp, edp});
  if (static_cast<long long>(e.ep) * e.etp * e.edp != W)
    return Reason(text::kTilingGpus, {ep, etp, edp, integer(static_cast<long long>(e.ep) * e.etp * e.edp),
                                      integer(W), integer(tp), integer(replicas)});
  if (tp % e.etp != 0) return Reason(text::kTilingEtp, {ep, etp, edp, integer(tp)});
  const int E = d->model.shape.experts;
  if (E > 0 && d->model.shape.expert_ffn % e.etp != 0)
    return Reason(text::kTilingExpertWidth, {ep, etp, edp, integer(d->model.shape.expert_ffn)});
  if (E > 0 && E % e.ep != 0) return Reason(text::kTilingExperts, {ep, etp, edp, integer(E)});
  return {};
}

std::vector<ExpertTiling> CostModel::expertTilings(int tp, int replicas) const {
  std::vector<ExpertTiling> out;
  if (!d->model.isMoe() || tp < 1 || replicas < 1) return out;
  const int W = tp * replicas;
  for (int etp = 1; etp <= tp; ++etp) {
    if (tp % etp) continue;
    for (int ep = 1; ep * etp <= W; ++ep) {
      if (W % (ep * etp)) continue;
      ExpertTiling e{ep, etp, W / (ep * etp)};
      if (tilingValid(e, tp, replicas)) out.push_back(e);
    }
  }
  return out;
}

double CostModel::expertCommTime(int gpuIndex, int tp, int microBatch, int first, int last,
                                 const ExpertTiling& e, double interNodeGbps,
                                 int gpusSharingNic) const {
  const ProfileTable* t = d->table(gpuIndex, tp, microBatch);
  if (!t || first < 0 || last < first || last >= d->model.layerCount()) return 0;
  const int moe = d->moeLayers(first, last);
  if (moe == 0) return 0;
  const LayerPrefix r = t->range(first, last);
  const GpuType& g = *d->gpus[static_cast<size_t>(gpuIndex)];
  double time = 0;
  if (e.ep > 1) {
    // Each GPU holds 1/tp of its replica's tokens (sequence parallel) and sends the share
    // routed to other EP ranks; dispatch and combine, forward and backward.
    const double out = r.dispatch / tp * (e.ep - 1) / e.ep;
    const bool inNode = e.ep * e.etp <= tp;
    const Link link = inNode ? Link::intra(g.intra_node_gbps) : Link::inter(interNodeGbps);
    const int sharers = inNode ? 1 : std::max(1, gpusSharingNic);
    if (link.gbps <= 0) return std::numeric_limits<double>::infinity();
    time += 4.0 * (out * sharers / (link.gbps * 1e9 * kLinkEfficiency) +
                   moe * (e.ep - 1) * link.latency_s);
  }
  if (e.etp > 1) {
    // Like TP for the MLP: one all-reduce forward and one backward of the tokens an ETP group
    // serves (tp / ETP of the groups share a replica's tokens).
    const double bytes = r.etp_tokens * e.etp / tp;
    const Link link = Link::intra(g.intra_node_gbps);
    if (link.gbps <= 0) return std::numeric_limits<double>::infinity();
    time += 2.0 * (2.0 * (e.etp - 1) / e.etp * bytes / (link.gbps * 1e9 * kLinkEfficiency) +
                   moe * 2.0 * (e.etp - 1) * link.latency_s);
  }
  return time;
}

double CostModel::expertGradSyncTime(int gpuIndex, int tp, int microBatch, int first, int last,
                                     const ExpertTiling& e, bool oneNode, double interNodeGbps,
                                     int gpusSharingNic) const {
  if (e.edp <= 1) return 0;
  const ProfileTable* t = d->table(gpuIndex, tp, microBatch);
  if (!t || first < 0 || last < first || last >= d->model.layerCount()) return 0;
  const LayerPrefix r = t->range(first, last);
  if (r.expert_params <= 0) return 0;
  const double bytes = r.expert_params / std::max(1, e.ep * e.etp) * d->spec.gradBytes();
  const GpuType& g = *d->gpus[static_cast<size_t>(gpuIndex)];
  if (oneNode) return ringAllReduceTime(bytes, e.edp, Link::intra(g.intra_node_gbps));
  // Conservative: every GPU of the stage on a node pushes its ring share through the NIC.
  return ringAllReduceTime(bytes * std::max(1, gpusSharingNic), e.edp, Link::inter(interNodeGbps));
}

double CostModel::outputBytes(int gpuIndex, int tp, int microBatch, int layer) const {
  const ProfileTable* t = d->table(gpuIndex, tp, microBatch);
  if (!t || layer < 0 || layer >= d->model.layerCount()) return 0;
  return t->output_bytes[static_cast<size_t>(layer)];
}

double CostModel::nodeInterGbps(int nodeId) const {
  const int slot = d->slot(nodeId);
  return slot < 0 ? 0.0 : d->links.nodeGbps(slot);
}
const std::string& CostModel::networkOrigin() const { return d->links.origin(); }
const CostTerms& CostModel::terms() const { return d->terms; }
const Model& CostModel::model() const { return d->model; }
const TrainingSpec& CostModel::spec() const { return d->spec; }
const Composition& CostModel::composition() const { return d->composition; }
const ProfileSet& CostModel::profiles() const { return d->profiles; }

}  // namespace arachne
