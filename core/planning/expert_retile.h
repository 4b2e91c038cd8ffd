// Re-tiling the MoE stages of a finished plan by the fill's expert-tiling rule, so a plan made
// without the expert dimension (a baseline's, or arachne's with TrainingSpec::expert_tiling off)
// can be compared with the same plan tiled as the fill would tile it (the paper's Figure 9).
#pragma once

#include "cost/plan_report.h"
#include "plan/plan.h"

namespace arachne {

class CostModel;

struct RetileResult {
  Plan plan;            // the plan with the tilings chosen (the input when nothing better fits)
  PlanReport report;    // its price
  bool changed = false; // some stage got another tiling and the plan priced faster
  int priced = 0;       // plans priced
};

// For every template with MoE stages, in order: each stage's valid tilings
// (CostModel::expertTilings) that fit its memory at the template's priced micro-batches; first
// the fastest per stage (its own M * t_s + g_s), then each stage re-selected against the whole
// plan's iteration time over those candidates, as TemplateFill does for a template it fills. The
// layer split, TP degrees, replicas, nodes and micro-batch size stay. A plan whose micro-batches
// are fixed is priced with them; otherwise the batch split is redone at every price. Returns the
// input (changed = false) when it has no MoE stage, is infeasible, or no tiling prices faster.
RetileResult retileExperts(const CostModel& cost, const Plan& plan);

}  // namespace arachne
