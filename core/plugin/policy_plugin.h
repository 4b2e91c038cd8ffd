// The policy library (LibTorch: the learned planners, training) loaded on first use, and what a
// host asks about it; Qt-free and torch-free, so the CLI and the GUI start without LibTorch.
#pragma once

#include <string>
#include <vector>

namespace arachne {

struct PolicyPluginApi;  // policy_plugin_api.h

enum class PolicyPluginState {
  NotLoaded,    // the module file is there; nothing loaded yet (loadPolicyPlugin() will try)
  Loading,      // a thread is loading it right now
  Loaded,       // loaded: the learned planners are the policy's
  Unavailable,  // missing or failed to load (`problem` says why): the learned planners plan with
                // greedy and say so in a "warning:" message
};

struct PolicyPluginStatus {
  PolicyPluginState state = PolicyPluginState::NotLoaded;
  std::string path;     // the module file, tried or to be tried
  std::string problem;  // why it is unavailable, naming the file; empty otherwise
};

// `arachne`, `arachne-untrained`, `flat-rl`, in that order. plannerNames() lists them always,
// after the core's planners; makePlanner() of one loads the policy library first.
const std::vector<std::string>& learnedPlannerNames();
bool isLearnedPlanner(const std::string& name);

// The module file to load: $ARACHNE_POLICY_PLUGIN when set, else the first candidate of
// policyPluginCandidates() that exists, else the build tree's module (policy_plugin_path.cpp).
std::string policyPluginPath();
// Where the module is looked for relative to the running executable's directory, in order.
std::vector<std::string> policyPluginCandidates(const std::string& executableDir);

// Never loads anything and never waits for a load in progress (the GUI may poll it from its UI
// thread): NotLoaded while the file exists and no load was tried, Unavailable when it does not
// exist (no load needed to know), else the state of the load.
PolicyPluginStatus policyPluginStatus();
// Loads the module once: the first call dlopens it, checks its interface version and lets it
// register the learned planners; every later call (from any thread; concurrent callers wait for
// the first) returns that same result. A failure is final for the process; the module is never
// unloaded.
PolicyPluginStatus loadPolicyPlugin();
// The module's entry table once loaded, else nullptr (`train` and `bench` call through it).
const PolicyPluginApi* policyPluginApi();

}  // namespace arachne
