// Loading and lookup of the GPU catalog.
#include "catalog/gpu_catalog.h"

#include <algorithm>
#include <cctype>

#include "catalog/fabric_json.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "io/resources.h"

namespace arachne {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Caps that reject nonsense while leaving room for future hardware.
constexpr double kMaxMemoryBytes = 4.0e12;   // 4 TB per GPU
constexpr double kMaxTflops = 1.0e5;
constexpr double kMaxGbps = 1.0e5;

GpuType parseType(const JsonReader& r) {
  r.requireObject();
  GpuType t;
  t.id = lower(r.string("id"));
  if (t.id.empty()) r.fail("id", "must not be empty");
  t.name = r.string("name", t.id);
  t.memory_bytes = r.number("memory_bytes", 1.0, kMaxMemoryBytes);
  t.bf16_tflops = r.number("bf16_tflops", 0.0, kMaxTflops);
  t.fp16_tflops = r.number("fp16_tflops", 0.0, kMaxTflops);
  t.fp32_tflops = r.number("fp32_tflops", 0.0, kMaxTflops);
  t.tf32_tflops = r.number("tf32_tflops", 0.0, kMaxTflops, 0.0);
  t.fp8_tflops = r.number("fp8_tflops", 0.0, kMaxTflops, 0.0);
  if (t.fp16_tflops <= 0 && t.fp32_tflops <= 0 && t.bf16_tflops <= 0)
    r.fail("fp32_tflops", "a GPU type needs a positive rate in at least one precision");
  t.matmul_efficiency = r.number("matmul_efficiency", 0.05, 1.0, 0.8);
  t.memory_bandwidth_gbps = r.number("memory_bandwidth_gbps", 1e-3, kMaxGbps);
  t.intra_node_gbps = r.number("intra_node_gbps", 1e-3, kMaxGbps);
  t.inter_node_gbps = r.number("inter_node_gbps", 1e-3, kMaxGbps);
  t.usual_node_size = static_cast<int>(r.integer("usual_node_size", 1, 1024));
  t.inter_node_nics = static_cast<int>(r.integer("inter_node_nics", 1, 1024, 1));
  if (r.has("inter_node_fabric")) {
    t.inter_node_fabric = readFabric(r, "inter_node_fabric");
  }
  t.price_per_hour = r.number("price_per_hour", 0.0, 1.0e4);
  if (r.has("sources")) {
    JsonReader s = r.object("sources");
    for (auto it = s.value().begin(); it != s.value().end(); ++it) {
      if (!it->is_string()) s.fail(it.key(), "must be a string");
      t.sources[it.key()] = it->get<std::string>();
    }
  }
  if (r.has("aliases")) {
    JsonReader a = r.array("aliases");
    for (size_t i = 0; i < a.size(); ++i) {
      const auto& v = a.value().at(i);
      if (!v.is_string()) a.element(i).fail("", "must be a string");
      t.aliases[lower(v.get<std::string>())] = t.id;
    }
  }
  return t;
}

}  // namespace

const GpuCatalog& GpuCatalog::builtin() {
  static const GpuCatalog catalog = [] {
    auto text = resources::text("gpus.json");
    if (!text) throw LoadError("resources/gpus.json", "", "not embedded in this build");
    return fromJson(*text, "resources/gpus.json");
  }();
  return catalog;
}

GpuCatalog GpuCatalog::fromJson(const std::string& text, const std::string& fileLabel) {
  nlohmann::json root = JsonReader::parse(text, fileLabel);
  JsonReader r(root, fileLabel);
  r.requireObject();
  long long schema = r.integer("schema_version", 1, 1000);
  if (schema != 1) r.fail("schema_version", "unsupported version " + std::to_string(schema) + " (this build reads 1)");
  GpuCatalog c;
  c.version_ = r.string("version", "1");
  JsonReader types = r.array("types");
  if (types.size() == 0) types.fail("", "must list at least one GPU type");
  for (size_t i = 0; i < types.size(); ++i) {
    JsonReader e = types.element(i);
    GpuType t = parseType(e);
    if (c.indexOf(t.id) >= 0) e.fail("id", "duplicate GPU type id '" + t.id + "'");
    for (const auto& [alias, id] : t.aliases)
      if (c.indexOf(alias) >= 0) e.fail("aliases", "alias '" + alias + "' is already taken");
    c.add(std::move(t));
  }
  return c;
}

int GpuCatalog::indexOf(const std::string& idOrAlias) const {
  const std::string key = lower(idOrAlias);
  for (size_t i = 0; i < types_.size(); ++i) {
    if (types_[i].id == key || types_[i].aliases.count(key)) return static_cast<int>(i);
  }
  return -1;
}

const GpuType* GpuCatalog::find(const std::string& idOrAlias) const {
  int i = indexOf(idOrAlias);
  return i < 0 ? nullptr : &types_[static_cast<size_t>(i)];
}

std::string GpuCatalog::canonicalId(const std::string& idOrAlias) const {
  const GpuType* t = find(idOrAlias);
  return t ? t->id : idOrAlias;
}

const GpuType& GpuCatalog::at(const std::string& idOrAlias, const std::string& fileLabel,
                              const std::string& field) const {
  if (const GpuType* t = find(idOrAlias)) return *t;
  std::string known;
  for (const auto& t : types_) known += (known.empty() ? "" : ", ") + t.id;
  // A name from a file may be anything, however long: echo at most 60 bytes of it.
  std::string name = idOrAlias.size() > 60 ? idOrAlias.substr(0, 60) + "\xE2\x80\xA6" : idOrAlias;
  throw LoadError(fileLabel, field, "unknown GPU type '" + name + "' (known: " + known + ")");
}

void GpuCatalog::add(GpuType t) {
  t.id = lower(t.id);
  std::map<std::string, std::string> aliases;
  for (const auto& [a, id] : t.aliases) aliases[lower(a)] = t.id;
  t.aliases = std::move(aliases);
  types_.push_back(std::move(t));
}

}  // namespace arachne
