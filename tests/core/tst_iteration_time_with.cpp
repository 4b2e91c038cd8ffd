// CostModel::iterationTimeWith: the iteration time of a priced plan with one stage's time items
// replaced, which the fill's expert tiling reads instead of pricing every tiling in full. It
// must agree with price() to the bit, or the fill would choose other tilings than before.
#include <QtTest>

#include <cmath>
#include <limits>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "model/model_catalog.h"
#include "planning/planner.h"
#include "profile/analytic_profiler.h"

using namespace arachne;

namespace {

struct World {
  World(const std::string& cluster, const std::string& modelId, const TrainingSpec* given = nullptr,
        const CostTerms& terms = {})
      : composition(parseInlineCluster(cluster, GpuCatalog::builtin())), model(resolveModel(modelId)),
        spec(given ? *given : model.default_training) {
    profiles = makeAnalyticProfiles(GpuCatalog::builtin(), composition.gpuTypes(), model, spec);
    cost = std::make_unique<CostModel>(GpuCatalog::builtin(), composition, model, spec, profiles, terms);
  }
  Composition composition;
  Model model;
  TrainingSpec spec;
  ProfileSet profiles;
  std::unique_ptr<CostModel> cost;
};

Plan greedyPlan(const CostModel& cost) {
  const PlannerResult r = makePlanner("greedy")->plan(cost, {30, 0}, 0, {}, nullptr);
  return r.found ? r.plan : Plan{};
}

// Greedy plans these MoE problems as one template; random's plans have several, whose batch
// split the estimate must redo as price() does.
Plan randomPlan(const CostModel& cost) {
  const PlannerResult r = makePlanner("random")->plan(cost, {30, 300}, 1, {}, nullptr);
  return r.found ? r.plan : Plan{};
}

// For every MoE stage of the plan and every tiling of it that prices with timings: the full
// price of the plan with that tiling against the estimate from the stage's own times.
// Returns the number compared; `faster` counts the tilings faster than the plan's own.
int compareEveryTiling(const CostModel& cost, const Plan& plan, int& faster, QString& mismatch) {
  const PlanReport base = cost.price(plan, true);
  int compared = 0;
  for (size_t j = 0; j < plan.templates.size(); ++j) {
    const Template& t = plan.templates[j];
    for (size_t s = 0; s < t.stages.size(); ++s) {
      const Stage& st = t.stages[s];
      if (!cost.hasMoeLayers(st.first_layer, st.last_layer)) continue;
      for (const ExpertTiling& e : cost.expertTilings(st.tp, t.replicas)) {
        Plan other = plan;
        other.templates[j].stages[s].expert_tiling = e;
        const PlanReport full = cost.price(other, true);
        if (full.templates.size() != plan.templates.size()) continue;  // rejected before timing
        const double est = cost.iterationTimeWith(plan, base, static_cast<int>(j), static_cast<int>(s),
                                                  full.templates[j].stages[s].time);
        ++compared;
        faster += est < base.iteration_time_s;
        if (est != full.iteration_time_s && mismatch.isEmpty())
          mismatch = QString("template %1 stage %2 EP %3 ETP %4: estimate %5, price %6")
                         .arg(j + 1)
                         .arg(s + 1)
                         .arg(e.ep)
                         .arg(e.etp)
                         .arg(est, 0, 'g', 17)
                         .arg(full.iteration_time_s, 0, 'g', 17);
      }
    }
  }
  return compared;
}

}  // namespace

class TstIterationTimeWith : public QObject {
  Q_OBJECT

