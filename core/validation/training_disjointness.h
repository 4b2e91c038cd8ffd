// The proof that a held-out set is unseen: none of its problems is in a policy's training list,
// and none of its compositions is a preset.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/composition.h"
#include "validation/heldout_set.h"

namespace arachne {

class GpuCatalog;

// "The same problem" for this check: the same model id and the same nodes up to their order
// (canonicalNodes, cluster/composition_identity.h). Left out on purpose, so that changing them
// cannot make a trained problem pass as unseen: the network profile and per-node link figures,
// the training settings (batch, sequence, precision, runtime) and the profile set.
struct ProblemIdentity {
  std::string nodes;  // canonicalNodes() of the composition
  std::string model;  // catalog id
  std::string text() const { return nodes + "|" + model; }
  bool operator==(const ProblemIdentity&) const = default;
};

ProblemIdentity problemIdentity(const Composition& composition, const std::string& modelId);

// An entry of a weights file's metadata "problems" list, as runPolicyTraining writes it:
// Composition::toInlineSpec() + "|" + model id (an "@NETWORK" tail of the spec is dropped, see
// above). Throws LoadError("<training list>", entry, problem) for an entry it cannot read.
ProblemIdentity trainingEntryIdentity(const std::string& entry, const GpuCatalog& catalog);

struct DisjointnessReport {
  struct Hit {
    std::string problem;  // held-out problem id
    std::string matched;  // the training entry or the preset it equals
  };
  size_t heldout_problems = 0;
  size_t training_entries = 0;     // entries of the list
  size_t training_distinct = 0;    // distinct identities among them
  std::vector<std::string> unreadable;  // entries that could not be read, each with the reason
  std::vector<Hit> problems_seen;       // (composition, model) in the training list: fails the check
  std::vector<Hit> presets_matched;     // composition equal to a preset (any model): fails the check
  // Composition trained with another model only: reported, it does not fail the check (the
  // issue's unit is the (composition, model) problem).
  std::vector<Hit> compositions_seen;
  // Disjoint when every training entry could be read, no problem was trained on and no
  // composition is a preset.
  bool disjoint() const { return unreadable.empty() && problems_seen.empty() && presets_matched.empty(); }
};

// Checks `set` against `trainingEntries` (a weights file's metadata "problems") and the presets
// (name, composition).
DisjointnessReport checkDisjointness(const HeldoutSet& set, const std::vector<std::string>& trainingEntries,
                                     const std::vector<std::pair<std::string, Composition>>& presets,
                                     const GpuCatalog& catalog);

// A weights file's training list: the "problems" of its metadata and, for weights trained with
// --resume, those of every run it continued ("resumed_from" -> "metadata", nested), since the
// weights learned from all of them. When a run of that chain records no list, `missing` says
// which: a check against the entries alone would then prove nothing.
struct TrainingList {
  std::vector<std::string> entries;  // as written; an entry that is not a string is kept as its JSON text
  int runs = 0;                      // runs whose lists were read (1 without --resume)
  std::string missing;               // empty when every run's list was read
  bool complete() const { return missing.empty(); }
};
TrainingList trainingListOf(const nlohmann::json& metadata);

// Every built-in preset, by name (for checkDisjointness).
std::vector<std::pair<std::string, Composition>> builtinPresetCompositions(const GpuCatalog& catalog);

}  // namespace arachne
