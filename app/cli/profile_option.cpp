// Loading --profiles in our format or in Sailor's (with llm_info.json).
#include "profile_option.h"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "io/input_file.h"
#include "io/json_reader.h"
#include "catalog/gpu_catalog.h"
#include "io/load_error.h"
#include "model/model.h"
#include "profile/profile_json.h"
#include "sailor/sailor_json.h"
#include "sailor/sailor_layer_info.h"
#include "validation/heldout_set.h"

namespace arachne::cli {

bool isOurProfileFormat(const std::string& path) {
  // Read as a profile set: either format is one, so a bad path is named as such.
  const nlohmann::json j = JsonReader::parse(readInputFile(path, "profile set"), path);
  return j.is_object() && j.contains("schema_version") && j.contains("entries");
}

std::string findLlmInfo(const std::string& profilesPath) {
  namespace fs = std::filesystem;
  fs::path dir = fs::absolute(profilesPath).parent_path();
  for (int up = 0; up < 5 && !dir.empty(); ++up) {
    std::error_code ec;
    if (fs::is_regular_file(dir / "llm_info.json", ec)) return (dir / "llm_info.json").string();
    if (dir == dir.parent_path()) break;
    dir = dir.parent_path();
  }
  return {};
}

LoadedProfiles loadProfileOption(const std::string& path, const std::string& llmInfoPath,
                                 const Model& model, const GpuCatalog& catalog) {
  LoadedProfiles out;
  if (isOurProfileFormat(path)) {
    out.profiles = loadProfileFile(path);
    if (out.profiles.model_id != model.id)
      throw LoadError(path, "model", "the profiles are for model '" + out.profiles.model_id +
                                         "', the planning uses '" + model.id + "'");
    // An entry no cluster GPU or model layer can match would be unused in silence, and the
    // analytic figure priced in its place ("h100x", "DENSE"): refused, naming the entry.
    std::string layerIds;
    for (const LayerType& t : model.layer_types) {
      if (!layerIds.empty()) layerIds += ", ";
      layerIds += t.id;
    }
    for (const ProfileKey& k : out.profiles.keys()) {
      const std::string entry = "the entry (" + k.gpu_type + ", TP " + std::to_string(k.tp) + ", mbs " +
                                std::to_string(k.micro_batch) + ", " + k.layer_type + ")";
      if (!catalog.find(k.gpu_type))
        throw LoadError(path, "entries", entry + " names GPU type '" + k.gpu_type +
                                             "', which the catalog does not have ('arachne-cli gpus' lists them)");
      bool known = false;
      for (const LayerType& t : model.layer_types) known = known || t.id == k.layer_type;
      if (!known)
        throw LoadError(path, "entries", entry + " names layer type '" + k.layer_type + "'; model '" + model.id +
                                             "' has " + layerIds);
    }
    return out;
  }
  out.llm_info = llmInfoPath.empty() ? findLlmInfo(path) : llmInfoPath;
  if (out.llm_info.empty())
    throw LoadError(path, "", "is in Sailor's format and no llm_info.json is next to it or in a parent "
                              "folder; pass --llm-info");
  const SailorLayerInfo info = SailorLayerInfo::load(out.llm_info);
  SailorProfileImport imp = loadSailorProfiles(path, model, catalog, info);
  out.profiles = std::move(imp.profiles);
  out.notes = std::move(imp.notes);
  out.layer_times = std::move(imp.layer_times);
  return out;
}

std::optional<ProfileSet> ProblemProfiles::of(const HeldoutProblem& problem, const Model& model) {
  if (problem.profiles_path.empty()) return std::nullopt;
  const std::string key = problem.profiles_path + '\n' + problem.llm_info_path + '\n' + model.id;
  auto it = loaded_.find(key);
  if (it == loaded_.end())
    it = loaded_.emplace(key, loadProfileOption(problem.profiles_path, problem.llm_info_path, model, catalog_).profiles).first;
  return it->second;
}

}  // namespace arachne::cli
