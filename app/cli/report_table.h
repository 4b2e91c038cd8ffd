// The readable form of a priced plan: per template and stage, time and memory, then totals.
#pragma once

#include <string>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "cost/plan_report.h"
#include "model/model.h"
#include "plan/plan.h"
#include "plan/unused_gpu_groups.h"

namespace arachne::cli {

struct ReportContext {
  std::string plan_label;  // the plan file as given
  const Composition* composition = nullptr;
  const Model* model = nullptr;
  const TrainingSpec* spec = nullptr;
  std::string profile_set;
  std::string terms_off;  // cost-model terms switched off (--without), for the header
};

std::string renderPlanReport(const Plan& plan, const PlanReport& report, const ReportContext& ctx);

// One line per violation of the report, "  - [kind] message", as evaluate and export print them.
std::string violationLines(const PlanReport& report);

// Cells of a group of unused GPUs: its node ids ("12" or "6000-12499") and GPUs ("8" or
// "8 x 6500", per node times nodes).
std::string unusedNodesCell(const UnusedGpuGroup& g);
std::string unusedCountCell(const UnusedGpuGroup& g);

}  // namespace arachne::cli
