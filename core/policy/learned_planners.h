// Registers the learned planners (`arachne`, `arachne-untrained`, `flat-rl`) with makePlanner(); torch-free,
// so the CLI's and the GUI's main() can call it without seeing torch.
#pragma once

#include <cstdint>
#include <string>

namespace arachne {

// Where `arachne` reads its weights: $ARACHNE_POLICY_WEIGHTS when set; else arachne.policy next
// to the running executable when present; else <prefix>/share/arachne/policy/arachne.policy of an
// installation (core/io/install_layout.h); else the source tree's
// resources/policy/arachne.policy (a compile definition), whether it exists or not: a missing
// file makes `arachne` plan with greedy and say why.
std::string defaultPolicyWeightsPath();
// Where `flat-rl` reads its weights, by the same scheme: $ARACHNE_FLAT_RL_WEIGHTS, else
// flat-rl.policy next to the executable, else the installed copy, else resources/policy/flat-rl.policy.
std::string defaultFlatRlWeightsPath();

// `arachne` loads `weightsPath` (empty: defaultPolicyWeightsPath(), resolved at each planning
// run) and falls back to greedy with a "warning:" message when the file is missing, corrupted or
// mismatched. `arachne-untrained` plans with a network of the default PolicyConfig initialised
// from `untrainedSeed` (the same weights on every run). `flat-rl` loads
// defaultFlatRlWeightsPath() (resolved at each planning run) and falls back like `arachne`; an
// arachne file is refused for it, and a flat-rl file for `arachne`.
void registerLearnedPlanners(const std::string& weightsPath = {}, std::uint64_t untrainedSeed = 1);

}  // namespace arachne
