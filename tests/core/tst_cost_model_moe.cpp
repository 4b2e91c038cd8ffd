// MoE pricing: expert tilings, expert memory, all-to-all inside and across nodes, BadTiling.
// These are the flat-link formulas of CostTerms::legacy() (spec x 0.85 + latency, one flow per
// node, one gradient message, ring only, no overlap); the refined terms are hand-checked in
// tst_cost_comm.cpp.
#include <QtTest>

#include <cmath>

#include "cost/cost_model.h"
#include "cost_fixture.h"

using namespace arachne;
using namespace fixture;

namespace {
bool near(double a, double b, double rel = 1e-9) { return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)) + 1e-15; }

// Two MoE layers: 1e9 params of which 8e8 in 8 routed experts, top-2.
Model moeModel() {
  Model m = model();
  m.id = "toymoe";
  m.shape.experts = 8;
  m.shape.top_k = 2;
  m.shape.expert_ffn = 1024;
  LayerType l;
  l.id = "moe";
  l.kind = LayerKind::MoeBlock;
  l.params = 1e9;
  l.expert_params = 8e8;
  m.layer_types = {l};
  m.layers = {0, 0};
  return m;
}

ProfileSet moeProfiles() {
  ProfileSet p;
  p.name = "hand-moe";
  p.model_id = "toymoe";
  ProfileEntry e;
  e.compute_s = 0.010;
  e.param_count = 1e8;  // non-expert part / TP 2
  e.activation_bytes = 1e9;
  e.output_bytes = 1e8;
  e.expert_param_count = 8e8;
  e.dispatch_bytes = 4e8;
  e.expert_activation_bytes = 1e9;
  p.set({"gpua", 2, 1, "moe"}, e);
  return p;
}

Plan plan(std::optional<ExpertTiling> t, std::vector<int> nodes = {0, 0}) {
  Stage s = stage(2, 0, 1, std::move(nodes));
  s.expert_tiling = t;
  Plan p;
  p.templates = {tmpl(2, 1, {s})};
  return p;
}
}  // namespace

class TstCostModelMoe : public QObject {
  Q_OBJECT
  GpuCatalog cat = catalog();
  Composition comp = composition();
  Model mdl = moeModel();
  TrainingSpec sp = spec();
  ProfileSet prof = moeProfiles();

