// The learned planners' registration and the lookup of the shipped weights files.
#include "policy/learned_planners.h"

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <system_error>

#include "io/install_layout.h"
#include "planning/planner_extensions.h"
#include "policy/arachne_planner.h"
#include "policy/policy_network.h"

#ifndef ARACHNE_RESOURCE_DIR
#error "ARACHNE_RESOURCE_DIR must name the source tree's resources/ directory"
#endif

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

namespace {
// $env, else `file` next to the executable when present, else the installed copy
// (<prefix>/share/arachne/policy/file), else the source tree's resources/policy/file.
std::string weightsPath(const char* env, const char* file) {
  if (const char* value = std::getenv(env); value && *value) return value;
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::filesystem::path installed = exe.parent_path() / file;
    if (std::filesystem::exists(installed, ec)) return installed.string();
  }
  if (auto shipped = installedDataFile(std::string("policy/") + file)) return *shipped;
  return std::string(ARACHNE_RESOURCE_DIR) + "/policy/" + file;
}
}  // namespace

std::string defaultPolicyWeightsPath() { return weightsPath("ARACHNE_POLICY_WEIGHTS", "arachne.policy"); }

std::string defaultFlatRlWeightsPath() { return weightsPath("ARACHNE_FLAT_RL_WEIGHTS", "flat-rl.policy"); }

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
