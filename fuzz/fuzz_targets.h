// The fuzz targets: one function per loader, feeding raw bytes to it and to what uses its result.
#pragma once

#include <string>
#include <vector>

namespace arachne::fuzz {

// Each target returns normally when its loader accepts the input or refuses it with a
// LoadError; anything else (another exception, a crash, a sanitizer report, a failed
// consistency check, which aborts) is a finding. Accepted inputs go on to what the CLI does
// with them next (pricing, writing back and reading again), so a loader that lets through a
// value its users cannot take is found too.
void plan(const std::string& bytes);            // *.plan.json, then priced and written back
void cluster(const std::string& bytes);         // *.cluster.json, then written back and priced
void inlineCluster(const std::string& bytes);   // --cluster TYPE:SIZExCOUNT..., then re-read
void model(const std::string& bytes);           // a model file (or catalog), then profiled
void profileSet(const std::string& bytes);      // *.profiles.json, then written back
void sailorRun(const std::string& bytes);       // Sailor's plan_config_*.json, then validated
void sailorProfiles(const std::string& bytes);  // Sailor's profiles_tmp.json / profile.json
void sailorLlmInfo(const std::string& bytes);   // Sailor's llm_info.json
void network(const std::string& bytes);          // *.network.json or Sailor's network files
void scenario(const std::string& bytes);         // *.scenario.json, then replayed and written back
void policyWeights(const std::string& bytes);   // a policy weights file (fuzz_policy_target.cpp)

struct Target {
  const char* name;     // the harness is fuzz_<name>; its corpus tests/data/fuzz/<name>/
  void (*run)(const std::string&);
  bool needs_torch;
};
// Every target, policyWeights last (the only one that needs LibTorch).
const std::vector<Target>& targets();

}  // namespace arachne::fuzz
