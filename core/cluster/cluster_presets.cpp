// The built-in preset compositions: resources/presets/<name>.cluster.json, embedded at build time.
#include <algorithm>
#include <cctype>

#include "cluster/cluster_spec.h"
#include "io/load_error.h"
#include "io/resources.h"

namespace arachne {

namespace {

const std::string kPrefix = "presets/";
const std::string kSuffix = ".cluster.json";

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return std::tolower(ch); });
  return s;
}

// Natural order, so paper-3t-128 < paper-3t-256 < paper-3t-512 and paper-growth-3 < -7 < -11.
bool naturalLess(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const bool da = std::isdigit(static_cast<unsigned char>(a[i]));
    const bool db = std::isdigit(static_cast<unsigned char>(b[j]));
    if (da && db) {
      size_t ei = i, ej = j;
      while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei]))) ++ei;
      while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej]))) ++ej;
      // Compare digit runs by value: strip leading zeros, then length, then digits.
      size_t zi = i, zj = j;
      while (zi + 1 < ei && a[zi] == '0') ++zi;
      while (zj + 1 < ej && b[zj] == '0') ++zj;
      if (ei - zi != ej - zj) return ei - zi < ej - zj;
      const int cmp = a.compare(zi, ei - zi, b, zj, ej - zj);
      if (cmp != 0) return cmp < 0;
      i = ei;
      j = ej;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

}  // namespace

std::vector<std::string> presetNames() {
  std::vector<std::string> names;
  for (const auto& [key, text] : resources::embedded()) {
    if (key.size() <= kPrefix.size() + kSuffix.size()) continue;
    if (key.compare(0, kPrefix.size(), kPrefix) != 0) continue;
    if (key.compare(key.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0) continue;
    const std::string name = key.substr(kPrefix.size(), key.size() - kPrefix.size() - kSuffix.size());
    if (name.find('/') == std::string::npos) names.push_back(name);
  }
  std::sort(names.begin(), names.end(), naturalLess);
  return names;
}

Composition loadPreset(const std::string& name, const GpuCatalog& catalog) {
  const std::string key = lower(name);
  const auto text = resources::text(kPrefix + key + kSuffix);
  if (!text || key.find('/') != std::string::npos) {
    std::string known;
    for (const auto& n : presetNames()) known += (known.empty() ? "" : ", ") + n;
    throw LoadError("<preset>", "", "unknown preset '" + name + "' (known: " + known + ")");
  }
  Composition c = parseClusterJson(*text, "resources/" + kPrefix + key + kSuffix, catalog);
  if (c.name.empty()) c.name = key;
  return c;
}

}  // namespace arachne
