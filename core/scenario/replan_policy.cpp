// The replanning policies by name, and keep-if-better's decision with its reason.
#include "scenario/replan_policy.h"

#include <algorithm>

#include "plan/texts.h"

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
  if (cannotContinue) {
    d.forced = true;
    d.switch_plan = candidateThroughput > 0;
    d.why = d.switch_plan ? Reason(text::kStepForced, {number(candidateThroughput, 3), number(stall_s, 1)})
                          : Reason(text::kStepStoppedLost);
  } else if (candidateThroughput <= 0) {
    d.why = Reason(text::kStepKeptNoPlanAt, {number(kept, 3)});
  } else {
    d.switch_plan = d.switch_sequences > d.keep_sequences;
    d.why = Reason(d.switch_plan ? text::kStepSwitched : text::kStepKept,
                   {number(candidateThroughput, 3), number(remaining, 0), number(stall_s, 1),
                    number(d.switch_sequences, 0), number(d.keep_sequences, 0), number(kept, 3)});
  }
  d.reason = d.why.english();
  return d;
}

}  // namespace arachne
