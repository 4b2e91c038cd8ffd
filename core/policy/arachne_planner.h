// The learned planners behind the Planner interface (arachne, arachne-untrained and the flat-rl
// ablation): a greedy policy rollout plus sampled ones, keeping the best plan; falls back to the
// greedy planner, with a warning, without usable weights.
#pragma once

#include <memory>
#include <string>

#include "planning/planner.h"
#include "policy/batched_rollouts.h"
#include "policy/rollout_schedule.h"

namespace arachne {

class PolicyNetwork;

class ArachnePlanner : public Planner {
 public:
  // Loads the weights from `weightsPath` when planning (LoadError -> greedy with a warning).
  // `flat` selects the kind of weights file: an arachne policy, or the flat-rl ablation's.
  explicit ArachnePlanner(std::string weightsPath, RolloutSchedule schedule = {}, std::string name = "arachne",
                          bool flat = false);
  // Plans with the given network (e.g. random weights for `arachne-untrained`), of either kind.
  ArachnePlanner(std::shared_ptr<PolicyNetwork> network, std::string name, RolloutSchedule schedule = {});
  ~ArachnePlanner() override;

  std::string name() const override { return name_; }
  std::string version() const override { return "2"; }
  // The rollouts of `schedule` (rollout_schedule.h) while the budget lasts, or, when the budget
  // limits evaluations, until they are spent; the best plan any of them reached after any step.
  // stats.message says how many rollouts of each kind ran, or, on a fallback, begins with
  // "warning:" and the reason the policy could not be used; stats.phases has the best plan,
  // evaluations and time after each phase of the schedule.
  //
  // Rollouts run in batches on `execution().threads` threads and are committed in the
  // schedule's order, each sampled one with its own random stream drawn from `seed`: for a given
  // seed the result does not depend on the thread count, the batch size or the timing, unless the
  // wall-clock budget or the cancel flag stops the search (where it stops depends on the
  // machine, as for every planner).
  //
  // A composition with more GPU types than the policy's state holds (PolicyConfig::t_max) is
  // planned on the t_max types with the most compute (gpu_type_reduction.h); the others' GPUs
  // are listed unused with that reason and stats.message names them.
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;

  const BatchedRollouts::Options& execution() const { return execution_; }
  void setExecution(const BatchedRollouts::Options& execution) { execution_ = execution; }

 private:
  std::string path_;
  std::shared_ptr<PolicyNetwork> network_;
  std::string name_;
  RolloutSchedule schedule_;
  BatchedRollouts::Options execution_;
  bool flat_ = false;
};

}  // namespace arachne
