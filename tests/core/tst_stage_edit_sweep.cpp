// The stage-edit sweep: a construction one split away from the optimum is repaired, the edits of
// a one-stage template are exactly the ones listed, the many-stage edits (refolds, trades, moves
// between templates) are among the neighbours, the lookahead searches on from edits that did not
// improve, a replay drops the stages of a template on a type an earlier template used up, helper
// threads that fill the neighbours ahead change nothing, a template cut in two reaches a two-template
// optimum, two templates merged reach greedy's plan, the best edits replayed in other orders reach
// an optimum an edit and a move away, and a run that must stop replays nothing.
#include <QtTest>

#include "planning/construction_episode.h"
#include "planning/construction_replay.h"
#include "exhaustive_optimum.h"
#include "planning/planner_run.h"
#include "planning/stage_edit_neighbours.h"
#include "planning/stage_edit_sweep.h"
#include "planning_world.h"

using namespace arachne;

namespace {

TemplateChoice tmpl(std::vector<StageChoice> stages) {
  TemplateChoice t;
  t.depth = static_cast<int>(stages.size());
  t.stages = std::move(stages);
  return t;
}

// How many constructions of `n` are exactly two templates, `x` then `y` (depths included).
long countPairs(const std::vector<std::vector<TemplateChoice>>& n, const std::vector<StageChoice>& x,
                const std::vector<StageChoice>& y) {
  return std::count_if(n.begin(), n.end(), [&](const std::vector<TemplateChoice>& c) {
    return c.size() == 2 && c[0].stages == x && c[1].stages == y && c[0].depth == static_cast<int>(x.size()) &&
           c[1].depth == static_cast<int>(y.size());
  });
}

// Every template of every construction has a stage (the neighbourhood never lists an empty one).
bool noEmptyTemplate(const std::vector<std::vector<TemplateChoice>>& n) {
  return std::all_of(n.begin(), n.end(), [](const std::vector<TemplateChoice>& c) {
    return std::none_of(c.begin(), c.end(), [](const TemplateChoice& t) { return t.stages.empty(); });
  });
}

// A sweep's start: `construction` stepped on `episode` and its plan offered to `run`; returns its
// throughput.
double startFrom(ConstructionEpisode& episode, PlannerRun& run, const std::vector<TemplateChoice>& construction) {
  for (const TemplateChoice& t : construction) episode.step(t);
  run.offer(episode);
  return episode.throughput();
}

PlannerBudget seconds(double s) {
  PlannerBudget budget;
  budget.seconds = s;
  return budget;
}

}  // namespace

class TstStageEditSweep : public QObject {
  Q_OBJECT

 private slots:
  // llama3-8b on four single-GPU L40S nodes and one 2-GPU H100 node: the pipeline ending in
  // one H100 stage at TP 2 is one split away from the one ending in two H100 stages at TP 1,
  // which exhaustive search finds best. (Before the fill refined its layer splits this test used
  // three RTX PRO 6000 nodes and an RTX 3090 node; there the refined fill makes a two-template
  // plan the optimum, which no single split reaches.)
  void splitsAStageIntoTheOptimum() {
    PlanningWorld world("l40s:1x4,h100:2x1", "llama3-8b");
    const int l40s = world.cost->gpuIndex("l40s"), h100 = world.cost->gpuIndex("h100");
    const TemplateChoice t = tmpl({{l40s, 1}, {l40s, 1}, {l40s, 1}, {l40s, 1}, {h100, 2}});
    ConstructionEpisode episode(*world.cost);
    PlannerRun run(seconds(30), {}, nullptr);
    const double before = startFrom(episode, run, {t});
    QVERIFY(before > 0);

    const StageEditSweep s = sweepStageEdits(episode, run, {t});
    QVERIFY(s.edits > 0);
    QVERIFY(run.evaluations() > 0);  // the edits the masks admit are filled and counted
    QCOMPARE(s.best.size(), size_t(1));
    const std::vector<StageChoice> want = {{l40s, 1}, {l40s, 1}, {l40s, 1}, {l40s, 1}, {h100, 1}, {h100, 1}};
    QVERIFY(s.best.front().stages == want);
    QCOMPARE(s.best.front().depth, 6);

    const double optimum = exhaustiveOptimum(*world.cost);
    QVERIFY(optimum > 0);
    QVERIFY2(run.bestThroughput() > before * 1.001,
             qPrintable(QString("%1 vs %2").arg(run.bestThroughput()).arg(before)));
    QVERIFY2(std::abs(run.bestThroughput() - optimum) <= 1e-9 * run.bestThroughput(),
             qPrintable(QString("%1 vs optimum %2").arg(run.bestThroughput()).arg(optimum)));
  }

