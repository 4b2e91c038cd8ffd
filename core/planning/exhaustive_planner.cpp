// Exhaustive construction: depth-first over every template sequence, commuting templates
// taken in one canonical order, at the finest stage-order granularity the budget allows.
#include "planning/exhaustive_planner.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>

#include "plan/texts.h"
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

Reason duration(double s) {
  if (s < 120) return Reason(text::kSeconds1, {number(s, 1)});
  if (s < 7200) return Reason(text::kMinutes, {number(s / 60, 0)});
  if (s < 86400 * 365.0) return Reason(text::kHours, {number(s / 3600, 0)});
  return Reason(text::kYears, {number(s / (86400 * 365.0), -2)});
}

ReasonArg ordersTerm(StageOrders o) {
  switch (o) {
    case StageOrders::Every: return term(text::kEveryStageOrder);
    case StageOrders::TypeBlocks: return term(text::kTypeBlocks);
    case StageOrders::SortedBlocks: return term(text::kSortedBlocks);
  }
  return verbatim(toString(o));
}

// Seconds per fill, from up to 24 single-type templates of the root spread over types, TP
// degrees and depths (cheap to list, unlike a sample of the whole space).
double secondsPerFill(const ConstructionEpisode& root, PlannerRun& run) {
  std::vector<TemplateChoice> all;
  const ConstructionSpace& sp = root.space();
  for (int t = 0; t < root.free().typeCount(); ++t)
    for (int k : sp.tp_choices)
      for (int d = 1; d <= sp.max_depth; ++d) {
        TemplateChoice c{d, std::vector<StageChoice>(static_cast<size_t>(d), StageChoice{t, k})};
        if (FeasibilityMasks::admits(sp, root.free(), c, true)) all.push_back(std::move(c));
      }
  std::vector<TemplateChoice> sample;
  const size_t stride = std::max<size_t>(1, all.size() / 24);
  for (size_t i = 0; i < all.size(); i += stride) sample.push_back(all[i]);
  if (sample.empty()) return 1e-5;
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& c : sample) root.tryStep(c);
  run.addEvaluations(static_cast<long long>(sample.size()));
  const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return std::max(1e-7, dt / static_cast<double>(sample.size()));
}

// Fills the depth-first search would run below `root`, by Knuth's random-probe estimator.
// One pass over the root's children counts them and keeps a reservoir sample that is filled
// to estimate how many are feasible (and so searched further); each probe then walks one
// random path below a feasible root child, sampling every node's children the same way.
// `secondsPerFill` receives the time per fill weighted as the search weighs the levels.
// Probing gives up (returning +inf) once it has spent `maxSeconds` or once the fills it has
// already counted would take longer than `limitSeconds`.
double probeFills(const ConstructionEpisode& root, StageOrders orders, int probes,
                  std::mt19937_64& rng, PlannerRun& run, double& secondsPerFill,
                  double maxSeconds, double limitSeconds) {
  constexpr size_t kSample = 16;
  const auto began = std::chrono::steady_clock::now();
  auto spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(); };
  struct Sampled {
    double children = 0, feasible = 0, seconds = 0;  // seconds: mean per sampled fill
    std::vector<std::pair<TemplateChoice, FillResult>> ok;
  };
  long long visits = 0;
  bool stopped = false;
  auto sampleNode = [&](const ConstructionEpisode& e, const std::vector<TemplateChoice>& placed,
                        size_t want) {
    Sampled out;
    std::vector<TemplateChoice> sample;
    TemplateEnumerator::forEach(e.space(), e.free(), orders, [&](const TemplateChoice& c) {
      if ((++visits & 4095) == 0 && run.shouldStop()) {
        stopped = true;
        return false;
      }
      if (!canonicalAfter(placed, c)) return true;
      out.children += 1;
      if (sample.size() < want) {
        sample.push_back(c);
      } else {
        const auto j = std::uniform_real_distribution<double>(0, out.children)(rng);
        if (j < static_cast<double>(want)) sample[static_cast<size_t>(j)] = c;
      }
      return true;
    });
    const auto t0 = std::chrono::steady_clock::now();
    for (const auto& c : sample) {
      FillResult r = e.tryStep(c);
      if (r.feasible) out.ok.emplace_back(c, std::move(r));
    }
    run.addEvaluations(static_cast<long long>(sample.size()));
    if (!sample.empty()) {
      out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() /
                    static_cast<double>(sample.size());
      out.feasible = out.children * static_cast<double>(out.ok.size()) / static_cast<double>(sample.size());
    }
    return out;
  };

  {
    Reason why(text::kExhaustiveEstimating, {ordersTerm(orders)});
    run.progress(-1, why.english(), why);
  }
  Sampled top = sampleNode(root, {}, kSample * static_cast<size_t>(std::max(1, probes)));
  double fills = top.children, seconds = top.children * top.seconds;
  if (seconds > limitSeconds || spent() > maxSeconds) return std::numeric_limits<double>::infinity();
  if (top.ok.empty() || stopped) {
    if (fills > 0) secondsPerFill = std::max(1e-7, seconds / fills);
    return fills;
  }
  double below = 0, belowTime = 0;
  for (int p = 0; p < probes && !stopped && !run.shouldStop(); ++p) {
    auto& start = top.ok[std::uniform_int_distribution<size_t>(0, top.ok.size() - 1)(rng)];
    ConstructionEpisode e = root;
    std::vector<TemplateChoice> placed{start.first};
    e.stepWith(start.first, start.second);
    double weight = 1, est = 0, estTime = 0;
    while (!e.done() && !stopped) {
      if (spent() > maxSeconds) return std::numeric_limits<double>::infinity();
      Sampled node = sampleNode(e, placed, kSample);
      est += weight * node.children;
      estTime += weight * node.children * node.seconds;
      if (node.ok.empty()) break;
      weight *= node.feasible;
      auto& pick = node.ok[std::uniform_int_distribution<size_t>(0, node.ok.size() - 1)(rng)];
      placed.push_back(pick.first);
      e.stepWith(pick.first, std::move(pick.second));
    }
    below += est;
    belowTime += estTime;
  }
  fills += top.feasible * below / std::max(1, probes);
  seconds += top.feasible * belowTime / std::max(1, probes);
  if (fills > 0) secondsPerFill = std::max(1e-7, seconds / fills);
  return fills;
}

}  // namespace

