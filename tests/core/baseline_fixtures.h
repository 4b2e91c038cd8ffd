// Helpers for the baseline planners' tests: random compositions (with node sizes uniform per GPU
// type or mixed), the checks every baseline's plan must pass, and running a planner with a cancel.
#pragma once

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <string>
#include <thread>

#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "planning/planner.h"

namespace baseline {

using namespace arachne;

// 2-3 GPU types, about `gpus` GPUs. `mixed`: node sizes 1-8 drawn per node (sizes differ within a
// type); else one size per type from {2, 4, 8}.
inline Composition randomComposition(std::mt19937& rng, int gpus, bool mixed) {
  static const std::vector<std::string> ids = {"h100", "a100-40", "a100-80", "a6000", "l40s"};
  std::vector<std::string> pool = ids;
  std::shuffle(pool.begin(), pool.end(), rng);
  const int types = std::uniform_int_distribution<int>(2, 3)(rng);
  std::vector<int> size(static_cast<size_t>(types));
  for (int& s : size) s = std::vector<int>{2, 4, 8}[std::uniform_int_distribution<size_t>(0, 2)(rng)];
  Composition c;
  int total = 0;
  for (int t = 0; total < gpus || t < types; ++t) {
    const int type = t < types ? t : std::uniform_int_distribution<int>(0, types - 1)(rng);
    int s = mixed ? std::uniform_int_distribution<int>(1, 8)(rng) : size[static_cast<size_t>(type)];
    if (mixed && t < types) s = 4;  // every type has a 4-GPU node, so mixed sizes really differ
    c.addNode(Node{-1, pool[static_cast<size_t>(type)], s, 0});
    total += s;
  }
  if (mixed) c.addNode(Node{-1, pool[0], 1, 0});  // and a one-GPU node of the first type
  return c;
}

// What every plan a planner returns must satisfy: each stage's GPU type, TP degree and nodes fit
// the real composition (a node id per replica, of the stage's type, TP within the node), and our
// cost model finds it feasible as returned.
inline void checkPlanOnRealNodes(const CostModel& cost, const PlannerResult& r) {
  QVERIFY(r.found);
  QVERIFY(r.report.feasible);
  const Composition& comp = cost.composition();
  for (const Template& t : r.plan.templates)
    for (const Stage& s : t.stages) {
      QCOMPARE(static_cast<int>(s.node_ids.size()), t.replicas);
      for (int id : s.node_ids) {
        const Node* n = comp.findNode(id);
        QVERIFY2(n != nullptr, ("node " + std::to_string(id)).c_str());
        QCOMPARE(n->gpu_type, s.gpu_type);
        QVERIFY(s.tp <= n->gpus);
      }
    }
  QVERIFY(cost.price(r.plan).feasible);
}

// Runs the planner on another thread and sets the cancel flag after `after`; returns the result
// and how long the planner took after the flag was set.
inline PlannerResult planAndCancel(Planner& planner, const CostModel& cost, std::chrono::milliseconds after,
                                   double& secondsAfterCancel) {
  std::atomic<bool> cancel{false};
  PlannerResult result;
  PlannerBudget budget;
  budget.seconds = 120;
  std::thread worker([&] { result = planner.plan(cost, budget, 1, {}, &cancel); });
  std::this_thread::sleep_for(after);
  const auto set = std::chrono::steady_clock::now();
  cancel = true;
  worker.join();
  secondsAfterCancel = std::chrono::duration<double>(std::chrono::steady_clock::now() - set).count();
  return result;
}

// Runs a fresh P whole, then another with the cancel flag set from its first progress report,
// so the cancel lands mid-search whatever the machine's speed (a timer may fire after a fast
// search has ended): the cut search must stop, say so and have done less than the whole one. A
// search too short to report once cannot be cut this way, and fails here.
template <class P>
void checkCutAtFirstProgress(const CostModel& cost) {
  PlannerBudget budget;
  budget.seconds = 120;
  const PlannerResult whole = P().plan(cost, budget, 1, {}, nullptr);
  QVERIFY(!whole.stats.cancelled);
  std::atomic<bool> cancel{false};
  int reports = 0;
  const PlannerResult cut = P().plan(cost, budget, 1, [&](const PlannerProgress&) { ++reports; cancel = true; }, &cancel);
  QVERIFY2(reports >= 1, "the search ended before its first progress report");
  QVERIFY(cut.stats.cancelled);
  QVERIFY2(cut.stats.evaluations < whole.stats.evaluations,
           (std::to_string(cut.stats.evaluations) + " of " + std::to_string(whole.stats.evaluations)).c_str());
  if (cut.found) QVERIFY(cut.report.feasible);  // the choice so far, priced
}

}  // namespace baseline
