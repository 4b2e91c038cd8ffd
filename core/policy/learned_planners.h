// Registers the learned planners (`arachne`, `arachne-untrained`, `flat-rl`) with makePlanner(); torch-free.
// The policy module calls it when it is loaded (policy_plugin_entry.cpp); the policy tests, which
// link the policy library statically, call it themselves.
#pragma once

#include <cstdint>
#include <string>

#include "plugin/policy_weights_paths.h"  // defaultPolicyWeightsPath(), defaultFlatRlWeightsPath()

namespace arachne {

// `arachne` loads `weightsPath` (empty: defaultPolicyWeightsPath(), resolved at each planning
// run) and falls back to greedy with a "warning:" message when the file is missing, corrupted or
// mismatched. `arachne-untrained` plans with a network of the default PolicyConfig initialised
// from `untrainedSeed` (the same weights on every run). `flat-rl` loads
// defaultFlatRlWeightsPath() (resolved at each planning run) and falls back like `arachne`; an
// arachne file is refused for it, and a flat-rl file for `arachne`.
void registerLearnedPlanners(const std::string& weightsPath = {}, std::uint64_t untrainedSeed = 1);

}  // namespace arachne
