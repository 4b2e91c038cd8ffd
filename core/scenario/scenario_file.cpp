// Scenario files on disk (bounded read, atomic save), the built-in presets, and FILE|PRESET.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "io/load_error.h"
#include "io/resources.h"
#include "scenario/scenario_json.h"

namespace arachne {

namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxScenarioFileBytes = 64u << 20;
const std::string kPresetDir = "scenarios/";
const std::string kPresetSuffix = ".scenario.json";

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

Scenario loadScenarioFile(const std::string& path, const GpuCatalog& catalog) {
  std::error_code ec;
  if (!fs::exists(path, ec)) throw LoadError(path, "", "no such file");
  if (!fs::is_regular_file(path, ec)) throw LoadError(path, "", "not a regular file");
  const auto size = fs::file_size(path, ec);
  if (!ec && size > kMaxScenarioFileBytes)
    throw LoadError(path, "", "file is " + std::to_string(size) + " bytes, larger than the " +
                                  std::to_string(kMaxScenarioFileBytes) + "-byte limit for scenarios");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LoadError(path, "", std::string("cannot open: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw LoadError(path, "", "read error");
  Scenario s = parseScenarioJson(text.str(), path, catalog, fs::path(path).parent_path().string());
  if (s.name.empty()) {
    std::string stem = fs::path(path).filename().string();
    if (endsWith(stem, kPresetSuffix)) stem.resize(stem.size() - kPresetSuffix.size());
    s.name = stem;
  }
  return s;
}

void writeScenarioOutput(const std::string& path, const std::string& text) {
  const fs::path target(path);
  std::random_device rd;
  std::string tmpName = ".";
  tmpName += target.filename().string();
  tmpName += ".tmp-";
  tmpName += std::to_string(rd());
  const fs::path tmp = target.parent_path() / tmpName;
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw LoadError(path, "", std::string("cannot write a temporary file beside it: ") + std::strerror(errno));
    out << text;
    out.flush();
    if (!out) {
      std::error_code ignored;
      fs::remove(tmp, ignored);
      throw LoadError(path, "", "write failed");
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw LoadError(path, "", "cannot replace the file: " + ec.message());
  }
}

void saveScenarioFile(const Scenario& s, const std::string& path) { writeScenarioOutput(path, scenarioToJson(s)); }

std::vector<std::string> scenarioPresetNames() {
  std::vector<std::string> names;
  for (const auto& [rel, text] : resources::embedded()) {
    (void)text;
    if (rel.rfind(kPresetDir, 0) == 0 && endsWith(rel, kPresetSuffix))
      names.push_back(rel.substr(kPresetDir.size(), rel.size() - kPresetDir.size() - kPresetSuffix.size()));
  }
  return names;
}

Scenario loadScenarioPreset(const std::string& name, const GpuCatalog& catalog) {
  const auto text = resources::text(kPresetDir + name + kPresetSuffix);
  if (!text) {
    std::string known;
    for (const auto& n : scenarioPresetNames()) known += (known.empty() ? "" : ", ") + n;
    throw LoadError("<scenario preset>", "", "unknown scenario preset '" + name + "' (known: " + known + ")");
  }
  Scenario s = parseScenarioJson(*text, "<scenario preset " + name + ">", catalog);
  if (s.name.empty()) s.name = name;
  return s;
}

Scenario resolveScenario(const std::string& fileOrPreset, const GpuCatalog& catalog) {
  std::error_code ec;
  if (fs::exists(fileOrPreset, ec) || endsWith(fileOrPreset, ".json")) return loadScenarioFile(fileOrPreset, catalog);
  for (const auto& n : scenarioPresetNames())
    if (n == fileOrPreset) return loadScenarioPreset(n, catalog);
  std::string known;
  for (const auto& n : scenarioPresetNames()) known += (known.empty() ? "" : ", ") + n;
  throw LoadError(fileOrPreset, "", "neither a scenario file nor a scenario preset (presets: " + known + ")");
}

}  // namespace arachne
