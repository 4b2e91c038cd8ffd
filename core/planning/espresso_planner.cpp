// Espresso's GPU allocator: loops over TP, DP and depth, single-type pipelines, then the cost tree.
#include "planning/espresso_planner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <queue>
#include <tuple>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "plan/texts.h"
#include "planning/construction_space.h"
#include "planning/espresso_estimator.h"
#include "planning/espresso_stage_placer.h"
#include "planning/node_allocator.h"
#include "planning/node_reading.h"
#include "planning/plan_free_gpus.h"
#include "planning/planner_run.h"
#include "planning/template_fill.h"

namespace arachne {
namespace {

constexpr int kTpSizes[] = {1, 2, 4, 8};   // Espresso's TP_SIZES
constexpr int kMaxDepth = 23;              // Espresso's PP_SIZES: 1 .. 23
constexpr double kMemoryFraction = 0.8;    // beta of its memory-based pruning bound
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

PlannerResult EspressoPlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                    const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  PlannerRun run(budget, progress, cancel);
  const NodeReading reading = uniformNodeReading(cost.composition());
  const FreeGpus free(reading.composition);
  const ConstructionSpace space = ConstructionSpace::fromCostModel(cost, free);
  const TemplateFill fill(cost);
  const int T = free.typeCount();
  const int global = cost.spec().global_batch;
  double bestOwn = kInf;     // Espresso's best iteration time (its pruning bound)
  double chosenOwn = kInf;   // its estimate of the plan we return (the best our cost model accepts)
  long long leaves = 0, pruned = 0, oursInfeasible = 0;
  Reason oursWhy, chosen;
  bool stopped = false;
  auto stop = [&] { return stopped = stopped || run.shouldStop(); };
  auto evaluate = [&] {
    if (stop()) return false;
    run.addEvaluations(1);
    if (run.progressDue()) {
      const Reason line(text::kEspressoProgress, {integer(leaves), number(run.bestThroughput(), 2)});
      run.progress(-1, line.english(), line);
    }
    return true;
  };

