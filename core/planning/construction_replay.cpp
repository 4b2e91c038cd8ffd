#include "planning/construction_replay.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "planning/construction_episode.h"
#include "planning/planner_run.h"

namespace arachne {

namespace {

// `choice` without its stages on GPU types with no free GPU; empty when that leaves it unchanged
// or without a stage.
TemplateChoice withoutSpentTypes(const ConstructionEpisode& episode, const TemplateChoice& choice) {
  TemplateChoice out;
  for (const StageChoice& c : choice.stages)
    if (episode.free().freeOfType(c.gpu) > 0) out.stages.push_back(c);
  if (out.stages.size() == choice.stages.size()) return {};
  out.depth = static_cast<int>(out.stages.size());
  return out;
}

}  // namespace

bool replayConstruction(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice>& construction,
                        size_t& steps, double* reached) {
  episode.reset();
  if (reached) *reached = 0;
  bool improved = false;
  long long counted = 0;
  for (size_t t = 0; t < construction.size() && !episode.done(); ++t) {
    try {
      episode.step(construction[t]);
    } catch (const std::invalid_argument&) {
      TemplateChoice repaired = withoutSpentTypes(episode, construction[t]);
      if (repaired.isStop()) break;  // masked on this state
      try {
        episode.step(repaired);
      } catch (const std::invalid_argument&) {
        break;
      }
      construction[t] = std::move(repaired);
    }
    run.addEvaluations(episode.evaluations() - counted);
    counted = episode.evaluations();
    if (reached) *reached = std::max(*reached, episode.throughput());
    if (run.offer(episode)) {
      improved = true;
      steps = t + 1;
    }
  }
  return improved;
}

StageKey stageKey(const std::vector<StageChoice>& stages) {
  StageKey k;
  for (const auto& c : stages) k.emplace_back(c.gpu, c.tp);
  return k;
}

std::vector<StageKey> constructionKey(const std::vector<TemplateChoice>& construction) {
  std::vector<StageKey> k;
  for (const auto& t : construction) k.push_back(stageKey(t.stages));
  return k;
}

int searchNeighbours(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice>& best, int rounds,
                     const Neighbours& neighbours, const Replayed& heard, ReplayedKeys* seen) {
  int replays = 0;
  ReplayedKeys own;
  ReplayedKeys& replayed = seen ? *seen : own;  // a later round skips these
  replayed.insert(constructionKey(best));
  for (int round = 0; round < rounds; ++round) {
    bool improved = false;
    for (std::vector<TemplateChoice>& candidate : neighbours(best)) {
      if (run.shouldStop()) return replays;
      if (!replayed.insert(constructionKey(candidate)).second) continue;
      ++replays;
      size_t steps = 0;
      double reached = 0;
      const bool better = replayConstruction(episode, run, candidate, steps, &reached);
      if (heard) heard(candidate, reached);
      if (better) {
        candidate.resize(steps);
        best = std::move(candidate);
        improved = true;
      }
    }
    if (!improved) break;
  }
  return replays;
}

}  // namespace arachne