  // One stage at TP 2 on two GPU types: removal leaves nothing (not an edit); repeat, TP 4,
  // TP 1, the split into two TP-1 stages and the other type make five distinct edits (its
  // refolds are TP 1, TP 4 and the repeat again; a trade needs two types, a move two templates).
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

  // Sailor's 16-GPU case as stage lists (type 0 V100, 1 A100): a seven-stage pipeline on 8 V100s
  // and 4 A100s folds into V100 TP 4 | A100 TP 2 (one stage of half each run's GPUs) and into
  // V100 TP 2 | TP 1 | TP 1 | A100 | A100 (TP degrees halved, or every other TP-1 stage kept).
  void refoldsAWholeTemplate() {
    TemplateChoice t;
    t.stages = {{0, 4}, {0, 2}, {0, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1}};
    t.depth = 7;
    const auto n = stageEditNeighbours({t}, 2);
    const auto has = [&](const std::vector<StageChoice>& want) {
      return std::any_of(n.begin(), n.end(), [&](const auto& c) {
        return c.size() == 1 && c[0].stages == want && c[0].depth == static_cast<int>(want.size());
      });
    };
    QVERIFY(has({{0, 4}, {1, 2}}));
    QVERIFY(has({{0, 2}, {0, 1}, {0, 1}, {1, 1}, {1, 1}}));
    QVERIFY(has({{0, 8}, {0, 4}, {0, 4}, {1, 2}, {1, 2}, {1, 2}, {1, 2}}));  // unfolded: TP doubled
    for (const auto& c : n) QVERIFY(!c[0].stages.empty());
  }

  // V100 TP 4 | A100 | V100 TP 4 (8 V100s per A100) trades V100s for an A100 in one edit: the
  // last V100 stage halved and the A100 stage repeated.
  void tradesOneTypesGpusForAnothers() {
    TemplateChoice t;
    t.stages = {{0, 4}, {1, 1}, {0, 4}};
    t.depth = 3;
    const auto n = stageEditNeighbours({t}, 2);
    const std::vector<StageChoice> want = {{0, 4}, {1, 1}, {1, 1}, {0, 2}};
    QVERIFY(std::any_of(n.begin(), n.end(), [&](const auto& c) { return c[0].stages == want; }));
    const std::vector<StageChoice> removedAndDoubled = {{1, 2}, {0, 4}};
    QVERIFY(std::any_of(n.begin(), n.end(), [&](const auto& c) { return c[0].stages == removedAndDoubled; }));
  }

  // A stage moves from one template into another, beside the other's stage of its type; a
  // template of one stage gives none away.
  void movesAStageBetweenTemplates() {
    TemplateChoice a, b;
    a.stages = {{0, 1}, {0, 1}, {1, 1}};
    a.depth = 3;
    b.stages = {{0, 1}};
    b.depth = 1;
    const auto n = stageEditNeighbours({a, b}, 2);
    QVERIFY(countPairs(n, {{0, 1}, {1, 1}}, {{0, 1}, {0, 1}}) > 0);
    QVERIFY(countPairs(n, {{0, 1}, {0, 1}}, {{0, 1}, {1, 1}}) > 0);  // no stage of its type there: last
    QVERIFY(noEmptyTemplate(n));
  }

