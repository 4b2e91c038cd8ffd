// The words behind the masks: why a depth, a GPU type or a TP degree is masked, with numbers.
#include <sstream>

#include "planning/feasibility_masks.h"

namespace arachne {
namespace {

std::string freeNodesOf(const FreeGpus& free, int type) {
  std::ostringstream o;
  o << free.typeId(type) << " nodes with free GPUs: ";
  bool first = true;
  for (const auto& n : free.nodes(type)) {
    if (n.free == 0) continue;
    o << (first ? "" : ", ") << "node " << n.node_id << " " << n.free << "/" << n.size;
    first = false;
  }
  if (first) o << "none";
  return o.str();
}

std::string chosenOf(const FreeGpus& free, const TemplateChoice& partial) {
  if (partial.stages.empty()) return "no stage chosen yet";
  std::ostringstream o;
  o << "stages chosen so far:";
  for (size_t i = 0; i < partial.stages.size(); ++i)
    o << (i ? "," : "") << " " << free.typeId(partial.stages[i].gpu) << " TP "
      << partial.stages[i].tp;
  return o.str();
}

}  // namespace

std::string FeasibilityMasks::explainDepth(const ConstructionSpace& space, const FreeGpus& free,
                                           int depth) {
  std::ostringstream o;
  if (depth < 1 || depth > space.max_depth) {
    o << "depth " << depth << " is outside 1.." << space.max_depth << " (D_max)";
    return o.str();
  }
  const int placeable = placeableStages(space, free);
  if (depth <= placeable) {
    o << "depth " << depth << " is admissible: " << placeable << " stages can still be placed";
    return o.str();
  }
  o << "depth " << depth << " needs " << depth
    << " stages of one TP group each, but the free GPUs hold only " << placeable << " (";
  for (int t = 0; t < free.typeCount(); ++t) {
    o << (t ? "; " : "") << free.typeId(t) << ": " << free.freeOfType(t) << " free";
    if (space.typeUsable(t))
      o << ", groups of TP " << space.min_tp[static_cast<size_t>(t)];
    else
      o << ", no profiled TP degree";
  }
  o << ")";
  return o.str();
}

std::string FeasibilityMasks::explainDevice(const ConstructionSpace& space, const FreeGpus& free,
                                            const TemplateChoice& partial, int type) {
  std::ostringstream o;
  if (type < 0 || type >= free.typeCount()) return "GPU type index " + std::to_string(type) + " is not in the composition";
  const std::string& id = free.typeId(type);
  if (!space.typeUsable(type)) {
    o << id << ": no TP degree of K is profiled for it, so it is outside the search space";
    return o.str();
  }
  if (free.freeOfType(type) == 0) {
    o << id << " has no free GPU";
    return o.str();
  }
  const int stage = static_cast<int>(partial.stages.size());
  if (stage >= partial.depth) {
    o << "the template of depth " << partial.depth << " is already complete";
    return o.str();
  }
  const int k = space.min_tp[static_cast<size_t>(type)];
  TpDemand d = demandOf(free, partial);
  d.add(type, k);
  const int after = partial.depth - stage - 1;
  if (fits(space, free, d, 0) && !fits(space, free, d, after)) {
    o << id << " for stage " << stage << ": a TP " << k << " group of it would leave room for "
      << "fewer than the " << after << " stages the template still needs (" << chosenOf(free, partial) << ")";
    return o.str();
  }
  if (!fits(space, free, d, 0)) {
    o << id << " for stage " << stage << ": its free nodes cannot hold one more TP " << k
      << " group besides the " << chosenOf(free, partial) << " (" << freeNodesOf(free, type) << ")";
    return o.str();
  }
  o << id << " is admissible for stage " << stage;
  return o.str();
}

std::string FeasibilityMasks::explainTp(const ConstructionSpace& space, const FreeGpus& free,
                                        const TemplateChoice& partial, int type, int tp) {
  std::ostringstream o;
  if (type < 0 || type >= free.typeCount()) return "GPU type index " + std::to_string(type) + " is not in the composition";
  const std::string& id = free.typeId(type);
  const int ti = space.tpIndex(tp);
  if (ti < 0) {
    o << "TP " << tp << " is not in K = {";
    for (size_t i = 0; i < space.tp_choices.size(); ++i) o << (i ? ", " : "") << space.tp_choices[i];
    o << "} (the largest node holds " << free.largestNodeSize() << " GPUs)";
    return o.str();
  }
  if (static_cast<size_t>(ti) < space.tp_refused.size() && !space.tp_refused[static_cast<size_t>(ti)].empty()) {
    o << space.tp_refused[static_cast<size_t>(ti)] << ", so it is outside the search space";
    return o.str();
  }
  if (!space.tp_allowed[static_cast<size_t>(type)][static_cast<size_t>(ti)]) {
    o << "TP " << tp << " on " << id << " has no profile entry, so it is outside the search space";
    return o.str();
  }
  const int largest = free.largestFree(type);
  if (tp > largest) {
    o << "TP " << tp << " exceeds the largest free " << id << " node (" << largest
      << " free GPUs): a TP group never crosses a node";
    return o.str();
  }
  const int stage = static_cast<int>(partial.stages.size());
  const int after = partial.depth - stage - 1;
  TpDemand d = demandOf(free, partial);
  d.add(type, tp);
  if (!fits(space, free, d, 0)) {
    o << "TP " << tp << " on " << id << ": the free nodes cannot hold it besides the "
      << chosenOf(free, partial) << " (" << freeNodesOf(free, type) << ")";
    return o.str();
  }
  if (!fits(space, free, d, after)) {
    o << "TP " << tp << " on " << id << " leaves room for fewer than the " << after
      << " stages the template still needs";
    return o.str();
  }
  o << "TP " << tp << " on " << id << " is admissible";
  return o.str();
}

}  // namespace arachne
