// *.cluster.json: parsing with field-precise errors, grouped writing, file load and atomic save.
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_limits.h"
#include "cluster/cluster_spec.h"
#include "cluster/node_network.h"
#include "cluster/node_network_json.h"
#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "io/unknown_keys.h"
#include "network/network_json.h"

namespace arachne {

namespace fs = std::filesystem;

namespace {

constexpr int kSchemaVersion = 1;

std::string fileStem(const std::string& path) {
  std::string name = fs::path(path).filename().string();
  for (const char* ext : {".cluster.json", ".json"}) {
    const std::string e = ext;
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0)
      return name.substr(0, name.size() - e.size());
  }
  return name;
}

}  // namespace

Composition parseClusterJson(const std::string& text, const std::string& fileLabel,
                             const GpuCatalog& catalog) {
  const nlohmann::json root = JsonReader::parse(text, fileLabel);
  JsonReader r(root, fileLabel);
  r.requireObject();
  rejectUnknownKeys(r, {"schema_version", "name", "description", "nodes", "network"});
  const long long schema = r.integer("schema_version", 0, 1000000);
  if (schema != kSchemaVersion)
    r.fail("schema_version", "unsupported version " + std::to_string(schema) + " (this build reads " +
                                 std::to_string(kSchemaVersion) + ")");

  Composition c;
  c.name = r.string("name", "");
  c.description = r.string("description", "");
  if (r.has("network")) {
    // A built-in profile's name or a *.network.json path (relative to the cluster file), or
    // the network written out in place.
    if (r.value()["network"].is_string()) {
      const std::string ref = r.string("network");
      fs::path path = ref;
      if (path.is_relative() && fileLabel.find('<') == std::string::npos) path = fs::path(fileLabel).parent_path() / path;
      std::error_code ec;
      const std::string target = fs::exists(path, ec) ? path.string() : ref;
      try {
        c.network = std::make_shared<NetworkProfile>(resolveNetwork(target, catalog));
      } catch (const LoadError& e) {
        r.fail("network", e.what());
      }
    } else {
      c.network = std::make_shared<NetworkProfile>(parseNetworkObject(r.object("network"), catalog));
    }
  }

  const JsonReader nodes = r.array("nodes");
  std::map<int, size_t> owner;  // node id -> index of the "nodes" entry that holds it
  long long total = 0;
  int nextId = 0;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const JsonReader e = nodes.element(i);
    e.requireObject();
    rejectUnknownKeys(e, {"gpu_type", "gpus", "count", "id", "inter_node_gbps", "inter_node_nics", "inter_node_fabric",
                          "price_per_gpu_hour"});
    const std::string typeName = e.string("gpu_type");
    const GpuType& type = catalog.at(typeName, fileLabel, e.fieldPath("gpu_type"));
    const int gpus = static_cast<int>(e.integer("gpus", 1, kMaxNodeGpus));
    const int count = static_cast<int>(e.integer("count", 1, kMaxClusterGpus, 1));
    const bool explicitId = e.has("id");
    const int firstId = explicitId ? static_cast<int>(e.integer("id", 0, kMaxNodeId)) : nextId;
    Node network;  // the entry's own network, copied to each of its nodes
    readNodeOverrides(e, network);

    total += static_cast<long long>(gpus) * count;
    if (total > kMaxClusterGpus)
      e.fail("count", "the cluster would hold " + std::to_string(total) + " GPUs or more, above the limit of " +
                          std::to_string(kMaxClusterGpus));
    if (static_cast<long long>(firstId) + count - 1 > kMaxNodeId)
      e.fail(explicitId ? "id" : "count", "node ids would pass the limit of " + std::to_string(kMaxNodeId));
    for (int k = 0; k < count; ++k) {
      const int id = firstId + k;
      auto [it, fresh] = owner.emplace(id, i);
      if (!fresh)
        e.fail(explicitId ? "id" : "", "node id " + std::to_string(id) + " is already used by nodes[" +
                                           std::to_string(it->second) + "]" +
                                           (explicitId ? "" : "; give this entry an explicit \"id\""));
      Node n = network;
      n.id = id;
      n.gpu_type = type.id;
      n.gpus = gpus;
      c.addNode(std::move(n));
    }
    nextId = firstId + count;
  }
  return c;
}

std::string clusterToJson(const Composition& c) {
  using nlohmann::json;
  std::ostringstream out;
  out << "{\n  \"schema_version\": " << kSchemaVersion;
  if (!c.name.empty()) out << ",\n  \"name\": " << json(c.name).dump();
  if (!c.description.empty()) out << ",\n  \"description\": " << json(c.description).dump();
  if (c.network) out << ",\n  \"network\": " << networkToJsonValue(*c.network).dump();
  out << ",\n  \"nodes\": [";
  // Runs of equal nodes with consecutive ids become one entry with "count"; "id" is written
  // only where the ids do not simply continue from the previous entry, so a freshly built
  // cluster reads like the hand-written presets while edited ones still round-trip exactly.
  const auto& nodes = c.nodes();
  int expectedId = 0;
  for (size_t i = 0; i < nodes.size();) {
    const Node& n = nodes[i];
    size_t j = i + 1;
    while (j < nodes.size() && nodes[j].gpu_type == n.gpu_type && nodes[j].gpus == n.gpus && sameNodeOverrides(nodes[j], n) &&
           nodes[j].id == nodes[j - 1].id + 1)
      ++j;
    out << (i == 0 ? "\n" : ",\n") << "    {\"gpu_type\": " << json(n.gpu_type).dump()
        << ", \"gpus\": " << n.gpus;
    if (j - i > 1) out << ", \"count\": " << (j - i);
    if (n.id != expectedId) out << ", \"id\": " << n.id;
    if (n.inter_node_gbps > 0) out << ", \"inter_node_gbps\": " << json(n.inter_node_gbps).dump();
    if (n.inter_node_nics > 0) out << ", \"inter_node_nics\": " << n.inter_node_nics;
    if (n.inter_node_fabric != Fabric::Unstated)
      out << ", \"inter_node_fabric\": " << json(toString(n.inter_node_fabric)).dump();
    if (n.price_per_gpu_hour >= 0) out << ", \"price_per_gpu_hour\": " << json(n.price_per_gpu_hour).dump();
    out << "}";
    expectedId = nodes[j - 1].id + 1;
    i = j;
  }
  out << (nodes.empty() ? "]\n}\n" : "\n  ]\n}\n");
  return out.str();
}

Composition loadClusterFile(const std::string& path, const GpuCatalog& catalog) {
  Composition c = parseClusterJson(readInputFile(path, "*.cluster.json"), path, catalog);
  if (c.name.empty()) c.name = fileStem(path);
  return c;
}

void saveClusterFile(const Composition& c, const std::string& path) {
  writeFileAtomically(path, clusterToJson(c));
}

}  // namespace arachne
