// Exhaustive construction: depth-first over every template sequence, commuting templates
// taken in one canonical order, at the finest stage-order granularity the budget allows.
#include "planning/exhaustive_planner.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>

#include "planning/construction_episode.h"
#include "planning/planner_run.h"

namespace arachne {
namespace {

bool lessKey(const TemplateChoice& a, const TemplateChoice& b) {
  if (a.depth != b.depth) return a.depth < b.depth;
  for (size_t i = 0; i < a.stages.size(); ++i) {
    if (a.stages[i].gpu != b.stages[i].gpu) return a.stages[i].gpu < b.stages[i].gpu;
    if (a.stages[i].tp != b.stages[i].tp) return a.stages[i].tp < b.stages[i].tp;
  }
  return false;
}

bool shareType(const TemplateChoice& a, const TemplateChoice& b) {
  for (const auto& x : a.stages)
    for (const auto& y : b.stages)
      if (x.gpu == y.gpu) return true;
  return false;
}

// Templates on disjoint GPU types take the same replicas in either order, so of every run of
// commuting templates only the sorted order is searched.
bool canonicalAfter(const std::vector<TemplateChoice>& placed, const TemplateChoice& c) {
  for (size_t i = placed.size(); i-- > 0;) {
    if (shareType(placed[i], c)) return true;
    if (lessKey(c, placed[i])) return false;
  }
  return true;
}

std::string duration(double s) {
  char buf[64];
  if (s < 120) std::snprintf(buf, sizeof buf, "%.1f s", s);
  else if (s < 7200) std::snprintf(buf, sizeof buf, "%.0f min", s / 60);
  else if (s < 86400 * 365.0) std::snprintf(buf, sizeof buf, "%.0f h", s / 3600);
  else std::snprintf(buf, sizeof buf, "%.2g years", s / (86400 * 365.0));
  return buf;
}

// Seconds per fill, from up to 24 templates of the root spread over its coarsest space.
double secondsPerFill(const ConstructionEpisode& root, PlannerRun& run) {
  std::vector<TemplateChoice> sample;
  const double n = TemplateEnumerator::count(root.space(), root.free(), StageOrders::SortedBlocks);
  const double stride = std::max(1.0, n / 24);
  double next = 0, i = 0;
  TemplateEnumerator::forEach(root.space(), root.free(), StageOrders::SortedBlocks, [&](const TemplateChoice& c) {
    if (i++ >= next) {
      sample.push_back(c);
      next += stride;
    }
    return sample.size() < 24;
  });
  if (sample.empty()) return 1e-5;
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& c : sample) root.tryStep(c);
  run.addEvaluations(static_cast<long long>(sample.size()));
  const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return std::max(1e-7, dt / static_cast<double>(sample.size()));
}

}  // namespace

PlannerResult ExhaustivePlanner::plan(const CostModel& cost, const PlannerBudget& budget,
                                      std::uint64_t seed, const ProgressCallback& progress,
                                      const std::atomic<bool>* cancel) {
  ConstructionEpisode root(cost);
  PlannerRun run(budget, progress, cancel);
  const int steps = root.options().step_limit;
  const double perFill = secondsPerFill(root, run);
  double allowed = std::numeric_limits<double>::infinity();
  if (budget.seconds > 0) allowed = std::max(0.0, run.secondsLeft()) / perFill;
  if (budget.evaluations > 0) allowed = std::min(allowed, static_cast<double>(budget.evaluations));
  const double countCap = std::isfinite(allowed) ? allowed : 1e12;

  StageOrders orders = orders_;
  double estimate = 0;
  bool fits = forced_;
  if (forced_) {
    estimate = TemplateEnumerator::countPlans(root.space(), root.free(), orders, steps, countCap);
  } else {
    for (StageOrders o : {StageOrders::Every, StageOrders::TypeBlocks, StageOrders::SortedBlocks}) {
      orders = o;
      estimate = TemplateEnumerator::countPlans(root.space(), root.free(), o, steps, countCap);
      if (estimate <= allowed) {
        fits = true;
        break;
      }
    }
  }
  char buf[512];
  if (!fits) {
    const double every = TemplateEnumerator::count(root.space(), root.free(), StageOrders::Every);
    std::snprintf(buf, sizeof buf,
                  "refused: the space holds more than %.3g plans even with %s (%.3g first templates "
                  "with every stage order); at %.1f us per plan that is more than %s, beyond the "
                  "budget of %s",
                  estimate, toString(StageOrders::SortedBlocks).c_str(), every, perFill * 1e6,
                  duration(estimate * perFill).c_str(),
                  budget.seconds > 0 ? duration(budget.seconds).c_str()
                                     : (std::to_string(budget.evaluations) + " evaluations").c_str());
    PlannerResult r = run.finish(root, name(), version(), seed, buf);
    r.stats.refused = true;
    return r;
  }

  std::vector<TemplateChoice> placed;
  bool aborted = false;
  std::function<void(const ConstructionEpisode&)> dfs = [&](const ConstructionEpisode& e) {
    TemplateEnumerator::forEach(e.space(), e.free(), orders, [&](const TemplateChoice& c) {
      if (run.shouldStop()) {
        aborted = true;
        return false;
      }
      if (!canonicalAfter(placed, c)) return true;
      FillResult r = e.tryStep(c);
      run.addEvaluations(1);
      if (!r.feasible) return true;
      ConstructionEpisode next = e;
      next.stepWith(c, std::move(r));
      run.offer(next);
      if (run.progressDue())
        run.progress(std::min(1.0, static_cast<double>(run.evaluations()) / std::max(1.0, estimate)));
      if (!next.done()) {
        placed.push_back(c);
        dfs(next);
        placed.pop_back();
      }
      return !aborted;
    });
  };
  if (!root.done()) dfs(root);
  std::snprintf(buf, sizeof buf, "%s %s: %lld plans priced (estimate at most %.3g)",
                aborted ? (run.cancelled() ? "cancelled while searching" : "budget ended while searching")
                        : "searched",
                toString(orders).c_str(), run.evaluations(), estimate);
  return run.finish(root, name(), version(), seed, buf);
}

}  // namespace arachne
