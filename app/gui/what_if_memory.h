// The memory figures of a hand-edited plan for the what-if editor's bars, also when the cost
// model stopped before memory (an over-committed node, a batch too small for the replicas).
#pragma once

#include <optional>

#include "cost/plan_report.h"
#include "plan/plan.h"

namespace arachne {
class CostModel;
}

namespace arachne::gui {

// The report itself when the cost model priced memory (feasible, or a stage out of memory).
// Else every stage's itemised memory from the cost model's stageMemory at the plan's own
// micro-batch size, micro-batches and replicas, in a report with only the memory filled (and
// the micro-batches in flight); a template without micro-batches (the batch was not split) holds
// as many in flight as the most any split could give it. nullopt when a stage has no figures: its GPU type is not in the
// composition, its configuration has no profile, its layers or its expert tiling are invalid.
std::optional<PlanReport> memoryFigures(const CostModel& cost, const Plan& plan, const PlanReport& report);

}  // namespace arachne::gui
