// The flat-rl ablation behind the Planner interface: policy rollouts that decide every template's
// arithmetic too; falls back to the greedy planner, with a warning, without usable weights.
#pragma once

#include <memory>
#include <string>

#include "planning/planner.h"

namespace arachne {

class PolicyNetwork;

class FlatRlPlanner : public Planner {
 public:
  static constexpr int kSampledRolloutCap = 255;  // without an evaluation budget

  // Loads the flat-rl weights from `weightsPath` when planning (a missing, corrupted or arachne
  // file -> greedy with a warning).
  explicit FlatRlPlanner(std::string weightsPath, std::string name = "flat-rl");
  // Plans with the given flat network (config().flat must be set).
  FlatRlPlanner(std::shared_ptr<PolicyNetwork> network, std::string name);
  ~FlatRlPlanner() override;

  std::string name() const override { return name_; }
  std::string version() const override { return "1"; }
  // One greedy rollout, then sampled (seeded) ones: until budget.evaluations are spent when it
  // is > 0, else up to kSampledRolloutCap within budget.seconds; the best plan any of them
  // reached after any step. stats.message says how many rollouts ran, or, on a fallback, begins
  // with "warning:" and the reason the policy could not be used.
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;

 private:
  std::string path_;
  std::shared_ptr<PolicyNetwork> network_;
  std::string name_;
};

}  // namespace arachne
