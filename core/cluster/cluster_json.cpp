// *.cluster.json: parsing with field-precise errors, grouped writing, file load and atomic save.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_limits.h"
#include "cluster/cluster_spec.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "network/network_json.h"

namespace arachne {

namespace fs = std::filesystem;

namespace {

constexpr int kSchemaVersion = 1;
// Upper bound of a per-node link override, the same cap the GPU catalog applies (GB/s).
constexpr double kMaxLinkGbps = 1.0e5;
// A cluster file is a few kilobytes; refusing huge files keeps a wrong path from eating memory.
constexpr std::uintmax_t kMaxFileBytes = 64u << 20;

// A misspelt optional key ("inter_node_gbs") would otherwise be ignored in silence.
void rejectUnknownKeys(const JsonReader& r, const std::set<std::string>& known) {
  for (auto it = r.value().begin(); it != r.value().end(); ++it) {
    if (known.count(it.key())) continue;
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    r.fail(it.key(), "unknown field (known: " + list + ")");
  }
}

std::string fileStem(const std::string& path) {
  std::string name = fs::path(path).filename().string();
  for (const char* ext : {".cluster.json", ".json"}) {
    const std::string e = ext;
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0)
      return name.substr(0, name.size() - e.size());
  }
  return name;
}

std::string ioProblem(const std::string& what) {
  return what + ": " + std::strerror(errno);
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
    rejectUnknownKeys(e, {"gpu_type", "gpus", "count", "id", "inter_node_gbps", "inter_node_nics"});
    const std::string typeName = e.string("gpu_type");
    const GpuType& type = catalog.at(typeName, fileLabel, e.fieldPath("gpu_type"));
    const int gpus = static_cast<int>(e.integer("gpus", 1, kMaxNodeGpus));
    const int count = static_cast<int>(e.integer("count", 1, kMaxClusterGpus, 1));
    const bool explicitId = e.has("id");
    const int firstId = explicitId ? static_cast<int>(e.integer("id", 0, kMaxNodeId)) : nextId;
    const double link = e.number("inter_node_gbps", 1e-3, kMaxLinkGbps, 0.0);
    const int nics = static_cast<int>(e.integer("inter_node_nics", 1, 1024, 0));

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
      Node n;
      n.id = id;
      n.gpu_type = type.id;
      n.gpus = gpus;
      n.inter_node_gbps = link;
      n.inter_node_nics = nics;
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
    while (j < nodes.size() && nodes[j].gpu_type == n.gpu_type && nodes[j].gpus == n.gpus &&
           nodes[j].inter_node_gbps == n.inter_node_gbps && nodes[j].inter_node_nics == n.inter_node_nics &&
           nodes[j].id == nodes[j - 1].id + 1)
      ++j;
    out << (i == 0 ? "\n" : ",\n") << "    {\"gpu_type\": " << json(n.gpu_type).dump()
        << ", \"gpus\": " << n.gpus;
    if (j - i > 1) out << ", \"count\": " << (j - i);
    if (n.id != expectedId) out << ", \"id\": " << n.id;
    if (n.inter_node_gbps > 0) out << ", \"inter_node_gbps\": " << json(n.inter_node_gbps).dump();
    if (n.inter_node_nics > 0) out << ", \"inter_node_nics\": " << n.inter_node_nics;
    out << "}";
    expectedId = nodes[j - 1].id + 1;
    i = j;
  }
  out << (nodes.empty() ? "]\n}\n" : "\n  ]\n}\n");
  return out.str();
}

Composition loadClusterFile(const std::string& path, const GpuCatalog& catalog) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (!fs::exists(st)) throw LoadError(path, "", "no such file");
  if (fs::is_directory(st)) throw LoadError(path, "", "is a directory, not a *.cluster.json file");
  const std::uintmax_t size = fs::file_size(path, ec);
  if (!ec && size > kMaxFileBytes)
    throw LoadError(path, "", "file of " + std::to_string(size) + " bytes is too large for a cluster file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoadError(path, "", ioProblem("cannot open"));
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) throw LoadError(path, "", ioProblem("cannot read"));
  Composition c = parseClusterJson(buf.str(), path, catalog);
  if (c.name.empty()) c.name = fileStem(path);
  return c;
}

void saveClusterFile(const Composition& c, const std::string& path) {
  const std::string text = clusterToJson(c);
  // Replace the file a symlink points at rather than the link itself.
  std::error_code ec;
  fs::path target = path;
  if (fs::is_symlink(target, ec)) {
    fs::path resolved = fs::canonical(target, ec);
    if (!ec) target = resolved;
  }
  fs::path dir = target.parent_path();
  if (dir.empty()) dir = ".";
  if (fs::is_directory(target, ec))
    throw LoadError(path, "", "cannot save: a directory of that name exists");

  std::random_device rd;
  std::ostringstream suffix;
  suffix << std::hex << rd() << rd();
  // A short name, so a target whose own name is near the file-name limit can still be saved.
  std::string tempName = ".";
  tempName += target.filename().string().substr(0, 64);
  tempName += ".tmp-";
  tempName += suffix.str();
  const fs::path temp = dir / tempName;
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out)
      throw LoadError(path, "", ioProblem("cannot save (cannot create a temporary file in '" + dir.string() + "')"));
    out << text;
    out.flush();
    if (!out) {
      const std::string problem = ioProblem("cannot save (write failed)");
      out.close();
      fs::remove(temp, ec);
      throw LoadError(path, "", problem);
    }
  }
  // Keep the permissions of the file being replaced.
  const fs::file_status old = fs::status(target, ec);
  if (!ec && fs::exists(old)) fs::permissions(temp, old.permissions(), ec);
  if (std::rename(temp.c_str(), target.c_str()) != 0) {
    const std::string problem = ioProblem("cannot save (rename of the temporary file failed)");
    fs::remove(temp, ec);
    throw LoadError(path, "", problem);
  }
}

}  // namespace arachne
