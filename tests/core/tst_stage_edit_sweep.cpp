// The stage-edit sweep: a construction one split away from the optimum is repaired, the edits of
// a one-stage template are exactly the ones listed, and a run that must stop replays nothing.
#include <QtTest>

#include "planning/construction_episode.h"
#include "planning/exhaustive_planner.h"
#include "planning/planner_run.h"
#include "planning/stage_edit_sweep.h"
#include "planning_world.h"

using namespace arachne;

class TstStageEditSweep : public QObject {
  Q_OBJECT

 private slots:
  // llama3-8b on three single-GPU RTX PRO 6000 nodes and one 2-GPU H100 node (plus an RTX 3090
  // node no good plan uses): the pipeline ending in one H100 stage at TP 2 is one split away from
  // the one ending in two H100 stages at TP 1, which exhaustive search finds best.
  void splitsAStageIntoTheOptimum() {
    PlanningWorld world("rtx-3090:3x1,rtx-pro-6000:1x3,h100:2x1", "llama3-8b");
    const int pro = world.cost->gpuIndex("rtx-pro-6000"), h100 = world.cost->gpuIndex("h100");
    TemplateChoice t;
    t.depth = 4;
    t.stages = {{pro, 1}, {pro, 1}, {pro, 1}, {h100, 2}};
    ConstructionEpisode episode(*world.cost);
    episode.step(t);
    const double before = episode.throughput();
    QVERIFY(before > 0);

    PlannerBudget budget;
    budget.seconds = 30;
    PlannerRun run(budget, {}, nullptr);
    run.offer(episode);
    const StageEditSweep s = sweepStageEdits(episode, run, {t});
    QVERIFY(s.edits > 0);
    QVERIFY(run.evaluations() > 0);  // the edits the masks admit are filled and counted
    QCOMPARE(s.best.size(), size_t(1));
    const std::vector<StageChoice> want = {{pro, 1}, {pro, 1}, {pro, 1}, {h100, 1}, {h100, 1}};
    QVERIFY(s.best.front().stages == want);
    QCOMPARE(s.best.front().depth, 5);

    ExhaustivePlanner exhaustive;
    PlannerBudget whole;
    whole.seconds = 60;
    const PlannerResult optimum = exhaustive.plan(*world.cost, whole, 1, {}, nullptr);
    QVERIFY(optimum.found);
    QVERIFY2(run.bestThroughput() > before * 1.001,
             qPrintable(QString("%1 vs %2").arg(run.bestThroughput()).arg(before)));
    QVERIFY2(std::abs(run.bestThroughput() - optimum.report.throughput.sequences_per_s) <= 1e-9 * run.bestThroughput(),
             qPrintable(QString("%1 vs optimum %2").arg(run.bestThroughput()).arg(optimum.report.throughput.sequences_per_s)));
  }

  // One stage at TP 2 on two GPU types: removal leaves nothing (not an edit); repeat, TP 4,
  // TP 1, the split into two TP-1 stages and the other type make five distinct edits.
  void listsEveryDistinctEditOnce() {
    PlanningWorld world("h100:8x1,a100-40:8x1", "llama3-8b");
    const int h100 = world.cost->gpuIndex("h100");
    TemplateChoice t;
    t.depth = 1;
    t.stages = {{h100, 2}};
    ConstructionEpisode episode(*world.cost);
    PlannerBudget budget;
    budget.seconds = 30;
    PlannerRun run(budget, {}, nullptr);
    const StageEditSweep s = sweepStageEdits(episode, run, {t}, 1);
    QCOMPARE(s.edits, 5);
  }

  void stopsWhenTheRunMustStop() {
    PlanningWorld world("h100:8x2", "llama3-8b");
    TemplateChoice t;
    t.depth = 2;
    t.stages = {{0, 8}, {0, 8}};
    ConstructionEpisode episode(*world.cost);
    PlannerBudget budget;
    budget.evaluations = 1;
    PlannerRun run(budget, {}, nullptr);
    run.addEvaluations(1);  // the budget is spent
    const StageEditSweep s = sweepStageEdits(episode, run, {t});
    QCOMPARE(s.edits, 0);
    QCOMPARE(s.best.size(), size_t(1));
  }
};

QTEST_GUILESS_MAIN(TstStageEditSweep)
#include "tst_stage_edit_sweep.moc"