  // A template cut in two at every stage boundary, either part the new template after the other;
  // where the cut splits a run of one type, the remnant that stays also moves to the other end.
  void listsEveryCutOfATemplate() {
    TemplateChoice t;
    t.stages = {{0, 1}, {0, 1}, {1, 2}};
    t.depth = 3;
    const auto n = stageEditNeighbours({t}, 2);
    const auto has = [&](const std::vector<StageChoice>& x, const std::vector<StageChoice>& y) { return countPairs(n, x, y); };
    QCOMPARE(has({{0, 1}}, {{0, 1}, {1, 2}}), 1);  // cut inside the run, head kept
    QCOMPARE(has({{0, 1}, {1, 2}}, {{0, 1}}), 1);  // tail kept
    QCOMPARE(has({{1, 2}, {0, 1}}, {{0, 1}}), 1);  // tail kept, the run's remnant moved to its end
    QCOMPARE(has({{0, 1}, {0, 1}}, {{1, 2}}), 1);  // cut between the types
    QCOMPARE(has({{1, 2}}, {{0, 1}, {0, 1}}), 1);
    const auto cuts = std::count_if(n.begin(), n.end(), [](const auto& c) { return c.size() == 2; });
    QCOMPARE(cuts, 5);
  }

  // Held-out `edge-8-02` (three RTX 3090s, three RTX PRO 6000s, two H100s): the policy's plan,
  // H100 | H100 | RTX PRO ×3, is one cut away from exhaustive's optimum, RTX PRO | H100 | H100 and
  // a second pipeline of RTX PRO ×2. Without the cut no edit improves it.
  void cutsATemplateIntoTheOptimum() {
    PlanningWorld world("rtx-3090:3x1,rtx-pro-6000:1x3,h100:2x1", "llama3-8b");
    const int pro = world.cost->gpuIndex("rtx-pro-6000"), h100 = world.cost->gpuIndex("h100");
    const TemplateChoice t = tmpl({{h100, 1}, {h100, 1}, {pro, 1}, {pro, 1}, {pro, 1}});
    ConstructionEpisode episode(*world.cost);
    PlannerRun run(seconds(30), {}, nullptr);
    const double before = startFrom(episode, run, {t});
    const StageEditSweep s = sweepStageEdits(episode, run, {t});
    QCOMPARE(s.best.size(), size_t(2));
    QVERIFY((s.best[0].stages == std::vector<StageChoice>{{pro, 1}, {h100, 1}, {h100, 1}}));
    QVERIFY((s.best[1].stages == std::vector<StageChoice>{{pro, 1}, {pro, 1}}));
    const double optimum = exhaustiveOptimum(*world.cost);
    QVERIFY2(run.bestThroughput() > before * 1.01,
             qPrintable(QString("%1 vs %2").arg(run.bestThroughput()).arg(before)));
    QVERIFY2(std::abs(run.bestThroughput() - optimum) <= 1e-9 * run.bestThroughput(),
             qPrintable(QString("%1 vs optimum %2").arg(run.bestThroughput()).arg(optimum)));
  }

  // Two templates merged into one, the stages of either first, where the earlier stood.
  void listsEveryMergeOfTwoTemplates() {
    TemplateChoice a, b, c;
    a.stages = {{0, 1}};
    b.stages = {{1, 2}, {1, 2}};
    c.stages = {{0, 4}};
    a.depth = c.depth = 1;
    b.depth = 2;
    const auto n = stageEditNeighbours({a, b, c}, 2);
    const auto has = [&](const std::vector<StageChoice>& x, const std::vector<StageChoice>& y) { return countPairs(n, x, y); };
    QCOMPARE(has({{0, 1}, {1, 2}, {1, 2}}, {{0, 4}}), 1);
    QCOMPARE(has({{1, 2}, {1, 2}, {0, 1}}, {{0, 4}}), 1);
    QCOMPARE(has({{0, 1}, {0, 4}}, {{1, 2}, {1, 2}}), 1);
    QCOMPARE(has({{0, 4}, {0, 1}}, {{1, 2}, {1, 2}}), 1);
    QCOMPARE(has({{1, 2}, {1, 2}, {0, 4}}, {{0, 1}}), 0);  // the merged one stands where the earlier stood
    QCOMPARE(has({{0, 1}}, {{1, 2}, {1, 2}, {0, 4}}), 1);
    QCOMPARE(has({{0, 1}}, {{0, 4}, {1, 2}, {1, 2}}), 1);
  }

