// Exhaustive search's best throughput on a test's world, for tests that check a local search
// reaches the optimum.
#pragma once

#include "cost/cost_model.h"
#include "planning/exhaustive_planner.h"

// The optimum's sequences/s; 0 when exhaustive search found no plan in its 60 s.
inline double exhaustiveOptimum(const arachne::CostModel& cost) {
  arachne::ExhaustivePlanner exhaustive;
  arachne::PlannerBudget whole;
  whole.seconds = 60;
  const arachne::PlannerResult optimum = exhaustive.plan(cost, whole, 1, {}, nullptr);
  return optimum.found ? optimum.report.throughput.sequences_per_s : 0.0;
}
