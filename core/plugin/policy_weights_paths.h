// Where the learned planners read their weights files; torch-free, so a host (the CLI's bench, the
// GUI) can name the file without loading the policy library.
#pragma once

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

}  // namespace arachne
