// Reading and writing profile sets as JSON, with every bad value reported by field.
#include "profile/profile_json.h"

#include <nlohmann/json.hpp>

#include "catalog/training_spec.h"
#include "catalog/gpu_catalog.h"
#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/json_reader.h"
#include "profile/profile_entry.h"

namespace arachne {

namespace {
// Sanity bounds: a layer taking more than an hour, or more than a petabyte or 10^15
// parameters, is a unit mistake rather than a measurement.
constexpr double kMaxSeconds = 3600.0;
constexpr double kMaxBytes = 1e15;
constexpr double kMaxCount = 1e15;
}  // namespace

ProfileSet profileSetFromJson(const std::string& text, const std::string& fileLabel) {
  nlohmann::json doc = JsonReader::parse(text, fileLabel);
  JsonReader root(doc, fileLabel);
  root.requireObject();
  long long version = root.integer("schema_version", 1, 1000000);
  if (version != kProfileSchemaVersion)
    root.fail("schema_version", "unsupported version " + std::to_string(version) + " (this build reads " +
                                    std::to_string(kProfileSchemaVersion) + ")");
  ProfileSet set;
  set.name = root.string("name", fileLabel);
  set.model_id = root.string("model");
  if (set.model_id.empty()) root.fail("model", "must not be empty");
  // Optional: what the entries were measured at (CostModel refuses a training at others).
  if (root.has("sequence_length"))
    set.sequence_length = static_cast<int>(root.integer("sequence_length", 1, kMaxSequenceLength));
  if (root.has("precision")) {
    const std::string p = root.string("precision");
    set.precision = precisionFromString(p);
    if (!set.precision) root.fail("precision", "unknown precision '" + p + "' (bf16, fp16, fp32 or fp8)");
  }

  if (root.has("excluded")) {
    JsonReader ex = root.array("excluded");
    for (size_t i = 0; i < ex.size(); ++i) {
      JsonReader e = ex.element(i);
      std::string g = e.string("gpu_type");
      if (g.empty()) e.fail("gpu_type", "must not be empty");
      g = GpuCatalog::builtin().canonicalId(g);
      set.exclude(g, e.string("reason"));
    }
  }

  JsonReader entries = root.array("entries");
  for (size_t i = 0; i < entries.size(); ++i) {
    JsonReader e = entries.element(i);
    e.requireObject();
    ProfileKey key;
    key.gpu_type = e.string("gpu_type");
    if (key.gpu_type.empty()) e.fail("gpu_type", "must not be empty");
    // "H100" or an alias must key the same entries as "h100": the cost model looks profiles up
    // by the catalog id, and an entry under another spelling would be silently unused.
    key.gpu_type = GpuCatalog::builtin().canonicalId(key.gpu_type);
    key.tp = static_cast<int>(e.integer("tp", 1, 1024));
    key.micro_batch = static_cast<int>(e.integer("micro_batch", 1, 1 << 20));
    key.layer_type = e.string("layer_type");
    if (key.layer_type.empty()) e.fail("layer_type", "must not be empty");
    if (set.find(key.gpu_type, key.tp, key.micro_batch, key.layer_type))
      e.fail("", "duplicate entry for (" + key.gpu_type + ", TP " + std::to_string(key.tp) +
                     ", mbs " + std::to_string(key.micro_batch) + ", " + key.layer_type + ")");
    ProfileEntry p;
    p.compute_s = e.number("compute_s", kMinComputeSeconds, kMaxSeconds);
    p.tp_comm_s = e.number("tp_comm_s", 0, kMaxSeconds, 0.0);
    p.tp_collectives = e.number("tp_collectives", 0, 1000, 0.0);
    p.tp_collective_bytes = e.number("tp_collective_bytes", 0, kMaxBytes, 0.0);
    p.optimizer_s = e.number("optimizer_s", 0, kMaxSeconds, 0.0);
    p.param_count = e.number("param_count", 0, kMaxCount);
    p.activation_bytes = e.number("activation_bytes", 0, kMaxBytes);
    p.output_bytes = e.number("output_bytes", 0, kMaxBytes);
    p.expert_param_count = e.number("expert_param_count", 0, kMaxCount, 0.0);
    p.dispatch_bytes = e.number("dispatch_bytes", 0, kMaxBytes, 0.0);
    p.expert_activation_bytes = e.number("expert_activation_bytes", 0, kMaxBytes, 0.0);
    p.origin = e.string("origin", fileLabel);
    set.set(key, std::move(p));
  }
  return set;
}

std::string profileSetToJson(const ProfileSet& set) {
  nlohmann::ordered_json root;
  root["schema_version"] = kProfileSchemaVersion;
  root["name"] = set.name;
  root["model"] = set.model_id;
  if (set.sequence_length > 0) root["sequence_length"] = set.sequence_length;
  if (set.precision) root["precision"] = toString(*set.precision);
  nlohmann::ordered_json ex = nlohmann::ordered_json::array();
  for (const auto& [g, why] : set.exclusions()) ex.push_back({{"gpu_type", g}, {"reason", why}});
  root["excluded"] = ex;
  nlohmann::ordered_json arr = nlohmann::ordered_json::array();
  for (const ProfileKey& k : set.keys()) {
    const ProfileEntry& p = *set.find(k.gpu_type, k.tp, k.micro_batch, k.layer_type);
    nlohmann::ordered_json e;
    e["gpu_type"] = k.gpu_type;
    e["tp"] = k.tp;
    e["micro_batch"] = k.micro_batch;
    e["layer_type"] = k.layer_type;
    e["compute_s"] = p.compute_s;
    e["tp_comm_s"] = p.tp_comm_s;
    if (p.tp_collectives > 0) {
      e["tp_collectives"] = p.tp_collectives;
      e["tp_collective_bytes"] = p.tp_collective_bytes;
    }
    e["optimizer_s"] = p.optimizer_s;
    e["param_count"] = p.param_count;
    e["activation_bytes"] = p.activation_bytes;
    e["output_bytes"] = p.output_bytes;
    e["expert_param_count"] = p.expert_param_count;
    e["dispatch_bytes"] = p.dispatch_bytes;
    e["expert_activation_bytes"] = p.expert_activation_bytes;
    e["origin"] = p.origin;
    arr.push_back(std::move(e));
  }
  root["entries"] = std::move(arr);
  return root.dump(2) + "\n";
}

ProfileSet loadProfileFile(const std::string& path) {
  return profileSetFromJson(readInputFile(path, "profile set"), path);
}

void saveProfileFile(const ProfileSet& set, const std::string& path) {
  writeFileAtomically(path, profileSetToJson(set));
}

}  // namespace arachne
