// The stage-order sweep: the stage order of a template decides which GPUs hold the first
// stage's in-flight micro-batches and which links the activations cross, and a construction
// built stage by stage can pick the right GPU types and TP degrees in an order that does not fit.
// The same holds one level up: the templates' order decides which nodes each takes.
#include "planning/stage_order_sweep.h"

#include <set>

#include "planning/construction_replay.h"
#include "planning/planner_run.h"

namespace arachne {

namespace {

// Every distinct order of `stages` one move away (a stage taken out and put elsewhere).
std::vector<std::vector<StageChoice>> oneMoveOrders(const std::vector<StageChoice>& stages) {
  std::set<StageKey> seen = {stageKey(stages)};
  std::vector<std::vector<StageChoice>> out;
  const size_t n = stages.size();
  for (size_t from = 0; from < n; ++from)
    for (size_t to = 0; to < n; ++to) {
      if (from == to) continue;
      std::vector<StageChoice> s = stages;
      const StageChoice moved = s[from];
      s.erase(s.begin() + static_cast<long>(from));
      s.insert(s.begin() + static_cast<long>(to), moved);
      if (seen.insert(stageKey(s)).second) out.push_back(std::move(s));
    }
  return out;
}

}  // namespace

StageOrderSweep sweepStageOrders(ConstructionEpisode& episode, PlannerRun& run,
                                 std::vector<TemplateChoice> construction, int rounds) {
  StageOrderSweep out;
  out.best = construction;
  std::set<std::vector<StageKey>> replayed = {constructionKey(construction)};  // a later round skips these
  for (int round = 0; round < rounds; ++round) {
    bool improved = false;
    const std::vector<TemplateChoice> base = out.best;
    for (size_t t = 0; t < base.size(); ++t) {
      if (base[t].stages.size() < 2) continue;
      for (auto& order : oneMoveOrders(base[t].stages)) {
        if (run.shouldStop()) return out;
        std::vector<TemplateChoice> candidate = base;
        candidate[t].stages = std::move(order);
        if (!replayed.insert(constructionKey(candidate)).second) continue;
        ++out.orders;
        size_t steps = 0;
        if (replayConstruction(episode, run, candidate, steps)) {
          candidate.resize(steps);
          out.best = std::move(candidate);
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return out;
}

StageOrderSweep sweepTemplateOrders(ConstructionEpisode& episode, PlannerRun& run,
                                    std::vector<TemplateChoice> construction, int rounds) {
  StageOrderSweep out;
  out.best = construction;
  std::set<std::vector<StageKey>> replayed = {constructionKey(construction)};
  for (int round = 0; round < rounds; ++round) {
    bool improved = false;
    const std::vector<TemplateChoice> base = out.best;
    for (size_t from = 0; from < base.size(); ++from)
      for (size_t to = 0; to < base.size(); ++to) {
        if (from == to || base[from] == base[to]) continue;
        if (run.shouldStop()) return out;
        std::vector<TemplateChoice> candidate = base;
        const TemplateChoice moved = candidate[from];
        candidate.erase(candidate.begin() + static_cast<long>(from));
        candidate.insert(candidate.begin() + static_cast<long>(to), moved);
        if (!replayed.insert(constructionKey(candidate)).second) continue;
        ++out.orders;
        size_t steps = 0;
        if (replayConstruction(episode, run, candidate, steps)) {
          candidate.resize(steps);
          out.best = std::move(candidate);
          improved = true;
        }
      }
    if (!improved) break;
  }
  return out;
}

}  // namespace arachne