 private slots:
  // Greedy's one-template plan on three GPU types and random's plans of several templates on
  // two: every tiling of every MoE stage, under the default terms, without overlap (the legacy
  // tail), with activation checkpointing (another backward share) and with the distributed
  // optimizer (a parameter all-gather).
  void everyTilingAgreesWithTheFullPrice_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("variant");
    QTest::addColumn<bool>("several");
    for (const char* m : {"mixtral-8x7b", "qwen3-30b-a3b"})
      for (int v = 0; v < 4; ++v)
        for (bool several : {false, true})
          QTest::newRow(qPrintable(QString("%1/%2/%3").arg(m).arg(v).arg(several ? "random" : "greedy")))
              << QString(m) << v << several;
  }
  void everyTilingAgreesWithTheFullPrice() {
    QFETCH(QString, model);
    QFETCH(int, variant);
    QFETCH(bool, several);
    const Model m = resolveModel(model.toStdString());
    TrainingSpec spec = m.default_training;
    CostTerms terms;
    if (variant == 1) terms = CostTerms::legacy();
    if (variant == 2) spec.activation_checkpointing = true;
    if (variant == 3) spec.distributed_optimizer = true;
    const World w(several ? "h100:4x6,a100-40:4x6" : "a100-40:4x4,a6000:4x4,h100:4x8", model.toStdString(), &spec,
                  terms);
    const Plan plan = several ? randomPlan(*w.cost) : greedyPlan(*w.cost);
    QVERIFY2(!plan.templates.empty(), "no plan found");
    if (several) QVERIFY2(plan.templates.size() >= 2, "random's plan has one template");
    int faster = 0;
    QString mismatch;
    const int compared = compareEveryTiling(*w.cost, plan, faster, mismatch);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    QVERIFY2(compared >= 10, qPrintable(QString("only %1 tilings compared").arg(compared)));
  }

  // Interleaved 1F1B divides the pipeline's fill by the chunks: the estimate follows the
  // template's virtual stages.
  void interleavedTemplatesAgree() {
    const World w("h100:4x8", "mixtral-8x7b");
    Plan plan = greedyPlan(*w.cost);
    QVERIFY(!plan.templates.empty());
    bool interleaved = false;
    for (Template& t : plan.templates) {
      int fewest = 1 << 30;
      for (const Stage& st : t.stages) fewest = std::min(fewest, st.last_layer - st.first_layer + 1);
      if (t.depth() > 1 && fewest >= 2) t.virtual_stages = 2, interleaved = true;
    }
    if (!interleaved) QSKIP("greedy's plan has no template deep enough to interleave");
    QVERIFY(!w.cost->price(plan, true).templates.empty());  // priced with timings
    int faster = 0;
    QString mismatch;
    QVERIFY(compareEveryTiling(*w.cost, plan, faster, mismatch) > 0);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }

  // A dense plan: a stage given its own time back prices as the plan does.
  void aStageWithItsOwnTimeIsThePlan() {
    const World w("a100-40:4x2,h100:4x2", "llama3-8b");
    const Plan plan = greedyPlan(*w.cost);
    QVERIFY(!plan.templates.empty());
    const PlanReport r = w.cost->price(plan, true);
    QVERIFY(r.feasible);
    for (size_t j = 0; j < r.templates.size(); ++j)
      for (size_t s = 0; s < r.templates[j].stages.size(); ++s)
        QVERIFY(w.cost->iterationTimeWith(plan, r, static_cast<int>(j), static_cast<int>(s),
                                          r.templates[j].stages[s].time) == r.iteration_time_s);
    // A slower stage can only slow the iteration.
    StageTime slower = r.templates[0].stages[0].time;
    slower.compute *= 2;
    QVERIFY(w.cost->iterationTimeWith(plan, r, 0, 0, slower) > r.iteration_time_s);
  }

  // A report that is not this plan's timing (rejected, or of another plan) gives +inf, never a
  // number that could pass for a faster plan.
  void aReportWithoutTimingsIsInfinite() {
    const World w("a100-40:4x2,h100:4x2", "llama3-8b");
    const Plan plan = greedyPlan(*w.cost);
    QVERIFY(!plan.templates.empty());
    const PlanReport r = w.cost->price(plan, true);
    const StageTime any = r.templates[0].stages[0].time;
    const double inf = std::numeric_limits<double>::infinity();
    QCOMPARE(w.cost->iterationTimeWith(plan, PlanReport{}, 0, 0, any), inf);
    QCOMPARE(w.cost->iterationTimeWith(plan, r, static_cast<int>(r.templates.size()), 0, any), inf);
    QCOMPARE(w.cost->iterationTimeWith(plan, r, 0, 1000, any), inf);
    QCOMPARE(w.cost->iterationTimeWith(plan, r, -1, 0, any), inf);
  }
};

QTEST_GUILESS_MAIN(TstIterationTimeWith)
#include "tst_iteration_time_with.moc"
