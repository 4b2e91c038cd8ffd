// The expert dimension as a switch (TrainingSpec::expert_tiling) and re-tiling a finished plan by
// the fill's rule (retileExperts): the paper's Figure 9 compares the two.
#include <QtTest>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "model/model_catalog.h"
#include "planning/construction_episode.h"
#include "planning/expert_retile.h"
#include "planning/planner.h"
#include "profile/analytic_profiler.h"

using namespace arachne;

namespace {

// A problem with the expert dimension on or off.
struct World {
  World(const std::string& cluster, const std::string& modelId, bool tiling)
      : composition(parseInlineCluster(cluster, GpuCatalog::builtin())), model(resolveModel(modelId)),
        spec(model.default_training) {
    spec.expert_tiling = tiling;
    profiles = makeAnalyticProfiles(GpuCatalog::builtin(), composition.gpuTypes(), model, spec);
    cost = std::make_unique<CostModel>(GpuCatalog::builtin(), composition, model, spec, profiles);
  }
  Composition composition;
  Model model;
  TrainingSpec spec;
  ProfileSet profiles;
  std::unique_ptr<CostModel> cost;
};

TemplateChoice uniform(int depth, int gpu, int tp) {
  return TemplateChoice{depth, std::vector<StageChoice>(static_cast<size_t>(depth), StageChoice{gpu, tp})};
}

// Every MoE stage of the plan runs without tiling: EP 1, ETP = TP, EDP = replicas.
bool untiled(const CostModel& c, const Plan& p, QString& why) {
  for (size_t t = 0; t < p.templates.size(); ++t)
    for (const Stage& st : p.templates[t].stages) {
      if (!c.hasMoeLayers(st.first_layer, st.last_layer)) continue;
      const ExpertTiling e = CostModel::effectiveTiling(st.expert_tiling, st.tp, p.templates[t].replicas);
      if (!(e == ExpertTiling{1, st.tp, p.templates[t].replicas})) {
        why = QString("template %1 stage %2 (TP %3, %4 replicas) has EP %5 ETP %6 EDP %7")
                  .arg(t).arg(st.first_layer).arg(st.tp).arg(p.templates[t].replicas).arg(e.ep).arg(e.etp).arg(e.edp);
        return false;
      }
    }
  return true;
}

// Templates on which the fill's tiling can matter: deep and wide MoE templates of one GPU type.
const std::vector<std::pair<const char*, TemplateChoice>>& cases() {
  static const std::vector<std::pair<const char*, TemplateChoice>> list = {
      {"h100:8x4", uniform(4, 0, 8)}, {"h100:8x4", uniform(2, 0, 4)}, {"h100:4x8", uniform(4, 0, 4)},
      {"h100:4x8", uniform(2, 0, 2)}, {"h100:4x16", uniform(4, 0, 2)}, {"a100-80:8x4", uniform(4, 0, 8)}};
  return list;
}

}  // namespace

class TstExpertRetile : public QObject {
  Q_OBJECT
 private slots:
  void switchedOffTheFillLeavesEveryMoeStageUntiled() {
    int moe = 0;
    for (const auto& [cluster, choice] : cases()) {
      World w(cluster, "mixtral-8x7b", false);
      ConstructionEpisode e(*w.cost);
      const StepOutcome o = e.step(choice);
      if (!o.feasible) continue;
      QString why;
      QVERIFY2(untiled(*w.cost, e.plan(), why), qPrintable(QString(cluster) + ": " + why));
      for (const Stage& st : e.plan().templates[0].stages) moe += w.cost->hasMoeLayers(st.first_layer, st.last_layer);
    }
    QVERIFY(moe > 0);
  }

  void aPlannerObeysTheSwitch() {
    World w("h100:8x4", "mixtral-8x7b", false);
    const PlannerResult r = makePlanner("greedy")->plan(*w.cost, {10, 0}, 1, {}, nullptr);
    QVERIFY(r.found);
    QString why;
    QVERIFY2(untiled(*w.cost, r.plan, why), qPrintable(why));
  }

