// Why a plan leaves GPUs out: for every GPU type with free GPUs, the best use the planner could
// have made of them (another replica of a template of the plan, a template of their own at any
// depth and TP degree, a new stage of a template), priced by the cost model against the plan,
// and the verdict with numbers. Every node with free GPUs gets that reason.
#pragma once

#include <functional>
#include <vector>

#include "cost/plan_report.h"
#include "plan/plan.h"
#include "planning/construction_space.h"
#include "planning/free_gpus.h"

namespace arachne {

class TemplateFill;

// One use of a type's free GPUs, priced as part of the whole plan.
struct UnusedGpuUse {
  enum class Kind { OwnTemplate, AnotherReplica, NewStage };
  Kind kind = Kind::OwnTemplate;
  Reason what;              // e.g. "another replica of template 1 (8 GPUs)"
  bool feasible = false;
  double throughput = 0;    // sequences/s of the plan with the use
  PlanReport report;        // of the plan with the use
  int changed = -1;         // the new or grown template's index in that plan
  int removed = -1;         // NewStage: the index the template had in the plan before
  int gpus = 0;             // GPUs the use asks for
  Reason why;               // when infeasible
};

class UnusedGpuExplainer {
 public:
  // Every use of the free GPUs of `type` (a FreeGpus type index) on top of `plan`.
  static std::vector<UnusedGpuUse> uses(const TemplateFill& fill, const ConstructionSpace& space,
                                        const Plan& plan, const FreeGpus& free, int type);
  // `free` is the construction state after `plan` (every GPU the plan does not use). `plan`
  // must be priced (micro_batches written back) or empty. All free GPUs of one type share one
  // analysis; a node only partly free says so in front of it.
  // `stop`, when given, is asked before every use is priced (a fill of a MoE template on tens
  // of thousands of GPUs takes seconds): once it answers true no further use is tried, and each
  // reason says how many were (the planners stop here when their budget and its grace run out,
  // PlannerRun::finish).
  static std::vector<UnusedGpus> explain(const TemplateFill& fill, const ConstructionSpace& space,
                                         const Plan& plan, const FreeGpus& free,
                                         const std::function<bool()>& stop = {});
};

}  // namespace arachne
