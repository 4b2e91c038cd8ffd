// Our own profile-set file format (*.profiles.json, schema_version 1): read, validate, write.
#pragma once

#include <string>

#include "profile/profile_set.h"

namespace arachne {

constexpr int kProfileSchemaVersion = 1;

// {"schema_version":1, "name":..., "model":..., "excluded":[{"gpu_type","reason"}],
//  "entries":[{"gpu_type","tp","micro_batch","layer_type", "compute_s", "tp_comm_s",
//  "optimizer_s", "param_count", "activation_bytes", "output_bytes", "expert_param_count",
//  "dispatch_bytes", "expert_activation_bytes", "origin"}]}. compute_s, param_count,
// activation_bytes and output_bytes are required; the other figures default to 0 and origin
// to the file label. Throws LoadError naming the file, the field (e.g. "entries[3].compute_s")
// and the problem: missing, wrong type, negative, absurdly large, duplicate key.
ProfileSet profileSetFromJson(const std::string& text, const std::string& fileLabel);
std::string profileSetToJson(const ProfileSet& set);

ProfileSet loadProfileFile(const std::string& path);
// Writes atomically (temporary file + rename); throws LoadError on I/O failure.
void saveProfileFile(const ProfileSet& set, const std::string& path);

}  // namespace arachne
