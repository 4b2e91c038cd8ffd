// The stage-edit sweep: a local search over planning/stage_edit_neighbours.h. The fill redoes the
// layer split, replicas and micro-batches of an edited template and every template after it.
#include "planning/stage_edit_sweep.h"

#include <algorithm>
#include <utility>

#include "planning/construction_episode.h"
#include "planning/construction_replay.h"
#include "planning/planner_run.h"
#include "planning/stage_edit_neighbours.h"

namespace arachne {

StageEditSweep sweepStageEdits(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice> construction,
                               int rounds, int lookahead) {
  StageEditSweep out;
  out.best = std::move(construction);
  const int types = episode.gpuTypeCount();
  // The edits of the latest round with the throughput each reached (when no round improves any
  // more: the edits of the best construction).
  std::vector<std::pair<double, std::vector<TemplateChoice>>> lastRound;
  const Neighbours edits = [types, &lastRound](const std::vector<TemplateChoice>& base) {
    lastRound.clear();
    return stageEditNeighbours(base, types);
  };
  const Replayed heard = [&lastRound](const std::vector<TemplateChoice>& c, double reached) {
    if (reached > 0) lastRound.emplace_back(reached, c);
  };
  out.edits = searchNeighbours(episode, run, out.best, rounds, edits, heard);
  // Two edits at once: a better plan can sit behind an edit that alone loses a little. The best
  // `lookahead` edits of the last round are each searched on like the best construction; the
  // first that improves on the best plan becomes the sweep's answer.
  std::vector<std::pair<double, std::vector<TemplateChoice>>> seeds = std::move(lastRound);
  std::stable_sort(seeds.begin(), seeds.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  seeds.resize(std::min(seeds.size(), static_cast<size_t>(std::max(0, lookahead))));
  for (auto& seed : seeds) {
    if (run.shouldStop()) break;
    const double before = run.bestThroughput();
    std::vector<TemplateChoice> reached = std::move(seed.second);
    out.edits += searchNeighbours(episode, run, reached, rounds, edits);
    if (run.bestThroughput() > before) {
      out.best = std::move(reached);
      break;
    }
  }
  return out;
}

}  // namespace arachne
