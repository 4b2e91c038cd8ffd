// Names of the violation kinds, as the CLI, the GUI and plan JSON spell them.
#include "cost/plan_report.h"

#include "plan/texts.h"

namespace arachne {

std::string toString(ViolationKind k) {
  switch (k) {
    case ViolationKind::OutOfMemory: return "out-of-memory";
    case ViolationKind::MissingProfile: return "missing-profile";
    case ViolationKind::TpExceedsNode: return "tp-exceeds-node";
    case ViolationKind::NodeOvercommitted: return "node-overcommitted";
    case ViolationKind::UnknownNode: return "unknown-node";
    case ViolationKind::BadLayerSplit: return "bad-layer-split";
    case ViolationKind::BatchTooSmall: return "batch-too-small";
    case ViolationKind::BadTiling: return "bad-tiling";
    case ViolationKind::InvalidPlan: return "invalid-plan";
  }
  return "invalid-plan";
}

Reason firstViolation(const PlanReport& report) {
  if (report.violations.empty()) return Reason(text::kInfeasible);
  const Violation& v = report.violations.front();
  return v.reason.empty() ? Reason(text::kVerbatim, {verbatim(v.message)}) : v.reason;
}

}  // namespace arachne
