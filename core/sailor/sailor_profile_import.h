// Importing Sailor's measured per-layer profiles (profiles_tmp.json or a per-model
// profile.json) into a ProfileSet, with the memory figures taken from llm_info.json.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "profile/profile_set.h"

namespace arachne {

class GpuCatalog;
class SailorLayerInfo;
struct Model;

struct SailorProfileOptions {
  // Key of the model in the files ("OPT-350"); empty = derived from model.id.
  std::string sailor_model;
  // For a per-model profile.json ({mbs: {tp: {layer: [...]}}}), the Sailor GPU name it was
  // measured on (its folder name, e.g. "GH-96"); ignored for profiles_tmp.json.
  std::string gpu;
  // Bytes per element of Sailor's activation counts: 4, the runs were fp32 (Sailor's simulator
  // uses the same float_size for them).
  double bytes_per_element = 4.0;
};

// One layer index as Sailor measured it (seconds per micro-batch on one GPU of the TP group).
struct SailorLayerTimes {
  double fwd = 0, bwd = 0, update = 0;
  bool operator==(const SailorLayerTimes&) const = default;
};
// Per catalog GPU id, per (micro-batch, TP), the times of every layer index in order: what
// Sailor's own planner reads before our per-layer-type averaging (the `sailor` planner ranks
// with them, docs/baselines.md).
using SailorLayerTimesTable = std::map<std::string, std::map<std::pair<int, int>, std::vector<SailorLayerTimes>>>;

struct SailorProfileImport {
  ProfileSet profiles;
  SailorLayerTimesTable layer_times;  // the imported entries' per-index times
  // What was not imported and why (GPU types missing from the catalog, TP degrees llm_info.json
  // lacks), one sentence each.
  std::vector<std::string> notes;
};

// Maps each Sailor layer index i onto model.layers[i] (so the model must have exactly as many
// layers as the profile has entries: embedding 0, blocks 1..L, head L+1) and averages the
// indices of one layer type:
//   compute_s   = mean(fwd_s + bwd_s)  (measured in a real TP run, so TP collectives included)
//   tp_comm_s   = 0                    (already inside compute_s)
//   optimizer_s = update_s * (layer params / model params at that TP): Sailor repeats one
//                 optimizer-step time on every layer; spreading it by parameter share keeps the
//                 whole-model sum equal to update_s
//   param_count = mean params_floats, activation_bytes = mean act_mem_floats * mbs * bytes,
//   output_bytes = mean act_output_floats * mbs * bytes (from llm_info.json at the same TP).
// Throws LoadError naming the file and the field on malformed input or a layer-count mismatch.
SailorProfileImport importSailorProfiles(const std::string& text, const std::string& fileLabel,
                                         const Model& model, const GpuCatalog& catalog,
                                         const SailorLayerInfo& info,
                                         const SailorProfileOptions& options = {});
SailorProfileImport loadSailorProfiles(const std::string& path, const Model& model,
                                       const GpuCatalog& catalog, const SailorLayerInfo& info,
                                       const SailorProfileOptions& options = {});

}  // namespace arachne
