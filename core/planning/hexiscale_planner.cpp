// HexiScale's sweep over pipeline counts (get_plans_backend of Sailor's MIT re-implementation).
#include "planning/hexiscale_planner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "plan/texts.h"
#include "planning/hexiscale_estimator.h"
#include "planning/hexiscale_strategy.h"
#include "planning/machine_graph_partitioner.h"
#include "planning/plan_free_gpus.h"
#include "planning/planner_run.h"

namespace arachne {
namespace {

// Sailor's port sweeps 1 .. GPUs / 5 pipelines (after HexiScale's experimental/main.py).
constexpr int kGpusPerPipelineAtLeast = 5;

// The graph over `devices` (indices into the problem), its machines renumbered in order.
// `reverse`: edge weights 1e10 / bandwidth (step 1, the pipelines), else the bandwidth (step 2,
// the groups of a pipeline); both rounded to integers as HexiScale's construct_graph does.
MachineGraph graphOf(const HexiScaleProblem& p, const std::vector<int>& devices, bool reverse) {
  MachineGraph g;
  std::vector<int> local(static_cast<size_t>(p.machines), -1);
  auto edge = [&](double bps) { return std::round(reverse ? 1e10 / bps : bps); };
  for (int d : devices) {
    const HexiScaleDevice& dv = p.devices[static_cast<size_t>(d)];
    int& m = local[static_cast<size_t>(dv.machine)];
    if (m < 0) {
      m = g.machines();
      g.weight.push_back(std::round(dv.flops));
      g.intra_edge.push_back(edge(dv.intra_bps));
    }
    g.machine.push_back(m);
  }
  g.inter_edge = edge(p.inter_bps);
  return g;
}

int binomialPlusOne(std::mt19937_64& rng) {  // initialize(): Binomial(2, 0.2) + 1
  std::bernoulli_distribution coin(0.2);
  return 1 + (coin(rng) ? 1 : 0) + (coin(rng) ? 1 : 0);
}

// Our plan for HexiScale's pipelines: one single-replica template per pipeline, each stage the
// TP group on its machine. Empty when a TP group spans machines (never, by construction).
Plan toPlan(const HexiScaleProblem& p, const CostModel& cost, const std::vector<HexiScalePipeline>& pipelines,
            int microBatches) {
  Plan plan;
  const int lastLayer = cost.model().layerCount() - 1;
  for (const HexiScalePipeline& pl : pipelines) {
    Template t;
    t.replicas = 1;
    t.micro_batch = p.micro_batch;
    t.micro_batches = microBatches;
    int block = p.first_block;
    for (size_t s = 0; s < pl.stages.size(); ++s) {
      const auto& g = pl.stages[s];
      const HexiScaleDevice& d0 = p.devices[static_cast<size_t>(g.front())];
      for (int d : g)
        if (p.devices[static_cast<size_t>(d)].machine != d0.machine) return Plan{};
      Stage st;
      st.gpu_type = cost.gpuType(d0.gpu_type).id;
      st.tp = static_cast<int>(g.size());
      st.first_layer = s == 0 ? 0 : block;
      block += pl.layers[s];
      st.last_layer = s + 1 == pl.stages.size() ? lastLayer : block - 1;
      st.node_ids = {d0.node_id};
      t.stages.push_back(std::move(st));
    }
    plan.templates.push_back(std::move(t));
  }
  return plan;
}

}  // namespace

PlannerResult HexiScalePlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                     const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  PlannerRun run(budget, progress, cancel);
  const HexiScaleProblem prob = HexiScaleProblem::from(cost);
  const int gpus = static_cast<int>(prob.devices.size());
  const int maxPipelines = gpus / kGpusPerPipelineAtLeast;
  const auto finishWith = [&](Reason why) { return run.finish(cost, name(), version(), seed, std::move(why)); };
  if (prob.why_not) return finishWith(Reason(text::kHexiNoPlan, {term(prob.why_not)}));
  if (maxPipelines < 1) return finishWith(Reason(text::kHexiTooFewGpus, {integer(gpus)}));

