// *.scenario.json: parsing with field-precise errors (file, field, problem) and writing.
#include "scenario/scenario_json.h"

#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "catalog/training_spec.h"
#include "catalog/gpu_catalog.h"
#include "catalog/precision.h"
#include "cluster/cluster_limits.h"
#include "cluster/cluster_spec.h"
#include "cluster/node_network_json.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "io/unknown_keys.h"

namespace arachne {

namespace {

using nlohmann::ordered_json;

constexpr double kMaxSeconds = 1.0e9;      // about 30 years: any job's horizon
constexpr size_t kMaxEvents = 100000;
constexpr size_t kMaxNameLength = 200;
constexpr int kMaxGlobalBatch = 100000000;

std::string boundedString(const JsonReader& r, const std::string& key, size_t max) {
  const std::string s = r.string(key);
  if (s.size() > max) r.fail(key, "is " + std::to_string(s.size()) + " characters long, above the limit of " + std::to_string(max));
  return s;
}

Composition readCluster(const JsonReader& root, const std::string& file, const GpuCatalog& catalog,
                        const std::string& baseDir, std::string* spec) {
  const nlohmann::json& v = root.value().at("cluster");
  if (v.is_string()) {
    *spec = v.get<std::string>();
    if (spec->empty()) root.fail("cluster", "is empty (give a preset, the inline form or a *.cluster.json path)");
    std::string where = *spec;
    namespace fs = std::filesystem;
    const bool looksLikeFile = where.size() > 5 && where.compare(where.size() - 5, 5, ".json") == 0;
    if (looksLikeFile && !baseDir.empty() && fs::path(where).is_relative()) where = (fs::path(baseDir) / where).string();
    try {
      return resolveCluster(where, catalog);
    } catch (const LoadError& e) {
      root.fail("cluster", std::string("'") + *spec + "': " + e.what());
    }
  }
  if (v.is_object()) {
    spec->clear();
    try {
      return parseClusterJson(v.dump(), file, catalog);
    } catch (const LoadError& e) {
      throw LoadError(file, e.field().empty() ? "cluster" : "cluster." + e.field(), e.problem());
    }
  }
  root.fail("cluster", "must be a cluster SPEC (string) or a cluster object, got " +
                           std::string(v.is_array() ? "an array" : v.is_number() ? "a number" : v.is_boolean() ? "a boolean" : "null"));
}

PlanTraining readTraining(const JsonReader& t) {
  t.requireObject();
  rejectUnknownKeys(t, {"global_batch", "sequence_length", "precision", "activation_checkpointing", "distributed_optimizer"});
  PlanTraining out;
  if (t.has("global_batch")) out.global_batch = static_cast<int>(t.integer("global_batch", 1, kMaxGlobalBatch));
  if (t.has("sequence_length")) out.sequence_length = static_cast<int>(t.integer("sequence_length", 1, kMaxSequenceLength));
  if (t.has("precision")) {
    const std::string p = t.string("precision");
    out.precision = precisionFromString(p);
    if (!out.precision) t.fail("precision", "must be bf16, fp16, fp32 or fp8, got '" + p + "'");
  }
  if (t.has("activation_checkpointing")) out.activation_checkpointing = t.boolean("activation_checkpointing");
  if (t.has("distributed_optimizer")) out.distributed_optimizer = t.boolean("distributed_optimizer");
  return out;
}

ReconfigurationParams readReconfiguration(const JsonReader& r) {
  r.requireObject();
  rejectUnknownKeys(r, {"planner_s", "release_s", "process_group_s", "engine_build_s", "unattributed_s",
                        "checkpoint_interval_s", "checkpoint_read_gbps", "move_gradients"});
  ReconfigurationParams p;
  if (r.has("planner_s")) p.planner_s = r.number("planner_s", 0, kMaxSeconds);
  p.release_s = r.number("release_s", 0, kMaxSeconds, p.release_s);
  p.process_group_s = r.number("process_group_s", 0, kMaxSeconds, p.process_group_s);
  p.engine_build_s = r.number("engine_build_s", 0, kMaxSeconds, p.engine_build_s);
  p.unattributed_s = r.number("unattributed_s", 0, kMaxSeconds, p.unattributed_s);
  p.checkpoint_interval_s = r.number("checkpoint_interval_s", 0, kMaxSeconds, p.checkpoint_interval_s);
  p.checkpoint_read_gbps = r.number("checkpoint_read_gbps", 1e-3, kMaxNodeLinkGbps, p.checkpoint_read_gbps);
  p.move_gradients = r.boolean("move_gradients", p.move_gradients);
  return p;
}

ScenarioEventKind readKind(const JsonReader& e) {
  const std::string k = e.string("kind");
  if (k == "join") return ScenarioEventKind::Join;
  if (k == "leave") return ScenarioEventKind::Leave;
  if (k == "fail") return ScenarioEventKind::Fail;
  e.fail("kind", "must be join, leave or fail, got '" + k + "'");
}

}  // namespace

Scenario parseScenarioJson(const std::string& text, const std::string& fileLabel,
                           const GpuCatalog& catalog, const std::string& baseDir) {
  const nlohmann::json doc = JsonReader::parse(text, fileLabel);
  JsonReader r(doc, fileLabel);
  r.requireObject();
  rejectUnknownKeys(r, {"schema_version", "name", "description", "cluster", "node_names", "model", "training",
                        "horizon_s", "reconfiguration", "events"});
  const long long schema = r.integer("schema_version", 0, 1000000);
  if (schema != kScenarioSchemaVersion)
    r.fail("schema_version", "unsupported version " + std::to_string(schema) + " (this build reads " +
                                 std::to_string(kScenarioSchemaVersion) + ")");
  Scenario s;
  if (r.has("name")) s.name = boundedString(r, "name", kMaxNameLength);
  if (r.has("description")) s.description = boundedString(r, "description", 100000);
  if (!r.has("cluster")) r.fail("cluster", "is missing (the starting composition: a preset, the inline form, a *.cluster.json path or a cluster object)");
  s.start = readCluster(r, fileLabel, catalog, baseDir, &s.cluster_spec);
  s.model = boundedString(r, "model", 4096);
  if (s.model.empty()) r.fail("model", "is empty (give a model catalog id such as llama3-8b)");
  if (r.has("training")) s.training = readTraining(r.object("training"));
  if (r.has("horizon_s")) s.horizon_s = r.number("horizon_s", 1e-3, kMaxSeconds);
  if (r.has("reconfiguration")) s.reconfiguration = readReconfiguration(r.object("reconfiguration"));

  std::map<std::string, int> idByName;
  if (r.has("node_names")) {
    const JsonReader names = r.object("node_names");
    for (auto it = names.value().begin(); it != names.value().end(); ++it) {
      const std::string& key = it.key();
      int id = -1;
      try {
        size_t used = 0;
        id = std::stoi(key, &used);
        if (used != key.size()) id = -1;
      } catch (const std::exception&) {
        id = -1;
      }
      if (id < 0 || !s.start.findNode(id))
        names.fail(key, "is not the id of a node of the starting cluster (its ids: " + [&] {
          std::string l;
          for (const Node& n : s.start.nodes()) l += (l.empty() ? "" : ", ") + std::to_string(n.id);
          return l;
        }() + ")");
      const std::string name = boundedString(names, key, kMaxNameLength);
      if (name.empty()) names.fail(key, "is an empty name");
      if (!idByName.emplace(name, id).second) names.fail(key, "the name '" + name + "' is already given to another node");
      s.node_names[id] = name;
    }
  }

  // First pass: times, kinds, joined nodes (ids assigned in file order) and their names, so that
  // a reference by name resolves even when the file has the events out of order (which
  // validateScenario then reports).
  const JsonReader events = r.array("events");
  if (events.size() > kMaxEvents) events.fail("", "holds " + std::to_string(events.size()) + " events, above the limit of " + std::to_string(kMaxEvents));
  int nextId = s.nextNodeId();
  std::set<int> usedIds;
  for (const Node& n : s.start.nodes()) usedIds.insert(n.id);
  long long gpusEver = s.start.totalGpus();
  for (size_t i = 0; i < events.size(); ++i) {
    const JsonReader e = events.element(i);
    e.requireObject();
    rejectUnknownKeys(e, {"at_s", "kind", "nodes", "note"});
    ScenarioEvent ev;
    ev.at_s = e.number("at_s", -kMaxSeconds, kMaxSeconds);
    ev.kind = readKind(e);
    if (e.has("note")) ev.note = boundedString(e, "note", 10000);
    const JsonReader nodes = e.array("nodes");
    if (nodes.size() == 0) nodes.fail("", "is empty: a " + toString(ev.kind) + " names at least one node");
    if (ev.kind == ScenarioEventKind::Join) {
      for (size_t j = 0; j < nodes.size(); ++j) {
        const JsonReader n = nodes.element(j);
        n.requireObject();
        rejectUnknownKeys(n, {"gpu_type", "gpus", "count", "id", "name", "inter_node_gbps", "inter_node_nics", "inter_node_fabric",
                          "price_per_gpu_hour"});
        const GpuType& type = catalog.at(n.string("gpu_type"), fileLabel, n.fieldPath("gpu_type"));
        const int gpus = static_cast<int>(n.integer("gpus", 1, kMaxNodeGpus));
        const int count = static_cast<int>(n.integer("count", 1, kMaxClusterGpus, 1));
        Node network;  // the same keys as a cluster file's node: a joining node prices alike
        readNodeOverrides(n, network);
        const bool explicitId = n.has("id");
        const int first = explicitId ? static_cast<int>(n.integer("id", 0, kMaxNodeId - count)) : nextId;
        std::string name;
        if (n.has("name")) {
          name = boundedString(n, "name", kMaxNameLength);
          if (name.empty()) n.fail("name", "is an empty name");
          if (count != 1) n.fail("name", "names one node, but count is " + std::to_string(count) + " (give each node its own entry)");
          if (!idByName.emplace(name, first).second) n.fail("name", "the name '" + name + "' is already given to another node");
        }
        gpusEver += static_cast<long long>(gpus) * count;
        if (gpusEver > kMaxClusterGpus)
          n.fail("count", "the scenario would add up to more than " + std::to_string(kMaxClusterGpus) + " GPUs");
        for (int k = 0; k < count; ++k) {
          const int id = first + k;
          if (!usedIds.insert(id).second)
            n.fail(explicitId ? "id" : "", "node id " + std::to_string(id) + " is already used by another node of this scenario" +
                                               (explicitId ? "" : "; give this entry an explicit \"id\""));
          Node node = network;
          node.id = id;
          node.gpu_type = type.id;
          node.gpus = gpus;
          ev.nodes.push_back(std::move(node));
        }
        if (!name.empty()) s.node_names[first] = name;
        nextId = std::max(nextId, first + count);
      }
    }
    s.events.push_back(std::move(ev));
  }
  // Second pass: the nodes a leave or a failure takes, by id or by name.
  for (size_t i = 0; i < events.size(); ++i) {
    ScenarioEvent& ev = s.events[i];
    if (ev.kind == ScenarioEventKind::Join) continue;
    const JsonReader nodes = events.element(i).array("nodes");
    for (size_t j = 0; j < nodes.size(); ++j) {
      const JsonReader n = nodes.element(j);
      const nlohmann::json& v = n.value();
      if (v.is_string()) {
        auto it = idByName.find(v.get<std::string>());
        if (it == idByName.end()) {
          std::string known;
          for (const auto& [name, id] : idByName) known += (known.empty() ? "" : ", ") + name;
          n.fail("", "no node is named '" + v.get<std::string>() + "' (named nodes: " + (known.empty() ? "none" : known) + ")");
        }
        ev.node_ids.push_back(it->second);
      } else if (v.is_number()) {
        const double d = v.get<double>();
        if (!std::isfinite(d) || std::floor(d) != d || d < 0 || d > kMaxNodeId)
          n.fail("", "must be a node id (a non-negative integer) or a node name");
        ev.node_ids.push_back(static_cast<int>(d));
      } else {
        n.fail("", "must be a node id (a non-negative integer) or a node name (a string)");
      }
    }
  }
  const std::vector<ScenarioProblem> problems = validateScenario(s);
  if (!problems.empty()) throw LoadError(fileLabel, problems.front().field, problems.front().problem);
  return s;
}

std::string scenarioToJson(const Scenario& s) {
  ordered_json j;
  j["schema_version"] = kScenarioSchemaVersion;
  if (!s.name.empty()) j["name"] = s.name;
  if (!s.description.empty()) j["description"] = s.description;
  if (!s.cluster_spec.empty()) j["cluster"] = s.cluster_spec;
  else j["cluster"] = ordered_json::parse(clusterToJson(s.start));
  ordered_json names = ordered_json::object();
  for (const auto& [id, name] : s.node_names)
    if (s.start.findNode(id) && !name.empty()) names[std::to_string(id)] = name;
  if (!names.empty()) j["node_names"] = names;
  j["model"] = s.model;
  if (!s.training.empty()) {
    ordered_json t;
    if (s.training.global_batch) t["global_batch"] = *s.training.global_batch;
    if (s.training.sequence_length) t["sequence_length"] = *s.training.sequence_length;
    if (s.training.precision) t["precision"] = toString(*s.training.precision);
    if (s.training.activation_checkpointing) t["activation_checkpointing"] = *s.training.activation_checkpointing;
    if (s.training.distributed_optimizer) t["distributed_optimizer"] = *s.training.distributed_optimizer;
    j["training"] = t;
  }
  if (s.horizon_s) j["horizon_s"] = *s.horizon_s;
  const ReconfigurationParams d;
  const ReconfigurationParams& p = s.reconfiguration;
  if (!(p == d)) {
    ordered_json rc;
    if (p.planner_s) rc["planner_s"] = *p.planner_s;
    if (p.release_s != d.release_s) rc["release_s"] = p.release_s;
    if (p.process_group_s != d.process_group_s) rc["process_group_s"] = p.process_group_s;
    if (p.engine_build_s != d.engine_build_s) rc["engine_build_s"] = p.engine_build_s;
    if (p.unattributed_s != d.unattributed_s) rc["unattributed_s"] = p.unattributed_s;
    if (p.checkpoint_interval_s != d.checkpoint_interval_s) rc["checkpoint_interval_s"] = p.checkpoint_interval_s;
    if (p.checkpoint_read_gbps != d.checkpoint_read_gbps) rc["checkpoint_read_gbps"] = p.checkpoint_read_gbps;
    if (p.move_gradients != d.move_gradients) rc["move_gradients"] = p.move_gradients;
    j["reconfiguration"] = rc;
  }
  j["events"] = ordered_json::array();
  for (const ScenarioEvent& e : s.events) {
    ordered_json ev;
    ev["at_s"] = e.at_s;
    ev["kind"] = toString(e.kind);
    ev["nodes"] = ordered_json::array();
    if (e.kind == ScenarioEventKind::Join) {
      for (const Node& n : e.nodes) {
        ordered_json node;
        node["gpu_type"] = n.gpu_type;
        node["gpus"] = n.gpus;
        node["id"] = n.id;
        auto it = s.node_names.find(n.id);
        if (it != s.node_names.end() && !it->second.empty()) node["name"] = it->second;
        if (n.inter_node_gbps > 0) node["inter_node_gbps"] = n.inter_node_gbps;
        if (n.inter_node_nics > 0) node["inter_node_nics"] = n.inter_node_nics;
        if (n.inter_node_fabric != Fabric::Unstated) node["inter_node_fabric"] = toString(n.inter_node_fabric);
        if (n.price_per_gpu_hour >= 0) node["price_per_gpu_hour"] = n.price_per_gpu_hour;
        ev["nodes"].push_back(node);
      }
    } else {
      for (int id : e.node_ids) {
        auto it = s.node_names.find(id);
        if (it != s.node_names.end() && !it->second.empty()) ev["nodes"].push_back(it->second);
        else ev["nodes"].push_back(id);
      }
    }
    if (!e.note.empty()) ev["note"] = e.note;
    j["events"].push_back(ev);
  }
  return j.dump(2) + "\n";
}

}  // namespace arachne
