// The stage-order sweep: a construction whose stages fit only in another order is repaired, the
// sweep's replays are counted as evaluations, and a construction with nothing to reorder is left.
#include <QtTest>

#include "planning/construction_episode.h"
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
