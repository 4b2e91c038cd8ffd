// Greedy construction over single-type and two-block templates.
#include "planning/greedy_planner.h"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "plan/texts.h"
#include "planning/construction_episode.h"
#include "planning/ordered_fills.h"
#include "planning/planner_run.h"

namespace arachne {

namespace {

// The best few templates of a step besides the one taken, and the infeasible ones that wanted the
// most GPUs (a teacher's "why not deeper / wider?"): what the construction replay shows.
class StepAlternatives {
 public:
  static constexpr size_t kFeasible = 5, kInfeasible = 3;
  void offer(const TemplateChoice& c, const FillResult& r, const FreeGpus& free) {
    if (r.feasible) {
      feasible_.push_back({r.plan.templates.back(), r.report.throughput.sequences_per_s, {}});
      std::sort(feasible_.begin(), feasible_.end(), [](const StepAlternative& a, const StepAlternative& b) {
        return a.throughput_after > b.throughput_after;
      });
      if (feasible_.size() > kFeasible + 1) feasible_.pop_back();  // +1: the one taken is removed later
      return;
    }
    StepAlternative a;
    a.candidate.stages.resize(c.stages.size());
    int gpus = 0;
    for (size_t s = 0; s < c.stages.size(); ++s) {
      a.candidate.stages[s].gpu_type = free.typeId(c.stages[s].gpu);
      a.candidate.stages[s].tp = c.stages[s].tp;
      gpus += c.stages[s].tp;
    }
    a.why = r.reason.empty() ? Reason(text::kVerbatim, {verbatim(r.why)}) : r.reason;
    infeasible_.push_back({gpus, std::move(a)});
    std::stable_sort(infeasible_.begin(), infeasible_.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    if (infeasible_.size() > kInfeasible) infeasible_.pop_back();
  }
  // Everything offered but the template taken (the one with the highest throughput).
  std::vector<StepAlternative> take(const Template& placed) {
    std::vector<StepAlternative> out;
    bool skipped = false;
    for (auto& a : feasible_) {
      if (!skipped && a.candidate == placed) {
        skipped = true;
        continue;
      }
      if (out.size() < kFeasible) out.push_back(std::move(a));
    }
    for (auto& [gpus, a] : infeasible_) out.push_back(std::move(a));
    feasible_.clear();
    infeasible_.clear();
    return out;
  }

 private:
  std::vector<StepAlternative> feasible_;
  std::vector<std::pair<int, StepAlternative>> infeasible_;
};

}  // namespace

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
  StepAlternatives alternatives;
  const int helpers = OrderedFills::helpersFor(threads_);
  while (!episode.done()) {
    const auto cands = candidates(episode);
    double bestThr = episode.throughput();
    int bestIdx = -1;
    FillResult bestFill;
    // Helpers fill ahead; the scan below takes the fills in order, so the plan, the counts and
    // where a budget stops are those of a scan on one thread.
    std::optional<OrderedFills> fills(std::in_place, episode, cands, helpers);
    for (size_t i = 0; i < cands.size(); ++i) {
      if (run.shouldStop()) {
        stop = true;
        break;
      }
      FillResult r = fills->take(i);
      run.addEvaluations(1);
      alternatives.offer(cands[i], r, episode.free());
      if (r.feasible && r.report.throughput.sequences_per_s > bestThr * (1 + 1e-9)) {
        bestThr = r.report.throughput.sequences_per_s;
        bestIdx = static_cast<int>(i);
        bestFill = std::move(r);
      }
      if (run.progressDue()) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "step %d: %zu/%zu templates tried, best %.2f seq/s",
                      steps + 1, i + 1, cands.size(), bestThr);
        run.progress(-1, buf,
                     Reason(text::kGreedyProgress, {integer(steps + 1), integer(static_cast<long long>(i + 1)),
                                                    integer(static_cast<long long>(cands.size()))}),
                     bestIdx >= 0 ? bestThr : -1);
      }
    }
    fills.reset();  // its helpers read the episode, which changes now
    // The best template of this step (so far, when stopped) is placed with the fill already
    // run: on a huge composition one fill takes seconds, and running it again would overrun
    // the budget by that much.
    if (bestIdx < 0) break;
    episode.stepWith(cands[static_cast<size_t>(bestIdx)], std::move(bestFill));
    episode.setStepAlternatives(alternatives.take(episode.steps().back().placed));
    run.offer(episode);
    ++steps;
    if (stop) break;
  }
  const char* wording = steps == 1 ? (stop ? text::kGreedyStepStopped1 : text::kGreedyStep1)
                                    : (stop ? text::kGreedyStepsStopped : text::kGreedySteps);
  Reason summary(wording, {integer(steps)});
  return run.finish(episode, name(), version(), seed, std::move(summary));
}

}  // namespace arachne
