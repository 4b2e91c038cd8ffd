// Building the choice sets of a construction step from the composition and the profiles.
#include "planning/construction_space.h"

#include <algorithm>

#include "planning/free_gpus.h"

namespace arachne {

int ConstructionSpace::tpIndex(int tp) const {
  for (size_t i = 0; i < tp_choices.size(); ++i)
    if (tp_choices[i] == tp) return static_cast<int>(i);
  return -1;
}

ConstructionSpace ConstructionSpace::structural(const FreeGpus& free, int layerCount,
                                                int depthCap) {
  ConstructionSpace s;
  s.max_depth = std::max(1, std::min(depthCap, layerCount));
  const int largest = free.largestNodeSize();
  for (int k = 1; k <= largest && tpLevel(k) >= 0; k *= 2) s.tp_choices.push_back(k);
  if (s.tp_choices.empty()) s.tp_choices.push_back(1);
  for (int t = 0; t < free.typeCount(); ++t) {
    s.tp_allowed.emplace_back(s.tp_choices.size(), char{1});
    s.min_tp.push_back(s.tp_choices.front());
    s.gpu_ids.push_back(free.typeId(t));
  }
  return s;
}

std::vector<StageChoice> ownStages(const ConstructionSpace& space, const FreeGpus& free, int type) {
  std::vector<StageChoice> out;
  for (size_t ki = 0; ki < space.tp_choices.size(); ++ki) {
    const int k = space.tp_choices[ki];
    if (space.tp_allowed[static_cast<size_t>(type)][ki] && k <= free.largestFree(type)) out.push_back({type, k});
  }
  return out;
}

std::vector<TemplateChoice> ownTemplates(const ConstructionSpace& space, const FreeGpus& free, int type) {
  std::vector<TemplateChoice> out;
  for (const StageChoice& stage : ownStages(space, free, type))
    for (int d = 1; d <= space.max_depth && d * stage.tp <= free.freeOfType(type); ++d)
      out.push_back({d, std::vector<StageChoice>(static_cast<size_t>(d), stage)});
  return out;
}

}  // namespace arachne
