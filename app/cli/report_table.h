// The readable form of a priced plan: per template and stage, time and memory, then totals.
#pragma once

#include <string>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "cost/plan_report.h"
#include "model/model.h"
#include "plan/plan.h"

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

}  // namespace arachne::cli
