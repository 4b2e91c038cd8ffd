// Comparing held-out problems with a training list and the presets, node multiset by node multiset.
#include "validation/training_disjointness.h"

#include <map>
#include <set>

#include "cluster/cluster_spec.h"
#include "cluster/composition_identity.h"
#include "io/load_error.h"

namespace arachne {

namespace {
const char* const kTrainingLabel = "<training list>";
}

ProblemIdentity problemIdentity(const Composition& composition, const std::string& modelId) {
  return {canonicalNodes(composition), modelId};
}

ProblemIdentity trainingEntryIdentity(const std::string& entry, const GpuCatalog& catalog) {
  const size_t bar = entry.rfind('|');
  if (bar == std::string::npos || bar == 0 || bar + 1 == entry.size())
    throw LoadError(kTrainingLabel, entry, "expected CLUSTER|MODEL");
  std::string spec = entry.substr(0, bar);
  if (const size_t at = spec.find('@'); at != std::string::npos) spec.resize(at);
  Composition c;
  try {
    c = parseInlineCluster(spec, catalog);
  } catch (const LoadError& e) {
    throw LoadError(kTrainingLabel, entry, "the cluster cannot be read: " + e.problem());
  }
  return problemIdentity(c, entry.substr(bar + 1));
}

DisjointnessReport checkDisjointness(const HeldoutSet& set, const std::vector<std::string>& trainingEntries,
                                     const std::vector<std::pair<std::string, Composition>>& presets,
                                     const GpuCatalog& catalog) {
  DisjointnessReport r;
  r.heldout_problems = set.problems.size();
  r.training_entries = trainingEntries.size();
  std::map<std::string, std::string> trained;            // identity text -> first entry
  std::map<std::string, std::string> trainedComposition;  // nodes -> first entry
  for (const auto& entry : trainingEntries) {
    try {
      const ProblemIdentity id = trainingEntryIdentity(entry, catalog);
      trained.emplace(id.text(), entry);
      trainedComposition.emplace(id.nodes, entry);
    } catch (const LoadError& e) {
      r.unreadable.push_back(e.what());
    }
  }
  r.training_distinct = trained.size();
  std::map<std::string, std::string> presetNodes;
  for (const auto& [name, composition] : presets) presetNodes.emplace(canonicalNodes(composition), name);
  for (const HeldoutProblem& p : set.problems) {
    const ProblemIdentity id = problemIdentity(p.composition, p.model);
    if (auto it = trained.find(id.text()); it != trained.end())
      r.problems_seen.push_back({p.id, it->second});
    else if (auto c = trainedComposition.find(id.nodes); c != trainedComposition.end())
      r.compositions_seen.push_back({p.id, c->second});
    if (auto it = presetNodes.find(id.nodes); it != presetNodes.end()) r.presets_matched.push_back({p.id, it->second});
  }
  return r;
}

TrainingList trainingListOf(const nlohmann::json& metadata) {
  TrainingList list;
  // A loop, not recursion: the chain is as long as the file says, and a hostile file must not
  // run the stack out.
  const nlohmann::json* run = &metadata;
  for (;;) {
    const std::string which = list.runs == 0 ? "the weights' own run" : "the run resumed from at depth " + std::to_string(list.runs);
    if (!run->is_object() || !run->contains("problems") || !(*run)["problems"].is_array()) {
      list.missing = which + " records no training problems";
      return list;
    }
    for (const auto& e : (*run)["problems"]) list.entries.push_back(e.is_string() ? e.get<std::string>() : e.dump());
    ++list.runs;
    const auto from = run->find("resumed_from");
    if (from == run->end()) break;
    if (!from->is_object() || !from->contains("metadata")) {
      list.missing = "the run resumed from at depth " + std::to_string(list.runs) + " records no metadata";
      return list;
    }
    run = &(*from)["metadata"];
  }
  list.complete = true;
  return list;
}

std::vector<std::pair<std::string, Composition>> builtinPresetCompositions(const GpuCatalog& catalog) {
  std::vector<std::pair<std::string, Composition>> out;
  for (const auto& name : presetNames()) out.emplace_back(name, loadPreset(name, catalog));
  return out;
}

}  // namespace arachne