  for (int tp : kTpSizes) {
    const int level = tpLevel(tp);
    const int tpIdx = space.tpIndex(tp);
    if (tpIdx < 0 || stop()) continue;
    std::vector<char> usable(static_cast<size_t>(T), 0);
    for (int t = 0; t < T; ++t)
      usable[static_cast<size_t>(t)] = space.tp_allowed[static_cast<size_t>(t)][static_cast<size_t>(tpIdx)] &&
                                       free.largestFree(t) >= tp;
    for (int dp = 1; dp <= global && !stop(); dp *= 2) {
      // The job's micro-batch: the smallest size every usable type has profiled (1 with our
      // profiles); the micro-batches per replica follow from the global batch (docs/baselines.md).
      std::vector<int> common;
      bool firstType = true;
      for (int t = 0; t < T; ++t) {
        if (!usable[static_cast<size_t>(t)]) continue;
        const auto& m = fill.microBatches(t, tp);
        if (firstType) common = m;
        else {
          std::vector<int> both;
          std::set_intersection(common.begin(), common.end(), m.begin(), m.end(), std::back_inserter(both));
          common = both;
        }
        firstType = false;
      }
      if (common.empty()) break;
      const int mbs = common.front();
      if (dp * mbs > global) break;
      EspressoJob job{tp, dp, mbs, (global + dp * mbs - 1) / (dp * mbs)};
      const EspressoEstimator est(cost, job);
      const int L = est.blocks();
      // Stages of each type the free nodes give every replica (Espresso's per-type limit / DP).
      std::vector<int> cap(static_cast<size_t>(T), 0);
      int capTotal = 0;
      for (int t = 0; t < T; ++t)
        if (usable[static_cast<size_t>(t)]) capTotal += cap[static_cast<size_t>(t)] = free.groupCapacity(t, level) / dp;
      if (capTotal == 0 || L == 0) break;  // a larger DP gets even fewer
      // Depth bounds: the least and the most depth at which one type alone fits, blocks split evenly.
      int kLow = 0, kHigh = 0;
      for (int k = 1; k <= std::min(kMaxDepth, L) && !stop(); ++k) {
        std::vector<int> even(static_cast<size_t>(k), L / k);
        for (int i = 0; i < L % k; ++i) ++even[static_cast<size_t>(i)];
        for (int t = 0; t < T; ++t) {
          if (!usable[static_cast<size_t>(t)]) continue;
          if (!evaluate()) break;
          if (std::isfinite(est.estimate(std::vector<int>(static_cast<size_t>(k), t), even))) {
            if (kLow == 0) kLow = k;
            kHigh = k;
            break;
          }
        }
      }
      if (kLow == 0) continue;
      std::vector<int> holdable(static_cast<size_t>(T), 0);
      for (int t = 0; t < T; ++t)
        if (usable[static_cast<size_t>(t)]) holdable[static_cast<size_t>(t)] = est.holdableBlocks(t, kMemoryFraction);

      for (int pp = kLow; pp <= kHigh && !stop(); ++pp) {
        if (capTotal < pp) break;
        auto leaf = [&](const std::vector<int>& counts) {
          ++leaves;
          const EspressoPlacement pl = EspressoStagePlacer::place(est, counts, evaluate);
          if (!std::isfinite(pl.time_s)) return;
          bestOwn = std::min(bestOwn, pl.time_s);
          if (pl.time_s >= chosenOwn) return;
          // Espresso's choice so far: placed on the reading, mapped to the real nodes, priced by us.
          TemplateChoice c;
          c.depth = pp;
          for (int g : pl.gpus) c.stages.push_back({g, tp});
          FreeGpus onReading = free;
          std::vector<std::vector<int>> ids;
          if (!NodeAllocator::allocate(onReading, c, dp, ids)) return;
          Plan plan;
          Template& tm = plan.templates.emplace_back();
          tm.replicas = dp;
          tm.micro_batch = mbs;
          tm.micro_batches = job.micro_batches;
          for (int s = 0, from = 0; s < pp; ++s) {
            Stage st;
            st.gpu_type = cost.gpuType(pl.gpus[static_cast<size_t>(s)]).id;
            st.tp = tp;
            std::tie(st.first_layer, st.last_layer) = est.layerRange(s, pp, from, pl.blocks[static_cast<size_t>(s)]);
            from += pl.blocks[static_cast<size_t>(s)];
            st.node_ids = ids[static_cast<size_t>(s)];
            tm.stages.push_back(std::move(st));
          }
          plan = toRealNodes(plan, reading);
          const PlanReport report = cost.priceAndUpdate(plan);
          if (!report.feasible) {
            ++oursInfeasible;
            if (oursWhy.empty() && !report.violations.empty()) oursWhy = firstViolation(report);
            return;
          }
          chosenOwn = pl.time_s;
          chosen = Reason(text::kEspressoChosen,
                          {integer(tp), integer(dp), integer(pp), integer(mbs), number(chosenOwn, 3)});
          run.offer(plan, report, freeGpusAfter(cost.composition(), plan), true);
        };
        // Single-type pipelines first (getRapidConfig).
        for (int t = 0; t < T && !stop(); ++t)
          if (usable[static_cast<size_t>(t)] && cap[static_cast<size_t>(t)] >= pp) {
            std::vector<int> counts(static_cast<size_t>(T), 0);
            counts[static_cast<size_t>(t)] = pp;
            leaf(counts);
          }
        // The cost tree, best first: level i decides the stages of type i.
        auto bound = [&](const std::vector<int>& counts, double layers) {
          std::vector<int> gpus;
          for (int t = 0; t < T; ++t) gpus.insert(gpus.end(), static_cast<size_t>(counts[static_cast<size_t>(t)]), t);
          return est.lowerBound(gpus, pp, layers);
        };
        using Node = std::tuple<double, long long, std::vector<int>, int, int>;  // bound, order, counts, stages, level
        std::priority_queue<Node, std::vector<Node>, std::greater<Node>> heap;
        long long order = 0;
        heap.emplace(0.0, order++, std::vector<int>(static_cast<size_t>(T), 0), 0, -1);
        while (!heap.empty() && !stop()) {
          auto [lb, ord, counts, assigned, idx] = heap.top();
          heap.pop();
          (void)lb;
          (void)ord;
          if (assigned == pp) {
            leaf(counts);
            continue;
          }
          if (idx + 1 >= T) continue;
          if (assigned > 0) {  // the memory dimension: the blocks the stages so far hold in 80 % of memory
            double layers = 0;
            for (int t = 0; t < T; ++t) layers += counts[static_cast<size_t>(t)] * holdable[static_cast<size_t>(t)];
            if (bound(counts, layers) > bestOwn) {
              ++pruned;
              continue;
            }
          }
          const int next = idx + 1;
          const int most = usable[static_cast<size_t>(next)] ? std::min(cap[static_cast<size_t>(next)], pp - assigned) : 0;
          for (int num = 0; num <= most; ++num) {
            std::vector<int> child = counts;
            child[static_cast<size_t>(next)] += num;
            double priority = kInf;  // the child completed by one type at a time, the best bound
            for (int t = std::max(idx, 0); t < T; ++t) {
              if (!usable[static_cast<size_t>(t)]) continue;
              std::vector<int> full = child;
              full[static_cast<size_t>(t)] += pp - assigned - num;
              priority = std::min(priority, bound(full, L));
            }
            heap.emplace(priority, order++, std::move(child), assigned + num, next);
          }
        }
      }
    }
  }
  std::vector<Reason> clauses{
      Reason(text::kEspressoSearched,
             {term(reading.identity ? text::kNodesAsTheyAre : text::kOneGpuPerNodeReading), integer(leaves), integer(pruned)}),
      chosen.empty() ? Reason(text::kNoPlanFeasibleOurs) : chosen};
  if (oursInfeasible > 0) clauses.push_back(Reason(text::kBetterPlansInfeasible, {integer(oursInfeasible), nested(oursWhy)}));
  Reason summary = joinReasons(text::kJoinClauses, clauses);
  if (stopped) summary = Reason(run.cancelled() ? text::kRunCancelled : text::kRunBudgetSpent, {nested(summary)});
  return run.finish(cost, name(), version(), seed, std::move(summary));
}

}  // namespace arachne
