// Parsing and writing network documents; resolving built-in profiles, files and Sailor's files.
#include "network/network_json.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "catalog/gpu_catalog.h"
#include "io/input_file.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "io/resources.h"
#include "sailor/sailor_network.h"

namespace arachne {

namespace {

constexpr int kSchemaVersion = 1;
constexpr double kMaxLatencyUs = 1.0e6;    // one second per message is a unit mistake
constexpr int kMaxCount = 1024;

void rejectUnknown(const JsonReader& r, const std::set<std::string>& known) {
  for (auto it = r.value().begin(); it != r.value().end(); ++it) {
    if (known.count(it.key())) continue;
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    r.fail(it.key(), "unknown field (known: " + list + ")");
  }
}

// One rate: "gbps" (constant), "curve" ([[bytes, gbps], ...]) or "sailor_fit".
BandwidthCurve readRate(const JsonReader& e) {
  const int forms = int(e.has("gbps")) + int(e.has("curve")) + int(e.has("sailor_fit"));
  if (forms != 1) e.fail("", "give exactly one of \"gbps\", \"curve\" or \"sailor_fit\"");
  if (e.has("gbps")) return BandwidthCurve::constant(e.number("gbps", kMinLinkGbps, kMaxLinkGbps));
  if (e.has("curve")) {
    const JsonReader c = e.array("curve");
    if (c.size() == 0) c.fail("", "needs at least one [bytes, gbps] point");
    std::vector<std::pair<double, double>> pts;
    double last = 0;
    for (size_t i = 0; i < c.size(); ++i) {
      const JsonReader p = c.element(i);
      p.requireArray();
      if (p.size() != 2) p.fail("", "must be [bytes, gbps]");
      const auto& b = p.value()[0];
      const auto& g = p.value()[1];
      if (!b.is_number() || !(b.get<double>() >= 1) || b.get<double>() > 1e15)
        p.fail("0", "message size must be a number of bytes in [1, 1e15]");
      if (!g.is_number() || !(g.get<double>() >= kMinLinkGbps) || g.get<double>() > kMaxLinkGbps)
        p.fail("1", "bandwidth must be a number of GB/s between 1e-06 and 100000, got " + JsonReader::shortValue(g));
      if (b.get<double>() <= last) p.fail("0", "message sizes must increase");
      last = b.get<double>();
      pts.emplace_back(b.get<double>(), g.get<double>());
    }
    return BandwidthCurve::table(std::move(pts));
  }
  const JsonReader f = e.object("sailor_fit");
  rejectUnknown(f, {"coeffs", "max_gbps"});
  const JsonReader c = f.array("coeffs");
  if (c.size() == 0 || c.size() > 8) c.fail("", "needs 1 to 8 coefficients");
  std::vector<double> coeffs;
  for (size_t i = 0; i < c.size(); ++i) {
    const auto& v = c.value()[i];
    if (!v.is_number() || !std::isfinite(v.get<double>())) c.fail(std::to_string(i), "must be a finite number");
    coeffs.push_back(v.get<double>());
  }
  return BandwidthCurve::sailorPolynomial(coeffs, f.number("max_gbps", kMinLinkGbps, kMaxLinkGbps));
}

// A list of {"gpus": n, <rate>} entries, ascending and distinct in n.
std::vector<std::pair<int, BandwidthCurve>> readCounted(const JsonReader& list, const std::string& origin) {
  std::vector<std::pair<int, BandwidthCurve>> out;
  if (list.size() == 0) list.fail("", "needs at least one entry");
  for (size_t i = 0; i < list.size(); ++i) {
    const JsonReader e = list.element(i);
    e.requireObject();
    rejectUnknown(e, {"gpus", "gbps", "curve", "sailor_fit"});
    const int n = static_cast<int>(e.integer("gpus", 1, kMaxCount));
    if (!out.empty() && n <= out.back().first) e.fail("gpus", "GPU counts must increase");
    BandwidthCurve c = readRate(e);
    c.origin = origin;
    out.emplace_back(n, std::move(c));
  }
  return out;
}

// An inter-node or pair entry: either one rate for the node ("gbps"/"curve"/"sailor_fit", which
// every number of flows shares) or "flows" per number of GPUs sending at once.
NicModel readNic(const JsonReader& e, const std::string& origin) {
  NicModel m;
  m.latency_s = e.number("latency_us", 0, kMaxLatencyUs, 0.0) * 1e-6;
  if (e.has("flows")) {
    if (e.has("gbps") || e.has("curve") || e.has("sailor_fit"))
      e.fail("flows", "give either \"flows\" or one rate for the node, not both");
    m.flows = readCounted(e.array("flows"), origin);
  } else {
    BandwidthCurve c = readRate(e);
    c.origin = origin;
    m.flows.emplace_back(1, std::move(c));
  }
  return m;
}

nlohmann::json rateJson(const BandwidthCurve& c) {
  nlohmann::json j = nlohmann::json::object();
  switch (c.form()) {
    case BandwidthCurve::Form::Constant: j["gbps"] = c.peakGbps(); break;
    case BandwidthCurve::Form::Table: {
      nlohmann::json pts = nlohmann::json::array();
      for (const auto& [b, g] : c.tablePoints()) pts.push_back({b, g});
      j["curve"] = pts;
      break;
    }
    case BandwidthCurve::Form::SailorFit:
      j["sailor_fit"] = {{"coeffs", c.sailorCoeffs()}, {"max_gbps", c.sailorMaxGbps()}};
      break;
  }
  return j;
}

nlohmann::json countedJson(const std::vector<std::pair<int, BandwidthCurve>>& v) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& [n, c] : v) {
    nlohmann::json e = rateJson(c);
    e["gpus"] = n;
    a.push_back(e);
  }
  return a;
}

