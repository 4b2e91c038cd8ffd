// Loading the policy library with dlopen, once and thread-safely, and reporting its state.
#include "plugin/policy_plugin.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <filesystem>
#include <mutex>
#include <system_error>

#include "plugin/policy_plugin_api.h"

#ifndef ARACHNE_VERSION
#error "ARACHNE_VERSION must name the project version"
#endif

namespace arachne {

namespace {

struct PluginLoader {
  std::mutex load;    // held through a whole load, so concurrent callers wait for the first
  std::mutex state;   // guards the members below; held only briefly, so status() never waits
  bool attempted = false;
  PolicyPluginStatus status;
  const PolicyPluginApi* api = nullptr;
};

PluginLoader& loader() {
  static PluginLoader l;
  return l;
}

std::string cannotLoad(const std::string& why) { return "the policy library cannot be loaded: " + why; }

// dlopen, the entry point, the checks, the registration. On failure returns the problem and
// leaves *api null. A module that was opened stays open even when refused: unloading LibTorch
// is not safe, and nothing of it was registered.
std::string openModule(const std::string& path, const PolicyPluginApi** api) {
  *api = nullptr;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return cannotLoad(path + ": no such file");
  // RTLD_NOW: a missing symbol or library (LibTorch not installed) fails here, not mid-plan.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* e = dlerror();
    return cannotLoad(e ? e : path + ": dlopen failed");
  }
  using Entry = const PolicyPluginApi* (*)();
  const auto entry = reinterpret_cast<Entry>(dlsym(handle, ARACHNE_POLICY_PLUGIN_ENTRY));
  if (!entry) return cannotLoad(path + ": no entry point " + ARACHNE_POLICY_PLUGIN_ENTRY);
  const PolicyPluginApi* table = entry();
  if (!table) return cannotLoad(path + ": the entry point returned no table");
  if (table->abi_version != kPolicyPluginAbiVersion)
    return cannotLoad(path + ": built for plugin interface " + std::to_string(table->abi_version) +
                      ", this program needs " + std::to_string(kPolicyPluginAbiVersion));
  if (!table->project_version || std::strcmp(table->project_version, ARACHNE_VERSION) != 0 ||
      table->training_options_size != sizeof(TrainingRunOptions) ||
      table->training_result_size != sizeof(TrainingRunResult))
    return cannotLoad(path + ": built by another build (version " +
                      (table->project_version ? table->project_version : "?") + ", this program is " +
                      ARACHNE_VERSION + ")");
  if (!table->register_planners || !table->run_training || !table->read_weights_metadata)
    return cannotLoad(path + ": its entry table is incomplete");
  try {
    table->register_planners();
  } catch (const std::exception& e) {
    return cannotLoad(path + ": registering its planners failed: " + e.what());
  }
  *api = table;
  return {};
}

}  // namespace

const std::vector<std::string>& learnedPlannerNames() {
  static const std::vector<std::string> names = {"arachne", "arachne-untrained", "flat-rl"};
  return names;
}

bool isLearnedPlanner(const std::string& name) {
  const auto& names = learnedPlannerNames();
  return std::find(names.begin(), names.end(), name) != names.end();
}

PolicyPluginStatus policyPluginStatus() {
  PluginLoader& l = loader();
  {
    std::lock_guard<std::mutex> lock(l.state);
    if (l.attempted || l.status.state == PolicyPluginState::Loading) return l.status;
  }
  PolicyPluginStatus s;
  s.path = policyPluginPath();
  std::error_code ec;
  if (!std::filesystem::exists(s.path, ec)) {
    s.state = PolicyPluginState::Unavailable;
    s.problem = cannotLoad(s.path + ": no such file");
  }
  return s;
}

PolicyPluginStatus loadPolicyPlugin() {
  PluginLoader& l = loader();
  std::lock_guard<std::mutex> once(l.load);
  PolicyPluginStatus s;
  {
    std::lock_guard<std::mutex> lock(l.state);
    if (l.attempted) return l.status;
    s.path = policyPluginPath();
    s.state = PolicyPluginState::Loading;
    l.status = s;
  }
  const PolicyPluginApi* api = nullptr;
  try {
    s.problem = openModule(s.path, &api);
  } catch (const std::exception& e) {  // e.g. bad_alloc: the state must not stay Loading
    s.problem = cannotLoad(s.path + ": " + e.what());
  }
  s.state = api ? PolicyPluginState::Loaded : PolicyPluginState::Unavailable;
  std::lock_guard<std::mutex> lock(l.state);
  l.status = s;
  l.api = api;
  l.attempted = true;
  return s;
}

const PolicyPluginApi* policyPluginApi() {
  PluginLoader& l = loader();
  std::lock_guard<std::mutex> lock(l.state);
  return l.api;
}

}  // namespace arachne
