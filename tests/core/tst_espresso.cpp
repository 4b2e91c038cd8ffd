// Espresso: its 1F1B timeline, its estimator's feasibility, and the planner's restrictions (one
// template, one TP and DP for every stage, DP a power of two, depth at most 23, every GPU its own
// node on clusters whose node sizes differ within a type), determinism, budgets and cancel.
#include <QtTest>

#include <random>

#include "baseline_fixtures.h"
#include "planning/espresso_estimator.h"
#include "planning/espresso_planner.h"
#include "planning/node_reading.h"
#include "planning_world.h"

using namespace arachne;

class TstEspresso : public QObject {
  Q_OBJECT
 private slots:
  void oneForwardOneBackwardTimeline() {
    // One stage: the micro-batches one after the other.
    QCOMPARE(EspressoEstimator::oneForwardOneBackward({1}, {3}, 2), std::vector<double>({8}));
    // Two equal stages, two micro-batches: (M - 1) x (f + b) + stages x (f + b) for the first
    // stage (12), the last stage ends one forward + backward earlier than its last backward's
    // hand-off (9).
    QCOMPARE(EspressoEstimator::oneForwardOneBackward({1, 1}, {3, 3}, 2), std::vector<double>({12, 9}));
    // A slow second stage sets the pace: it runs its four ops back to back after the first
    // forward arrives.
    const auto slow = EspressoEstimator::oneForwardOneBackward({1, 2}, {3, 6}, 2);
    QCOMPARE(slow[1], 1.0 + 2 * (2 + 6));
  }

  void estimatorRefusesWhatDoesNotFit() {
    PlanningWorld w("h100:4x2", "llama3-8b");
    const EspressoEstimator est(*w.cost, EspressoJob{1, 1, 1, 512});
    QCOMPARE(est.blocks(), 32);
    // All 32 blocks (plus embedding and head) on one H100 at TP 1: 8 B parameters x 18 B do not fit.
    QVERIFY(!std::isfinite(est.estimate({0}, {32})));
    const int only = est.maxBlocks(0, 0, 1);  // the one stage of a one-stage pipeline: not every block
    QVERIFY2(only < 32, qPrintable(QString::number(only)));
    const int m = est.maxBlocks(0, 1, 4);  // a middle stage of four holds some blocks, not all
    QVERIFY(m > 0 && m < 32);
    const double four = est.estimate({0, 0, 0, 0}, {8, 8, 8, 8});
    QVERIFY(std::isfinite(four) && four > 0);
    QVERIFY(!std::isfinite(est.estimate({0, 0, 0, 0}, {8, 8, 8, 7})));  // blocks must add up
    // The bound is below the estimate it bounds, and uses at least Espresso's 35 % of peak.
    QVERIFY(est.efficiency() >= 0.35 && est.efficiency() < 1);
    QVERIFY(est.lowerBound({0, 0, 0, 0}, 4, 32) < four);
  }

  void restrictionsHoldOnRandomCompositions() {
    std::mt19937 rng(5);
    int found = 0, readings = 0;
    for (int trial = 0; trial < 10; ++trial) {
      const bool mixed = trial % 2 == 0;
      PlanningWorld w(baseline::randomComposition(rng, std::uniform_int_distribution<int>(8, 40)(rng), mixed), "gpt-neo-2.7b");
      const bool oneGpuReading = !hasUniformNodeSizesPerType(w.composition);
      PlannerBudget b;
      b.seconds = 30;
      const PlannerResult r = EspressoPlanner().plan(*w.cost, b, 1, {}, nullptr);
      QVERIFY2(r.stats.message.find(oneGpuReading ? "one-GPU-per-node reading" : "nodes as they are") == 0,
               r.stats.message.c_str());
      if (!r.found) continue;
      ++found;
      readings += oneGpuReading;
      baseline::checkPlanOnRealNodes(*w.cost, r);
      QCOMPARE(static_cast<int>(r.plan.templates.size()), 1);
      const Template& t = r.plan.templates[0];
      QVERIFY((t.replicas & (t.replicas - 1)) == 0);  // DP is a power of two
      QVERIFY(t.depth() <= 23);
      for (const Stage& s : t.stages) {
        QCOMPARE(s.tp, t.stages[0].tp);  // one TP degree for the whole job
        if (oneGpuReading) QCOMPARE(s.tp, 1);  // every GPU its own node: no TP group
      }
    }
    QVERIFY2(found >= 5 && readings >= 2, qPrintable(QString("%1 plans, %2 on the one-GPU reading").arg(found).arg(readings)));
  }

