// The table of fuzz targets, for the corpus replay test (it links every target, LibTorch too).
#include "fuzz_targets.h"

namespace arachne::fuzz {

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {
      {"plan", plan, false},
      {"cluster", cluster, false},
      {"inline_cluster", inlineCluster, false},
      {"model", model, false},
      {"profile_set", profileSet, false},
      {"sailor_run", sailorRun, false},
      {"sailor_profiles", sailorProfiles, false},
      {"sailor_llm_info", sailorLlmInfo, false},
      {"network", network, false},
      {"scenario", scenario, false},
      {"policy_weights", policyWeights, true},
  };
  return all;
}

}  // namespace arachne::fuzz
