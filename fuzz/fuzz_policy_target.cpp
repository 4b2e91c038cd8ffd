// The fuzz target of the policy weights loader (the only one that links LibTorch).
#include "fuzz_targets.h"

#include "io/load_error.h"
#include "policy/policy_io.h"

namespace arachne::fuzz {

void policyWeights(const std::string& bytes) {
  try {
    (void)policyFromBytes(bytes, "fuzz.policy", nullptr, nullptr);
  } catch (const LoadError&) {
  }
}

}  // namespace arachne::fuzz
