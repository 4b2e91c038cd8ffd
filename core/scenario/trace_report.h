// A scenario run written out: JSON with every step, stall item, transfer and throughput piece,
// and a plot-ready CSV of throughput over time (one row per piece boundary).
#pragma once

#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "model/model.h"
#include "scenario/scenario.h"
#include "scenario/scenario_run.h"

namespace arachne {

// {"scenario", "model", "training", "policy", "horizon_s", "reconfiguration", "planners": [ {
// "planner", "total_sequences", "time_weighted_sequences_per_s", "stall_s", "planner_s",
// "cancelled", "steps": [...], "pieces": [...] } ]}, pretty-printed.
std::string tracesToJson(const Scenario& scenario, const Model& model, const TrainingSpec& spec,
                         const ScenarioRunOptions& options, const std::vector<ScenarioTrace>& traces);

// "planner,policy,time_s,sequences_per_s,phase,step": each piece as two rows (its start and its
// end), so plotting the rows of one planner as a line draws the steps, the stalls at zero.
std::string tracesToCsv(const std::vector<ScenarioTrace>& traces);

}  // namespace arachne