  void uniformNodesKeepTheirTpDegrees() {
    PlanningWorld w("h100:4x4,a100-40:4x4", "llama3-8b");
    PlannerBudget b;
    b.seconds = 60;
    const PlannerResult r = EspressoPlanner().plan(*w.cost, b, 1, {}, nullptr);
    baseline::checkPlanOnRealNodes(*w.cost, r);
    QVERIFY2(r.plan.templates[0].stages[0].tp > 1, r.stats.message.c_str());
  }

  void deterministicAndSeedFree() {
    PlanningWorld w("h100:4x2+1x2,a6000:4x4+1x2", "gpt-neo-2.7b");
    PlannerBudget b;
    b.seconds = 60;
    const PlannerResult a = EspressoPlanner().plan(*w.cost, b, 1, {}, nullptr);
    const PlannerResult c = EspressoPlanner().plan(*w.cost, b, 99, {}, nullptr);
    QVERIFY(a.found);
    Plan pa = a.plan, pc = c.plan;
    pa.provenance.seed = pc.provenance.seed = 0;
    QCOMPARE(pa, pc);
    QCOMPARE(a.stats.evaluations, c.stats.evaluations);
  }

  void budgetsAreHonoured() {
    PlanningWorld w("h100:4x8,a100-40:4x8,a6000:4x8", "llama3-8b");
    PlannerBudget evals;
    evals.seconds = 0;
    evals.evaluations = 300;
    const PlannerResult r = EspressoPlanner().plan(*w.cost, evals, 1, {}, nullptr);
    QVERIFY(r.stats.evaluations <= 300);
    QVERIFY2(r.stats.message.find("budget spent") != std::string::npos, r.stats.message.c_str());
    PlannerBudget none;
    none.seconds = 0;
    QVERIFY(EspressoPlanner().plan(*w.cost, none, 1, {}, nullptr).stats.evaluations > 300);
  }

  void timeBudgetIsHonoured() {
    PlanningWorld w("h100:4x64,a100-40:4x32,a6000:4x32", "llama3-8b");
    PlannerBudget b;
    b.seconds = 0.05;
    const PlannerResult r = EspressoPlanner().plan(*w.cost, b, 1, {}, nullptr);
    QVERIFY2(r.stats.elapsed_s < 1.0, qPrintable(QString("%1 s for a 0.05 s budget").arg(r.stats.elapsed_s)));
    QVERIFY2(r.stats.message.find("budget spent") != std::string::npos, r.stats.message.c_str());
    QVERIFY(!r.stats.cancelled);
  }

  void cancelReturnsPromptly() {
    PlanningWorld w("h100:4x64,a100-40:4x32,a6000:4x32", "llama3-8b");
    std::atomic<bool> cancel{true};
    const PlannerResult r = EspressoPlanner().plan(*w.cost, PlannerBudget{}, 1, {}, &cancel);
    QVERIFY(r.stats.cancelled);
    QCOMPARE(r.stats.evaluations, 0LL);
    EspressoPlanner planner;
    double after = 0;
    const PlannerResult mid = baseline::planAndCancel(planner, *w.cost, std::chrono::milliseconds(100), after);
    QVERIFY2(after < 1.0, qPrintable(QString("returned %1 s after the cancel").arg(after)));
    if (mid.found) QVERIFY(mid.report.feasible);
    baseline::checkCutAtFirstProgress<EspressoPlanner>(*w.cost);
  }
};

QTEST_GUILESS_MAIN(TstEspresso)
#include "tst_espresso.moc"
