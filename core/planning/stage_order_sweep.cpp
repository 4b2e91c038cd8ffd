// The stage-order sweep: the stage order of a template decides which GPUs hold the first
// stage's in-flight micro-batches and which links the activations cross, and a construction
// built stage by stage can pick the right GPU types and TP degrees in an order that does not fit.
#include "planning/stage_order_sweep.h"

#include <set>
#include <stdexcept>

#include "planning/construction_episode.h"
#include "planning/planner_run.h"

namespace arachne {

namespace {

using Key = std::vector<std::pair<int, int>>;

Key keyOf(const std::vector<StageChoice>& s) {
  Key k;
  for (const auto& c : s) k.emplace_back(c.gpu, c.tp);
  return k;
}

// Every distinct order of `stages` one move away (a stage taken out and put elsewhere).
std::vector<std::vector<StageChoice>> oneMoveOrders(const std::vector<StageChoice>& stages) {
  std::set<Key> seen = {keyOf(stages)};
  std::vector<std::vector<StageChoice>> out;
  const size_t n = stages.size();
  for (size_t from = 0; from < n; ++from)
    for (size_t to = 0; to < n; ++to) {
      if (from == to) continue;
      std::vector<StageChoice> s = stages;
      const StageChoice moved = s[from];
      s.erase(s.begin() + static_cast<long>(from));
      s.insert(s.begin() + static_cast<long>(to), moved);
      if (seen.insert(keyOf(s)).second) out.push_back(std::move(s));
    }
  return out;
}

// Replays the construction; returns true when one of its steps improved `run`'s best plan and
// how many steps that took (the construction of that plan is the first `steps` templates).
bool replay(ConstructionEpisode& episode, PlannerRun& run, const std::vector<TemplateChoice>& construction,
            size_t& steps) {
  episode.reset();
  bool improved = false;
  long long counted = 0;
  for (size_t t = 0; t < construction.size() && !episode.done(); ++t) {
    try {
      episode.step(construction[t]);
    } catch (const std::invalid_argument&) {
      break;  // masked on this state (e.g. an earlier reordered template took other nodes)
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

}  // namespace

StageOrderSweep sweepStageOrders(ConstructionEpisode& episode, PlannerRun& run,
                                 std::vector<TemplateChoice> construction, int rounds) {
  StageOrderSweep out;
  out.best = construction;
  const auto keyOfConstruction = [](const std::vector<TemplateChoice>& c) {
    std::vector<Key> k;
    for (const auto& t : c) k.push_back(keyOf(t.stages));
    return k;
  };
  std::set<std::vector<Key>> replayed = {keyOfConstruction(construction)};  // a later round skips these
  for (int round = 0; round < rounds; ++round) {
    bool improved = false;
    const std::vector<TemplateChoice> base = out.best;
    for (size_t t = 0; t < base.size(); ++t) {
      if (base[t].stages.size() < 2) continue;
      for (auto& order : oneMoveOrders(base[t].stages)) {
        if (run.shouldStop()) return out;
        std::vector<TemplateChoice> candidate = base;
        candidate[t].stages = std::move(order);
        if (!replayed.insert(keyOfConstruction(candidate)).second) continue;
        ++out.orders;
        size_t steps = 0;
        if (replay(episode, run, candidate, steps)) {
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

}  // namespace arachne
