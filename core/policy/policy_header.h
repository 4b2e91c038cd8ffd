// The torch-free half of a policy weights file: the magic line, the checked header, the payload.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "policy/policy_config.h"

namespace arachne {

class PolicyLayout;

// One parameter as the header lists it.
struct PolicyTensorEntry {
  std::string name;
  std::vector<std::int64_t> shape;
};

// Everything of a weights file that can be checked without LibTorch (so a torch-free build,
// e.g. the fuzz harness, checks it too).
struct PolicyHeader {
  PolicyConfig config;
  std::vector<PolicyTensorEntry> parameters;
  std::string payload;       // the torch archive, its size and FNV-1a 64 checksum verified
  nlohmann::json metadata;   // what the writer stored ({} when absent)
};

// Reads the line "ARACHNE-POLICY", the JSON header line and the payload, and checks: format and
// feature-layout versions, the config's ranges and kind (`expectFlat`, else `expected->flat`,
// when given), the config against `expected`, the feature sizes against this build's layout,
// the payload's size and checksum, that the payload can hold the parameters the config needs
// (4 bytes each; so a header asking for a 16 GiB layer is refused before anything is
// allocated), and the parameter list's types. Throws LoadError(path, field, problem).
PolicyHeader readPolicyHeader(const std::string& bytes, const std::string& path, const PolicyConfig* expected,
                              const bool* expectFlat);

// The whole file savePolicy writes: magic line, header line (with `parameters`, the sizes of
// `config`'s layout, the payload's size and checksum, `metadata`), payload.
std::string policyFileBytes(const PolicyConfig& config, const nlohmann::json& parameters, const std::string& payload,
                            const nlohmann::json& metadata);

// Parameters of the network a config describes (every weight and bias), without building it.
// Mirrors PolicyNetwork's constructor; tst_policy_network checks that the two agree.
std::int64_t policyParameterCount(const PolicyConfig& config);

}  // namespace arachne
