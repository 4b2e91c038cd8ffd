// Profile sets: exact-match lookup, reasons for a miss, overlay, and the analytic profiler's
// formulas against hand calculations.
#include <QtTest>

#include <cmath>

#include "cost/cost_model.h"
#include "cost_fixture.h"
#include "io/load_error.h"
#include "profile/analytic_profiler.h"
#include "profile/layer_costs.h"

using namespace arachne;
using namespace fixture;

namespace {
bool near(double a, double b, double rel = 1e-9) { return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)) + 1e-15; }

// The toy shape with parameter counts that match it (h 1024, 8 heads of 128, SwiGLU f 4096).
Model shapedModel() {
  Model m = model();
  const double attn = 1024.0 * (1024 + 2 * 1024) + 1024.0 * 1024;
  m.layer_types[0].params = attn + 3.0 * 1024 * 4096 + 2 * 1024;
  LayerType e;
  e.id = "embedding";
  e.kind = LayerKind::Embedding;
  e.params = 1000.0 * 1024;
  LayerType h;
  h.id = "head";
  h.kind = LayerKind::Head;
  h.params = 1000.0 * 1024 + 1024;
  m.layer_types.push_back(e);
  m.layer_types.push_back(h);
  m.layers = {1, 0, 0, 0, 0, 2};
  return m;
}
}  // namespace

class TstProfileSet : public QObject {
  Q_OBJECT
 private slots:
  void exactMatchAndReasons() {
    ProfileSet p = profiles();
    QVERIFY(p.find("gpua", 1, 1, "dense"));
    QVERIFY(!p.find("gpua", 1, 1, "head"));
    QVERIFY(!p.find("gpua", 4, 1, "dense"));
    QCOMPARE(p.size(), size_t(3));
    QCOMPARE(p.tpDegrees("gpua"), (std::vector<int>{1, 2}));
    QCOMPARE(p.microBatches("gpua", 1), (std::vector<int>{1, 2}));
    QVERIFY(p.missingReason("gpua", 1, 1, "dense").empty());
    QCOMPARE(QString::fromStdString(p.missingReason("gpua", 4, 1, "dense")),
             QStringLiteral("no profile entry for (gpua, TP 4, mbs 1, dense): TP 4 was not profiled for gpua (profiled: 1, 2)"));
    QVERIFY(p.missingReason("gpua", 2, 2, "dense").find("micro-batch 2 was not profiled for (gpua, TP 2) (profiled: 1)") != std::string::npos);
    QVERIFY(p.missingReason("gpua", 1, 1, "head").find("layer type 'head' was not profiled") != std::string::npos);
    QVERIFY(p.missingReason("h100", 1, 1, "dense").find("h100 is not in profile set 'hand' (profiled: gpua)") != std::string::npos);
  }

  void measuredEntriesTakePrecedence() {
    ProfileSet p = profiles();
    ProfileSet measured;
    ProfileEntry e;
    e.compute_s = 0.5;
    e.origin = "lab.json";
    measured.set({"gpua", 1, 1, "dense"}, e);
    measured.set({"gpub", 1, 1, "dense"}, e);
    p.overlay(measured);
    QCOMPARE(p.find("gpua", 1, 1, "dense")->compute_s, 0.5);
    QCOMPARE(QString::fromStdString(p.find("gpua", 1, 1, "dense")->origin), QStringLiteral("lab.json"));
    QCOMPARE(p.find("gpua", 2, 1, "dense")->compute_s, 0.005);
    QCOMPARE(p.size(), size_t(4));
  }

  void gpuWithoutRateIsExcludedWithReason() {
    GpuCatalog cat = catalog();
    Model m = shapedModel();
    ProfileSet p = makeAnalyticProfiles(cat, {"gpua", "v100-32"}, m, spec());
    QCOMPARE(QString::fromStdString(p.name), QStringLiteral("analytic-v2"));
    QCOMPARE(p.size(), size_t(4 * 6 * 3));  // TP {1,2,4,8} x mbs {1..32} x 3 layer types
    QVERIFY(!p.find("v100-32", 1, 1, "dense"));
    QCOMPARE(QString::fromStdString(p.missingReason("v100-32", 1, 1, "dense")),
             QStringLiteral("no profile entry for (v100-32, TP 1, mbs 1, dense): v100-32 has no bf16 rate"));
    // fp16 has a rate: V100 gets entries then.
    TrainingSpec fp16 = spec();
    fp16.precision = Precision::Fp16;
    QVERIFY(makeAnalyticProfiles(cat, {"v100-32"}, m, fp16).find("v100-32", 2, 4, "head"));
    // The cost model passes the reason on.
    Composition c;
    c.addNode({-1, "v100-32", 4, 0});
    CostModel cm(cat, c, m, spec(), p);
    std::string why;
    QVERIFY(!cm.hasProfile(0, 1, 1, &why));
    QVERIFY(why.find("v100-32 has no bf16 rate") != std::string::npos);
    QVERIFY_THROWS_EXCEPTION(LoadError, makeAnalyticProfiles(cat, {"zz"}, m, spec()));
  }

