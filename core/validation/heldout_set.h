// The held-out evaluation set (bench/heldout/heldout-problems.json): (composition, model)
// problems the learned planner was never trained on, each written out as explicit nodes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "model/model.h"

namespace arachne {

class GpuCatalog;

// One problem. Everything that decides it is in the file: the nodes (inline form, never a
// preset name, so a preset edit cannot change the set), the model id, the training settings
// that differ from the model's defaults, the network profile and the profile set.
struct HeldoutProblem {
  std::string id;                  // unique in the set, e.g. "small-03"
  std::string cluster;             // the inline form, e.g. "h100:4x1+2x2,a6000:3x1"
  std::string network;             // a built-in network profile name; "" = the catalog's figures
  std::string model;               // catalog id
  std::optional<int> global_batch;     // absent: the model's default
  std::optional<int> sequence_length;  // absent: the model's default
  std::string precision;           // "" = the model's default; else bf16, fp16, fp32 or fp8
  std::string runtime;             // "" = megatron; or deepspeed
  // Measured profiles (ours or Sailor's format), a path relative to the set's file; "" for the
  // analytic profiles. `llm_info` (Sailor's per-layer sizes) likewise; "" = found beside them.
  std::string profiles;
  std::string llm_info;
  // The writer found exhaustive able to search every stage order within
  // kHeldoutExhaustiveEvaluations evaluations (so the bench can hold arachne to its optimum).
  bool exhaustive = false;
  std::string origin;              // how the problem was chosen (generator band and draw, or source)

  Composition composition;         // `cluster` parsed, `network` attached (filled by the loader)
  // The profile paths resolved against the set file's directory ("" when not given).
  std::string profiles_path, llm_info_path;
};

inline constexpr const char* kHeldoutSetKind = "arachne-heldout-set";
inline constexpr const char* kTrainingSetKind = "arachne-training-set";

struct HeldoutSet {
  std::string path;                // the file it was read from ("" when built in memory)
  // kHeldoutSetKind (problems to evaluate on, never to train on) or kTrainingSetKind (problems
  // `arachne-cli train --problems` adds to the mix). The same format, told apart so that neither
  // command takes the other's file by mistake.
  std::string kind = kHeldoutSetKind;
  std::string description;
  nlohmann::json generated_by = nlohmann::json::object();  // command, generator, seeds, bands
  std::vector<HeldoutProblem> problems;
};

// The evaluation budget of the exhaustive planner that the writer used to mark a problem
// exhaustive-sized, and that the bench gives it (a count, not seconds, so the mark does not
// depend on the machine).
constexpr long long kHeldoutExhaustiveEvaluations = 2000000;

// Reads and checks a set: schema_version 1, kind "arachne-heldout-set" (or, with
// `kind` = kTrainingSetKind, "arachne-training-set"), unique ids, every
// cluster an inline form of known GPU types, known model ids and network names, valid training
// settings, profile files that exist. Throws LoadError(file, field, problem).
HeldoutSet loadHeldoutSet(const std::string& path, const GpuCatalog& catalog, const std::string& kind = kHeldoutSetKind);
// The same from text; `path` labels messages and anchors relative profile paths.
HeldoutSet parseHeldoutSet(const std::string& text, const std::string& path, const GpuCatalog& catalog,
                           const std::string& kind = kHeldoutSetKind);

// The file's text: a header, then one problem per line (so a diff shows which problems moved).
std::string heldoutSetJson(const HeldoutSet& set);

// The problem's training spec: the model's defaults with the problem's settings over them.
TrainingSpec heldoutTrainingSpec(const HeldoutProblem& problem, const Model& model);

// What a set covers, for the writer's checks and the bench's header line.
struct HeldoutCoverage {
  int problems = 0;
  std::vector<int> problems_by_type_count = std::vector<int>(17, 0);  // index: GPU types (capped at 16)
  std::vector<int> node_sizes;          // every node size present, ascending
  int mixed_within_type = 0;            // problems with a GPU type whose nodes differ in size
  int min_gpus = 0, max_gpus = 0;
  int exhaustive = 0;                   // marked exhaustive-sized
  int analytic = 0, imported = 0;       // analytic profiles / measured ones
  int dense = 0, moe = 0;               // problems by model kind
  std::vector<std::string> models;      // distinct model ids, in catalog order
};
HeldoutCoverage heldoutCoverage(const HeldoutSet& set);

}  // namespace arachne
