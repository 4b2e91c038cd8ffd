// The replanning policies by name, and keep-if-better's decision with its reason.
#include "scenario/replan_policy.h"

#include <algorithm>
#include <cstdio>

namespace arachne {

std::string toString(ReplanPolicy p) { return p == ReplanPolicy::Replan ? "replan" : "keep-if-better"; }

std::optional<ReplanPolicy> replanPolicyFromString(const std::string& s) {
  if (s == "replan") return ReplanPolicy::Replan;
  if (s == "keep-if-better") return ReplanPolicy::KeepIfBetter;
  return std::nullopt;
}

KeepDecision decideKeepIfBetter(double keptThroughput, bool cannotContinue, double candidateThroughput,
                                double stall_s, double remaining_s) {
  KeepDecision d;
  const double remaining = std::max(0.0, remaining_s);
  const double kept = cannotContinue ? 0.0 : std::max(0.0, keptThroughput);
  d.keep_sequences = kept * remaining;
  d.switch_sequences = std::max(0.0, candidateThroughput) * std::max(0.0, remaining - stall_s);
  char buf[512];
  if (cannotContinue) {
    d.forced = true;
    d.switch_plan = candidateThroughput > 0;
    if (d.switch_plan)
      std::snprintf(buf, sizeof buf, "changed: the running plan used GPUs that are gone, so it cannot go on; the new plan runs at %.3f seq/s after a %.1f s stall", candidateThroughput, stall_s);
    else
      std::snprintf(buf, sizeof buf, "stopped: the running plan used GPUs that are gone and the planner found no plan for what is left");
    d.reason = buf;
    return d;
  }
  if (candidateThroughput <= 0) {
    std::snprintf(buf, sizeof buf, "kept: the planner found no plan for the new composition; the running plan goes on at %.3f seq/s", kept);
    d.reason = buf;
    return d;
  }
  d.switch_plan = d.switch_sequences > d.keep_sequences;
  if (d.switch_plan)
    std::snprintf(buf, sizeof buf,
                  "changed: the new plan's %.3f seq/s over the remaining %.0f s, less a %.1f s stall, trains %.0f sequences, "
                  "more than the running plan's %.0f at %.3f seq/s",
                  candidateThroughput, remaining, stall_s, d.switch_sequences, d.keep_sequences, kept);
  else
    std::snprintf(buf, sizeof buf,
                  "kept: the new plan's %.3f seq/s over the remaining %.0f s, less a %.1f s stall, trains %.0f sequences, "
                  "no more than the running plan's %.0f at %.3f seq/s",
                  candidateThroughput, remaining, stall_s, d.switch_sequences, d.keep_sequences, kept);
  d.reason = buf;
  return d;
}

}  // namespace arachne