  // Held-out `large-10` (373 H200s, 8 H100s and three other types; llama3-8b): after fifteen
  // replicas of H200 TP 2 ×12 the policy's plan runs two small pipelines, H200 TP 2 | H100 TP 2 ×3
  // and H200 TP 2 ×5 (570.64 seq/s), where `greedy` runs one, H200 TP 2 ×6 | H100 ×3 (573.00).
  // Merged, the two reach greedy's throughput; no other edit does.
  void mergesTwoTemplatesIntoOne() {
    PlanningWorld world("h200:2x186+1x1,l4:4x8+1x1,a5000:2x79+1x1,rtx-3090:4x4+3x1+1x7,h100:2x4", "llama3-8b");
    const int h200 = world.cost->gpuIndex("h200"), h100 = world.cost->gpuIndex("h100");
    const TemplateChoice first = tmpl(std::vector<StageChoice>(12, {h200, 2}));
    const std::vector<TemplateChoice> policy = {first, tmpl({{h200, 2}, {h100, 2}, {h100, 2}, {h100, 2}}),
                                                tmpl(std::vector<StageChoice>(5, {h200, 2}))};
    std::vector<StageChoice> second(6, {h200, 2});
    second.insert(second.end(), 3, {h100, 1});
    const auto throughput = [&](const std::vector<TemplateChoice>& c) {
      ConstructionEpisode e(*world.cost);
      for (const TemplateChoice& t : c) e.step(t);
      return e.throughput();
    };
    const double before = throughput(policy), greedy = throughput({first, tmpl(second)});
    QVERIFY2(greedy > before * 1.003, qPrintable(QString("%1 vs %2").arg(greedy).arg(before)));
    ConstructionEpisode episode(*world.cost);
    PlannerRun run(seconds(60), {}, nullptr);
    startFrom(episode, run, policy);
    const StageEditSweep s = sweepStageEdits(episode, run, policy);
    QCOMPARE(s.best.size(), size_t(2));
    QVERIFY2(run.bestThroughput() >= greedy * (1 - 1e-9),
             qPrintable(QString("%1 vs greedy %2").arg(run.bestThroughput()).arg(greedy)));
  }

  // Held-out `edge-1024-02` (1,024 GPUs of five types, qwen3-32b): a rollout of the policy's sweep
  // starts with H100 ×8 | H200 TP 2 ×7 and places three more templates after it, two of which
  // hold H100s. The edits of that whole construction end below `greedy`'s plan (H100 ×12 | H200
  // TP 2 ×3); the edits of its first template alone, every other GPU free, end above it: the
  // later templates hold the GPUs the first one's edits need (why ArachnePlanner also searches
  // from its best first templates alone).
  void editsTheFirstTemplateAlone() {
    PlanningWorld world("rtx-2080:8x2+4x20+3x4+2x2+1x2,l40s:4x17+2x1,h100:1x361,v100-32:4x58+2x1,"
                        "h200:8x11+6x3+4x8+3x11+2x8+1x58", "qwen3-32b");
    const int h200 = world.cost->gpuIndex("h200"), h100 = world.cost->gpuIndex("h100");
    const auto stages = [](std::vector<std::pair<int, StageChoice>> runs) {
      std::vector<StageChoice> out;
      for (const auto& [n, c] : runs) out.insert(out.end(), static_cast<size_t>(n), c);
      return out;
    };
    const TemplateChoice first = tmpl(stages({{8, {h100, 1}}, {7, {h200, 2}}}));
    const std::vector<TemplateChoice> whole = {first, tmpl(stages({{8, {h100, 1}}, {4, {h200, 2}}, {3, {h200, 1}}})),
                                               tmpl(stages({{16, {h100, 1}}})), tmpl(stages({{16, {h200, 1}}}))};
    const auto edited = [&](const std::vector<TemplateChoice>& start) {
      ConstructionEpisode episode(*world.cost);
      PlannerRun run(seconds(60), {}, nullptr);
      startFrom(episode, run, start);
      sweepStageEdits(episode, run, start, 3, 1);
      return run.bestThroughput();
    };
    ConstructionEpisode greedy(*world.cost);
    greedy.step(tmpl(stages({{12, {h100, 1}}, {3, {h200, 2}}})));
    const double fromWhole = edited(whole), alone = edited({first});
    QVERIFY2(fromWhole < greedy.throughput() && alone > greedy.throughput(),
             qPrintable(QString("whole %1, alone %2, greedy %3").arg(fromWhole).arg(alone).arg(greedy.throughput())));
  }

