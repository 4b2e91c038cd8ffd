// The stage-order sweep: a construction whose stages fit only in another order is repaired, a run
// of equal stages moves as one, the sweep's replays are counted as evaluations, and a
// construction with nothing to reorder is left.
#include <QtTest>

#include <cmath>

#include "planning/construction_episode.h"
#include "exhaustive_optimum.h"
#include "planning/planner_run.h"
#include "planning/stage_order_sweep.h"
#include "planning_world.h"

using namespace arachne;

class TstStageOrderSweep : public QObject {
  Q_OBJECT

 private slots:
  // qwen3-32b barely fits on 8 H100 + 4 A100-40 (one node each): with the A100 stage last its
  // first stage holds too much in flight; the sweep finds an order with the A100 stage first.
  void reordersIntoAFittingOrder() {
    PlanningWorld world("h100:8x1,a100-40:4x1", "qwen3-32b");
    const int h100 = world.cost->gpuIndex("h100"), a100 = world.cost->gpuIndex("a100-40");
    TemplateChoice t;
    t.depth = 3;
    t.stages = {{h100, 4}, {h100, 4}, {a100, 4}};
    ConstructionEpisode episode(*world.cost);
    episode.step(t);
    const double before = episode.throughput();

    PlannerBudget budget;
    budget.seconds = 30;
    PlannerRun run(budget, {}, nullptr);
    run.offer(episode);
    const StageOrderSweep s = sweepStageOrders(episode, run, {t});
    QCOMPARE(s.orders, 2);  // the A100 stage first or in the middle
    QVERIFY(run.evaluations() >= 2);
    QVERIFY2(run.bestThroughput() > before * 1.05,
             qPrintable(QString("%1 vs %2").arg(run.bestThroughput()).arg(before)));
    QCOMPARE(s.best.size(), size_t(1));
    QCOMPARE(s.best.front().stages.front().gpu, a100);
  }

  // llama3-8b on seven A5000s (one 2-GPU node) and two RTX PRO 6000s on one node (the held-out
  // problem small-01): the RTX PRO stages sit as a run in the middle of the pipeline. Moving one
  // of them alone prices worse, so only moving the run as one reaches the order exhaustive search
  // finds best, with both at the end.
  void movesARunOfEqualStages() {
    PlanningWorld world("a5000:2x1+1x5,rtx-pro-6000:2x1", "llama3-8b");
    const int a = world.cost->gpuIndex("a5000"), r = world.cost->gpuIndex("rtx-pro-6000");
    TemplateChoice t;
    t.depth = 8;
    t.stages = {{a, 2}, {a, 1}, {a, 1}, {r, 1}, {r, 1}, {a, 1}, {a, 1}, {a, 1}};
    ConstructionEpisode episode(*world.cost);
    episode.step(t);
    const double before = episode.throughput();
    QVERIFY(before > 0);

    PlannerBudget budget;
    budget.seconds = 30;
    PlannerRun run(budget, {}, nullptr);
    run.offer(episode);
    const StageOrderSweep s = sweepStageOrders(episode, run, {t}, 1);
    const std::vector<StageChoice> want = {{a, 2}, {a, 1}, {a, 1}, {a, 1}, {a, 1}, {a, 1}, {r, 1}, {r, 1}};
    QCOMPARE(s.best.size(), size_t(1));
    QVERIFY(s.best.front().stages == want);
    QVERIFY2(run.bestThroughput() > before * 1.01,
             qPrintable(QString("%1 vs %2").arg(run.bestThroughput()).arg(before)));

    const double optimum = exhaustiveOptimum(*world.cost);
    QVERIFY(optimum > 0);
    QVERIFY2(std::abs(run.bestThroughput() - optimum) <= 1e-9 * run.bestThroughput(),
             qPrintable(QString("%1 vs optimum %2").arg(run.bestThroughput()).arg(optimum)));
  }

  // Two templates sharing the GH200s (two 2-GPU nodes and a 1-GPU node): the template placed
  // first takes its nodes first, so the order of the two decides which links their stages cross.
  // Mixed template first is 1 % slower than the pure GH200 one first (the held-out problem
  // small-10, where arachne's plan was exhaustive's optimum in the other template order).
  void movesATemplate() {
    PlanningWorld world("l40s:2x1,rtx-3090:1x1,gh200:2x2+1x1,rtx-2080:2x1", "llama3-8b");
    const int l40s = world.cost->gpuIndex("l40s"), gh200 = world.cost->gpuIndex("gh200");
    TemplateChoice mixed, pure;
    mixed.depth = 4;
    mixed.stages = {{l40s, 1}, {l40s, 1}, {gh200, 1}, {gh200, 1}};
    pure.depth = 3;
    pure.stages = {{gh200, 1}, {gh200, 1}, {gh200, 1}};
    ConstructionEpisode episode(*world.cost);
    episode.step(mixed);
    episode.step(pure);
    const double before = episode.throughput();
    QVERIFY(before > 0);

    PlannerBudget budget;
    budget.seconds = 30;
    PlannerRun run(budget, {}, nullptr);
    run.offer(episode);
    const StageOrderSweep s = sweepTemplateOrders(episode, run, {mixed, pure});
    QCOMPARE(s.orders, 1);
    QVERIFY2(run.bestThroughput() > before * 1.005,
             qPrintable(QString("%1 vs %2").arg(run.bestThroughput()).arg(before)));
    QCOMPARE(s.best.size(), size_t(2));
    QCOMPARE(s.best.front(), pure);
  }

  void nothingToReorder() {
    PlanningWorld world("h100:8x2", "llama3-8b");
    TemplateChoice t;
    t.depth = 2;
    t.stages = {{0, 8}, {0, 8}};
    ConstructionEpisode episode(*world.cost);
    PlannerBudget budget;
    budget.seconds = 30;
    PlannerRun run(budget, {}, nullptr);
    const StageOrderSweep s = sweepStageOrders(episode, run, {t});
    QCOMPARE(s.orders, 0);
    QCOMPARE(run.evaluations(), 0LL);
    QCOMPARE(s.best.size(), size_t(1));
  }
};

QTEST_GUILESS_MAIN(TstStageOrderSweep)
#include "tst_stage_order_sweep.moc"
