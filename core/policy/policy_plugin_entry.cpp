// The policy module's only export: the table through which a host registers the learned
// planners, trains and reads weights files without linking LibTorch itself.
#include "plugin/policy_plugin_api.h"
#include "policy/learned_planners.h"
#include "policy/policy_io.h"

#ifndef ARACHNE_VERSION
#error "ARACHNE_VERSION must name the project version"
#endif

namespace {

void registerPlanners() { arachne::registerLearnedPlanners(); }

nlohmann::json readWeightsMetadata(const std::string& path, bool flat) {
  return arachne::loadPolicyOfKind(path, flat).metadata;
}

const arachne::PolicyPluginApi kApi = {
    arachne::kPolicyPluginAbiVersion,
    ARACHNE_VERSION,
    sizeof(arachne::TrainingRunOptions),
    sizeof(arachne::TrainingRunResult),
    &registerPlanners,
    &arachne::runPolicyTraining,
    &readWeightsMetadata,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const arachne::PolicyPluginApi* arachne_policy_plugin_api() {
  return &kApi;
}
