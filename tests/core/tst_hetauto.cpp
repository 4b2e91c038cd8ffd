// HetAuto: the restrictions of its HeteroPP space (one template, every GPU type one contiguous
// segment at one TP degree), determinism for a seed, budgets, cancel with the best plan so far,
// and its end on a space it has drawn out.
#include <QtTest>

#include <random>
#include <set>

#include "baseline_fixtures.h"
#include "planning/hetauto_planner.h"
#include "planning_world.h"

using namespace arachne;

namespace {
PlannerBudget evaluations(long long n) {
  PlannerBudget b;
  b.seconds = 0;
  b.evaluations = n;
  return b;
}
}  // namespace

class TstHetAuto : public QObject {
  Q_OBJECT
 private slots:
  void restrictionsHoldOnRandomCompositions() {
    std::mt19937 rng(3);
    int found = 0;
    for (int trial = 0; trial < 12; ++trial) {
      PlanningWorld w(baseline::randomComposition(rng, std::uniform_int_distribution<int>(8, 64)(rng), trial % 2 == 0), "gpt-neo-2.7b");
      const PlannerResult r = HetAutoPlanner().plan(*w.cost, evaluations(400), static_cast<std::uint64_t>(trial), {}, nullptr);
      QVERIFY(r.stats.evaluations <= 400);
      if (!r.found) continue;
      ++found;
      baseline::checkPlanOnRealNodes(*w.cost, r);
      QCOMPARE(static_cast<int>(r.plan.templates.size()), 1);
      const Template& t = r.plan.templates[0];
      QVERIFY(t.depth() <= 16);
      QVERIFY(t.replicas * t.micro_batch <= w.spec.global_batch);
      std::set<std::string> done;
      for (size_t s = 0; s < t.stages.size(); ++s) {
        const Stage& st = t.stages[s];
        const bool continues = s > 0 && t.stages[s - 1].gpu_type == st.gpu_type;
        if (continues) {
          QCOMPARE(st.tp, t.stages[s - 1].tp);  // one TP degree per segment
        } else {
          QVERIFY2(done.insert(st.gpu_type).second, "a GPU type appears in two segments");
        }
      }
    }
    QVERIFY2(found >= 8, qPrintable(QString("only %1 of 12 random problems gave a plan").arg(found)));
  }

  void deterministicForASeedAndCurveMonotone() {
    PlanningWorld w("h100:4x4,a100-40:4x4,a6000:4x4", "llama3-8b");
    const PlannerResult a = HetAutoPlanner().plan(*w.cost, evaluations(800), 7, {}, nullptr);
    const PlannerResult b = HetAutoPlanner().plan(*w.cost, evaluations(800), 7, {}, nullptr);
    QVERIFY(a.found);
    QCOMPARE(a.plan, b.plan);
    QCOMPARE(a.stats.best_curve, b.stats.best_curve);
    QCOMPARE(a.stats.evaluations, 800LL);  // it spends the whole budget
    // Ranked by our cost model: the best-so-far curve only rises, and ends at the returned plan.
    for (size_t i = 1; i < a.stats.best_curve.size(); ++i) {
      QVERIFY(a.stats.best_curve[i].first >= a.stats.best_curve[i - 1].first);
      QVERIFY(a.stats.best_curve[i].second > a.stats.best_curve[i - 1].second);
    }
    QCOMPARE(a.stats.best_curve.back().second, a.report.throughput.sequences_per_s);
  }

  void timeBudgetIsHonoured() {
    PlanningWorld w("h100:4x32,a100-40:4x16,a6000:4x16", "llama3-8b");
    PlannerBudget b;
    b.seconds = 0.3;
    const PlannerResult r = HetAutoPlanner().plan(*w.cost, b, 1, {}, nullptr);
    QVERIFY(r.found);
    QVERIFY2(r.stats.elapsed_s < 2.0, qPrintable(QString("%1 s for a 0.3 s budget").arg(r.stats.elapsed_s)));
    QVERIFY(!r.stats.cancelled);
  }

  void cancelKeepsTheBestPlanSoFar() {
    PlanningWorld w("h100:4x64,a100-40:4x32,a6000:4x32", "llama3-8b");
    HetAutoPlanner planner;
    double after = 0;
    const PlannerResult r = baseline::planAndCancel(planner, *w.cost, std::chrono::milliseconds(300), after);
    QVERIFY2(after < 1.0, qPrintable(QString("returned %1 s after the cancel").arg(after)));
    QVERIFY(r.stats.cancelled);
    QVERIFY(r.found);
    QCOMPARE(r.stats.best_curve.back().second, r.report.throughput.sequences_per_s);
  }

  void endsWhenTheSpaceIsDrawnOut() {
    PlanningWorld w("h100:2x1", "gpt-neo-2.7b");
    PlannerBudget b;
    b.seconds = 60;
    const PlannerResult r = HetAutoPlanner().plan(*w.cost, b, 1, {}, nullptr);
    QVERIFY(r.found);
    QVERIFY2(r.stats.message.find("gave no new structure") != std::string::npos, r.stats.message.c_str());
    QVERIFY(r.stats.elapsed_s < 30);
  }
};

QTEST_GUILESS_MAIN(TstHetAuto)
#include "tst_hetauto.moc"
