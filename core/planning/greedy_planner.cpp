// Greedy construction over single-type and two-block templates.
#include "planning/greedy_planner.h"

#include <cstdio>

#include "planning/construction_episode.h"
#include "planning/planner_run.h"

namespace arachne {

std::vector<TemplateChoice> GreedyPlanner::candidates(const ConstructionEpisode& episode) {
  std::vector<TemplateChoice> out;
  const ConstructionSpace& sp = episode.space();
  const FreeGpus& free = episode.free();
  const Mask depth = episode.depthMask();
  const int types = free.typeCount();
  const bool first = episode.plan().templates.empty();
  auto admitted = [&](const TemplateChoice& c) {
    return depth[static_cast<size_t>(c.depth)] && FeasibilityMasks::admits(sp, free, c, first);
  };
  for (int t = 0; t < types; ++t)
    for (int k : sp.tp_choices)
      for (int d = 1; d <= sp.max_depth; ++d) {
        TemplateChoice c{d, std::vector<StageChoice>(static_cast<size_t>(d), StageChoice{t, k})};
        if (!admitted(c)) break;  // deeper ones need even more GPUs of the type
        out.push_back(std::move(c));
      }
  for (int a = 0; a < types; ++a)
    for (int b = 0; b < types; ++b) {
      if (a == b) continue;
      for (int ka : sp.tp_choices)
        for (int kb : sp.tp_choices)
          for (int d = 2; d <= sp.max_depth; ++d)
            for (int na = 1; na < d; ++na) {
              TemplateChoice c{d, {}};
              c.stages.assign(static_cast<size_t>(na), StageChoice{a, ka});
              c.stages.insert(c.stages.end(), static_cast<size_t>(d - na), StageChoice{b, kb});
              if (admitted(c)) out.push_back(std::move(c));
            }
    }
  return out;
}

PlannerResult GreedyPlanner::plan(const CostModel& cost, const PlannerBudget& budget,
                                  std::uint64_t seed, const ProgressCallback& progress,
                                  const std::atomic<bool>* cancel) {
  ConstructionEpisode episode(cost);
  PlannerRun run(budget, progress, cancel);
  int steps = 0;
  bool stop = false;
  while (!episode.done()) {
    const auto cands = candidates(episode);
    double bestThr = episode.throughput();
    int bestIdx = -1;
    for (size_t i = 0; i < cands.size(); ++i) {
      if (run.shouldStop()) {
        stop = true;
        break;
      }
      const FillResult r = episode.tryStep(cands[i]);
      run.addEvaluations(1);
      if (r.feasible && r.report.throughput.sequences_per_s > bestThr * (1 + 1e-9)) {
        bestThr = r.report.throughput.sequences_per_s;
        bestIdx = static_cast<int>(i);
      }
      if (run.progressDue()) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "step %d: %zu/%zu templates tried, best %.2f seq/s",
                      steps + 1, i + 1, cands.size(), bestThr);
        run.progress(-1, buf);
      }
    }
    // The best template of this step (so far, when stopped) is placed: replaying its fill
    // gives the same plan, and the episode records the step.
    if (bestIdx < 0) break;
    episode.step(cands[static_cast<size_t>(bestIdx)]);
    run.offer(episode);
    ++steps;
    if (stop) break;
  }
  return run.finish(episode, name(), version(), seed,
                    std::to_string(steps) + " greedy steps" + (stop ? " (stopped early)" : ""));
}

}  // namespace arachne