PlannerResult ExhaustivePlanner::plan(const CostModel& cost, const PlannerBudget& budget,
                                      std::uint64_t seed, const ProgressCallback& progress,
                                      const std::atomic<bool>* cancel) {
  ConstructionEpisode root(cost);
  PlannerRun run(budget, progress, cancel);
  const int steps = root.options().step_limit;
  double perFill = secondsPerFill(root, run);
  double allowed = std::numeric_limits<double>::infinity();
  if (budget.seconds > 0) allowed = std::max(0.0, run.secondsLeft()) / perFill;
  if (budget.evaluations > 0) allowed = std::min(allowed, static_cast<double>(budget.evaluations));
  const double countCap = std::isfinite(allowed) ? allowed : 1e12;

  // The finest granularity that fits: the structural count (an upper bound: it ignores
  // memory) settles it when small enough; otherwise, when even the first templates fit, random
  // probes of the real search estimate its size.
  const std::function<bool()> stop = [&run] { return run.shouldStop(); };
  StageOrders orders = orders_;
  double estimate = 0;
  bool fits = forced_;
  std::mt19937_64 rng(seed);
  if (forced_) {
    estimate = TemplateEnumerator::countPlans(root.space(), root.free(), orders, steps, countCap, stop);
  } else {
    for (StageOrders o : {StageOrders::Every, StageOrders::TypeBlocks, StageOrders::SortedBlocks}) {
      orders = o;
      // Fills the budget still allows (time and evaluations).
      double left = std::min(std::max(0.0, run.secondsLeft()) / perFill,
                             budget.evaluations > 0 ? static_cast<double>(budget.evaluations - run.evaluations())
                                                    : std::numeric_limits<double>::infinity());
      const double bound = TemplateEnumerator::countPlans(root.space(), root.free(), o, steps, countCap, stop);
      if (run.cancelled()) break;
      estimate = bound;
      if (bound <= left) {
        fits = true;
        break;
      }
      if (TemplateEnumerator::count(root.space(), root.free(), o) > left) continue;
      const double secondsLeft = budget.seconds > 0 ? std::max(0.0, run.secondsLeft())
                                                    : std::numeric_limits<double>::infinity();
      const double probed = probeFills(root, o, 64, rng, run, perFill, 0.1 * secondsLeft,
                                       budget.seconds > 0 ? secondsLeft : std::numeric_limits<double>::infinity());
      if (!std::isfinite(probed)) continue;  // too big to finish probing: keep the bound
      estimate = probed;
      left = std::min(left, std::max(0.0, run.secondsLeft()) / perFill);
      if (estimate <= 0.8 * left) {
        fits = true;
        break;
      }
    }
  }
  auto finish = [&](Reason why) { return run.finish(root, name(), version(), seed, std::move(why)); };
  if (run.cancelled()) return finish(Reason(text::kExhaustiveCancelledEstimating));
  if (!fits) {
    const double every = TemplateEnumerator::count(root.space(), root.free(), StageOrders::Every);
    PlannerResult r = finish(Reason(
        text::kExhaustiveRefused,
        {number(estimate, -3), ordersTerm(orders), number(every, -3), number(perFill * 1e6, 1),
         nested(duration(estimate * perFill)),
         nested(budget.seconds > 0 ? duration(budget.seconds)
                                   : Reason(text::kEvaluations, {integer(budget.evaluations)}))}));
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
  const char* wording = !aborted ? text::kExhaustiveSearched
                        : run.cancelled() ? text::kExhaustiveCancelled
                                          : text::kExhaustiveBudgetEnded;
  return finish(Reason(wording, {ordersTerm(orders), integer(run.evaluations()), number(estimate, -3)}));
}

}  // namespace arachne
