// Reading, checking and writing the held-out evaluation set.
#include "validation/heldout_set.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <set>
#include <tuple>

#include "catalog/gpu_catalog.h"
#include "catalog/precision.h"
#include "cluster/cluster_spec.h"
#include "io/input_file.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "network/network_json.h"

namespace arachne {

namespace {

constexpr int kSchemaVersion = 1;
constexpr size_t kMaxProblems = 10000;

std::string resolveRelative(const std::string& setPath, const std::string& file) {
  if (file.empty()) return {};
  const std::filesystem::path p(file);
  if (p.is_absolute() || setPath.empty()) return file;
  return (std::filesystem::path(setPath).parent_path() / p).lexically_normal().string();
}

HeldoutProblem readProblem(const JsonReader& r, const std::string& setPath, const GpuCatalog& catalog) {
  r.requireObject();
  static const std::set<std::string> known = {"id", "cluster", "network", "model", "global_batch",
                                              "sequence_length", "precision", "runtime", "profiles",
                                              "llm_info", "exhaustive", "origin"};
  for (const auto& [key, value] : r.value().items())
    if (!known.count(key)) r.fail(key, "is not a field of a held-out problem");
  HeldoutProblem p;
  p.id = r.required("id").asString(100);
  if (p.id.empty()) r.fail("id", "must not be empty");
  p.cluster = r.required("cluster").asString(10000);
  try {
    p.composition = parseInlineCluster(p.cluster, catalog);
  } catch (const LoadError& e) {
    r.fail("cluster", "is not an inline cluster of explicit nodes: " + e.problem());
  }
  p.composition.name = p.id;
  if (auto n = r.optional("network")) {
    p.network = n->asString(200);
    const std::vector<std::string> names = networkProfileNames();
    bool builtin = false;
    for (const auto& name : names) builtin = builtin || name == p.network;
    if (!builtin) {
      std::string list;
      for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
      r.fail("network", "'" + p.network + "' is not a built-in network profile (known: " + list + ")");
    }
    p.composition.network = std::make_shared<NetworkProfile>(resolveNetwork(p.network, catalog));
  }
  p.model = r.required("model").asString(200);
  if (!ModelCatalog::builtin().find(p.model)) r.fail("model", "'" + p.model + "' is not a catalog model id");
  if (auto v = r.optional("global_batch")) p.global_batch = static_cast<int>(v->asInt(1, 100000000));
  if (auto v = r.optional("sequence_length")) p.sequence_length = static_cast<int>(v->asInt(1, 10000000));
  if (auto v = r.optional("precision")) {
    p.precision = v->asString(20);
    if (!precisionFromString(p.precision)) r.fail("precision", "needs bf16, fp16, fp32 or fp8, got '" + p.precision + "'");
  }
  if (auto v = r.optional("runtime")) {
    p.runtime = v->asString(20);
    if (p.runtime != "megatron" && p.runtime != "deepspeed")
      r.fail("runtime", "needs megatron or deepspeed, got '" + p.runtime + "'");
  }
  for (auto [key, target, resolved] : {std::tuple{"profiles", &p.profiles, &p.profiles_path},
                                       std::tuple{"llm_info", &p.llm_info, &p.llm_info_path}}) {
    const auto v = r.optional(key);
    if (!v) continue;
    *target = v->asString(4000);
    *resolved = resolveRelative(setPath, *target);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(*resolved, ec))
      r.fail(key, "'" + *target + "' (relative to the set's file: " + *resolved + ") is not a file");
  }
  if (!p.llm_info.empty() && p.profiles.empty()) r.fail("llm_info", "is given without profiles");
  p.exhaustive = r.boolean("exhaustive", false);
  p.origin = r.string("origin", "");
  return p;
}

}  // namespace

HeldoutSet parseHeldoutSet(const std::string& text, const std::string& path, const GpuCatalog& catalog,
                           const std::string& kind) {
  const nlohmann::json j = JsonReader::parse(text, path);
  const JsonReader r(j, path);
  r.requireObject();
  const long long version = r.integer("schema_version", 1, 1 << 20);
  if (version != kSchemaVersion)
    r.fail("schema_version", "version " + std::to_string(version) + " is not the one this build reads (" +
                                 std::to_string(kSchemaVersion) + ")");
  const std::string given = r.string("kind");
  if (given != kind) {
    std::string why = "must be \"" + kind + "\"";
    if (given == kHeldoutSetKind) why += ": this is a held-out set, whose problems are never trained on";
    if (given == kTrainingSetKind) why += ": this is a training set (for arachne-cli train --problems)";
    r.fail("kind", why);
  }
  HeldoutSet set;
  set.kind = kind;
  set.path = path;
  set.description = r.string("description", "");
  if (r.has("generated_by")) {
    r.object("generated_by");
    set.generated_by = j.at("generated_by");
  }
  const JsonReader list = r.array("problems");
  const size_t n = list.arraySize(kMaxProblems);
  if (n == 0) list.fail("holds no problem");
  std::set<std::string> ids;
  for (size_t i = 0; i < n; ++i) {
    HeldoutProblem p = readProblem(list.element(i), path, catalog);
    if (!ids.insert(p.id).second) list.element(i).fail("id", "'" + p.id + "' is used by an earlier problem");
    set.problems.push_back(std::move(p));
  }
  return set;
}

