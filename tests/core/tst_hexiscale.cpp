// HexiScale: its estimator's GPipe sum and gradient exchange, its stage order, TP splits and
// block quota, and the planner's restrictions (single-replica pipelines of TP groups on one real
// node each, topology as it is), determinism, budgets and cancel.
#include <QtTest>

#include <cmath>
#include <numeric>
#include <random>

#include "baseline_fixtures.h"
#include "planning/hexiscale_estimator.h"
#include "planning/hexiscale_planner.h"
#include "planning/hexiscale_strategy.h"
#include "planning_world.h"

using namespace arachne;

class TstHexiScale : public QObject {
  Q_OBJECT
 private slots:
  void pipelineCostIsTheGPipeColumnSum() {
    PlanningWorld w("h100:4x1,a6000:4x1", "llama3-8b");
    const HexiScaleProblem p = HexiScaleProblem::from(*w.cost);
    QCOMPARE(static_cast<int>(p.devices.size()), 8);
    QCOMPARE(p.L, 32);
    const HexiScaleEstimator est(p, 3);
    HexiScalePipeline pl;
    pl.stages = {{0, 1}, {4}};  // TP 2 on the H100 node, then one A6000
    pl.layers = {20, 12};
    const double c0 = est.stageCost(pl.stages[0], 20) + est.p2pCost(pl.stages[0], &pl.stages[1]);
    const double c1 = est.stageCost(pl.stages[1], 12);
    QVERIFY(c0 > 0 && c1 > 0);
    QCOMPARE(est.p2pCost(pl.stages[1], nullptr), 0.0);
    // Columns of a 2-stage GPipe map over 3 micro-batches: {s0}, {s0, s1}, {s0, s1}, {s1}.
    QVERIFY(qFuzzyCompare(est.pipelineCost(pl), c0 + 2 * std::max(c0, c1) + c1));
    // A slower GPU (A6000) holding the same blocks costs more; TP 2 beats TP 1 on compute.
    QVERIFY(est.stageCost({4}, 10) > est.stageCost({0}, 10));
    QVERIFY(est.stageCost({0, 1}, 10) < est.stageCost({0}, 10));
  }

  void gradientExchangeNeedsTwoPipelines() {
    PlanningWorld w("h100:4x2", "llama3-8b");
    const HexiScaleProblem p = HexiScaleProblem::from(*w.cost);
    const HexiScaleEstimator est(p, 4);
    HexiScalePipeline a{{{0}, {1}}, {16, 16}}, b{{{4}, {5}}, {16, 16}}, c{{{2}, {3}}, {16, 16}};
    QCOMPARE(est.dpCost({a}), 0.0);
    // Across machines (a, b) the exchange is slower than inside one machine (a, c).
    QVERIFY(est.dpCost({a, b}) > est.dpCost({a, c}));
    QVERIFY(est.dpCost({a, c}) > 0);
    QVERIFY(qFuzzyCompare(est.overallCost({a, b}), std::max(est.pipelineCost(a), est.pipelineCost(b)) + est.dpCost({a, b})));
  }

  void tpSplitsCoverTheMachineShare() {
    for (int n = 1; n <= 8; ++n) {
      const auto splits = HexiScaleStrategy::tpSplits(n);
      QVERIFY(!splits.empty());
      for (const auto& s : splits) {
        QCOMPARE(std::accumulate(s.begin(), s.end(), 0), n);
        for (int tp : s) QVERIFY(tp == 1 || tp == 2 || tp == 4 || tp == 8);
      }
    }
    QVERIFY(HexiScaleStrategy::tpSplits(9).empty());
  }

