// One planner's run in the alternatives view: its state, the figures of its plan, and why it
// has none (refused, timed out, infeasible, failed).
#pragma once

#include <QString>

namespace arachne::gui {

struct AlternativeResult {
  enum class State { Queued, Running, Done, NoPlan, Refused, TimedOut, Cancelled, Failed };
  QString planner;
  State state = State::Queued;
  bool chosen = false;          // the plan on screen (not run again)
  double sequences_per_s = 0;
  double iteration_time_s = 0;
  int gpus_used = 0;
  double usd_per_million_tokens = 0;  // the whole cluster's price over the plan's tokens; 0: unknown
  double planning_s = 0;        // wall time of the run
  long long evaluations = 0;
  double budget_s = 0;          // the run's own budget
  QString note;                 // the planner's or the view's reason, in the user's language
  bool found() const { return state == State::Done || (chosen && sequences_per_s > 0); }
};

}  // namespace arachne::gui
