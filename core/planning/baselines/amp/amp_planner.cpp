// The amp planner: AMP's ranking (amp_estimator), AMP's replica fill, our cost model's verdict.
#include "planning/baselines/amp/amp_planner.h"

#include <cstdio>

#include "cost/cost_model.h"
#include "planning/baselines/amp/amp_estimator.h"
#include "planning/baselines/baseline_network.h"
#include "planning/baselines/baseline_plans.h"
#include "plan/texts.h"
#include "planning/node_reading.h"
#include "planning/planner_run.h"

namespace arachne {

namespace {

// Sailor's AMPPlanner.get_sorted_plans: stage by stage, replica by replica, each TP group takes
// the current GPU type while it has tp GPUs left, else the next type (cluster order).
SailorPipeline fillReplicas(const AmpCandidate& c, const Composition& comp) {
  SailorPipeline p;
  p.micro_batch = c.mbs;
  p.micro_batches = c.micro_batches;
  std::vector<std::string> types = comp.gpuTypes();
  std::vector<int> left;
  for (const std::string& t : types) left.push_back(comp.gpusOfType(t));
  size_t cur = 0;
  int first = 0;
  for (int s = 0; s < c.pp; ++s) {
    const int n = c.stage_layers[static_cast<size_t>(s)];
    p.layers.emplace_back(first, first + n - 1);
    first += n;
    std::vector<SailorReplica> reps;
    for (int r = 0; r < c.dp; ++r) {
      while (cur + 1 < types.size() && left[cur] < c.tp) ++cur;
      reps.push_back({types[cur], c.tp});
      left[cur] -= c.tp;
    }
    p.replicas.push_back(std::move(reps));
  }
  return p;
}

}  // namespace

PlannerResult AmpPlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                               const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  PlannerRun run(budget, progress, cancel);
  // AMP's cluster is M x N GPUs: one node size for the whole cluster, else one-GPU nodes.
  const Composition& real = cost.composition();
  const NodeReading reading = hasUniformNodeSizes(real) ? nodesAsTheyAre(real) : oneGpuPerNode(real);
  const BaselineNetwork net = files_.network
                                  ? BaselineNetwork::fromSailor(files_.network, files_.zone, cost, reading.composition)
                                  : BaselineNetwork::fromCatalog(cost, reading.composition);
  const AmpProfiles profiles = files_.layer_times ? ampProfilesFromSailor(cost, *files_.layer_times) : ampProfilesFromCost(cost);
  const AmpSpace sp = rankAmp(cost, reading.composition, net, profiles, [&] {
    run.addEvaluations(1);
    if (run.progressDue()) run.progress(-1, text::kAmpProgress, Reason(text::kAmpProgress));
    return run.shouldStop();
  });

  Reason firstProblem;
  int tried = 0;
  for (const AmpCandidate& c : sp.ranked) {
    if (cancel && cancel->load()) break;
    ++tried;
    const SailorPipeline pipe = fillReplicas(c, reading.composition);
    const PricedCandidate pc = priceSailorPipeline(cost, reading, pipe);
    if (pc.feasible()) {
      run.offer(pc.plan, pc.report);
      break;
    }
    if (firstProblem.empty()) firstProblem = candidateProblem(pipe, pc.why);
  }
  Reason head(text::kAmpRanked, {integer(static_cast<long long>(sp.ranked.size())), integer(sp.candidates),
                                  term(profiles.origin)});
  if (sp.stopped) head = Reason(text::kAmpStopped, {nested(head)});
  std::vector<Reason> clauses{head, sp.note};
  if (!reading.identity) clauses.emplace_back(text::kAmpOneGpuNodes);
  if (run.found() && tried > 1)
    clauses.push_back(Reason(text::kRanksInfeasible, {integer(tried - 1), nested(firstProblem)}));
  else if (!run.found() && !firstProblem.empty())
    clauses.push_back(Reason(text::kNoneFeasibleFirst, {nested(firstProblem)}));
  const Reason summary = joinReasons(text::kJoinClauses, clauses);
  // sp.note's numbers as data ("the global batch of G is not divisible by the X GPUs, so AMP
  // plans on Y"), so the GUI can say it in its language.
  const Reason why = sp.nodes < sp.nodes_given
                         ? Reason(text::kUnusedAmpBatch, {integer(cost.spec().global_batch),
                                                         integer(static_cast<long long>(sp.gpus_per_node) * sp.nodes_given),
                                                         integer(static_cast<long long>(sp.gpus_per_node) * sp.nodes)})
                         : Reason(text::kUnusedAmp);
  PlannerResult r = run.finish({}, name(), version(), seed, summary);
  r.plan.unused_gpus = listUnusedGpus(real, r.plan, why);
  return r;
}

}  // namespace arachne
