// Running a scenario with one planner: plan at the start, then at every event replan on the
// new composition, decide by the policy, price the reconfiguration stall and the state it
// moves, and account the throughput over time.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "model/model.h"
#include "plan/plan.h"
#include "planning/planner.h"
#include "scenario/replan_policy.h"
#include "scenario/scenario.h"
#include "scenario/state_transfer.h"

namespace arachne {

class GpuCatalog;

// The steps of one reconfiguration, in seconds (all zero when nothing stopped).
struct ReconfigurationStall {
  double planner_s = 0;  // 0 when the planner ran while the running plan went on
  double release_s = 0;
  double process_group_s = 0;
  double transfer_s = 0;
  double engine_build_s = 0;
  double unattributed_s = 0;
  double total() const {
    return planner_s + release_s + process_group_s + transfer_s + engine_build_s + unattributed_s;
  }
};

enum class StepDecision {
  Start,      // the job's first plan
  Replan,     // the paper's protocol: the new plan replaces the running one
  Keep,       // keep-if-better kept the running plan (or no new plan was found and it goes on)
  Switch,     // keep-if-better switched: the gain repays the stall
  Forced,     // the running plan used GPUs that are gone: a new plan had to be found
  Stopped     // no plan runs after this step (none found, and the running one cannot go on)
};
std::string toString(StepDecision d);  // "start", "replan", "keep", "switch", "forced", "stopped"

// One step of a planner's run: the start (index 0) or the handling of events[index - 1].
struct ScenarioStep {
  int index = 0;
  double at_s = 0;       // the event's time (0 for the start)
  double handled_s = 0;  // when the controller took it up (later while a reconfiguration runs)
  std::string kind;      // "start", "join", "leave", "fail"
  std::string event;     // Scenario::describe, or the starting cluster
  Reason event_text;     // `event` as data, for translated views
  std::string composition;  // inline form after the event
  int gpus = 0;
  // The planner's run on the composition after the event.
  bool found = false;
  double planned_sequences_per_s = 0;
  double planner_wall_s = 0;   // measured
  long long evaluations = 0;
  std::string planner_message;
  // The running plan: just before the event, and priced on the new composition.
  double before_sequences_per_s = 0;
  bool running_lost_gpus = false;      // it used GPUs that are gone
  double kept_sequences_per_s = 0;     // 0 when it lost GPUs or none ran
  StepDecision decision = StepDecision::Start;
  std::string reason;                  // why kept, switched or stopped, with numbers
  Reason why;                          // `reason` as data, for translated views
  double after_sequences_per_s = 0;    // what runs once the step is done
  double after_iteration_s = 0;        // its iteration time (0 when nothing runs)
  ReconfigurationStall stall;
  double stall_s = 0;
  double resumes_s = 0;                // when training runs again (handled_s when nothing stopped)
  double sequences_lost_to_stall = 0;  // after_sequences_per_s x the part of the stall before the horizon
  double sequences_rolled_back = 0;    // a failure of a GPU the plan used: work since the checkpoint
  double rolled_back_to_s = 0;         // the checkpoint's time
  StateTransfer transfer;              // what moved (empty when nothing stopped)
  std::optional<Plan> plan;            // the plan that runs after the step
  std::string plan_shape;              // one line, e.g. "1x[a6000 TP2 L0-9 | rtx-pro-6000 TP1 L10-33]"
  int gpus_used = 0;
};

enum class PiecePhase { Training, Stall, Stopped };
std::string toString(PiecePhase p);  // "training", "stall", "stopped"

// The throughput between two times; stalls and stopped stretches have 0 sequences/s.
struct ThroughputPiece {
  double start_s = 0;
  double end_s = 0;
  double sequences_per_s = 0;
  PiecePhase phase = PiecePhase::Training;
  int step = 0;  // the step whose handling began it
};

struct ScenarioTrace {
  std::string planner;
  ReplanPolicy policy = ReplanPolicy::Replan;
  double horizon_s = 0;
  std::vector<ScenarioStep> steps;
  std::vector<ThroughputPiece> pieces;  // contiguous from 0 to the horizon
  double total_sequences = 0;           // trained, less what failures rolled back
  double time_weighted_sequences_per_s = 0;  // total_sequences / horizon
  double stall_s = 0;                   // every stall, summed
  double planner_s = 0;                 // the planner's measured wall time, summed over steps
  bool cancelled = false;               // stopped by the cancel flag after steps.size() steps
};

struct ScenarioRunOptions {
  ReplanPolicy policy = ReplanPolicy::Replan;
  PlannerBudget budget;      // for each planning call
  std::uint64_t seed = 0;
};

// Called after each step with the run so far: its steps, and its pieces up to the next event
// (or the horizon after the last one), totals not yet filled in.
using ScenarioStepCallback = std::function<void(const ScenarioTrace& soFar)>;

// Plans with a fresh instance of `planner` (from the registry) at the start and at each event,
// on analytic profiles of each composition, exactly as `arachne-cli plan` would on that
// composition. `onStep` (may be empty) is called from this thread after each step. When
// `*cancel` turns true the running planner returns its best so far and the run ends after
// that step. Throws std::invalid_argument for an unknown planner and LoadError for a scenario
// that validateScenario rejects.
ScenarioTrace runScenario(const Scenario& scenario, const Model& model, const TrainingSpec& spec,
                          const std::string& planner, const ScenarioRunOptions& options,
                          const GpuCatalog& catalog, const ScenarioStepCallback& onStep = {},
                          const std::atomic<bool>* cancel = nullptr);

// "1x[a6000 TP2 L0-9 | rtx-pro-6000 TP1 L10-33] + 2x[...]"; "-" for no plan.
std::string planShape(const Plan& plan);

}  // namespace arachne
