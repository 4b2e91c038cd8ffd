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
  const auto run = [&list] { return list.runs == 0 ? std::string("the weights' own run")
                                                    : "the run resumed from at depth " + std::to_string(list.runs); };
  // A loop, not recursion: the chain is as long as the file says, and a hostile file must not
  // run the stack out.
  for (const nlohmann::json* m = &metadata;;) {
    const auto problems = m->is_object() ? m->find("problems") : m->end();
    if (problems == m->end() || !problems->is_array()) {
      list.missing = run() + " records no training problems";
      return list;
    }
    for (const auto& e : *problems) list.entries.push_back(e.is_string() ? e.get<std::string>() : e.dump());
    ++list.runs;
    const auto from = m->find("resumed_from");
    if (from == m->end()) return list;
    const auto resumed = from->is_object() ? from->find("metadata") : from->end();
    if (resumed == from->end()) {
      list.missing = run() + " records no metadata";
      return list;
    }
    m = &*resumed;
  }
}

std::vector<std::pair<std::string, Composition>> builtinPresetCompositions(const GpuCatalog& catalog) {
  std::vector<std::pair<std::string, Composition>> out;
  for (const auto& name : presetNames()) out.emplace_back(name, loadPreset(name, catalog));
  return out;
}

}  // namespace arachne