 private slots:
  void tilingsAreEnumerated() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    // W = 4: ETP 1 with EP 1, 2, 4 and ETP 2 with EP 1, 2.
    QCOMPARE(cm.expertTilings(2, 2).size(), size_t(5));
    QVERIFY(cm.tilingProblem({2, 2, 1}, 2, 2).empty());
    QVERIFY(cm.tilingProblem({1, 4, 1}, 2, 2).find("ETP 4 does not divide TP 2") != std::string::npos);
    QVERIFY(cm.tilingProblem({3, 1, 1}, 2, 2).find("but the stage has 4") != std::string::npos);
  }

  // Megatron-LM's grouped expert layers divide the expert MLP width over the ETP group, so an ETP
  // that does not divide it is no tiling at all (the catalog's widths pass at every ETP that
  // divides a TP the attention allows; a model file need not).
  void etpMustDivideTheExpertWidth() {
    Model odd = mdl;
    odd.shape.expert_ffn = 1026;  // 2 x 3^3 x 19: ETP 2 splits it, ETP 4 does not
    CostModel cm(cat, comp, odd, sp, prof, CostTerms::legacy());
    QVERIFY(cm.tilingValid({1, 2, 2}, 4, 1));
    QVERIFY(!cm.tilingValid({1, 4, 1}, 4, 1));
    const std::string why = cm.tilingProblem({1, 4, 1}, 4, 1);
    QVERIFY2(why.find("the expert MLP width 1026 is not a multiple of ETP 4") != std::string::npos, why.c_str());
    for (const ExpertTiling& e : cm.expertTilings(4, 2)) QVERIFY(e.etp != 4);
    CostModel even(cat, comp, mdl, sp, prof, CostTerms::legacy());
    QVERIFY(even.tilingValid({1, 4, 1}, 4, 1));
  }

  // The fill's quick test and the explained one must never disagree, or the fill would try a
  // tiling the pricer rejects (or skip one it accepts).
  void quickTilingTestAgreesWithTheReason() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    int valid = 0;
    for (int tp = 1; tp <= 8; ++tp)
      for (int replicas = 1; replicas <= 6; ++replicas)
        for (int ep = 0; ep <= 9; ++ep)
          for (int etp = 0; etp <= 9; ++etp)
            for (int edp = 0; edp <= 9; ++edp) {
              const ExpertTiling e{ep, etp, edp};
              const bool quick = cm.tilingValid(e, tp, replicas);
              QCOMPARE(quick, cm.tilingWhy(e, tp, replicas).empty());
              valid += quick;
            }
    QVERIFY(valid > 0);
    QVERIFY(!cm.tilingValid({1, 2, 0}, 2, 1));  // a zero factor
  }

  void expertMemoryFollowsTheTiling() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    const int g = cm.gpuIndex("gpua");
    // EP 2 x ETP 2: each GPU holds 2 layers x 8e8 / 4 expert params plus 2 x 1e8 others.
    StageMemory m = cm.stageMemory(g, 2, 1, 0, 1, 0, 1, 4, 2, {2, 2, 1});
    QVERIFY(near(m.params, (2e8 + 4e8) * 2));
    QVERIFY(near(m.activations, 2e9 + 2e9 / 2));
    // Without tiling: ETP = TP = 2, EP 1 -> experts only sharded by TP.
    StageMemory d = cm.stageMemory(g, 2, 1, 0, 1, 0, 1, 4, 2);
    QVERIFY(near(d.params, (2e8 + 8e8) * 2));
  }

  void allToAllInsideAndAcrossNodes() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    const int g = 0;
    // EP 2 x ETP 1 <= TP 2: inside the node. Each GPU sends 8e8 / 2 x 1/2 per all-to-all.
    const double intra = 4 * (2e8 / (100e9 * 0.85) + 2 * 1 * 5e-6);
    QVERIFY(near(cm.expertCommTime(g, 2, 1, 0, 1, {2, 1, 2}, 10, 4), intra));
    // EP 4 > TP 2: across nodes, 4 GPUs share the 10 GB/s NIC.
    const double inter = 4 * (3e8 * 4 / (10e9 * 0.85) + 2 * 3 * 20e-6);
    QVERIFY(near(cm.expertCommTime(g, 2, 1, 0, 1, {4, 1, 1}, 10, 4), inter));
    // Without tiling: no all-to-all, ETP 2 all-reduces of the tokens (dispatch / k).
    const double etp = 2 * (1.0 * 4e8 / (100e9 * 0.85) + 2 * 2 * 1 * 5e-6);
    QVERIFY(near(cm.expertCommTime(g, 2, 1, 0, 1, {1, 2, 2}, 10, 4), etp));
  }

  void priceUsesTheTiling() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    PlanReport untiled = cm.price(plan(std::nullopt));
    QVERIFY(untiled.feasible);
    PlanReport tiled = cm.price(plan(ExpertTiling{2, 1, 2}));
    QVERIFY(tiled.feasible);
    // EP 2 x ETP 1 holds as many expert parameters per GPU as ETP 2 alone; EP 2 x ETP 2 half.
    QCOMPARE(tiled.templates[0].stages[0].memory.params, untiled.templates[0].stages[0].memory.params);
    PlanReport quarter = cm.price(plan(ExpertTiling{2, 2, 1}));
    QVERIFY(quarter.feasible);
    QVERIFY(near(quarter.templates[0].stages[0].memory.params, (2e8 + 4e8) * 2));
    QCOMPARE(quarter.templates[0].stages[0].time.grad_sync, tiled.templates[0].stages[0].time.grad_sync -
                                                              (1.0 * (8e8 * 4) / (100e9 * 0.85) + 2 * 5e-6));
    // Expert gradients: EDP 2 in one node, shard 2 x 8e8 / 2 params x 4 B.
    const double eg = 1.0 * (8e8 * 4) / (100e9 * 0.85) + 2 * 5e-6;
    const double dense = 1.0 * (2e8 * 4) / (100e9 * 0.85) + 2 * 5e-6;
    QVERIFY(near(tiled.templates[0].stages[0].time.grad_sync, dense + eg));
    PlanReport bad = cm.price(plan(ExpertTiling{1, 4, 1}));
    QVERIFY(!bad.feasible);
    QVERIFY(bad.violations.at(0).kind == ViolationKind::BadTiling);
    QVERIFY(bad.violations[0].message.find("ETP 4 does not divide TP 2") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TstCostModelMoe)
#include "tst_cost_model_moe.moc"
