// Bookkeeping every search planner shares: budget and cancel checks, throttled progress, the
// best plan so far with its best-so-far curve, and the final result with unused-GPU reasons.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>

#include "planning/construction_episode.h"
#include "planning/planner.h"

namespace arachne {

class PlannerRun {
 public:
  PlannerRun(const PlannerBudget& budget, const ProgressCallback& progress,
             const std::atomic<bool>* cancel);

  // True once the cancel flag is set or the budget (seconds or evaluations) is spent; the result
  // then says which (PlannerStats::cancelled, budget_spent).
  bool shouldStop();
  bool cancelled() const { return cancelled_; }
  void addEvaluations(long long n) { evaluations_ += n; }
  // Threads a local search may use beside the calling one to fill its neighbours ahead
  // (searchNeighbours, construction_replay.h); 0 by default. Changes no count and no plan.
  void setHelperThreads(int n) { helper_threads_ = n < 0 ? 0 : n; }
  int helperThreads() const { return helper_threads_; }
  long long evaluations() const { return evaluations_; }
  double elapsed() const;
  // Time left in the budget, +inf when it has no time limit.
  double secondsLeft() const;

  // Offers the episode's current plan; keeps a copy when it beats the best so far.
  bool offer(const ConstructionEpisode& episode);
  // Offers a plan a planner built itself, not through an episode (the baselines): priced, with
  // micro_batches written back, and the GPUs it leaves free. With `replace` it is kept even when
  // our cost model finds it slower than the best so far: a planner that ranks with its own
  // estimator returns its own choice, so its best-so-far curve follows that choice. A plan our
  // cost model finds infeasible is never kept.
  bool offer(const Plan& plan, const PlanReport& report, const FreeGpus& freeAfter, bool replace = false);
  // Offers a plan made without an episode (the baselines' planners), priced by `report`.
  bool offer(const Plan& plan, const PlanReport& report);
  double bestThroughput() const { return best_thr_; }
  bool found() const { return found_; }

  // Whether a progress call now would reach the callback (~50 ms since the last one).
  bool progressDue() const;
  // Calls the progress callback when ~50 ms have passed since the last call. `reason` is the
  // message as data; `best` (when >= 0) is a better throughput the planner has seen in a plan it
  // has not offered yet (greedy's best candidate of the step), so both lines agree.
  void progress(double fraction = -1, const std::string& message = {}, Reason reason = {},
                double best = -1);

  // The result: the best plan with provenance and unused-GPU reasons, its report, the steps
  // that built it and the stats. `message` is the run's summary as data: the stats keep it as
  // the reason (translated by the GUI) and its English as the message (printed by the CLI), so
  // the two cannot disagree.
  PlannerResult finish(const ConstructionEpisode& episode, const std::string& planner,
                       const std::string& version, std::uint64_t seed, Reason message);
  // finish() for plans offered without an episode: the unused-GPU reasons come from a fill and a
  // construction space built on `cost`, the provenance from the cost model's problem.
  PlannerResult finish(const CostModel& cost, const std::string& planner, const std::string& version,
                       std::uint64_t seed, Reason message);
  // The result of a planner that offered plans directly: `unused` are its reasons for the GPUs
  // the best plan leaves out (or, without a plan, for every GPU).
  PlannerResult finish(std::vector<UnusedGpus> unused, const std::string& planner,
                       const std::string& version, std::uint64_t seed, Reason message);

 private:
  using Clock = std::chrono::steady_clock;
  // Keeps a directly offered plan as the best so far when it is feasible and (unless `replace`)
  // faster; the shared part of the two plan-and-report offers.
  bool keep(const Plan& plan, const PlanReport& report, bool replace);
  // The result's common part (stats, the best plan and report), and its provenance stamp.
  PlannerResult startResult(Reason message) const;
  // When explaining the unused GPUs stops: on cancel, or, with a time budget, once the budget and
  // a grace of a tenth of it have passed (counted from now when the planner used the whole
  // budget). Explaining prices the plan with each use of the free GPUs, which on a MoE model and
  // tens of thousands of GPUs took longer than the planning itself.
  std::function<bool()> explanationStop() const;
  void stamp(PlannerResult& r, const std::string& planner, const std::string& version, std::uint64_t seed) const;
  PlannerBudget budget_;
  const ProgressCallback& callback_;
  const std::atomic<bool>* cancel_;
  Clock::time_point start_, last_progress_;
  long long evaluations_ = 0;
  int helper_threads_ = 0;
  bool cancelled_ = false, budget_spent_ = false, found_ = false;
  double best_thr_ = 0;
  Plan best_plan_;
  PlanReport best_report_;
  FreeGpus best_free_;
  std::vector<ConstructionStep> best_steps_;
  std::vector<std::pair<long long, double>> curve_;
};

}  // namespace arachne
