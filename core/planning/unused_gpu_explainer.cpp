// Reasons for unused GPUs: every use of a type's free GPUs a planner could make, priced on top
// of the plan; the best one decides the verdict.
#include "planning/unused_gpu_explainer.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "plan/texts.h"
#include "planning/node_allocator.h"
#include "planning/template_fill.h"

namespace arachne {
namespace {

using Use = UnusedGpuUse;
using Kind = UnusedGpuUse::Kind;

TemplateChoice choiceOf(const CostModel& cost, const Template& t) {
  TemplateChoice c{t.depth(), {}};
  for (const Stage& s : t.stages) c.stages.push_back({cost.gpuIndex(s.gpu_type), s.tp});
  return c;
}

// The expert tiling of a stage whose replica count changes: same EP and ETP when they still
// divide the stage's GPUs, else the cost model's default.
std::optional<ExpertTiling> retile(const CostModel& cost, const Stage& s, int replicas) {
  if (!s.expert_tiling) return std::nullopt;
  ExpertTiling e = *s.expert_tiling;
  const int w = s.tp * replicas;
  if (w % (e.ep * e.etp) != 0) return std::nullopt;
  e.edp = w / (e.ep * e.etp);
  if (!cost.tilingWhy(e, s.tp, replicas).empty()) return std::nullopt;
  return e;
}

Use priced(const CostModel& cost, Plan p, int changed, Reason what, int gpus) {
  Use u;
  u.kind = Kind::AnotherReplica;
  u.what = std::move(what);
  u.gpus = gpus;
  u.changed = changed;
  u.report = cost.price(p, true);
  u.feasible = u.report.feasible;
  if (u.feasible)
    u.throughput = u.report.throughput.sequences_per_s;
  else
    u.why = u.report.violations.empty() ? Reason(text::kCostModelRejects) : u.report.violations.front().reason;
  return u;
}

Use fromFill(Kind kind, FillResult r, Reason what, int gpus) {
  Use u;
  u.kind = kind;
  u.what = std::move(what);
  u.gpus = gpus;
  u.feasible = r.feasible;
  if (r.feasible) {
    u.throughput = r.report.throughput.sequences_per_s;
    u.changed = static_cast<int>(r.plan.templates.size()) - 1;
    u.report = std::move(r.report);
  } else {
    u.why = r.reason.empty() ? Reason(text::kVerbatim, {verbatim(r.why)}) : std::move(r.reason);
  }
  return u;
}

// A stop condition asked before each priced use; `cut` records that it ended the list early.
struct StopCheck {
  const std::function<bool()>* stop = nullptr;
  bool cut = false;
  bool now() {
    if (!cut && stop && *stop && (*stop)()) cut = true;
    return cut;
  }
};

std::vector<Use> usesOf(const TemplateFill& fill, const ConstructionSpace& space, const Plan& plan,
                        const FreeGpus& free, int type, StopCheck& check) {
  const CostModel& cost = fill.cost();
  std::vector<Use> uses;
  const std::string& id = free.typeId(type);
  // A template of their own: every uniform depth and TP degree the type's free GPUs hold.
  const FreeGpus alone = free.onlyType(type);
  for (const TemplateChoice& c : ownTemplates(space, free, type)) {
    if (check.now()) return uses;
    const int d = c.depth, k = c.stages.front().tp;
    FillResult r = fill.fill(plan, alone, c);
    Reason what = r.feasible ? Reason(text::kUseOwn, {integer(d), integer(k), integer(r.plan.templates.back().replicas)})
                             : Reason(text::kUseOwnShape, {integer(d), integer(k)});
    uses.push_back(fromFill(Kind::OwnTemplate, std::move(r), std::move(what), d * k));
  }
  for (size_t j = 0; j < plan.templates.size(); ++j) {
    const Template& t = plan.templates[j];
    const int tj = static_cast<int>(j) + 1;
    // Another replica of a template that has a stage of this type.
    if (check.now()) return uses;
    if (std::any_of(t.stages.begin(), t.stages.end(), [&](const Stage& s) { return s.gpu_type == id; })) {
      int perReplica = 0;
      for (const Stage& s : t.stages) perReplica += s.tp;
      Reason what(text::kUseReplica, {integer(tj), integer(perReplica)});
      FreeGpus f = free;
      std::vector<std::vector<int>> nodes;
      if (!NodeAllocator::allocate(f, choiceOf(cost, t), 1, nodes)) {
        Use u;
        u.kind = Kind::AnotherReplica;
        u.what = std::move(what);
        u.gpus = perReplica;
        u.why = Reason(text::kNoFreeReplica, {integer(tj)});
        uses.push_back(std::move(u));
      } else {
        Plan p = plan;
        Template& g = p.templates[j];
        g.replicas += 1;
        for (size_t s = 0; s < g.stages.size(); ++s) {
          g.stages[s].node_ids.push_back(nodes[s].front());
          g.stages[s].expert_tiling = retile(cost, g.stages[s], g.replicas);
        }
        uses.push_back(priced(cost, std::move(p), static_cast<int>(j), std::move(what), perReplica));
      }
    }
    // A new first or last stage of the template: its GPUs go back to the pool and the template
    // is filled again one stage deeper.
    if (t.depth() + 1 > space.max_depth) continue;
    Plan base = plan;
    base.templates.erase(base.templates.begin() + static_cast<long>(j));
    FreeGpus pool = free;
    for (const Stage& s : t.stages)
      for (int node : s.node_ids) pool.give(cost.gpuIndex(s.gpu_type), node, s.tp);
    for (size_t ki = 0; ki < space.tp_choices.size(); ++ki) {
      const int k = space.tp_choices[ki];
      if (!space.tp_allowed[static_cast<size_t>(type)][ki] || k > free.largestFree(type)) continue;
      for (bool first : {true, false}) {
        if (check.now()) return uses;
        TemplateChoice c = choiceOf(cost, t);
        c.stages.insert(first ? c.stages.begin() : c.stages.end(), StageChoice{type, k});
        c.depth += 1;
        uses.push_back(fromFill(Kind::NewStage, fill.fill(base, pool, c),
                                Reason(first ? text::kUseJoinFirst : text::kUseJoinLast, {integer(k), integer(tj)}), k));
        uses.back().removed = static_cast<int>(j);
      }
    }
  }
  return uses;
}

// Why the best use lowers throughput: who is the straggler, and whether a gradient sync grew.
Reason whyLower(const Use& best, const PlanReport& before) {
  const auto& tr = best.report.templates;
  if (tr.empty()) return Reason(text::kCostModelRejects);
  size_t worst = 0;
  for (size_t i = 1; i < tr.size(); ++i)
    if (tr[i].iteration_time_s > tr[worst].iteration_time_s) worst = i;
  Reason straggler = static_cast<int>(worst) == best.changed
                         ? Reason(text::kStragglerItself, {number(tr[worst].iteration_time_s, 3),
                                                           number(before.iteration_time_s, 3)})
                         : Reason(text::kStragglerOther, {integer(static_cast<long long>(worst) + 1),
                                                          number(tr[worst].iteration_time_s, 3),
                                                          number(before.iteration_time_s, 3)});
  // A template of the plan (not the new one) that now waits longer for its gradient all-reduce.
  // A new stage took its template out of the list and appended the deeper one at the end.
  int old = static_cast<int>(worst);
  if (best.kind == Kind::NewStage) {
    const int removed = best.removed;
    old = old == best.changed ? -1 : old >= removed ? old + 1 : old;
  } else if (best.kind == Kind::OwnTemplate && old == best.changed) {
    old = -1;
  }
  if (old >= 0 && old < static_cast<int>(before.templates.size())) {
    double was = 0, now = 0;
    for (const StageReport& s : before.templates[static_cast<size_t>(old)].stages) was = std::max(was, s.time.grad_sync);
    for (const StageReport& s : tr[worst].stages) now = std::max(now, s.time.grad_sync);
    if (now > was * 1.01 && now - was > 1e-4)
      return Reason(text::kJoinClauses, {nested(std::move(straggler)),
                                         nested(Reason(text::kGradSyncGrows, {integer(old + 1),
                                                                              number(was, 3), number(now, 3)}))});
  }
  return straggler;
}

// Whether `r` (or a reason nested in it) names activations as a stage's largest memory component.
bool activationsLargest(const Reason& r) {
  for (const ReasonArg& a : r.args) {
    if (a.kind == ReasonArg::Kind::Term && a.text == text::kActivations) return true;
    for (const Reason& n : a.nested)
      if (activationsLargest(n)) return true;
  }
  return false;
}

// The verdict on the uses tried: the best one that fits against the plan, or the tightest that
// does not. `checkpointing`: whether the training spec has activation checkpointing on.
Reason verdictOn(const std::vector<Use>& uses, const PlanReport& before, const FreeGpus& free, int type,
                 bool checkpointing) {
  const Use* best = nullptr;
  const Use* tightest = nullptr;
  for (const Use& u : uses) {
    if (u.feasible && (!best || u.throughput > best->throughput)) best = &u;
    if (!u.feasible && (!tightest || u.gpus > tightest->gpus)) tightest = &u;
  }
  const int gpus = free.freeOfType(type);
  if (!best) {
    if (!tightest) return Reason(text::kUnusedNoUse, {integer(0), nested(Reason(text::kNoReplicaFits))});
    Reason none(text::kUnusedNoUse, {integer(static_cast<long long>(uses.size())),
                                     nested(Reason(text::kUnusedAs, {nested(tightest->what), nested(tightest->why)}))});
    // The one switch of the training spec that shrinks what overflows: a user who sees
    // "activations" should learn that checkpointing exists and is off.
    if (!checkpointing && activationsLargest(tightest->why))
      return Reason(text::kJoinClauses, {nested(std::move(none)), nested(Reason(text::kHintCheckpointing))});
    return none;
  }
  const double thrBefore = before.feasible ? before.throughput.sequences_per_s : 0;
  if (thrBefore <= 0)
    return Reason(gpus == 1 ? text::kUnusedNothingPlaced1 : text::kUnusedNothingPlaced, {nested(best->what), integer(gpus), number(best->throughput, 1)});
  const double change = (best->throughput - thrBefore) / thrBefore * 100.0;
  if (std::fabs(change) < 0.05)
    return Reason(gpus == 1 ? text::kUnusedUnchanged1 : text::kUnusedUnchanged, {integer(gpus), nested(best->what), number(thrBefore, 1)});
  if (change > 0)
    return Reason(gpus == 1 ? text::kUnusedHigher1 : text::kUnusedHigher, {integer(gpus), nested(best->what), number(change, 2), number(thrBefore, 1),
                                        number(best->throughput, 1)});
  return Reason(gpus == 1 ? text::kUnusedLower1 : text::kUnusedLower, {integer(gpus), nested(best->what), number(best->throughput, 1),
                                     number(thrBefore, 1), number(-change, 1), nested(whyLower(*best, before))});
}

Reason reasonFor(const TemplateFill& fill, const ConstructionSpace& space, const Plan& plan,
                 const PlanReport& before, const FreeGpus& free, int type, StopCheck& check) {
  const CostModel& cost = fill.cost();
  if (!space.typeUsable(type)) {
    // No profile because the GPU cannot run the precision at all (FP8 on an A100, BF16 on a
    // V100): say so, rather than that nothing was profiled.
    const Precision p = cost.spec().precision;
    const int g = cost.gpuIndex(free.typeId(type));
    if (g >= 0 && cost.gpuType(g).peakTflops(p) <= 0) {
      // Name the precisions it does run, so a V100 owner at bf16 learns that fp16 would use it.
      std::string runs;
      for (const Precision q : {Precision::Bf16, Precision::Fp16, Precision::Fp32, Precision::Fp8})
        if (cost.gpuType(g).peakTflops(q) > 0) runs += (runs.empty() ? "" : ", ") + toString(q);
      return Reason(text::kUnusedNoPrecision, {verbatim(free.typeId(type)), verbatim(toString(p)), verbatim(runs)});
    }
    return Reason(text::kUnusedNotUsable, {verbatim(free.typeId(type))});
  }
  long long used = 0;
  for (const Template& t : plan.templates) used += static_cast<long long>(t.replicas) * t.micro_batch;
  if (used >= cost.spec().global_batch) return Reason(text::kUnusedBatchUsed, {integer(cost.spec().global_batch)});
  const std::vector<Use> uses = usesOf(fill, space, plan, free, type, check);
  const bool ckpt = cost.spec().activation_checkpointing;
  if (!check.cut) return verdictOn(uses, before, free, type, ckpt);
  // Stopped before every use was priced: say so, with the verdict on those that were.
  if (uses.empty()) return Reason(text::kUnusedNotExamined, {verbatim(free.typeId(type))});
  return Reason(text::kUnusedCut, {nested(verdictOn(uses, before, free, type, ckpt)),
                                   integer(static_cast<long long>(uses.size()))});
}

}  // namespace

std::vector<UnusedGpuUse> UnusedGpuExplainer::uses(const TemplateFill& fill, const ConstructionSpace& space,
                                                   const Plan& plan, const FreeGpus& free, int type) {
  StopCheck never;
  return usesOf(fill, space, plan, free, type, never);
}

std::vector<UnusedGpus> UnusedGpuExplainer::explain(const TemplateFill& fill,
                                                    const ConstructionSpace& space,
                                                    const Plan& plan, const FreeGpus& free,
                                                    const std::function<bool()>& stop) {
  std::vector<UnusedGpus> out;
  StopCheck check{&stop, false};
  PlanReport before;
  if (!plan.templates.empty()) before = fill.cost().price(plan, true);
  for (int t = 0; t < free.typeCount(); ++t) {
    if (free.freeOfType(t) <= 0) continue;
    const Reason forType = reasonFor(fill, space, plan, before, free, t, check);
    for (const auto& n : free.nodes(t)) {
      if (n.free <= 0) continue;
      UnusedGpus u{free.typeId(t), n.node_id, n.free, {}, {}};
      u.why = n.free < n.size ? Reason(text::kUnusedPartial, {integer(n.free), integer(n.size), nested(forType)})
                              : forType;
      u.reason = u.why.english();
      out.push_back(std::move(u));
    }
  }
  return out;
}

}  // namespace arachne
