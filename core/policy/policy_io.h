// Saving and loading policy weights: a checked header, then the parameters as a torch archive.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "policy/policy_config.h"

namespace arachne {

class PolicyNetwork;

struct LoadedPolicy {
  std::shared_ptr<PolicyNetwork> network;
  nlohmann::json metadata;  // what the writer stored, e.g. how the weights were trained
};

// File layout: the line "ARACHNE-POLICY", one line of JSON (format and feature-layout versions,
// the PolicyConfig, the feature sizes, every parameter's name and shape, the payload's byte
// count and FNV-1a 64 checksum, free metadata), then the payload written by torch's archive.
// Written through the core's atomic writer (io/atomic_file.h), so a crash never leaves half a
// file under `path`. Throws LoadError (a std::runtime_error) when the file cannot be written.
void savePolicy(PolicyNetwork& network, const std::string& path,
                const nlohmann::json& metadata = nlohmann::json::object());

// Throws LoadError(path, field, problem) for a missing, truncated, corrupted or mismatched file
// (wrong magic, newer format, other feature layout, shapes that disagree with the header or
// with `expected`), so the caller can fall back to another planner with that message.
LoadedPolicy loadPolicy(const std::string& path, const PolicyConfig* expected = nullptr);
// loadPolicy() that also refuses a file of the other kind (an arachne file for flat-rl or the
// reverse) with LoadError(path, "config.planner", …); `expected` (when given) must agree.
LoadedPolicy loadPolicy(const std::string& path, const PolicyConfig* expected, const bool* expectFlat);
// The planners' entry: loadPolicy(path, nullptr, &flat).
LoadedPolicy loadPolicyOfKind(const std::string& path, bool flat);
// loadPolicy() on the bytes of a file already read (`path` labels the messages); the fuzz
// harness's entry. loadPolicy() reads the file with the core's size-limited reader.
LoadedPolicy policyFromBytes(const std::string& bytes, const std::string& path, const PolicyConfig* expected,
                             const bool* expectFlat);
// The header checks without LibTorch, policyParameterCount: policy/policy_header.h.

}  // namespace arachne
