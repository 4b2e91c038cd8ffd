// Scenario files on disk (bounded read, atomic save), the built-in presets, and FILE|PRESET.
#include <filesystem>

#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/load_error.h"
#include "io/resources.h"
#include "model/model_catalog.h"
#include "scenario/scenario_json.h"

namespace arachne {

namespace {

namespace fs = std::filesystem;

const std::string kPresetDir = "scenarios/";
const std::string kPresetSuffix = ".scenario.json";

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

Scenario loadScenarioFile(const std::string& path, const GpuCatalog& catalog) {
  // The loaders' one reader: regular files only (a FIFO would block, /dev/zero never end), opened
  // without blocking and checked on the open descriptor, within inputSizeLimit().
  const std::string text = readInputFile(path, "scenario");
  Scenario s = parseScenarioJson(text, path, catalog, fs::path(path).parent_path().string());
  if (s.name.empty()) {
    std::string stem = fs::path(path).filename().string();
    if (endsWith(stem, kPresetSuffix)) stem.resize(stem.size() - kPresetSuffix.size());
    s.name = stem;
  }
  return s;
}

// The outputs' one writer: a temporary file made with mkstemp, flushed to disk, renamed over the
// target; links followed, permissions kept, devices, FIFOs and read-only files refused.
void writeScenarioOutput(const std::string& path, const std::string& text) { writeFileAtomically(path, text); }

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

Model resolveScenarioModel(const std::string& model, const std::string& scenarioFile) {
  if (ModelCatalog::builtin().find(model) || scenarioFile.empty() || !fs::path(model).is_relative())
    return resolveModel(model);
  const fs::path beside = fs::path(scenarioFile).parent_path() / model;
  std::error_code ec;
  if (fs::exists(beside, ec)) return resolveModel(beside.string());
  try {
    return resolveModel(model);
  } catch (const LoadError& e) {
    throw LoadError(e.file(), e.field(), e.problem() + "; looked beside the scenario (" + beside.string() +
                                             ") and in the working directory");
  }
}

}  // namespace arachne
