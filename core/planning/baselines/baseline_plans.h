// What the sailor, amp and metis planners share once their own search has ranked candidates in
// Sailor's plan shape: placing one on the cluster (through the node reading the planner saw),
// pricing it with our cost model as given, and naming the GPUs the chosen plan leaves out.
#pragma once

#include <string>
#include <vector>

#include "cost/plan_report.h"
#include "plan/plan.h"
#include "planning/node_reading.h"
#include "sailor/sailor_pipeline.h"

namespace arachne {

class CostModel;

struct PricedCandidate {
  Plan plan;           // on the real nodes; fixed_micro_batches
  PlanReport report;   // our cost model, micro-batches as the planner gave them
  std::string problem; // "" when feasible; else why not (placement, or the first violation)
  Reason why;          // `problem` as data
  bool feasible() const { return problem.empty(); }
};

// Places `pipe` on reading.composition in rank order, maps it to the real nodes and prices it
// with cost.price(plan, false).
PricedCandidate priceSailorPipeline(const CostModel& cost, const NodeReading& reading,
                                    const SailorPipeline& pipe);

// Every node of `composition` with GPUs the plan does not place, with `why` (the planner's
// own: e.g. Sailor gives every stage one DP degree; a text:: wording, so the GUI translates it).
// Without a plan every GPU is listed.
std::vector<UnusedGpus> listUnusedGpus(const Composition& composition, const Plan& plan, const Reason& why);

// "mbs 2, PP 2 | L0-12: 3x a100-40 TP1 + 24x v100-16 TP4 | L13-25: 27x a100-40 TP1", the shape
// docs/baselines.md compares with the real planners.
std::string describePipeline(const SailorPipeline& pipe);

// "<pipeline>: <problem>", the clause the sailor, amp and metis planners' messages share.
Reason candidateProblem(const SailorPipeline& pipe, const Reason& problem);

}  // namespace arachne