  // When no edit improves, the lookahead searches on from the best edits: more replays, and the
  // plan is never worse than without it.
  void looksAheadFromEditsThatDidNotImprove() {
    PlanningWorld world("rtx-3090:3x1,rtx-pro-6000:1x3,h100:2x1", "llama3-8b");
    const int pro = world.cost->gpuIndex("rtx-pro-6000"), h100 = world.cost->gpuIndex("h100");
    TemplateChoice t;
    t.depth = 5;
    t.stages = {{pro, 1}, {pro, 1}, {pro, 1}, {h100, 1}, {h100, 1}};  // the best single template there
    PlannerBudget budget;
    budget.seconds = 30;
    const auto sweep = [&](int lookahead, double& thr) {
      ConstructionEpisode episode(*world.cost);
      PlannerRun run(budget, {}, nullptr);
      const StageEditSweep s = sweepStageEdits(episode, run, {t}, 3, lookahead);
      thr = run.bestThroughput();
      return s.edits;
    };
    double without = 0, with = 0;
    const int plain = sweep(0, without), ahead = sweep(2, with);
    QVERIFY2(ahead > plain, qPrintable(QString("%1 vs %2").arg(ahead).arg(plain)));
    QVERIFY(with >= without && without > 0);
  }

  // The best edits replayed in other orders (sweepReorderedEdits; held-out `small-05`): from arachne's
  // RTX 3090 ×3 (micro-batch 2), RTX 2080 | RTX 2080 ×3, V100, no edit improves and no edit of an
  // edit does; the best edit, the RTX 2080s three stages deep, loses where it stands (16.100 seq/s
  // against 16.199) and wins with the V100 template ahead of the RTX 3090s, which then take
  // micro-batch 4: the throughput of the plan exhaustive search finds best there (16.234).
  void reordersTheBestEdits() {
    PlanningWorld world("v100-16:1x1,rtx-3090:2x1+1x1,rtx-2080:6x1", "opt-350m");
    const int v100 = world.cost->gpuIndex("v100-16"), r3090 = world.cost->gpuIndex("rtx-3090"),
              r2080 = world.cost->gpuIndex("rtx-2080");
    const std::vector<TemplateChoice> start = {tmpl({{r3090, 1}}), tmpl({{r2080, 1}, {r2080, 1}}), tmpl({{v100, 1}})};
    const std::vector<TemplateChoice> optimum = {tmpl({{v100, 1}}), tmpl({{r3090, 1}}),
                                                 tmpl({{r2080, 1}, {r2080, 1}, {r2080, 1}})};
    PlannerBudget budget;
    budget.seconds = 30;
    const auto throughputOf = [&](const std::vector<TemplateChoice>& c) {
      ConstructionEpisode episode(*world.cost);
      PlannerRun run(budget, {}, nullptr);
      return startFrom(episode, run, c);
    };
    const double from = throughputOf(start), best = throughputOf(optimum);
    QVERIFY2(best > from * 1.001, qPrintable(QString("%1 vs %2").arg(best).arg(from)));
    const auto sweep = [&](bool reorder, StageEditSweep& s) {
      ConstructionEpisode episode(*world.cost);
      PlannerRun run(budget, {}, nullptr);
      startFrom(episode, run, start);
      s = reorder ? sweepReorderedEdits(episode, run, start, 2) : sweepStageEdits(episode, run, start, 3, 2);
      return run.bestThroughput();
    };
    StageEditSweep plain, reordered;
    QCOMPARE(sweep(false, plain), from);
    QCOMPARE(plain.orders, 0);
    QCOMPARE(sweep(true, reordered), best);
    QVERIFY(reordered.edits > 0 && reordered.orders > 0);
    // The deeper RTX 2080 template, with the V100 template ahead of the RTX 3090s' (here the
    // RTX 2080s first of all: the same throughput).
    QCOMPARE(reordered.best.size(), size_t(3));
    QVERIFY(std::find(reordered.best.begin(), reordered.best.end(), optimum[2]) != reordered.best.end());
    QVERIFY(std::find(reordered.best.begin(), reordered.best.end(), optimum[0]) <
            std::find(reordered.best.begin(), reordered.best.end(), optimum[1]));
  }