  // The merged graph's weights, summed per machine, equal the sum over every pair of devices
  // (HexiScale's merge_subgraph), on groups that share machines and groups that do not.
  void mergedBandwidthsSumEveryPair() {
    PlanningWorld w("h100:4x2+2x1,a100-40:8x1,a6000:1x3", "llama3-8b");
    const HexiScaleProblem p = HexiScaleProblem::from(*w.cost);
    const int n = static_cast<int>(p.devices.size());
    QCOMPARE(n, 21);
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<std::vector<int>> groups(1 + trial % 4);
      for (int d = 0; d < n; ++d) groups[rng() % groups.size()].push_back(d);
      const auto merged = HexiScaleStrategy::mergedBandwidths(p, groups);
      for (size_t a = 0; a < groups.size(); ++a)
        for (size_t b = 0; b < groups.size(); ++b) {
          double pairs = 0;
          if (a != b)
            for (int i : groups[a])
              for (int j : groups[b]) pairs += std::round(p.bandwidth(i, j));
          QCOMPARE(merged[a][b], pairs);
        }
    }
  }

  void stageOrderFollowsItsGreedyWalk() {
    QCOMPARE(HexiScaleStrategy::stageOrderKeys({{0}}), std::vector<int>({0}));
    QCOMPARE(HexiScaleStrategy::stageOrderKeys({{0, 5}, {5, 0}}), std::vector<int>({0, 1}));
    // Three groups: each start keeps its greatest path; the start with the lightest path wins.
    // w01 < w02: start 2's path (2, 1, 0) weighs w21 + w10, the least.
    const std::vector<std::vector<double>> light01 = {{0, 1, 5}, {1, 0, 3}, {5, 3, 0}};
    QCOMPARE(HexiScaleStrategy::stageOrderKeys(light01), std::vector<int>({2, 1, 0}));
    // w01 > w02: start 0's path (0, 2, 1) weighs w02 + w21, the least.
    const std::vector<std::vector<double>> light02 = {{0, 5, 1}, {5, 0, 3}, {1, 3, 0}};
    QCOMPARE(HexiScaleStrategy::stageOrderKeys(light02), std::vector<int>({0, 2, 1}));
  }

  void blockQuotaFollowsMemoryAndChecksIt() {
    PlanningWorld w("h100:4x1,a6000:4x1", "gpt-neo-2.7b");
    const HexiScaleProblem p = HexiScaleProblem::from(*w.cost);
    const HexiScaleEstimator est(p, 8);
    // One H100 (80 GiB) and one A6000 (48 GiB): the H100 gets the larger share.
    const std::vector<int> q = HexiScaleStrategy::layerQuota(p, est, {{0}, {4}});
    QCOMPARE(static_cast<int>(q.size()), 2);
    QCOMPARE(q[0] + q[1], p.L);
    QVERIFY(q[0] > q[1]);
    // llama3-70b on one A6000 cannot fit by HexiScale's own memory model: infeasible.
    PlanningWorld big("a6000:4x1", "llama3-70b");
    const HexiScaleProblem pb = HexiScaleProblem::from(*big.cost);
    const HexiScaleEstimator eb(pb, 8);
    QVERIFY(HexiScaleStrategy::layerQuota(pb, eb, {{0}}).empty());
  }

  void restrictionsHoldOnRandomCompositions() {
    std::mt19937 rng(11);
    int found = 0;
    for (int trial = 0; trial < 12; ++trial) {
      const bool mixed = trial % 2 == 1;
      PlanningWorld w(baseline::randomComposition(rng, std::uniform_int_distribution<int>(10, 48)(rng), mixed), "gpt-neo-2.7b");
      PlannerBudget b;
      b.seconds = 30;
      const PlannerResult r = HexiScalePlanner().plan(*w.cost, b, 5, {}, nullptr);
      QVERIFY2(!r.stats.message.empty(), "the planner says what it did");
      if (!r.found) continue;
      ++found;
      baseline::checkPlanOnRealNodes(*w.cost, r);
      QVERIFY(static_cast<int>(r.plan.templates.size()) <= w.composition.totalGpus() / 5);
      for (const Template& t : r.plan.templates) {
        QCOMPARE(t.replicas, 1);      // every pipeline is its own DP member
        QCOMPARE(t.micro_batch, 1);   // Sailor's port keeps the micro-batch at 1
        for (const Stage& s : t.stages) QVERIFY(s.tp == 1 || s.tp == 2 || s.tp == 4 || s.tp == 8);
      }
      // Topology as it is: on mixed node sizes it may place a TP group above 1 (no one-GPU reading).
    }
    QVERIFY2(found >= 4, qPrintable(QString("only %1 of 12 random problems gave a plan").arg(found)));
  }

  void topologyAsItIsAllowsTpOnNonUniformNodes() {
    PlanningWorld w("h100:4x4+1x2,a100-80:4x4+1x1", "gpt-neo-2.7b");
    PlannerBudget b;
    b.seconds = 30;
    const PlannerResult r = HexiScalePlanner().plan(*w.cost, b, 1, {}, nullptr);
    baseline::checkPlanOnRealNodes(*w.cost, r);
    int maxTp = 0;
    for (const Template& t : r.plan.templates)
      for (const Stage& s : t.stages) maxTp = std::max(maxTp, s.tp);
    QVERIFY2(maxTp > 1, "HexiScale keeps the 4-GPU nodes: some TP group spans more than one GPU");
  }

  void deterministicForASeed() {
    PlanningWorld w("h100:4x4,a6000:4x6", "gpt-neo-2.7b");
    PlannerBudget b;
    b.seconds = 30;
    const PlannerResult a = HexiScalePlanner().plan(*w.cost, b, 3, {}, nullptr);
    const PlannerResult c = HexiScalePlanner().plan(*w.cost, b, 3, {}, nullptr);
    QVERIFY(a.found);
    QCOMPARE(a.plan, c.plan);
    QCOMPARE(a.stats.evaluations, c.stats.evaluations);
    QCOMPARE(a.stats.best_curve, c.stats.best_curve);
  }

  void budgetsAreHonoured() {
    PlanningWorld w("h100:4x16,a100-40:4x8,a6000:4x8", "llama3-8b");
    PlannerBudget evals;
    evals.seconds = 0;
    evals.evaluations = 40;
    const PlannerResult r = HexiScalePlanner().plan(*w.cost, evals, 1, {}, nullptr);
    QVERIFY(r.stats.evaluations <= 40);
    QVERIFY2(r.stats.message.find("budget spent") != std::string::npos, r.stats.message.c_str());
    // Without a budget the same sweep spends more.
    PlannerBudget none;
    none.seconds = 0;
    QVERIFY(HexiScalePlanner().plan(*w.cost, none, 1, {}, nullptr).stats.evaluations > 40);
  }

  void timeBudgetIsHonoured() {
    PlanningWorld w("h100:4x64,a100-40:4x32,a6000:4x32", "llama3-8b");
    PlannerBudget b;
    b.seconds = 0.05;
    const PlannerResult r = HexiScalePlanner().plan(*w.cost, b, 1, {}, nullptr);
    QVERIFY2(r.stats.elapsed_s < 1.0, qPrintable(QString("%1 s for a 0.05 s budget").arg(r.stats.elapsed_s)));
    QVERIFY2(r.stats.message.find("budget spent") != std::string::npos, r.stats.message.c_str());
    QVERIFY(!r.stats.cancelled);
  }

  void cancelReturnsPromptly() {
    PlanningWorld w("h100:4x64,a100-40:4x32,a6000:4x32", "llama3-8b");
    std::atomic<bool> cancel{true};
    PlannerBudget b;
    const PlannerResult r = HexiScalePlanner().plan(*w.cost, b, 1, {}, &cancel);
    QVERIFY(r.stats.cancelled);
    QCOMPARE(r.stats.evaluations, 0LL);
    HexiScalePlanner planner;
    double after = 0;
    const PlannerResult mid = baseline::planAndCancel(planner, *w.cost, std::chrono::milliseconds(100), after);
    QVERIFY2(after < 1.0, qPrintable(QString("returned %1 s after the cancel").arg(after)));
    if (mid.found) QVERIFY(mid.report.feasible);
    baseline::checkCutAtFirstProgress<HexiScalePlanner>(*w.cost);
  }
};

QTEST_GUILESS_MAIN(TstHexiScale)
#include "tst_hexiscale.moc"
