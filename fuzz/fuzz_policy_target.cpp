// The fuzz target of the policy weights loader. The fuzz build is torch-free (fuzz/CMakeLists.txt)
// and checks everything but the torch archive; the replay test (ARACHNE_FUZZ_WITH_TORCH) runs
// the whole loader, archive and network included.
#include "fuzz_targets.h"

#include "io/load_error.h"
#ifdef ARACHNE_FUZZ_WITH_TORCH
#include "policy/policy_io.h"
#else
#include "policy/policy_header.h"
#endif

namespace arachne::fuzz {

void policyWeights(const std::string& bytes) {
  try {
#ifdef ARACHNE_FUZZ_WITH_TORCH
    (void)policyFromBytes(bytes, "fuzz.policy", nullptr, nullptr);
#else
    (void)readPolicyHeader(bytes, "fuzz.policy", nullptr, nullptr);
#endif
  } catch (const LoadError&) {
  }
}

}  // namespace arachne::fuzz
