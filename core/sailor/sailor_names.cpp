// Name tables between Sailor's artifact and our catalogs.
#include "sailor/sailor_names.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "catalog/gpu_catalog.h"

namespace arachne {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

struct GpuName {
  const char* sailor;
  const char* id;
};
// The GPU names of Sailor's profiles, network fits and run files (see peer-data README).
constexpr GpuName kGpuNames[] = {
    {"gh-96", "gh200"},       {"a100-40", "a100-40"},   {"a100-80", "a100-80"},
    {"v100-16", "v100-16"},   {"titan-rtx", "titan-rtx"}, {"rtx-3090", "rtx-3090"},
    {"rtx-2080", "rtx-2080"},
};

struct ModelName {
  const char* canonical;  // key in profiles_tmp.json and llm_info.json
  const char* id;         // our model catalog id ("" = not in our catalog)
  const char* alternate;  // other spelling seen in Sailor's tree (directory names)
  int layer_entries;      // embedding + blocks + head, as Sailor indexes them
  int profiled_sequence;  // --seq-length of Sailor's profiling runs (profile_all.py's model_configs)
};
constexpr ModelName kModelNames[] = {
    {"OPT-350", "opt-350m", "OPT-350", 26, 2048},
    {"GPT-Neo-2.7", "gpt-neo-2.7b", "GPT-NEO", 34, 2048},
    // Sailor's LLaMA-3-8 profiles hold 35 entries, one more than 32 + 2 (see the data README).
    {"LLAMA-3-8", "llama3-8b", "LLAMA-3", 35, 8192},
    {"OPT-30", "", "OPT-30", 50, 2048},
};

}  // namespace

std::string sailorGpuToCatalogId(const std::string& sailorGpu, const GpuCatalog& catalog) {
  if (const GpuType* t = catalog.find(sailorGpu)) return t->id;
  const std::string key = lower(sailorGpu);
  for (const auto& g : kGpuNames)
    if (key == g.sailor) {
      if (const GpuType* t = catalog.find(g.id)) return t->id;
      return {};
    }
  return {};
}

std::string sailorModelToModelId(const std::string& sailorModel) {
  const std::string key = lower(sailorModel);
  for (const auto& m : kModelNames)
    if (key == lower(m.canonical) || key == lower(m.alternate)) return m.id;
  return {};
}

std::string canonicalSailorModel(const std::string& nameOrId) {
  const std::string key = lower(nameOrId);
  for (const auto& m : kModelNames)
    if (key == lower(m.canonical) || key == lower(m.alternate) ||
        (*m.id != '\0' && key == m.id))
      return m.canonical;
  return {};
}

std::string sailorModelFromPath(const std::string& path) {
  std::string found;
  // The innermost matching component wins (a checkout may sit under a folder named like a model).
  for (const auto& part : std::filesystem::path(path)) {
    std::string c = canonicalSailorModel(part.string());
    if (!c.empty()) found = c;
  }
  return found;
}

int sailorLayerEntries(const std::string& sailorModel) {
  const std::string c = canonicalSailorModel(sailorModel);
  for (const auto& m : kModelNames)
    if (c == m.canonical) return m.layer_entries;
  return 0;
}

int sailorProfiledSequence(const std::string& sailorModel) {
  const std::string c = canonicalSailorModel(sailorModel);
  for (const auto& m : kModelNames)
    if (c == m.canonical) return m.profiled_sequence;
  return 0;
}

std::vector<std::string> knownSailorModels() {
  std::vector<std::string> out;
  for (const auto& m : kModelNames) out.push_back(m.canonical);
  return out;
}

}  // namespace arachne
