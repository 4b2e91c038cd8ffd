// The plan as copyable plain text: throughput, iteration time, every template and stage, the
// unused GPUs with their reasons, and the provenance needed to reproduce it; the cluster's price
// is the report's (PlanReport::cluster_price_per_hour).
#pragma once

#include <QString>

#include "cost/plan_report.h"
#include "plan/plan.h"

namespace arachne::gui {

QString planSummaryText(const Plan& plan, const PlanReport& report);

}  // namespace arachne::gui
