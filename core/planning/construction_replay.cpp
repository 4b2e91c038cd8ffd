#include "planning/construction_replay.h"

#include <set>
#include <stdexcept>

#include "planning/construction_episode.h"
#include "planning/planner_run.h"

namespace arachne {

bool replayConstruction(ConstructionEpisode& episode, PlannerRun& run, const std::vector<TemplateChoice>& construction,
                        size_t& steps) {
  episode.reset();
  bool improved = false;
  long long counted = 0;
  for (size_t t = 0; t < construction.size() && !episode.done(); ++t) {
    try {
      episode.step(construction[t]);
    } catch (const std::invalid_argument&) {
      break;  // masked on this state
    }
    run.addEvaluations(episode.evaluations() - counted);
    counted = episode.evaluations();
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
                     const Neighbours& neighbours) {
  int replays = 0;
  std::set<std::vector<StageKey>> replayed = {constructionKey(best)};  // a later round skips these
  for (int round = 0; round < rounds; ++round) {
    bool improved = false;
    for (std::vector<TemplateChoice>& candidate : neighbours(best)) {
      if (run.shouldStop()) return replays;
      if (!replayed.insert(constructionKey(candidate)).second) continue;
      ++replays;
      size_t steps = 0;
      if (replayConstruction(episode, run, candidate, steps)) {
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
