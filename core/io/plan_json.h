// Reading and writing *.plan.json (schema_version 1): the plan, its provenance, and the
// priced numbers (throughput, iteration time, per-stage time and memory).
#pragma once

#include <string>

#include "cost/plan_report.h"
#include "plan/plan.h"

namespace arachne {

struct Model;

constexpr int kPlanSchemaVersion = 1;

// Writes the plan and, when given, its report (throughput, iteration_time_s, time_s and
// memory_bytes per stage, feasible + violations). Pretty-printed.
std::string planToJson(const Plan& plan, const PlanReport* report = nullptr);
// Parses and validates structure and value ranges (non-negative, integers where integers are
// expected, layers [first, last] with first <= last ...). Priced fields are read but ignored:
// a loaded plan is always re-priced. Throws LoadError naming the file, the field and the problem.
Plan planFromJson(const std::string& text, const std::string& fileLabel);
Plan loadPlanFile(const std::string& path);
void savePlanFile(const Plan& plan, const PlanReport* report, const std::string& path);

}  // namespace arachne
