// The stage-edit sweep: a local search over planning/stage_edit_neighbours.h. The fill redoes the
// layer split, replicas and micro-batches of an edited template and every template after it.
#include "planning/stage_edit_sweep.h"

#include <algorithm>
#include <utility>

#include "planning/construction_episode.h"
#include "planning/construction_replay.h"
#include "planning/planner_run.h"
#include "planning/stage_edit_neighbours.h"
#include "planning/stage_order_sweep.h"

namespace arachne {

namespace {

using Seeds = std::vector<std::pair<double, std::vector<TemplateChoice>>>;

// Hears every replayed construction and keeps in `seeds` the `keep` that reached the highest
// throughput, best first.
Replayed keepBest(Seeds& seeds, size_t keep) {
  return [&seeds, keep](const std::vector<TemplateChoice>& c, double reached) {
    const auto at = std::find_if(seeds.begin(), seeds.end(), [&](const auto& s) { return s.first < reached; });
    if (reached <= 0 || static_cast<size_t>(at - seeds.begin()) >= keep) return;
    seeds.insert(at, {reached, c});
    if (seeds.size() > keep) seeds.pop_back();
  };
}

}  // namespace

StageEditSweep sweepStageEdits(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice> construction,
                               int rounds, int lookahead) {
  StageEditSweep out;
  out.best = std::move(construction);
  const int types = episode.gpuTypeCount();
  const size_t keep = static_cast<size_t>(std::max(0, lookahead));
  // The best `keep` edits of the latest round by the throughput each reached, best first (when no
  // round improves any more: the best edits of the best construction).
  Seeds seeds;
  const Neighbours edits = [types, &seeds](const std::vector<TemplateChoice>& base) {
    seeds.clear();
    return stageEditNeighbours(base, types);
  };
  Replayed heard;
  if (keep > 0) heard = keepBest(seeds, keep);
  ReplayedKeys replayed;  // shared with the lookahead's searches: their neighbourhoods overlap
  out.edits = searchNeighbours(episode, run, out.best, rounds, edits, heard, &replayed);
  // Two edits at once: a better plan can sit behind an edit that alone loses a little. The best
  // `lookahead` edits of the last round are each searched on like the best construction; the
  // first that improves on the best plan becomes the sweep's answer.
  Seeds starts = std::move(seeds);
  for (auto& start : starts) {
    if (run.shouldStop()) break;
    const double before = run.bestThroughput();
    std::vector<TemplateChoice> reached = std::move(start.second);
    out.edits += searchNeighbours(episode, run, reached, rounds, edits, {}, &replayed);
    if (run.bestThroughput() > before) {
      out.best = std::move(reached);
      break;
    }
  }
  return out;
}

StageEditSweep sweepReorderedEdits(ConstructionEpisode& episode, PlannerRun& run,
                                   std::vector<TemplateChoice> construction, int count) {
  StageEditSweep out;
  out.best = std::move(construction);
  const int types = episode.gpuTypeCount();
  const size_t keep = static_cast<size_t>(std::max(0, count));
  Seeds seeds;
  const double start = run.bestThroughput();
  out.edits = searchNeighbours(
      episode, run, out.best, 1,
      [types](const std::vector<TemplateChoice>& base) { return stageEditNeighbours(base, types); },
      keepBest(seeds, keep));
  if (run.bestThroughput() > start) return out;
  for (const auto& [reached, edited] : seeds) {
    if (run.shouldStop()) break;
    const double before = run.bestThroughput();
    StageOrderSweep moved = sweepStageOrders(episode, run, edited);
    out.orders += moved.orders;
    if (run.bestThroughput() <= before && edited.size() > 1 && !run.shouldStop()) {
      moved = sweepTemplateOrders(episode, run, edited);
      out.orders += moved.orders;
    }
    if (run.bestThroughput() > before) {
      out.best = std::move(moved.best);
      break;
    }
  }
  return out;
}

}  // namespace arachne