// Network files are read like every other input (issue 15): regular files only, within the
// input size limit (ARACHNE_MAX_INPUT_BYTES overrides it).
std::string readText(const std::string& path) { return readInputFile(path, "network"); }

}  // namespace

NetworkProfile parseNetworkObject(const JsonReader& r, const GpuCatalog& catalog) {
  r.requireObject();
  rejectUnknown(r, {"schema_version", "name", "source", "deployment", "inter_node", "pairs", "intra_node"});
  if (r.has("schema_version")) {
    const long long v = r.integer("schema_version", 0, 1000000);
    if (v != kSchemaVersion)
      r.fail("schema_version", "unsupported version " + std::to_string(v) + " (this build reads " +
                                   std::to_string(kSchemaVersion) + ")");
  }
  NetworkProfile p;
  p.name = r.string("name", "");
  p.source = r.string("source", "");
  p.deployment = r.string("deployment", "");
  const std::string origin = p.name.empty() ? r.file() : p.name;
  if (r.has("inter_node")) {
    const JsonReader list = r.array("inter_node");
    for (size_t i = 0; i < list.size(); ++i) {
      const JsonReader e = list.element(i);
      e.requireObject();
      rejectUnknown(e, {"gpu_type", "latency_us", "flows", "gbps", "curve", "sailor_fit"});
      const std::string id = catalog.at(e.string("gpu_type"), r.file(), e.fieldPath("gpu_type")).id;
      if (p.interNode(id)) e.fail("gpu_type", "'" + id + "' is declared twice");
      p.setInterNode(id, readNic(e, origin));
    }
  }
  if (r.has("pairs")) {
    const JsonReader list = r.array("pairs");
    for (size_t i = 0; i < list.size(); ++i) {
      const JsonReader e = list.element(i);
      e.requireObject();
      rejectUnknown(e, {"gpu_types", "latency_us", "flows", "gbps", "curve", "sailor_fit"});
      const JsonReader types = e.array("gpu_types");
      if (types.size() != 2) types.fail("", "must name exactly two GPU types");
      std::string ids[2];
      for (size_t k = 0; k < 2; ++k) {
        const auto& v = types.value()[k];
        if (!v.is_string()) types.fail(std::to_string(k), "must be a GPU type id");
        ids[k] = catalog.at(v.get<std::string>(), r.file(), types.fieldPath(std::to_string(k))).id;
      }
      if (ids[0] == ids[1]) types.fail("", "a pair needs two different GPU types (use inter_node for one type)");
      if (p.pair(ids[0], ids[1])) e.fail("gpu_types", "the pair " + ids[0] + "/" + ids[1] + " is declared twice");
      p.setPair(ids[0], ids[1], readNic(e, origin));
    }
  }
  if (r.has("intra_node")) {
    const JsonReader list = r.array("intra_node");
    for (size_t i = 0; i < list.size(); ++i) {
      const JsonReader e = list.element(i);
      e.requireObject();
      rejectUnknown(e, {"gpu_type", "latency_us", "groups", "gbps", "curve", "sailor_fit"});
      const std::string id = catalog.at(e.string("gpu_type"), r.file(), e.fieldPath("gpu_type")).id;
      if (p.intraNode(id)) e.fail("gpu_type", "'" + id + "' is declared twice");
      IntraModel m;
      m.latency_s = e.number("latency_us", 0, kMaxLatencyUs, 0.0) * 1e-6;
      if (e.has("groups")) {
        if (e.has("gbps") || e.has("curve") || e.has("sailor_fit"))
          e.fail("groups", "give either \"groups\" or one rate, not both");
        m.groups = readCounted(e.array("groups"), origin);
      } else {
        BandwidthCurve c = readRate(e);
        c.origin = origin;
        m.groups.emplace_back(2, std::move(c));
      }
      p.setIntraNode(id, std::move(m));
    }
  }
  return p;
}

