// The interface every planner implements (greedy, random, exhaustive, the learned policy …),
// and the registry the CLI and the GUI use to make them by name.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cost/plan_report.h"
#include "plan/plan.h"
#include "plan/reason.h"

namespace arachne {

class CostModel;

struct PlannerBudget {
  double seconds = 10.0;        // wall-clock limit; <= 0 means none
  long long evaluations = 0;    // plan evaluations (fills priced); 0 means none
};

struct PlannerProgress {
  long long evaluations = 0;
  double elapsed_s = 0;
  double best_sequences_per_s = 0;  // best throughput so far (0 before any feasible plan)
  double fraction = -1;             // 0..1 when the planner can tell, else -1
  std::string message;              // human readable, e.g. "1,204 plans, best 41.3 seq/s"
  Reason reason;                    // `message` as data (empty when the planner gave only text)
};

// A template a planner weighed at a construction step and did not take (greedy records the best
// few), so a replay can show why the step chose what it chose.
struct StepAlternative {
  Template candidate;               // filled when feasible, else only the stages' type and TP
  double throughput_after = 0;      // of the plan with it; 0 when infeasible
  Reason why;                       // why it cannot be placed (empty when feasible)
};

// One construction step as the planner took it: the template placed and the plan's throughput
// after it (the per-step reward is the difference to the previous step's).
struct ConstructionStep {
  Template placed;                  // after fill
  double throughput_before = 0;     // sequences/s
  double throughput_after = 0;
  double reward = 0;                // after - before, or the penalty on an infeasible first step
  std::string note;                 // e.g. "STOP", "infeasible: …"
  Reason reason;                    // `note` as data on an infeasible step; empty otherwise
  // Micro-batches per replica of each template of the plan after this step: the batch split
  // changes as templates join, so a replay shows every step with its own split.
  std::vector<int> plan_micro_batches;
  std::vector<StepAlternative> alternatives;  // best first; empty when the planner kept none
};

// Where a planner's answer came from: the best plan after each phase of its search, cumulative
// (e.g. arachne's greedy rollout, the sweep, sampling, ...), so a bench can show what each adds.
struct PlannerPhase {
  // The names of arachne's phase 6, which the held-out bench tells apart from the rollouts.
  static constexpr const char* kStageOrderSweep = "stage-order sweep";
  static constexpr const char* kStageEditSweep = "stage-edit sweep";

  std::string name;
  long long evaluations = 0;        // evaluations spent up to the end of this phase
  double elapsed_s = 0;             // wall time up to the end of this phase
  double best_sequences_per_s = 0;  // best feasible plan after this phase, 0 when none yet
};

struct PlannerStats {
  long long evaluations = 0;
  double elapsed_s = 0;
  // Best-so-far sequences/s against evaluations, one point per improvement.
  std::vector<std::pair<long long, double>> best_curve;
  bool cancelled = false;           // stopped by the cancel flag (the best plan so far is kept)
  bool budget_spent = false;        // stopped because its budget (seconds or evaluations) ran out,
                                    // not at the end of its own search
  bool refused = false;             // e.g. exhaustive: the space cannot be searched in budget
  std::string message;              // why refused, or a summary
  Reason reason;                    // `message` as data (empty when the planner gave only text)
  Reason proof;                     // set only when the planner proved that no plan exists
                                    // (arachne's memory bound): the reason to lead with
  std::vector<PlannerPhase> phases; // in the order they ran; empty for planners with one phase
};

struct PlannerResult {
  bool found = false;               // a feasible plan exists in `plan`
  Plan plan;                        // priced; provenance filled (planner, version, seed)
  PlanReport report;
  PlannerStats stats;
  std::vector<ConstructionStep> construction;  // the steps that built `plan`, in order
};

using ProgressCallback = std::function<void(const PlannerProgress&)>;

// The seed a user's planning call takes when none is given (`arachne-cli plan` and `compare`, the
// GUI): one figure, so the GUI and the CLI give the same plan for the same problem and budget.
inline constexpr std::uint64_t kDefaultPlanningSeed = 0;

class Planner {
 public:
  virtual ~Planner() = default;
  virtual std::string name() const = 0;
  virtual std::string version() const = 0;
  // Plans on the problem the cost model was built for. `progress` may be empty; it is called
  // from the planning thread at most every ~50 ms. When `cancel` becomes true the planner
  // returns promptly (well under a second) with the best plan so far.
  virtual PlannerResult plan(const CostModel& cost, const PlannerBudget& budget,
                             std::uint64_t seed, const ProgressCallback& progress,
                             const std::atomic<bool>* cancel) = 0;
};

// Names of every planner the core provides, in display order: greedy, random, exhaustive, the
// learned planners (arachne, arachne-untrained, flat-rl; listed before their library is loaded),
// then any registered at run time.
std::vector<std::string> plannerNames();
// nullptr when the name is unknown. Making a learned planner loads the policy library (LibTorch)
// on first use (plugin/policy_plugin.h), which takes seconds, so a GUI calls it off its UI
// thread; when the library cannot be loaded the planner plans with greedy under a "warning:".
std::unique_ptr<Planner> makePlanner(const std::string& name);

}  // namespace arachne
