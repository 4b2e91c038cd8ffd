// The fill: replicas by packing, micro-batch sizes priced against the whole plan, layer split
// per size refined against the whole iteration, expert tiling on MoE stages.
#include "planning/template_fill.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <limits>
#include <optional>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "planning/feasibility_masks.h"
#include "planning/layer_split.h"
#include "planning/split_refiner.h"
#include "plan/texts.h"
#include "planning/node_allocator.h"
#include "profile/profile_set.h"

namespace arachne {
namespace {

ReasonArg gib(double bytes) { return number(bytes / (1024.0 * 1024.0 * 1024.0), 1); }

ReasonArg stageText(const CostModel& cost, const StageChoice& s) {
  return nested(Reason(text::kFillStageText, {verbatim(cost.gpuType(s.gpu).id), integer(s.tp)}));
}

const char* componentTerm(const std::string& c) {
  if (c == "params") return text::kParams;
  if (c == "grads") return text::kGrads;
  if (c == "optimizer") return text::kOptimizer;
  if (c == "activations") return text::kActivations;
  return text::kOther;
}

}  // namespace

TemplateFill::TemplateFill(const CostModel& cost) : cost_(cost) {
  const Model& model = cost.model();
  param_prefix_.assign(static_cast<size_t>(model.layerCount()) + 1, 0);
  for (int i = 0; i < model.layerCount(); ++i)
    param_prefix_[static_cast<size_t>(i) + 1] = param_prefix_[static_cast<size_t>(i)] + model.layer(i).params;
  const int n = cost.gpuTypeCount();
  mbs_.resize(static_cast<size_t>(n));
  for (int g = 0; g < n; ++g) {
    gpu_ids_.push_back(cost.gpuType(g).id);
    mbs_[static_cast<size_t>(g)].resize(kMaxTpLevels);
    for (int l = 0; l < kMaxTpLevels; ++l) {
      auto& list = mbs_[static_cast<size_t>(g)][static_cast<size_t>(l)];
      for (int m : cost.profiles().microBatches(gpu_ids_.back(), 1 << l))
        if (m > 0 && (m & (m - 1)) == 0 && cost.hasProfile(g, 1 << l, m)) list.push_back(m);
      std::sort(list.begin(), list.end());
    }
  }
}

const std::vector<int>& TemplateFill::microBatches(int gpu, int tp) const {
  const int l = tpLevel(tp);
  if (gpu < 0 || gpu >= static_cast<int>(mbs_.size()) || l < 0) return empty_;
  return mbs_[static_cast<size_t>(gpu)][static_cast<size_t>(l)];
}

FillResult TemplateFill::fill(const Plan& sofar, const FreeGpus& free,
                              const TemplateChoice& choice) const {
  FillResult out;
  if (!choice.complete()) {
    out.fail(Reason(text::kTemplateIncomplete));
    return out;
  }
  const int d = choice.depth;
  if (d > cost_.model().layerCount()) {
    out.fail(Reason(text::kDepthExceedsLayers, {integer(d), integer(cost_.model().layerCount())}));
    return out;
  }
  const TpDemand demand = FeasibilityMasks::demandOf(free, choice);
  const int packed = FeasibilityMasks::maxReplicas(free, demand);
  if (packed < 1) {
    out.fail(Reason(text::kNoReplicaFits));
    return out;
  }
  long long used = 0;
  for (const Template& t : sofar.templates) used += static_cast<long long>(t.replicas) * t.micro_batch;
  const long long batch = cost_.spec().global_batch;
  const long long batchLeft = batch - used;
  if (batchLeft < 1) {
    out.fail(Reason(text::kBatchSpread, {integer(batch)}));
    return out;
  }

  // Micro-batch sizes profiled for every stage.
  std::vector<int> sizes = microBatches(choice.stages[0].gpu, choice.stages[0].tp);
  for (const StageChoice& s : choice.stages) {
    const auto& m = microBatches(s.gpu, s.tp);
    std::vector<int> keep;
    std::set_intersection(sizes.begin(), sizes.end(), m.begin(), m.end(), std::back_inserter(keep));
    sizes.swap(keep);
  }
  if (sizes.empty()) {
    out.fail(Reason(text::kNoCommonMicroBatch));
    return out;
  }

  Plan work = sofar;
  work.templates.emplace_back();
  {
    Template& t = work.templates.back();
    t.stages.resize(static_cast<size_t>(d));
    for (int s = 0; s < d; ++s) {
      t.stages[static_cast<size_t>(s)].gpu_type = gpu_ids_[static_cast<size_t>(choice.stages[static_cast<size_t>(s)].gpu)];
      t.stages[static_cast<size_t>(s)].tp = choice.stages[static_cast<size_t>(s)].tp;
    }
  }

  int allocated = -1;
  FreeGpus afterAlloc;
  std::vector<std::vector<int>> nodeIds;
  bool haveBest = false;
  Template best;
  PlanReport bestReport;
  FreeGpus bestFree;
  Reason firstProblem;
  for (int mbs : sizes) {
    const int replicas = static_cast<int>(std::min<long long>(packed, batchLeft / mbs));
    if (replicas < 1) {
      if (firstProblem.empty())
        firstProblem = Reason(text::kMicroBatchExceedsBatch, {integer(mbs), integer(batchLeft)});
      break;
    }
    if (replicas != allocated) {
      afterAlloc = free;
      if (!NodeAllocator::allocate(afterAlloc, choice, replicas, nodeIds)) continue;
      allocated = replicas;
      Template& t = work.templates.back();
      for (int s = 0; s < d; ++s) t.stages[static_cast<size_t>(s)].node_ids = nodeIds[static_cast<size_t>(s)];
    }
    const long long perStep = static_cast<long long>(replicas) * mbs;
    const int bound = static_cast<int>((batchLeft + perStep - 1) / perStep);
    LayerSplitter splitter(cost_, choice.stages, mbs, replicas, bound);
    // Activation memory only grows with the micro-batch size, so once no split fits, no larger
    // size fits either: "every power of two up to the largest that fits".
    const bool any = splitter.anySplitFits();
    const LayerSplit split = any ? splitter.best() : splitter.proportional();
    if (!split.fits) {
      if (firstProblem.empty()) {
        if (split.worst_stage >= 0) {
          const StageMemory& m = split.worst_memory;
          firstProblem = Reason(text::kFillOutOfMemory,
                                {integer(mbs), integer(split.worst_stage + 1),
                                 stageText(cost_, choice.stages[static_cast<size_t>(split.worst_stage)]),
                                 gib(m.total()), gib(m.capacity),
                                 term(componentTerm(CostModel::largestComponent(m)))});
        } else {
          firstProblem = Reason(text::kFillNoProfile, {integer(mbs)});
        }
      }
      if (!any) break;
      continue;
    }
    Template& t = work.templates.back();
    t.replicas = replicas;
    t.micro_batch = mbs;
    t.micro_batches = 1;
    PlanReport report = layAndPrice(work, split.last, splitter, bound, out.priced);
    if (!report.feasible) {
      if (firstProblem.empty() && !report.violations.empty())
        firstProblem = Reason(text::kFillViolation, {integer(mbs), nested(report.violations.front().reason)});
      continue;
    }
    refineSplit(work, choice, splitter, split.last, bound, report, out.priced);
    if (!haveBest || report.iteration_time_s < bestReport.iteration_time_s) {
      haveBest = true;
      best = work.templates.back();
      bestReport = std::move(report);
      bestFree = afterAlloc;
    }
  }
  if (!haveBest) {
    out.fail(firstProblem.empty() ? Reason(text::kNoMicroBatchFits) : std::move(firstProblem));
    return out;
  }
  tryInterleaving(work, best, bestReport, out.priced);
  work.templates.back() = std::move(best);
  for (size_t i = 0; i < work.templates.size() && i < bestReport.templates.size(); ++i)
    work.templates[i].micro_batches = bestReport.templates[i].micro_batches;
  out.feasible = true;
  out.plan = std::move(work);
  out.report = std::move(bestReport);
  out.free_after = std::move(bestFree);
  return out;
}

PlanReport TemplateFill::tileExperts(Plan& work, PlanReport report, int microBatchBound,
                                     int& priced) const {
  Template& t = work.templates.back();
  const int d = t.depth();
  const size_t ti = work.templates.size() - 1;
  // The tilings of each MoE stage that fit its memory.
  std::vector<std::vector<ExpertTiling>> cands(static_cast<size_t>(d));
  std::vector<std::optional<ExpertTiling>> start(static_cast<size_t>(d));
  for (int s = 0; s < d; ++s) start[static_cast<size_t>(s)] = t.stages[static_cast<size_t>(s)].expert_tiling;
  size_t rounds = 0;
  for (int s = 0; s < d; ++s) {
    Stage& st = t.stages[static_cast<size_t>(s)];
    if (!st.expert_tiling) continue;
    const int g = cost_.gpuIndex(st.gpu_type);
    for (const ExpertTiling& e : cost_.expertTilings(st.tp, t.replicas)) {
      const StageMemory m = cost_.stageMemory(g, st.tp, t.micro_batch, st.first_layer, st.last_layer, s, d,
                                              microBatchBound, t.replicas, e);
      if (m.total() <= m.capacity) cands[static_cast<size_t>(s)].push_back(e);
    }
    if (cands[static_cast<size_t>(s)].empty()) cands[static_cast<size_t>(s)].push_back(*st.expert_tiling);
    rounds = std::max(rounds, cands[static_cast<size_t>(s)].size());
  }
  // Per stage first: a stage's tiling changes only its own t_s and g_s, so round i prices
  // candidate i of every stage at once and each stage keeps its fastest.
  std::vector<size_t> pick(static_cast<size_t>(d), 0);
  std::vector<double> bestT(static_cast<size_t>(d), 0);
  // Each candidate's stage time as its round priced it (none where the round had no timing).
  std::vector<std::vector<std::optional<StageTime>>> timed(static_cast<size_t>(d));
  for (int s = 0; s < d; ++s) timed[static_cast<size_t>(s)].resize(cands[static_cast<size_t>(s)].size());
  for (size_t i = 0; i < rounds; ++i) {
    for (int s = 0; s < d; ++s) {
      auto& c = cands[static_cast<size_t>(s)];
      if (!c.empty()) t.stages[static_cast<size_t>(s)].expert_tiling = c[std::min(i, c.size() - 1)];
    }
    const PlanReport r = cost_.price(work, true);
    ++priced;
    if (r.templates.size() <= ti) continue;
    for (int s = 0; s < d; ++s) {
      auto& c = cands[static_cast<size_t>(s)];
      if (c.empty() || i >= c.size()) continue;
      const StageTime& tm = r.templates[ti].stages[static_cast<size_t>(s)].time;
      timed[static_cast<size_t>(s)][i] = tm;
      const double v = tm.perMicroBatch() * microBatchBound + tm.grad_sync;
      if (i == 0 || v < bestT[static_cast<size_t>(s)]) {
        bestT[static_cast<size_t>(s)] = v;
        pick[static_cast<size_t>(s)] = i;
      }
    }
  }
  for (int s = 0; s < d; ++s)
    if (!cands[static_cast<size_t>(s)].empty())
      t.stages[static_cast<size_t>(s)].expert_tiling = cands[static_cast<size_t>(s)][pick[static_cast<size_t>(s)]];
  PlanReport cur = cost_.price(work, true);
  ++priced;
  if (!cur.feasible) {  // keep the memory-first tiling, which priced feasible
    for (int s = 0; s < d; ++s) t.stages[static_cast<size_t>(s)].expert_tiling = start[static_cast<size_t>(s)];
    return report;
  }
  // Then against the whole iteration, over the candidates already enumerated.
  for (int s = 0; s < d; ++s) {
    auto& c = cands[static_cast<size_t>(s)];
    for (size_t i = 0; i < c.size(); ++i) {
      if (i == pick[static_cast<size_t>(s)]) continue;
      // A stage's tiling changes only its own time items, so its round's timing says, to the
      // bit, what the whole iteration would take with it (the memory it does not say): only
      // a tiling that would be faster is priced in full.
      const auto& time = timed[static_cast<size_t>(s)][i];
      const double est = time ? cost_.iterationTimeWith(work, cur, static_cast<int>(ti), s, *time)
                              : -std::numeric_limits<double>::infinity();
      if (!(est < cur.iteration_time_s)) continue;
      t.stages[static_cast<size_t>(s)].expert_tiling = c[i];
      PlanReport r = cost_.price(work, true);
      ++priced;
      if (r.feasible && r.iteration_time_s < cur.iteration_time_s) {
        cur = std::move(r);
        pick[static_cast<size_t>(s)] = i;
      }
    }
    if (!c.empty()) t.stages[static_cast<size_t>(s)].expert_tiling = c[pick[static_cast<size_t>(s)]];
  }
  return cur;
}

void TemplateFill::refineSplit(Plan& work, const TemplateChoice& choice, const LayerSplitter& splitter,
                               std::vector<int> last, int microBatchBound, PlanReport& report, int& priced) const {
  const SplitRefiner refiner(cost_, choice.stages, splitter, work.templates.back().micro_batch, param_prefix_);
  // The estimate is re-read from each priced split, so a few passes follow the cost model
  // where the scaling drifts; the cost model's price decides every step.
  for (int pass = 0; pass < kSplitRefinePasses; ++pass) {
    std::vector<int> next = refiner.propose(last, report.templates.back());
    if (next == last) return;
    const Template keep = work.templates.back();
    PlanReport r = layAndPrice(work, next, splitter, microBatchBound, priced);
    if (!r.feasible || !(r.iteration_time_s < report.iteration_time_s * (1 - 1e-9))) {
      work.templates.back() = keep;
      return;
    }
    report = std::move(r);
    last = std::move(next);
  }
}

void TemplateFill::tryInterleaving(Plan& work, Template& best, PlanReport& bestReport, int& priced) const {
  const TrainingSpec& spec = cost_.spec();
  const int d = best.depth();
  if (!spec.interleave || spec.runtime != TrainingSpec::Runtime::Megatron || d < 2) return;
  int fewest = cost_.model().layerCount();
  for (const Stage& st : best.stages) fewest = std::min(fewest, st.last_layer - st.first_layer + 1);
  // Each virtual stage needs a layer of its own; 2 and 4 chunks are what recipes use.
  for (int v : {2, 4}) {
    if (fewest < v) break;
    work.templates.back() = best;
    work.templates.back().virtual_stages = v;
    PlanReport report = cost_.price(work, true);
    ++priced;
    if (report.feasible && report.iteration_time_s < bestReport.iteration_time_s) {
      best = work.templates.back();
      bestReport = std::move(report);
    }
  }
}

PlanReport TemplateFill::layAndPrice(Plan& work, const std::vector<int>& lastLayers, const LayerSplitter& splitter,
                                     int microBatchBound, int& priced) const {
  Template& t = work.templates.back();
  bool moe = false;
  for (size_t s = 0, first = 0; s < t.stages.size(); ++s) {
    Stage& st = t.stages[s];
    st.first_layer = static_cast<int>(first);
    st.last_layer = lastLayers[s];
    first = static_cast<size_t>(st.last_layer + 1);
    st.expert_tiling.reset();
    if (cost_.hasMoeLayers(st.first_layer, st.last_layer)) {
      ExpertTiling e;
      splitter.stageMemory(static_cast<int>(s), st.first_layer, st.last_layer, &e);
      st.expert_tiling = e;
      moe = true;
    }
  }
  PlanReport report = cost_.price(work, true);
  ++priced;
  // Without the expert dimension (TrainingSpec::expert_tiling off) the splitter's untiled layout stays.
  if (moe && report.feasible && cost_.spec().expert_tiling)
    report = tileExperts(work, std::move(report), microBatchBound, priced);
  return report;
}

}  // namespace arachne
