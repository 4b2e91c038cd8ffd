// Resolving a --cluster SPEC: a *.cluster.json path, else a preset name, else the inline form.
#include "cluster/cluster_spec.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "io/load_error.h"
#include "io/resources.h"
#include "network/network_json.h"

namespace arachne {

namespace {

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return std::tolower(ch); });
  return s;
}

bool endsWithJson(const std::string& s) {
  const std::string l = lower(s);
  return l.size() >= 5 && l.compare(l.size() - 5, 5, ".json") == 0;
}

bool isPreset(const std::string& spec) {
  const std::string key = lower(spec);
  return key.find('/') == std::string::npos &&
         resources::text("presets/" + key + ".cluster.json").has_value();
}

}  // namespace

Composition resolveCluster(const std::string& rawSpec, const GpuCatalog& catalog) {
  std::string spec = trim(rawSpec);
  // SPEC@NETWORK attaches a built-in network profile or a *.network.json (or Sailor's
  // multizone file) to whatever SPEC names; the file's own "network" is replaced.
  const size_t at = spec.rfind('@');
  std::error_code fileEc;
  if (at != std::string::npos && !std::filesystem::is_regular_file(spec, fileEc)) {
    const std::string net = trim(spec.substr(at + 1));
    if (net.empty()) throw LoadError("<cluster spec>", "", "'" + spec + "' ends in '@' without a network profile");
    Composition c = resolveCluster(spec.substr(0, at), catalog);
    c.network = std::make_shared<NetworkProfile>(resolveNetwork(net, catalog));
    return c;
  }
  std::error_code ec;
  // A file wins even when its name looks like a preset, so a user's own copy can shadow one.
  if (!spec.empty() && (std::filesystem::is_regular_file(spec, ec) || endsWithJson(spec)))
    return loadClusterFile(spec, catalog);
  if (!spec.empty() && isPreset(spec)) return loadPreset(spec, catalog);
  try {
    return parseInlineCluster(spec, catalog);
  } catch (const LoadError& e) {
    std::string presets;
    for (const auto& n : presetNames()) presets += (presets.empty() ? "" : ", ") + n;
    throw LoadError(e.file(), e.field(),
                    "'" + spec + "' is neither a file, a preset (" + presets +
                        ") nor an inline spec: " + e.problem());
  }
}

}  // namespace arachne
