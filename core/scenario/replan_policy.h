// What a planner does with its running plan when the cluster changes: the paper's protocol
// (replan from scratch at every event) or keep the running plan unless switching repays the stall.
#pragma once

#include <optional>
#include <string>

#include "plan/reason.h"

namespace arachne {

enum class ReplanPolicy {
  Replan,       // every event: stop, replan from scratch, restart on the new plan (Figure 8)
  KeepIfBetter  // replan in the background; switch only when the gain repays the stall
};
std::string toString(ReplanPolicy p);  // "replan", "keep-if-better"
std::optional<ReplanPolicy> replanPolicyFromString(const std::string& s);

// The keep-if-better decision with its numbers. Over the `remaining` seconds of the job after
// the decision, keeping trains kept x remaining sequences; switching trains candidate x
// (remaining - stall). Switching wins only when it trains more.
struct KeepDecision {
  bool switch_plan = false;
  bool forced = false;                 // the running plan cannot go on (it used lost GPUs)
  double keep_sequences = 0;
  double switch_sequences = 0;
  std::string reason;                  // a full sentence with the numbers
  Reason why;                          // `reason` as data, for translated views
};

// keptThroughput: the running plan on the new composition (sequences/s); 0 or `cannotContinue`
// when it used GPUs that are gone. candidateThroughput: the new plan's; 0 when none was found.
KeepDecision decideKeepIfBetter(double keptThroughput, bool cannotContinue, double candidateThroughput,
                                double stall_s, double remaining_s);

}  // namespace arachne