HeldoutSet loadHeldoutSet(const std::string& path, const GpuCatalog& catalog, const std::string& kind) {
  return parseHeldoutSet(readInputFile(path, kind == kTrainingSetKind ? "training set" : "held-out set"), path, catalog,
                         kind);
}

std::string heldoutSetJson(const HeldoutSet& set) {
  // Short values on one line each, arrays one element a line, so the file reads (and diffs) well.
  auto str = [](const std::string& v) { return nlohmann::json(v).dump(); };
  std::string out = "{\n  \"schema_version\": " + std::to_string(kSchemaVersion) + ",\n  \"kind\": " + str(set.kind) +
                    ",\n  \"description\": " + str(set.description) + ",\n  \"generated_by\": {";
  bool first = true;
  for (const auto& [key, value] : set.generated_by.items()) {
    out += std::string(first ? "" : ",") + "\n    " + str(key) + ": ";
    first = false;
    if (value.is_array() && !value.empty()) {
      out += "[";
      for (size_t i = 0; i < value.size(); ++i) out += std::string(i ? "," : "") + "\n      " + value[i].dump();
      out += "\n    ]";
    } else {
      out += value.dump();
    }
  }
  out += first ? "}" : "\n  }";
  out += ",\n  \"problems\": [\n";
  for (size_t i = 0; i < set.problems.size(); ++i) {
    const HeldoutProblem& p = set.problems[i];
    nlohmann::ordered_json o;
    o["id"] = p.id;
    o["cluster"] = p.cluster;
    if (!p.network.empty()) o["network"] = p.network;
    o["model"] = p.model;
    if (p.global_batch) o["global_batch"] = *p.global_batch;
    if (p.sequence_length) o["sequence_length"] = *p.sequence_length;
    if (!p.precision.empty()) o["precision"] = p.precision;
    if (!p.runtime.empty()) o["runtime"] = p.runtime;
    if (!p.profiles.empty()) o["profiles"] = p.profiles;
    if (!p.llm_info.empty()) o["llm_info"] = p.llm_info;
    o["exhaustive"] = p.exhaustive;
    o["origin"] = p.origin;
    out += "    " + o.dump() + (i + 1 < set.problems.size() ? ",\n" : "\n");
  }
  out += "  ]\n}\n";
  return out;
}

TrainingSpec heldoutTrainingSpec(const HeldoutProblem& problem, const Model& model) {
  TrainingSpec s = model.default_training;
  if (problem.global_batch) s.global_batch = *problem.global_batch;
  if (problem.sequence_length) s.sequence_length = *problem.sequence_length;
  if (!problem.precision.empty()) s.precision = *precisionFromString(problem.precision);
  if (problem.runtime == "deepspeed") s.runtime = TrainingSpec::Runtime::DeepSpeed;
  if (problem.runtime == "megatron") s.runtime = TrainingSpec::Runtime::Megatron;
  return s;
}

HeldoutCoverage heldoutCoverage(const HeldoutSet& set) {
  HeldoutCoverage c;
  std::set<int> sizes;
  std::set<std::string> models;
  for (const HeldoutProblem& p : set.problems) {
    ++c.problems;
    const size_t types = std::min<size_t>(p.composition.gpuTypes().size(), 16);
    ++c.problems_by_type_count[types];
    bool mixed = false;
    for (const auto& [type, list] : p.composition.nodeSizesByType()) {
      for (int s : list) sizes.insert(s);
      mixed = mixed || std::set<int>(list.begin(), list.end()).size() > 1;
    }
    c.mixed_within_type += mixed;
    const int gpus = p.composition.totalGpus();
    c.min_gpus = c.problems == 1 ? gpus : std::min(c.min_gpus, gpus);
    c.max_gpus = std::max(c.max_gpus, gpus);
    c.exhaustive += p.exhaustive;
    (p.profiles.empty() ? c.analytic : c.imported) += 1;
    const Model* m = ModelCatalog::builtin().find(p.model);
    (m && m->isMoe() ? c.moe : c.dense) += 1;
    models.insert(p.model);
  }
  c.node_sizes.assign(sizes.begin(), sizes.end());
  for (const Model& m : ModelCatalog::builtin().models())
    if (models.count(m.id)) c.models.push_back(m.id);
  return c;
}

}  // namespace arachne