  void analyticDenseLayerByHand() {
    GpuCatalog cat = catalog();
    const GpuType& g = *cat.find("gpua");
    Model m = shapedModel();
    TrainingSpec s = spec();  // s = 1024, bf16
    const double T = 1024, h = 1024, s_ = 1024;
    const double attnParams = h * (1024 + 2048) + 1024 * h;
    QVERIFY(near(attentionProjectionParams(m.shape), attnParams));
    const double fwd = 2 * T * attnParams + T * 2 * 8 * 128 * s_ + 2 * T * 3 * h * 4096;
    for (int tp : {1, 2}) {
      ProfileEntry e = analyticEntry(g, m, m.layer_types[0], s, tp, 1);
      const double F = fwd / tp;
      const double eff = 0.8 * AnalyticFactors::layer_efficiency * F / (F + AnalyticFactors::half_efficiency_flops);
      QVERIFY(near(e.compute_s, 3 * F / (100e12 * eff) + AnalyticFactors::launch_overhead_s));
      const double arBytes = T * h * 2;
      const double ar = tp == 1 ? 0 : 4 * (2.0 * (tp - 1) / tp * arBytes / (100e9 * 0.85) + 2.0 * (tp - 1) * 5e-6);
      QVERIFY(near(e.tp_comm_s, ar));
      // Norm inputs (2), QKV input, MLP input (4h), Q/K/V (3 x 1024), O (1024), SwiGLU 3f;
      // plus the fp32 log-sum-exp per head and token. Sequence parallel: / tp.
      const double act = ((4 * h + 3072 + 1024 + 3 * 4096) * T * 2 + 4 * 8 * T) / tp;
      QVERIFY(near(e.activation_bytes, act));
      QVERIFY(near(e.param_count, m.layer_types[0].params / tp));
      QVERIFY(near(e.output_bytes, T * h * 2));
      QVERIFY(near(e.optimizer_s, m.layer_types[0].params / tp * 30 / (1000e9 * 0.8)));
    }
    // Without FlashAttention and sequence parallelism (Sailor's Megatron-DeepSpeed runs): the
    // 4h replicated inputs stay whole and the a x s softmax output is stored per token.
    ProfileEntry old = analyticEntry(g, m, m.layer_types[0], s, 4, 1, {false, false});
    QVERIFY(near(old.activation_bytes, 4 * h * T * 2 + ((3072 + 1024 + 3 * 4096) * T * 2 + 8 * s_ * T * 2) / 4));
    // Checkpointing: one more forward, only the layer input kept.
    s.activation_checkpointing = true;
    ProfileEntry c = analyticEntry(g, m, m.layer_types[0], s, 2, 1);
    const double F = fwd / 2;
    const double eff = 0.8 * AnalyticFactors::layer_efficiency * F / (F + AnalyticFactors::half_efficiency_flops);
    QVERIFY(near(c.compute_s, 4 * F / (100e12 * eff) + AnalyticFactors::launch_overhead_s));
    QVERIFY(near(c.activation_bytes, T * h * 2 / 2));
  }

  void fp32HasFourByteActivationsAndCheaperState() {
    GpuCatalog cat = catalog();
    const GpuType& g = *cat.find("gpua");
    Model m = shapedModel();
    TrainingSpec s = spec();
    ProfileEntry bf = analyticEntry(g, m, m.layer_types[0], s, 1, 1);
    s.precision = Precision::Fp32;
    ProfileEntry fp = analyticEntry(g, m, m.layer_types[0], s, 1, 1);
    // The fp32 log-sum-exp is 4 B in both; everything else doubles.
    const double lse = 4.0 * 8 * 1024;
    QVERIFY(near(fp.activation_bytes - lse, 2 * (bf.activation_bytes - lse)));
    QVERIFY(near(fp.output_bytes, 2 * bf.output_bytes));
    // 20 TFLOPS fp32 against 100 bf16: five times slower GEMMs.
    QVERIFY(fp.compute_s > 4.5 * (bf.compute_s - AnalyticFactors::launch_overhead_s));
    // Adam traffic: 2 x 8 + 4 + 4 = 24 B per parameter in fp32, 2 x 12 + 4 + 2 = 30 in bf16.
    QVERIFY(near(fp.optimizer_s / bf.optimizer_s, 24.0 / 30.0));
  }

  void analyticEmbeddingAndHead() {
    GpuCatalog cat = catalog();
    const GpuType& g = *cat.find("gpua");
    Model m = shapedModel();
    ProfileEntry e = analyticEntry(g, m, m.layer_types[1], spec(), 1, 1);
    // A memory-bound gather: 5 x T x h x 2 B of traffic at 80 % of 1000 GB/s.
    QVERIFY(near(e.compute_s, 5 * 1024.0 * 1024 * 2 / 800e9 + AnalyticFactors::launch_overhead_s));
    QCOMPARE(e.tp_comm_s, 0.0);
    ProfileEntry h = analyticEntry(g, m, m.layer_types[2], spec(), 2, 1);
    QCOMPARE(h.output_bytes, 0.0);
    QVERIFY(near(h.activation_bytes, (2 * 1024.0 * 1024 * 2 + 4 * 1024.0 * 1000) / 2));
    QVERIFY(h.tp_comm_s > 0);
    // Larger micro-batches run at least as efficiently per sequence.
    ProfileEntry d1 = analyticEntry(g, m, m.layer_types[0], spec(), 1, 1);
    ProfileEntry d8 = analyticEntry(g, m, m.layer_types[0], spec(), 1, 8);
    QVERIFY(d8.compute_s / 8 < d1.compute_s);
  }
};

QTEST_GUILESS_MAIN(TstProfileSet)
#include "tst_profile_set.moc"
