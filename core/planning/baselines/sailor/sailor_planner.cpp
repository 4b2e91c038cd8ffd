// The sailor planner: Sailor's ranking, our cost model's verdict. Ported from eth-easl/sailor
// cf2c8e3 (MIT).
#include "planning/baselines/sailor/sailor_planner.h"

#include <cstdio>

#include "cost/cost_model.h"
#include "planning/baselines/baseline_network.h"
#include "planning/baselines/baseline_plans.h"
#include "plan/texts.h"
#include "planning/baselines/sailor/sailor_inputs.h"
#include "planning/baselines/sailor/sailor_search.h"
#include "planning/node_reading.h"
#include "planning/planner_run.h"

namespace arachne {

namespace {

SailorPipeline toPipeline(const SailorConfig& c, const SailorInputs& in) {
  SailorPipeline p;
  p.micro_batch = c.mbs;
  p.micro_batches = sailorMicroBatches(in.global_batch, c.mbs, c.dp);
  p.layers = c.stages;
  for (const SailorStageAssign& a : c.assign) {
    std::vector<SailorReplica> reps;
    for (const SailorTypeGroup& g : a)
      for (int k = 0; k < g.count; ++k) reps.push_back({in.types[static_cast<size_t>(g.type)].id, g.tp});
    p.replicas.push_back(std::move(reps));
  }
  return p;
}

}  // namespace

PlannerResult SailorPlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                  const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  PlannerRun run(budget, progress, cancel);
  // Sailor needs uniform node sizes: on a cluster without them it plans on one-GPU nodes.
  const NodeReading reading = uniformNodeReading(cost.composition());
  const SailorInputs in = buildSailorInputs(cost, reading.composition, files_.layer_times.get());
  const BaselineNetwork net = files_.network
                                  ? BaselineNetwork::fromSailor(files_.network, files_.zone, cost, reading.composition)
                                  : BaselineNetwork::fromCatalog(cost, reading.composition);
  long long counted = 0;
  SailorSearch search(
      in, net,
      [&](long long estimates) {
        run.addEvaluations(estimates - counted);
        counted = estimates;
        return run.shouldStop();
      },
      [&](int depth, int mbs) {
        const Reason line(text::kSailorProgress, {integer(depth), integer(in.layers), integer(mbs)});
        run.progress(static_cast<double>(depth - 1) / std::max(1, in.layers), line.english(), line);
      });
  const std::vector<SailorConfig> ranked = search.run();

  // Sailor's harness takes the first ranked plan that fits; here the judge is our cost model.
  Reason firstProblem;
  int tried = 0;
  for (const SailorConfig& c : ranked) {
    if (cancel && cancel->load()) break;
    ++tried;
    const PricedCandidate pc = priceSailorPipeline(cost, reading, toPipeline(c, in));
    if (pc.feasible()) {
      run.offer(pc.plan, pc.report);
      break;
    }
    if (firstProblem.empty()) firstProblem = candidateProblem(toPipeline(c, in), pc.why);
  }
  Reason head(text::kSailorRanked, {integer(static_cast<long long>(ranked.size()))});
  if (search.stopped()) head = Reason(text::kSailorStopped, {nested(head)});
  if (search.tooManyTypes()) head = Reason(text::kSailorTooManyTypes, {nested(head)});
  std::vector<Reason> clauses{head};
  if (!reading.identity) clauses.emplace_back(text::kSailorOneGpuNodes);
  if (run.found()) {
    if (tried > 1) clauses.push_back(Reason(text::kRanksInfeasible, {integer(tried - 1), nested(firstProblem)}));
  } else if (!firstProblem.empty()) {
    clauses.push_back(Reason(text::kNoneFeasibleFirst, {nested(firstProblem)}));
  }
  for (const Reason& n : net.notes()) clauses.push_back(n);
  const Reason summary = joinReasons(text::kJoinClauses, clauses);
  PlannerResult r = run.finish({}, name(), version(), seed, summary);
  r.plan.unused_gpus = listUnusedGpus(cost.composition(), r.plan, Reason(text::kUnusedSailor));
  return r;
}

}  // namespace arachne