  // The first template takes all eight H100s; the second, H100 | A100 TP 8, is refused as it
  // stands and taken without its H100 stage, and the construction says so.
  void replayDropsStagesOnUsedUpTypes() {
    PlanningWorld world("h100:8x1,a100-40:8x1", "llama3-8b");
    const int h100 = world.cost->gpuIndex("h100"), a100 = world.cost->gpuIndex("a100-40");
    TemplateChoice first, second;
    first.stages = {{h100, 8}};
    first.depth = 1;
    second.stages = {{h100, 1}, {a100, 8}};
    second.depth = 2;
    std::vector<TemplateChoice> construction = {first, second};
    ConstructionEpisode episode(*world.cost);
    PlannerBudget budget;
    budget.seconds = 30;
    PlannerRun run(budget, {}, nullptr);
    size_t steps = 0;
    QVERIFY(replayConstruction(episode, run, construction, steps));
    QCOMPARE(episode.stepCount(), 2);
    QCOMPARE(episode.free().freeOfType(h100), 0);
    QCOMPARE(construction[1].depth, 1);
    QVERIFY((construction[1].stages == std::vector<StageChoice>{{a100, 8}}));
    QCOMPARE(steps, size_t(2));  // the second template added throughput
  }

  // Helper threads fill the neighbours ahead and change nothing: the same replays, the same
  // construction, the same evaluations and best-so-far curve, with or without an evaluation
  // budget that stops the sweep part-way.
  void helpersChangeNothing() {
    PlanningWorld world("h100:4x2,a6000:4x2+1x2,a100-40:4x2", "mixtral-8x7b");
    const int h100 = world.cost->gpuIndex("h100"), a6000 = world.cost->gpuIndex("a6000");
    TemplateChoice t;
    t.depth = 4;
    t.stages = {{a6000, 4}, {a6000, 4}, {h100, 4}, {h100, 4}};
    EpisodeOptions options;
    options.reuse_fills = true;
    long long whole = 0;  // the evaluations of the sweep without a budget
    for (const bool budgeted : {false, true}) {
      std::vector<PlannerResult> results;
      std::vector<int> edits;
      std::vector<std::vector<TemplateChoice>> bests;
      for (int helpers : {0, 1, 3}) {
        PlannerBudget budget;
        budget.seconds = 600;
        budget.evaluations = budgeted ? whole / 2 : 0;
        ConstructionEpisode episode(*world.cost, options);
        PlannerRun run(budget, {}, nullptr);
        run.setHelperThreads(helpers);
        const StageEditSweep s = sweepStageEdits(episode, run, {t}, 3, 2);
        edits.push_back(s.edits);
        bests.push_back(s.best);
        results.push_back(run.finish(episode, "test", "1", 1, Reason()));
      }
      if (!budgeted) whole = results.front().stats.evaluations;
      QVERIFY2(edits.front() > 10 && whole > 20, qPrintable(QString("%1 edits, %2 evaluations").arg(edits.front()).arg(whole)));
      QCOMPARE(results.front().stats.budget_spent, budgeted);
      QVERIFY(results.front().found);
      for (size_t i = 1; i < results.size(); ++i) {
        QCOMPARE(edits[i], edits.front());
        QVERIFY(bests[i] == bests.front());
        QCOMPARE(results[i].stats.evaluations, results.front().stats.evaluations);
        QCOMPARE(results[i].stats.best_curve, results.front().stats.best_curve);
        QCOMPARE(results[i].plan.templates, results.front().plan.templates);
      }
    }
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
