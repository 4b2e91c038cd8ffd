// HetAuto's two-stage search: random coarse structures, then a layer-boundary local search.
#include "planning/hetauto_planner.h"

#include <cstdio>
#include <random>

#include "cost/cost_model.h"
#include "plan/texts.h"
#include "planning/construction_space.h"
#include "planning/hetauto_structure.h"
#include "planning/layer_split.h"
#include "planning/planner_run.h"
#include "planning/template_fill.h"

namespace arachne {
namespace {

constexpr int kDrawsBeforeExhausted = 100000;
constexpr int kDrawsPerCheck = 1000;

std::vector<int> layerCounts(const std::vector<int>& last) {
  std::vector<int> n;
  for (size_t s = 0, prev = 0; s < last.size(); ++s) {
    n.push_back(last[s] + 1 - static_cast<int>(prev));
    prev = static_cast<size_t>(last[s] + 1);
  }
  return n;
}

}  // namespace

PlannerResult HetAutoPlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                   const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  PlannerRun run(budget, progress, cancel);
  const TemplateFill fill(cost);
  const FreeGpus free(cost.composition());
  const ConstructionSpace space = ConstructionSpace::fromCostModel(cost, free);
  HetAutoSpace structures(fill, space, free, cost.spec().global_batch);
  std::mt19937_64 rng(seed);
  const Plan empty;
  long long coarse = 0, fine = 0;
  bool exhausted = false;

  // One evaluation: the template as given, priced with the plan by our cost model.
  auto evaluate = [&](const TemplateChoice& c, const HetAutoStructure& st, const std::vector<int>& layers,
                      FillResult& out) {
    if (run.shouldStop()) return 0.0;
    run.addEvaluations(1);
    out = fill.place(empty, free, c, TemplateArithmetic{layers, st.replicas, st.micro_batch});
    if (out.feasible) run.offer(out.plan, out.report, out.free_after);
    if (run.progressDue()) {
      const Reason line(text::kHetAutoProgress, {integer(coarse), integer(run.evaluations()), number(run.bestThroughput(), 2)});
      run.progress(-1, line.english(), line);
    }
    return out.feasible ? out.report.iteration_time_s : 0.0;
  };

  int misses = 0;  // draws in a row that gave nothing new
  while (!run.shouldStop()) {
    HetAutoStructure st;
    // Draws in small batches, so that the budget and the cancel flag are seen between them.
    if (!structures.next(rng, st, kDrawsPerCheck)) {
      misses += kDrawsPerCheck;
      if (misses >= kDrawsBeforeExhausted) {
        exhausted = true;
        break;
      }
      continue;
    }
    misses = 0;
    ++coarse;
    const TemplateChoice c = st.choice();
    // Stage 2 starts from the split our fill would take (speed-proportional, else the fastest
    // alternative that fits memory).
    const int bound = (cost.spec().global_batch + st.replicas * st.micro_batch - 1) / (st.replicas * st.micro_batch);
    const LayerSplitter splitter(cost, c.stages, st.micro_batch, st.replicas, bound);
    if (!splitter.anySplitFits()) continue;  // no split of this structure fits memory: nothing to price
    std::vector<int> layers = layerCounts(splitter.best().last);
    FillResult r;
    double current = evaluate(c, st, layers, r);
    if (current <= 0) continue;
    // Best-improvement moves of one layer across one boundary, until none shortens the iteration.
    while (!run.shouldStop()) {
      double best = current;
      std::vector<int> bestLayers;
      for (size_t b = 0; b + 1 < layers.size() && !run.shouldStop(); ++b)
        for (int dir : {-1, 1}) {
          std::vector<int> n = layers;
          n[b] += dir;
          n[b + 1] -= dir;
          if (n[b] < 1 || n[b + 1] < 1) continue;
          ++fine;
          const double t = evaluate(c, st, n, r);
          if (t > 0 && t < best * (1 - 1e-12)) {
            best = t;
            bestLayers = n;
          }
        }
      if (bestLayers.empty()) break;
      layers = bestLayers;
      current = best;
    }
  }
  const Reason summary(exhausted ? text::kHetAutoExhausted : text::kHetAutoDrawn, {integer(coarse), integer(fine)});
  return run.finish(cost, name(), version(), seed, summary);
}

}  // namespace arachne
