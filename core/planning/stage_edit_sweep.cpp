// The stage-edit sweep. A construction built decision by decision can be one stage away from a
// better plan: a pipeline one stage too deep or too shallow for the GPUs left, a stage at TP 2
// where two TP-1 stages of the same type fit (or the reverse), a stage on a type whose GPUs
// another type would use better. Each is one edit of the template's stage list; the fill redoes
// the layer split, replicas and micro-batches of the edited template and every template after it.
#include "planning/stage_edit_sweep.h"

#include <set>

#include "planning/construction_episode.h"
#include "planning/construction_replay.h"

namespace arachne {

namespace {

// Every distinct stage list one edit away from `stages`, on `types` GPU types.
std::vector<std::vector<StageChoice>> oneEditStages(const std::vector<StageChoice>& stages, int types) {
  std::set<StageKey> seen = {stageKey(stages)};
  std::vector<std::vector<StageChoice>> out;
  const auto add = [&](std::vector<StageChoice> s) {
    if (!s.empty() && seen.insert(stageKey(s)).second) out.push_back(std::move(s));
  };
  for (size_t i = 0; i < stages.size(); ++i) {
    std::vector<StageChoice> removed = stages;
    removed.erase(removed.begin() + static_cast<long>(i));
    add(std::move(removed));
    std::vector<StageChoice> repeated = stages;
    repeated.insert(repeated.begin() + static_cast<long>(i), stages[i]);
    add(std::move(repeated));
    for (const int tp : {stages[i].tp * 2, stages[i].tp / 2}) {
      if (tp < 1) continue;
      std::vector<StageChoice> s = stages;
      s[i].tp = tp;
      add(std::move(s));
    }
    if (stages[i].tp > 1) {  // split: TP traded for pipeline depth
      std::vector<StageChoice> s = stages;
      s[i].tp /= 2;
      s.insert(s.begin() + static_cast<long>(i), s[i]);
      add(std::move(s));
    }
    if (i + 1 < stages.size() && stages[i] == stages[i + 1]) {  // merge: the reverse
      std::vector<StageChoice> s = stages;
      s[i].tp *= 2;
      s.erase(s.begin() + static_cast<long>(i) + 1);
      add(std::move(s));
    }
    for (int g = 0; g < types; ++g) {
      if (g == stages[i].gpu) continue;
      std::vector<StageChoice> s = stages;
      s[i].gpu = g;
      add(std::move(s));
    }
  }
  return out;
}

}  // namespace

StageEditSweep sweepStageEdits(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice> construction,
                               int rounds) {
  StageEditSweep out;
  out.best = std::move(construction);
  const int types = episode.gpuTypeCount();
  out.edits = searchNeighbours(episode, run, out.best, rounds, [types](const std::vector<TemplateChoice>& base) {
    std::vector<std::vector<TemplateChoice>> out;
    for (size_t t = 0; t < base.size(); ++t)
      for (auto& stages : oneEditStages(base[t].stages, types)) {
        out.push_back(base);
        out.back()[t].depth = static_cast<int>(stages.size());
        out.back()[t].stages = std::move(stages);
      }
    return out;
  });
  return out;
}

}  // namespace arachne
