// The learned planners' registration (the weights files' lookup is core/plugin/policy_weights_paths.cpp).
#include "policy/learned_planners.h"

#include <memory>
#include <mutex>

#include "planning/planner_extensions.h"
#include "policy/arachne_planner.h"
#include "policy/policy_network.h"

namespace arachne {

namespace {

// The untrained network is built on first use (seeded) and shared by every planner made
// afterwards: planning never changes its weights.
struct UntrainedNetwork {
  std::once_flag once;
  std::shared_ptr<PolicyNetwork> network;
  std::shared_ptr<PolicyNetwork> get(std::uint64_t seed) {
    std::call_once(once, [&] {
      torch::manual_seed(seed);
      network = std::make_shared<PolicyNetwork>(PolicyConfig{});
    });
    return network;
  }
};

}  // namespace

void registerLearnedPlanners(const std::string& weightsPath, std::uint64_t untrainedSeed) {
  registerPlanner("arachne", [weightsPath]() -> std::unique_ptr<Planner> {
    return std::make_unique<ArachnePlanner>(weightsPath.empty() ? defaultPolicyWeightsPath() : weightsPath);
  });
  auto untrained = std::make_shared<UntrainedNetwork>();
  registerPlanner("arachne-untrained", [untrainedSeed, untrained]() -> std::unique_ptr<Planner> {
    return std::make_unique<ArachnePlanner>(untrained->get(untrainedSeed), "arachne-untrained");
  });
  registerPlanner("flat-rl", []() -> std::unique_ptr<Planner> {
    return std::make_unique<ArachnePlanner>(defaultFlatRlWeightsPath(), RolloutSchedule{}, "flat-rl", true);
  });
}

}  // namespace arachne
