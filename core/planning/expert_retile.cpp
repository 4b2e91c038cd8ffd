// Re-tiling a finished plan's MoE stages: the fill's rule (per stage first, then against the
// whole iteration) applied to a plan the fill did not tile.
#include "planning/expert_retile.h"

#include <algorithm>

#include "cost/cost_model.h"

namespace arachne {

namespace {

PlanReport priceAsPlanned(const CostModel& cost, const Plan& plan) {
  return cost.price(plan, !plan.fixed_micro_batches);
}

}  // namespace

RetileResult retileExperts(const CostModel& cost, const Plan& plan) {
  RetileResult out;
  out.plan = plan;
  out.report = priceAsPlanned(cost, plan);
  ++out.priced;
  if (!out.report.feasible || !cost.model().isMoe()) return out;
  const double original = out.report.iteration_time_s;
  Plan work = plan;
  PlanReport cur = out.report;
  for (size_t ti = 0; ti < work.templates.size() && ti < cur.templates.size(); ++ti) {
    Template& t = work.templates[ti];
    const int d = t.depth();
    const int m = std::max(1, cur.templates[ti].micro_batches);
    // Each MoE stage's tilings that fit its memory at the micro-batches it runs now.
    std::vector<std::vector<ExpertTiling>> cands(static_cast<size_t>(d));
    size_t rounds = 0;
    for (int s = 0; s < d; ++s) {
      const Stage& st = t.stages[static_cast<size_t>(s)];
      if (!cost.hasMoeLayers(st.first_layer, st.last_layer)) continue;
      const int g = cost.gpuIndex(st.gpu_type);
      if (g < 0) continue;
      for (const ExpertTiling& e : cost.expertTilings(st.tp, t.replicas)) {
        const StageMemory mem = cost.stageMemory(g, st.tp, t.micro_batch, st.first_layer, st.last_layer, s, d, m,
                                                 t.replicas, e, t.virtual_stages);
        if (mem.capacity > 0 && mem.total() <= mem.capacity) cands[static_cast<size_t>(s)].push_back(e);
      }
      rounds = std::max(rounds, cands[static_cast<size_t>(s)].size());
    }
    if (rounds == 0) continue;
    const Template before = t;
    // Per stage first: a stage's tiling changes its own t_s and g_s only, so round i prices
    // candidate i of every stage in one plan and each stage keeps its fastest.
    std::vector<size_t> pick(static_cast<size_t>(d), 0);
    std::vector<double> bestT(static_cast<size_t>(d), 0);
    for (size_t i = 0; i < rounds; ++i) {
      for (int s = 0; s < d; ++s) {
        const auto& c = cands[static_cast<size_t>(s)];
        if (!c.empty()) t.stages[static_cast<size_t>(s)].expert_tiling = c[std::min(i, c.size() - 1)];
      }
      const PlanReport r = priceAsPlanned(cost, work);
      ++out.priced;
      if (r.templates.size() <= ti) continue;
      for (int s = 0; s < d; ++s) {
        const auto& c = cands[static_cast<size_t>(s)];
        if (c.empty() || i >= c.size()) continue;
        const StageTime& tm = r.templates[ti].stages[static_cast<size_t>(s)].time;
        const double v = tm.perMicroBatch() * m + tm.grad_sync;
        if (i == 0 || v < bestT[static_cast<size_t>(s)]) {
          bestT[static_cast<size_t>(s)] = v;
          pick[static_cast<size_t>(s)] = i;
        }
      }
    }
    for (int s = 0; s < d; ++s)
      if (!cands[static_cast<size_t>(s)].empty())
        t.stages[static_cast<size_t>(s)].expert_tiling = cands[static_cast<size_t>(s)][pick[static_cast<size_t>(s)]];
    PlanReport next = priceAsPlanned(cost, work);
    ++out.priced;
    if (!next.feasible) {  // the per-stage picks together do not fit: start from the plan as it was
      t = before;
      next = cur;
    }
    // Then each stage against the whole iteration, over the candidates already enumerated.
    for (int s = 0; s < d; ++s) {
      const auto& c = cands[static_cast<size_t>(s)];
      if (c.empty()) continue;
      std::optional<ExpertTiling> kept = t.stages[static_cast<size_t>(s)].expert_tiling;
      for (const ExpertTiling& e : c) {
        if (kept && *kept == e) continue;
        t.stages[static_cast<size_t>(s)].expert_tiling = e;
        PlanReport r = priceAsPlanned(cost, work);
        ++out.priced;
        if (r.feasible && r.iteration_time_s < next.iteration_time_s) {
          next = std::move(r);
          kept = e;
        }
      }
      t.stages[static_cast<size_t>(s)].expert_tiling = kept;
    }
    if (next.feasible && next.iteration_time_s < cur.iteration_time_s)
      cur = std::move(next);
    else
      t = before;  // this template's tilings buy nothing: keep them as they were
  }
  if (cur.feasible && cur.iteration_time_s < original) {
    out.plan = std::move(work);
    out.report = std::move(cur);
    out.changed = true;
  }
  return out;
}

}  // namespace arachne