  std::vector<int> all(static_cast<size_t>(gpus));
  for (int i = 0; i < gpus; ++i) all[static_cast<size_t>(i)] = i;
  const MachineGraph pipelineGraph = graphOf(prob, all, true);
  std::mt19937_64 rng(seed);
  double bestOwn = std::numeric_limits<double>::infinity();
  int bestPipelines = 0, swept = 0, ranked = 0, ownOom = 0, emptyStage = 0, fewerParts = 0, oursInfeasible = 0;
  Reason oursWhy;
  bool stopped = false;
  for (int np = 1; np <= maxPipelines && !stopped; ++np) {
    if (run.shouldStop()) {
      stopped = true;
      break;
    }
    const int microBatches = prob.global_batch / np;
    if (microBatches < 1) break;  // more pipelines than sequences: none would get a micro-batch
    std::vector<int> groupsPerPipeline(static_cast<size_t>(np));
    for (int& k : groupsPerPipeline) k = binomialPlusOne(rng);
    ++swept;
    // Step 1: the pipelines, balanced by compute over the reverse-bandwidth graph.
    const std::vector<int> parts = MachineGraphPartitioner::partition(pipelineGraph, np);
    std::vector<std::vector<int>> members(static_cast<size_t>(np));
    int partCount = 0;
    for (int d = 0; d < gpus; ++d) {
      const int p = parts[static_cast<size_t>(d)];
      members[static_cast<size_t>(p)].push_back(d);
      partCount = std::max(partCount, p + 1);
    }
    if (partCount != np) {  // Sailor's port asserts here
      ++fewerParts;
      continue;
    }
    HexiScaleEstimator est(prob, microBatches);
    std::vector<HexiScalePipeline> pipelines;
    bool feasible = true;
    for (int j = 0; j < np && feasible; ++j) {
      if (run.shouldStop()) {
        stopped = true;
        break;
      }
      // Step 2: the pipeline's GPU groups over the bandwidth graph, ordered, split into stages.
      const std::vector<int>& devs = members[static_cast<size_t>(j)];
      const std::vector<int> sub = MachineGraphPartitioner::partition(graphOf(prob, devs, false),
                                                                      groupsPerPipeline[static_cast<size_t>(j)]);
      std::vector<std::vector<int>> groups;
      for (size_t i = 0; i < devs.size(); ++i) {
        const size_t g = static_cast<size_t>(sub[i]);
        if (groups.size() <= g) groups.resize(g + 1);
        groups[g].push_back(devs[i]);
      }
      const std::vector<int> keys = HexiScaleStrategy::stageOrderKeys(HexiScaleStrategy::mergedBandwidths(prob, groups));
      std::vector<size_t> order(groups.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return keys[a] < keys[b]; });
      std::vector<std::vector<int>> ordered;
      for (size_t i : order) ordered.push_back(groups[i]);
      HexiScalePipeline pl;
      pl.stages = HexiScaleStrategy::stages(prob, ordered, est, [&] {
        if (run.shouldStop()) return false;
        run.addEvaluations(1);
        return true;
      });
      if (pl.stages.empty()) {
        stopped = true;
        break;
      }
      pl.layers = HexiScaleStrategy::layerQuota(prob, est, pl.stages);
      if (pl.layers.empty()) {
        ++ownOom;
        feasible = false;
      } else if (std::find(pl.layers.begin(), pl.layers.end(), 0) != pl.layers.end()) {
        ++emptyStage;  // get_layers refuses a stage without blocks
        feasible = false;
      } else {
        pipelines.push_back(std::move(pl));
      }
    }
    if (stopped || !feasible) continue;
    if (run.shouldStop()) {
      stopped = true;
      break;
    }
    run.addEvaluations(1);
    const double own = est.overallCost(pipelines);
    ++ranked;
    if (own < bestOwn) {  // it ranks before the current choice: our cost model prices it
      Plan plan = toPlan(prob, cost, pipelines, microBatches);
      const PlanReport report = plan.templates.empty() ? PlanReport{} : cost.priceAndUpdate(plan);
      if (report.feasible) {
        bestOwn = own;
        bestPipelines = np;
        run.offer(plan, report, freeGpusAfter(cost.composition(), plan), true);
      } else {
        ++oursInfeasible;
        if (oursWhy.empty() && !report.violations.empty()) oursWhy = firstViolation(report);
      }
    }
    if (run.progressDue()) {
      const Reason line(text::kHexiProgress,
                        {integer(np), integer(maxPipelines), integer(bestPipelines), number(run.bestThroughput(), 2)});
      run.progress(static_cast<double>(np) / maxPipelines, line.english(), line);
    }
  }
  std::vector<Reason> clauses{
      Reason(text::kHexiSwept, {integer(swept), integer(maxPipelines), integer(ranked), integer(ownOom), integer(emptyStage),
                                integer(fewerParts)}),
      bestPipelines > 0 ? Reason(text::kHexiChosen, {integer(bestPipelines), number(bestOwn, 3)})
                        : Reason(text::kNoCandidateFeasibleOurs)};
  if (oursInfeasible > 0)
    clauses.push_back(Reason(text::kBetterCandidatesInfeasible, {integer(oursInfeasible), nested(oursWhy)}));
  Reason summary = joinReasons(text::kJoinClauses, clauses);
  if (stopped) summary = Reason(run.cancelled() ? text::kRunCancelled : text::kRunBudgetSpent, {nested(summary)});
  return finishWith(summary);
}

}  // namespace arachne
