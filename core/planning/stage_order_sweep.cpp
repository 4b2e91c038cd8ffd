// The stage-order sweep: the stage order of a template decides which GPUs hold the first
// stage's in-flight micro-batches and which links the activations cross, and a construction
// built stage by stage can pick the right GPU types and TP degrees in an order that does not fit.
// The same holds one level up: the templates' order decides which nodes each takes.
#include "planning/stage_order_sweep.h"

#include <set>

#include "planning/construction_replay.h"

namespace arachne {

namespace {

// Every distinct order of `stages` one move away: a stage taken out and put elsewhere, or a run
// of equal consecutive stages (same GPU type and TP) moved as one. Equal stages are
// interchangeable, so a pipeline that holds a type's stages in the wrong place holds them as a
// run, and moving one of them alone first usually prices worse, which ends the sweep's round.
std::vector<std::vector<StageChoice>> oneMoveOrders(const std::vector<StageChoice>& stages) {
  std::set<StageKey> seen = {stageKey(stages)};
  std::vector<std::vector<StageChoice>> out;
  const size_t n = stages.size();
  for (size_t from = 0; from < n; ++from) {
    std::vector<size_t> lengths = {1};
    if (from == 0 || !(stages[from - 1] == stages[from])) {  // a run of equal stages starts here
      size_t end = from + 1;
      while (end < n && stages[end] == stages[from]) ++end;
      if (end - from > 1) lengths.push_back(end - from);
    }
    for (size_t len : lengths)
      for (size_t to = 0; to + len <= n; ++to) {
        if (to == from) continue;
        std::vector<StageChoice> s = stages;
        const std::vector<StageChoice> moved(s.begin() + static_cast<long>(from),
                                             s.begin() + static_cast<long>(from + len));
        s.erase(s.begin() + static_cast<long>(from), s.begin() + static_cast<long>(from + len));
        s.insert(s.begin() + static_cast<long>(to), moved.begin(), moved.end());
        if (seen.insert(stageKey(s)).second) out.push_back(std::move(s));
      }
  }
  return out;
}

}  // namespace

StageOrderSweep sweepStageOrders(ConstructionEpisode& episode, PlannerRun& run,
                                 std::vector<TemplateChoice> construction, int rounds) {
  StageOrderSweep out;
  out.best = std::move(construction);
  out.orders = searchNeighbours(episode, run, out.best, rounds, [](const std::vector<TemplateChoice>& base) {
    std::vector<std::vector<TemplateChoice>> out;
    for (size_t t = 0; t < base.size(); ++t) {
      if (base[t].stages.size() < 2) continue;
      for (auto& order : oneMoveOrders(base[t].stages)) {
        out.push_back(base);
        out.back()[t].stages = std::move(order);
      }
    }
    return out;
  });
  return out;
}

StageOrderSweep sweepTemplateOrders(ConstructionEpisode& episode, PlannerRun& run,
                                    std::vector<TemplateChoice> construction, int rounds) {
  StageOrderSweep out;
  out.best = std::move(construction);
  out.orders = searchNeighbours(episode, run, out.best, rounds, [](const std::vector<TemplateChoice>& base) {
    std::vector<std::vector<TemplateChoice>> out;
    for (size_t from = 0; from < base.size(); ++from)
      for (size_t to = 0; to < base.size(); ++to) {
        if (from == to || base[from] == base[to]) continue;
        std::vector<TemplateChoice> moved = base;
        moved.erase(moved.begin() + static_cast<long>(from));
        moved.insert(moved.begin() + static_cast<long>(to), base[from]);
        out.push_back(std::move(moved));
      }
    return out;
  });
  return out;
}

}  // namespace arachne