NetworkProfile parseNetworkJson(const std::string& text, const std::string& fileLabel,
                                const GpuCatalog& catalog) {
  const nlohmann::json root = JsonReader::parse(text, fileLabel);
  JsonReader r(root, fileLabel);
  r.requireObject();
  if (!r.has("schema_version")) r.fail("schema_version", "is missing");
  return parseNetworkObject(r, catalog);
}

nlohmann::json networkToJsonValue(const NetworkProfile& n) {
  nlohmann::json j;
  j["schema_version"] = kSchemaVersion;
  if (!n.name.empty()) j["name"] = n.name;
  if (!n.source.empty()) j["source"] = n.source;
  if (!n.deployment.empty()) j["deployment"] = n.deployment;
  auto nic = [](nlohmann::json e, const NicModel& m) {
    if (m.latency_s > 0) e["latency_us"] = m.latency_s * 1e6;
    e["flows"] = countedJson(m.flows);
    return e;
  };
  nlohmann::json inter = nlohmann::json::array();
  for (const auto& [id, m] : n.interNodes()) inter.push_back(nic({{"gpu_type", id}}, m));
  if (!inter.empty()) j["inter_node"] = inter;
  nlohmann::json pairs = nlohmann::json::array();
  for (const auto& [k, m] : n.pairs()) pairs.push_back(nic({{"gpu_types", {k.first, k.second}}}, m));
  if (!pairs.empty()) j["pairs"] = pairs;
  nlohmann::json intra = nlohmann::json::array();
  for (const auto& [id, m] : n.intraNodes()) {
    nlohmann::json e{{"gpu_type", id}};
    if (m.latency_s > 0) e["latency_us"] = m.latency_s * 1e6;
    e["groups"] = countedJson(m.groups);
    intra.push_back(e);
  }
  if (!intra.empty()) j["intra_node"] = intra;
  return j;
}

std::string networkToJson(const NetworkProfile& n) { return networkToJsonValue(n).dump(2) + "\n"; }

NetworkProfile loadNetworkFile(const std::string& path, const GpuCatalog& catalog,
                               const std::string& zone) {
  const std::string text = readText(path);
  if (looksLikeSailorNetwork(text)) {
    namespace fs = std::filesystem;
    const fs::path beside = fs::path(path).parent_path() / "intra_node_bandwidths.json";
    std::string intraText, intraLabel;
    if (fs::exists(beside)) {
      intraLabel = beside.string();
      intraText = readText(intraLabel);
    }
    SailorNetwork net = parseSailorNetwork(text, path, intraText, intraLabel);
    std::string z = zone;
    if (z.empty()) z = net.inter.count("us-central1-a") ? "us-central1-a" : net.zones().front();
    return sailorNetworkProfile(net, z, catalog);
  }
  NetworkProfile p = parseNetworkJson(text, path, catalog);
  // A file without a name is named by its path, so the cluster line (SPEC@NAME) that a report
  // prints finds the file again when pasted back; its stem ("x.network") named nothing.
  if (p.name.empty()) p.name = path;
  return p;
}

std::vector<std::string> networkProfileNames() {
  std::vector<std::string> names;
  const std::string prefix = "networks/", suffix = ".network.json";
  for (const auto& [path, text] : resources::embedded())
    if (path.rfind(prefix, 0) == 0 && path.size() > prefix.size() + suffix.size() &&
        path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)
      names.push_back(path.substr(prefix.size(), path.size() - prefix.size() - suffix.size()));
  return names;
}

NetworkProfile resolveNetwork(const std::string& nameOrPath, const GpuCatalog& catalog) {
  if (auto text = resources::text("networks/" + nameOrPath + ".network.json"))
    return parseNetworkJson(*text, "<network profile '" + nameOrPath + "'>", catalog);
  std::error_code ec;
  if (std::filesystem::exists(nameOrPath, ec)) return loadNetworkFile(nameOrPath, catalog);
  std::string names;
  for (const std::string& n : networkProfileNames()) names += (names.empty() ? "" : ", ") + n;
  throw LoadError(nameOrPath, "", "is neither a built-in network profile (" +
                                      (names.empty() ? std::string("none") : names) + ") nor a file");
}

}  // namespace arachne
