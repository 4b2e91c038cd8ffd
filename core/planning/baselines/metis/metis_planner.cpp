// The metis planner: Metis's inter- and intra-stage search with its load balancer and cost
// model, then our plan model and cost model (our implementation; see metis_planner.h).
#include "planning/baselines/metis/metis_planner.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>
#include <set>

#include "catalog/gpu_type.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "model/model.h"
#include "planning/baselines/baseline_network.h"
#include "planning/baselines/baseline_plans.h"
#include "plan/texts.h"
#include "planning/baselines/metis/metis_cost.h"
#include "planning/baselines/metis/metis_search.h"
#include "planning/planner_run.h"

namespace arachne {

namespace {

// The candidate (metisInexpressible() accepted it) in Sailor's plan shape on the real nodes.
SailorPipeline toPipeline(const MetisCandidate& c, const MetisLayout& l, const CostModel& cost,
                          std::vector<std::vector<int>>& nodeIds) {
  const int dp = c.strategies.front().first;
  const int gbs = cost.spec().global_batch;
  SailorPipeline p;
  nodeIds.clear();
  p.micro_batch = gbs / (c.batches * dp);
  p.micro_batches = sailorMicroBatches(gbs, p.micro_batch, dp);
  int rank = 0;
  for (size_t s = 0; s < c.groups.size(); ++s) {
    p.layers.emplace_back(c.partition[s], c.partition[s + 1] - 1);
    const int tp = c.strategies[s].second;
    std::vector<SailorReplica> reps;
    std::vector<int> ids;
    for (int d = 0; d < dp; ++d, rank += tp) {
      reps.push_back({cost.gpuType(l.rank_type[static_cast<size_t>(rank)]).id, tp});
      ids.push_back(l.node_id[static_cast<size_t>(l.rank_node[static_cast<size_t>(rank)])]);
    }
    p.replicas.push_back(std::move(reps));
    nodeIds.push_back(std::move(ids));
  }
  return p;
}

}  // namespace

PlannerResult MetisPlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                 const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  PlannerRun run(budget, progress, cancel);
  const Composition& comp = cost.composition();
  const BaselineNetwork net = files_.network ? BaselineNetwork::fromSailor(files_.network, files_.zone, cost, comp)
                                             : BaselineNetwork::fromCatalog(cost, comp);
  const MetisModel model(cost, comp, net, files_.layer_times.get());
  MetisSearch search = searchMetis(
      cost, model, comp,
      [&](long long costed) {
        run.addEvaluations(costed - run.evaluations());
        return run.shouldStop();
      },
      [&](const MetisSearch& s) {
        if (!run.progressDue()) return;
        const Reason line(text::kMetisProgress, {integer(s.costed), integer(s.out_of_memory)});
        run.progress(-1, line.english(), line);
      });
  run.addEvaluations(search.costed - run.evaluations());
  Reason firstProblem;
  int tried = 0, inexpressible = 0;
  std::set<long long> priced;
  // Metis's ranking first; past the kept top (every one unusable), the best it holds.
  auto consider = [&](const MetisCandidate& c, bool counted) {
    if (priced.count(c.seq)) return false;
    priced.insert(c.seq);
    if (counted) ++tried;
    const MetisLayout& lay = search.layouts[static_cast<size_t>(c.order)];
    if (Reason why = metisInexpressible(c, lay, cost.model().layerCount()); !why.empty()) {
      ++inexpressible;
      if (firstProblem.empty()) firstProblem = Reason(text::kMetisRank, {integer(tried), nested(std::move(why))});
      return false;
    }
    std::vector<std::vector<int>> ids;
    const SailorPipeline pipe = toPipeline(c, lay, cost, ids);
    Plan plan = toPlan(pipe, ids);
    const PlanReport report = cost.price(plan, false);
    if (report.feasible) {
      run.offer(plan, report);
      return true;
    }
    if (firstProblem.empty()) firstProblem = candidateProblem(pipe, firstViolation(report));
    return false;
  };
  bool done = false;
  for (const MetisCandidate& c : search.ranked) {
    if ((cancel && cancel->load()) || (done = consider(c, true))) break;
  }
  if (!done)
    for (const MetisCandidate& c : search.expressible)
      if ((cancel && cancel->load()) || consider(c, false)) break;
  Reason head(text::kMetisCosted, {integer(search.costed), integer(search.inter_plans), integer(search.out_of_memory)});
  if (search.stopped) head = Reason(text::kMetisStopped, {nested(head)});
  std::vector<Reason> clauses{head};
  if (run.found() && tried > 1)
    clauses.push_back(Reason(text::kMetisNotTaken, {integer(tried - 1), integer(inexpressible), nested(firstProblem)}));
  else if (!run.found() && !firstProblem.empty())
    clauses.push_back(Reason(text::kMetisNoneUsable, {nested(firstProblem)}));
  // Without a plan, what else Metis turned away, so the counts add up to its inter-stage plans.
  if (!run.found() && search.outside_profiles > 0)
    clauses.push_back(Reason(text::kMetisOutsideProfiles,
                             {integer(search.outside_profiles), integer(model.maxBs()), integer(model.maxTp())}));
  if (!run.found() && search.missing_profile > 0)
    clauses.push_back(Reason(text::kMetisMissingProfile, {integer(search.missing_profile)}));
  const Reason summary = joinReasons(text::kJoinClauses, clauses);
  PlannerResult r = run.finish({}, name(), version(), seed, summary);
  r.plan.unused_gpus = listUnusedGpus(comp, r.plan, Reason(text::kUnusedMetis));
  return r;
}

}  // namespace arachne
