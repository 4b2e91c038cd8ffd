// `--profiles FILE` for every command that prices: our *.profiles.json, or Sailor's measured
// profiles (profiles_tmp.json, profiles/<model>/<gpu>/profile.json) with its llm_info.json.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "profile/profile_set.h"
#include "sailor/sailor_profile_import.h"

namespace arachne {
class GpuCatalog;
struct Model;
struct HeldoutProblem;
}  // namespace arachne

namespace arachne::cli {

// Whether the file is one of our profile sets ({"schema_version", "entries"}); false for
// Sailor's formats. Throws LoadError when the file cannot be read or is not JSON.
bool isOurProfileFormat(const std::string& path);
// llm_info.json next to the profiles or in one of the five folders above; "" when none.
std::string findLlmInfo(const std::string& profilesPath);

struct LoadedProfiles {
  ProfileSet profiles;
  std::string llm_info;            // the llm_info.json used ("" for our format)
  std::vector<std::string> notes;  // what a Sailor import left out, one sentence each
  // Sailor's per-layer-index times behind a Sailor-format import (empty for our format): the
  // sailor planner ranks with them as real Sailor does.
  SailorLayerTimesTable layer_times;
};

// Loads `path` for `model`: our format as is (a set made for another model is refused, naming
// both), Sailor's through the importer with llmInfoPath (or the one findLlmInfo finds; none is
// an error that says to pass --llm-info). Throws LoadError naming the file and the problem.
LoadedProfiles loadProfileOption(const std::string& path, const std::string& llmInfoPath,
                                 const Model& model, const GpuCatalog& catalog);

// The measured profiles a problem of a held-out or training set names (its `profiles` and
// `llm_info`, resolved against the set's file), or nothing when it uses the analytic ones.
// A set names the same files for many problems: each (files, model) is read once per reader.
class ProblemProfiles {
 public:
  explicit ProblemProfiles(const GpuCatalog& catalog) : catalog_(catalog) {}
  std::optional<ProfileSet> of(const HeldoutProblem& problem, const Model& model);

 private:
  const GpuCatalog& catalog_;
  std::map<std::string, ProfileSet> loaded_;  // by profiles path, llm_info path and model id
};

}  // namespace arachne::cli
