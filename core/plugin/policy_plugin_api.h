// The one table the policy library hands its host through its only exported symbol, so the host
// calls torch code without linking it; both sides include this header (it includes no torch).
#pragma once

#include <atomic>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "policy/policy_training_run.h"  // torch-free: the options and results of a training run

namespace arachne {

// Bumped whenever this table changes. The host refuses a module whose version, project version
// or type sizes differ (a module from another build), instead of calling into it.
constexpr int kPolicyPluginAbiVersion = 1;

struct PolicyPluginApi {
  int abi_version;
  const char* project_version;        // PROJECT_VERSION the module was built as
  std::size_t training_options_size;  // sizeof(TrainingRunOptions) on the module's side
  std::size_t training_result_size;   // sizeof(TrainingRunResult)
  // Registers `arachne`, `arachne-untrained` and `flat-rl` with the core's registry (the same
  // registry as the host's: arachne_core is a shared library both link).
  void (*register_planners)();
  // runPolicyTraining() (policy_training_run.h): throws LoadError or std::invalid_argument.
  TrainingRunResult (*run_training)(const TrainingRunOptions& options, const TrainingProgress& progress,
                                    const std::atomic<bool>* cancel);
  // The metadata of a weights file of the given kind (flat: flat-rl); throws LoadError for a
  // missing, corrupted or mismatched file.
  nlohmann::json (*read_weights_metadata)(const std::string& path, bool flat);
};

}  // namespace arachne

// The module's only exported symbol (unmangled, for dlsym).
#define ARACHNE_POLICY_PLUGIN_ENTRY "arachne_policy_plugin_api"
extern "C" const arachne::PolicyPluginApi* arachne_policy_plugin_api();