  void retilingIsTheFillsRuleAndOnlyChangesTilings() {
    int changed = 0, checked = 0;
    for (const auto& [cluster, choice] : cases()) {
      World w(cluster, "mixtral-8x7b", false);
      ConstructionEpisode e(*w.cost);
      if (!e.step(choice).feasible) continue;
      const Plan before = e.plan();
      const PlanReport priced = w.cost->price(before, true);
      QVERIFY(priced.feasible);
      const RetileResult r = retileExperts(*w.cost, before);
      ++checked;
      QVERIFY(r.report.feasible);
      QVERIFY(r.priced > 0);
      // Never slower, strictly faster exactly when it says it changed the plan.
      QVERIFY(r.report.iteration_time_s <= priced.iteration_time_s * (1 + 1e-12));
      QCOMPARE(r.changed, r.report.iteration_time_s < priced.iteration_time_s);
      changed += r.changed;
      // Only the tilings change: layers, TP, replicas, nodes and micro-batch size stay.
      QCOMPARE(r.plan.templates.size(), before.templates.size());
      for (size_t t = 0; t < before.templates.size(); ++t) {
        const Template& a = before.templates[t];
        const Template& b = r.plan.templates[t];
        QCOMPARE(b.replicas, a.replicas);
        QCOMPARE(b.micro_batch, a.micro_batch);
        QCOMPARE(b.stages.size(), a.stages.size());
        for (size_t s = 0; s < a.stages.size(); ++s) {
          QCOMPARE(b.stages[s].gpu_type, a.stages[s].gpu_type);
          QCOMPARE(b.stages[s].tp, a.stages[s].tp);
          QCOMPARE(b.stages[s].first_layer, a.stages[s].first_layer);
          QCOMPARE(b.stages[s].last_layer, a.stages[s].last_layer);
          QCOMPARE(b.stages[s].node_ids, a.stages[s].node_ids);
        }
      }
      // A local optimum: no single stage's other tiling shortens the iteration.
      Plan p = r.plan;
      for (Template& t : p.templates)
        for (Stage& st : t.stages) {
          if (!w.cost->hasMoeLayers(st.first_layer, st.last_layer)) continue;
          const std::optional<ExpertTiling> kept = st.expert_tiling;
          for (const ExpertTiling& alt : w.cost->expertTilings(st.tp, t.replicas)) {
            st.expert_tiling = alt;
            const PlanReport q = w.cost->price(p, true);
            if (q.feasible) QVERIFY(q.iteration_time_s >= r.report.iteration_time_s * (1 - 1e-12));
          }
          st.expert_tiling = kept;
        }
    }
    QVERIFY(checked > 0);
    // The dimension is worth something on Mixtral somewhere in these templates (the paper's 9(a)).
    QVERIFY(changed > 0);
  }

  void aDensePlanIsReturnedAsItIs() {
    World w("h100:4x4", "llama3-8b", true);
    ConstructionEpisode e(*w.cost);
    QVERIFY(e.step(uniform(2, 0, 4)).feasible);
    const RetileResult r = retileExperts(*w.cost, e.plan());
    QVERIFY(!r.changed);
    QVERIFY(r.plan == e.plan());
    QVERIFY(r.report.feasible);
  }

  void anInfeasiblePlanIsReturnedAsItIs() {
    World w("h100:8x1", "mixtral-8x7b", true);
    Plan p;
    Template t;
    t.replicas = 1;
    Stage st;
    st.gpu_type = "h100";
    st.tp = 1;
    st.first_layer = 0;
    st.last_layer = w.model.layerCount() - 1;
    st.node_ids = {0};
    t.stages.push_back(st);
    p.templates.push_back(t);
    const RetileResult r = retileExperts(*w.cost, p);  // the whole of Mixtral on one H100
    QVERIFY(!r.report.feasible);
    QVERIFY(!r.changed);
    QVERIFY(r.plan == p);
  }
};

QTEST_APPLESS_MAIN(TstExpertRetile)
#include "tst_expert_retile.moc"
