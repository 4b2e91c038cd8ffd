// The learned planners behind the Planner interface (arachne, arachne-untrained and the flat-rl
// ablation): a greedy policy rollout plus sampled ones, keeping the best plan; falls back to the
// greedy planner, with a warning, without usable weights.
#pragma once

#include <memory>
#include <string>

#include "planning/planner.h"

namespace arachne {

class PolicyNetwork;

class ArachnePlanner : public Planner {
 public:
  // Sampled rollouts after the greedy one when the budget has no evaluation limit: 255 keep
  // planning on paper-3t-512 well under the 2 s target on two cores (docs/learned-planner.md).
  static constexpr int kDefaultSampledRollouts = 255;

  // Loads the weights from `weightsPath` when planning (LoadError -> greedy with a warning).
  // `flat` selects the kind of weights file: an arachne policy, or the flat-rl ablation's.
  explicit ArachnePlanner(std::string weightsPath, int sampledRollouts = kDefaultSampledRollouts,
                          std::string name = "arachne", bool flat = false);
  // Plans with the given network (e.g. random weights for `arachne-untrained`), of either kind.
  ArachnePlanner(std::shared_ptr<PolicyNetwork> network, std::string name,
                 int sampledRollouts = kDefaultSampledRollouts);
  ~ArachnePlanner() override;

  std::string name() const override { return name_; }
  std::string version() const override { return "1"; }
  // One greedy rollout, then up to `sampledRollouts` sampled ones (seeded) while the budget
  // lasts, or, when the budget limits evaluations, sampled ones until they are spent; the best plan any of them reached after any step. stats.message says how many rollouts ran, or,
  // on a fallback, begins with "warning:" and the reason the policy could not be used.
  // Sampling temperature of rollout r (0 is the greedy one): sampled rollouts cycle through
  // 1, 1.5, 1, 2.
  static double samplingTemperature(int rollout);

  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;

 private:
  std::string path_;
  std::shared_ptr<PolicyNetwork> network_;
  std::string name_;
  int sampled_;
  bool flat_ = false;
};

}  // namespace arachne
