// The cost model against hand calculations: stage time, p2p, gradient sync, 1F1B, batch split,
// memory items, and every violation kind with its numbers.
// These are the flat-link formulas of CostTerms::legacy() (spec x 0.85 + latency, one flow per
// node, one gradient message, ring only, no overlap); the refined terms are hand-checked in
// tst_cost_comm.cpp.
#include <QtTest>

#include <cmath>

#include "cost/batch_split.h"
#include "cost/cost_model.h"
#include "cost/link_model.h"
#include "cost_fixture.h"
#include "io/load_error.h"

using namespace arachne;
using namespace fixture;

namespace {
bool near(double a, double b, double rel = 1e-9) { return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)) + 1e-15; }
const double kIntraP2p = 2e8 / (100e9 * 0.85) + 5e-6;  // 2 x 0.1 GB over 100 GB/s at 85 %
const double kInterP2p = 2e8 / (10e9 * 0.85) + 20e-6;
bool hasKind(const PlanReport& r, ViolationKind k) {
  for (const Violation& v : r.violations) if (v.kind == k) return true;
  return false;
}
const Violation* first(const PlanReport& r, ViolationKind k) {
  for (const Violation& v : r.violations) if (v.kind == k) return &v;
  return nullptr;
}
}  // namespace

class TstCostModel : public QObject {
  Q_OBJECT

  GpuCatalog cat = catalog();
  Composition comp = composition();
  Model mdl = model();
  TrainingSpec sp = spec();
  ProfileSet prof = profiles();

  Plan onePlan(std::vector<Template> ts) {
    Plan p;
    p.templates = std::move(ts);
    return p;
  }

 private slots:
  void oneF1BFormula() {
    QVERIFY(near(iterationTime1F1B(8, 0.1, 0.3, 0.05), 7 * 0.1 + 0.3 + 0.05));
    QVERIFY(near(iterationTime1F1B(1, 0.1, 0.3, 0.05), 0.35));
  }

  void twoStagesOnOneNode() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    Plan p = onePlan({tmpl(1, 1, {stage(1, 0, 1, {0}), stage(1, 2, 3, {0})})});
    PlanReport r = cm.price(p);
    QVERIFY2(r.feasible, r.violations.empty() ? "" : r.violations[0].message.c_str());
    const TemplateReport& t = r.templates.at(0);
    QCOMPARE(t.micro_batches, 8);
    QVERIFY(near(t.stages[0].time.compute, 0.020));
    QVERIFY(near(t.stages[0].time.p2p, kIntraP2p));
    QCOMPARE(QString::fromStdString(t.stages[0].p2p_link), QStringLiteral("intra-node"));
    QCOMPARE(t.stages[1].time.p2p, 0.0);
    QCOMPARE(QString::fromStdString(t.stages[1].p2p_link), QStringLiteral("none"));
    QVERIFY(near(t.stages[0].time.optimizer, 0.002));
    QCOMPARE(t.stages[0].time.grad_sync, 0.0);
    const double t0 = 0.020 + kIntraP2p, t1 = 0.020;
    const double T = 7 * t0 + (t0 + t1) + 0.002;
    QVERIFY(near(t.iteration_time_s, T));
    QVERIFY(near(r.iteration_time_s, T));
    QVERIFY(near(t.bubble_s, t1));
    QVERIFY(near(r.throughput.sequences_per_s, 8 / T));
    QVERIFY(near(r.throughput.tokens_per_s, 8 * 1024 / T));
    QVERIFY(near(r.throughput.iterations_per_s, 1 / T));
    // Memory of stage 0: 2 layers x 1e8 params; 2 micro-batches in flight of 2 x 1 GB.
    const StageMemory& m = t.stages[0].memory;
    QVERIFY(near(m.params, 2e8 * 2));
    QVERIFY(near(m.grads, 2e8 * 4));
    QVERIFY(near(m.optimizer, 2e8 * 12));
    QVERIFY(near(m.activations, 2e9 * 2));
    QVERIFY(near(m.other, kFrameworkOverheadBytes + kAllocatorSlack * (4e8 + 8e8 + 2.4e9 + 4e9)));
    QVERIFY(near(m.capacity, 40 * kGiB));
    QCOMPARE(t.stages[0].in_flight_micro_batches, 2);
    QCOMPARE(t.stages[1].in_flight_micro_batches, 1);
    QVERIFY(near(t.stages[1].memory.activations, 2e9));
  }

  void p2pAcrossNodesUsesInterNodeBandwidth() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    PlanReport r = cm.price(onePlan({tmpl(1, 1, {stage(1, 0, 1, {0}), stage(1, 2, 3, {1})})}));
    QVERIFY(r.feasible);
    QVERIFY(near(r.templates[0].stages[0].time.p2p, kInterP2p));
    QCOMPARE(QString::fromStdString(r.templates[0].stages[0].p2p_link), QStringLiteral("inter-node"));
    // The rate the transfer achieves: 85 % of the 10 GB/s NIC on flat links.
    QVERIFY(near(r.templates[0].stages[0].p2p_gbps, 10.0 * 0.85));
  }

  void gradSyncInsideOneNodeIsARing() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    PlanReport r = cm.price(onePlan({tmpl(2, 1, {stage(1, 0, 3, {0, 0})})}));
    QVERIFY(r.feasible);
    const double P = 4e8 * 4;  // 4 layers x 1e8 params x 4 B fp32 gradients
    const double g = 1.0 * P / (100e9 * 0.85) + 2 * 5e-6;
    const StageReport& s = r.templates[0].stages[0];
    QVERIFY(near(s.time.grad_sync, g));
    QCOMPARE(QString::fromStdString(s.grad_sync_link), QStringLiteral("intra-node"));
    QCOMPARE(r.templates[0].micro_batches, 4);
    QVERIFY(near(r.iteration_time_s, 3 * 0.04 + 0.04 + g + 0.004));
  }

  void gradSyncAcrossNodesIsHierarchical() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    PlanReport r = cm.price(onePlan({tmpl(2, 1, {stage(2, 0, 3, {0, 1})})}));
    QVERIFY(r.feasible);
    const double P = 4 * 5e7 * 4;
    // One replica per node: no intra part; the node's NIC carries the TP 2 shards' traffic.
    const double g = 1.0 * (P * 2) / (10e9 * 0.85) + 2 * 20e-6;
    QVERIFY(near(r.templates[0].stages[0].time.grad_sync, g));
    QCOMPARE(QString::fromStdString(r.templates[0].stages[0].grad_sync_link), QStringLiteral("inter-node"));
  }

  void gradSyncSpansTemplates() {
    // Two one-replica templates hold the same layers: they still all-reduce with each other,
    // across nodes, at the slowest NIC (a plan is one data-parallel job).
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    PlanReport r = cm.price(onePlan({tmpl(1, 1, {stage(1, 0, 3, {0})}), tmpl(1, 1, {stage(1, 0, 3, {1})})}));
    QVERIFY(r.feasible);
    const double P = 4e8 * 4;
    const double g = 1.0 * P / (10e9 * 0.85) + 2 * 20e-6;
    for (int j = 0; j < 2; ++j) {
      QVERIFY(near(r.templates[size_t(j)].stages[0].time.grad_sync, g));
      QCOMPARE(QString::fromStdString(r.templates[size_t(j)].stages[0].grad_sync_link), QStringLiteral("inter-node"));
    }
  }

  void batchSplitIsMinMax() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    // A: TP 1, 40 ms per micro-batch + 4 ms optimizer. B: TP 2, 24 ms + 2 ms.
    PlanReport r = cm.price(onePlan({tmpl(1, 1, {stage(1, 0, 3, {0})}), tmpl(1, 1, {stage(2, 0, 3, {1})})}));
    QVERIFY(r.feasible);
    QCOMPARE(r.templates[0].micro_batches, 3);
    QCOMPARE(r.templates[1].micro_batches, 5);
    // Both templates also all-reduce their 1.6 GB of gradients with each other across nodes.
    const double g = 1.6e9 / (10e9 * 0.85) + 2 * 20e-6;
    QVERIFY(near(r.templates[0].iteration_time_s, 0.124 + g));
    QVERIFY(near(r.templates[1].iteration_time_s, 0.122 + g));
    QVERIFY(near(r.iteration_time_s, 0.124 + g));
  }

  void splitBatchDirect() {
    // Equal templates split evenly; weights are replicas x micro-batch.
    double a[] = {1, 1}, f[] = {0, 0};
    int w[] = {2, 2}, M[2];
    QVERIFY(splitBatch(a, f, w, 2, 16, M));
    QCOMPARE(M[0], 4);
    QCOMPARE(M[1], 4);
    // An odd remainder overshoots by the least possible.
    int w2[] = {2, 1};
    QVERIFY(splitBatch(a, f, w2, 2, 7, M));
    QVERIFY(2 * M[0] + M[1] >= 7);
    QCOMPARE(std::max(M[0], M[1]), 3);
    // Too small a batch.
    QVERIFY(!splitBatch(a, f, w, 2, 3, M));
    // A very slow template keeps one micro-batch.
    double slow[] = {100, 1};
    QVERIFY(splitBatch(slow, f, w, 2, 16, M));
    QCOMPARE(M[0], 1);
    QCOMPARE(M[1], 7);
  }

  void givenMicroBatchesWithoutRebalance() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    Plan p = onePlan({tmpl(1, 1, {stage(1, 0, 3, {0})})});
    p.templates[0].micro_batches = 10;
    PlanReport r = cm.price(p, false);
    QVERIFY(r.feasible);
    QCOMPARE(r.templates[0].micro_batches, 10);
    QVERIFY(near(r.iteration_time_s, 10 * 0.04 + 0.004));
    p.templates[0].micro_batches = 2;
    r = cm.price(p, false);
    QVERIFY(!r.feasible);
    QVERIFY(hasKind(r, ViolationKind::InvalidPlan));
    QVERIFY(first(r, ViolationKind::InvalidPlan)->message.find("fewer than the global batch of 8") != std::string::npos);
    // priceAndUpdate writes the split back.
    PlanReport u = cm.priceAndUpdate(p);
    QCOMPARE(p.templates[0].micro_batches, 8);
    QVERIFY(u.feasible);
    // ... unless the plan fixes its micro-batches (Sailor's format): then they are priced as given.
    p.templates[0].micro_batches = 10;
    p.fixed_micro_batches = true;
    u = cm.priceAndUpdate(p);
    QCOMPARE(p.templates[0].micro_batches, 10);
    QCOMPARE(u.templates[0].micro_batches, 10);
    QVERIFY(near(u.iteration_time_s, 10 * 0.04 + 0.004));
    // Twice the batch is more than rounding up explains: refused, not priced as feasible with a
    // throughput that counts 8 of the 16 sequences it runs.
    p.templates[0].micro_batches = 16;
    u = cm.priceAndUpdate(p);
    QVERIFY(!u.feasible);
    QVERIFY2(first(u, ViolationKind::InvalidPlan)->message.find("twice the global batch of 8") != std::string::npos,
             first(u, ViolationKind::InvalidPlan)->message.c_str());
  }

  void outOfMemoryNamesTheComponent() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    PlanReport r = cm.price(onePlan({tmpl(1, 2, {stage(1, 0, 3, {0})})}));
    QVERIFY(!r.feasible);
    const Violation* v = first(r, ViolationKind::OutOfMemory);
    QVERIFY(v);
    QCOMPARE(QString::fromStdString(v->component), QStringLiteral("activations"));
    QCOMPARE(v->template_index, 0);
    QCOMPARE(v->stage_index, 0);
    QCOMPARE(v->node_id, 0);
    QCOMPARE(QString::fromStdString(v->gpu_type), QStringLiteral("gpua"));
    const double state = 4e8 * (2 + 4 + 12);
    const double acts = 4 * 2e10;  // one micro-batch in flight on a one-stage pipeline
    const double need = state + acts + kFrameworkOverheadBytes + kAllocatorSlack * (state + acts);
    QVERIFY(near(v->needed_bytes, need));
    QVERIFY(near(v->capacity_bytes, 40 * kGiB));
    QVERIFY(near(v->over_bytes, need - 40 * kGiB));
    QVERIFY2(v->message.find("needs 89.3 GiB of 40.0 GiB (49.3 GiB over); largest component: activations 74.5 GiB (1 micro-batch in flight)") != std::string::npos, v->message.c_str());
    // The report still carries the numbers.
    QCOMPARE(r.templates.size(), size_t(1));
    QVERIFY(r.iteration_time_s > 0);
  }

  void lowLevelQueries() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    QCOMPARE(cm.gpuTypeCount(), 1);
    const int g = cm.gpuIndex("gpua");
    QCOMPARE(g, 0);
    QCOMPARE(cm.gpuIndex("nope"), -1);
    QVERIFY(near(cm.layersTime(g, 1, 1, 0, 3), 0.04));
    QVERIFY(near(cm.layersTime(g, 2, 1, 1, 2), 0.012));
    QVERIFY(std::isinf(cm.layersTime(g, 4, 1, 0, 3)));
    std::string why;
    QVERIFY(cm.hasProfile(g, 2, 1, &why));
    QVERIFY(!cm.hasProfile(g, 4, 1, &why));
    QVERIFY2(why.find("TP 4 was not profiled for gpua (profiled: 1, 2)") != std::string::npos, why.c_str());
    // First stage of a depth-4 pipeline: min(4, 8) = 4 micro-batches of 2 x 1 GB in flight.
    StageMemory m = cm.stageMemory(g, 1, 1, 0, 1, 0, 4, 8, 1);
    QVERIFY(near(m.activations, 8e9));
    QVERIFY(near(cm.stageMemory(g, 1, 1, 0, 1, 3, 4, 8, 1).activations, 2e9));
    QCOMPARE(QString::fromStdString(CostModel::largestComponent(m)), QStringLiteral("activations"));
    // Distributed optimizer divides the optimizer state by the replicas.
    TrainingSpec dist = sp;
    dist.distributed_optimizer = true;
    CostModel cd(cat, comp, mdl, dist, prof);
    QVERIFY(near(cd.stageMemory(g, 1, 1, 0, 1, 0, 2, 8, 4).optimizer, 2e8 * 12 / 4));
    QVERIFY(near(cm.outputBytes(g, 1, 1, 3), 1e8));
  }

  void violationsCarryTheirNumbers() {
    CostModel cm(cat, comp, mdl, sp, prof, CostTerms::legacy());
    PlanReport r = cm.price(onePlan({}));
    QVERIFY(hasKind(r, ViolationKind::InvalidPlan));

    r = cm.price(onePlan({tmpl(1, 4, {stage(1, 0, 3, {0})})}));
    QVERIFY(hasKind(r, ViolationKind::MissingProfile));
    QVERIFY2(first(r, ViolationKind::MissingProfile)->message.find("micro-batch 4 was not profiled for (gpua, TP 1) (profiled: 1, 2)") != std::string::npos,
             first(r, ViolationKind::MissingProfile)->message.c_str());

    r = cm.price(onePlan({tmpl(1, 1, {stage(8, 0, 3, {0})})}));
    QVERIFY(hasKind(r, ViolationKind::TpExceedsNode));
    QVERIFY(first(r, ViolationKind::TpExceedsNode)->message.find("8 GPUs does not fit node 0 of 4 GPUs") != std::string::npos);

    r = cm.price(onePlan({tmpl(3, 1, {stage(2, 0, 3, {0, 0, 0})})}));
    const Violation* v = first(r, ViolationKind::NodeOvercommitted);
    QVERIFY(v);
    QCOMPARE(v->node_id, 0);
    QVERIFY2(v->message.find("has 6 GPUs placed on it (2 too many; template 1)") != std::string::npos, v->message.c_str());
    // Two templates on the node are named as two ("templates 1" for one read as a slip).
    r = cm.price(onePlan({tmpl(2, 1, {stage(2, 0, 3, {0, 0})}), tmpl(1, 1, {stage(2, 0, 3, {0})})}));
    v = first(r, ViolationKind::NodeOvercommitted);
    QVERIFY(v);
    QVERIFY2(v->message.find("(2 too many; templates 1, 2)") != std::string::npos, v->message.c_str());

    r = cm.price(onePlan({tmpl(1, 1, {stage(1, 0, 3, {99})})}));
    QVERIFY(hasKind(r, ViolationKind::UnknownNode));
    QCOMPARE(first(r, ViolationKind::UnknownNode)->node_id, 99);

    r = cm.price(onePlan({tmpl(1, 1, {stage(1, 0, 1, {0}), stage(1, 3, 3, {0})})}));
    QVERIFY(hasKind(r, ViolationKind::BadLayerSplit));
    QVERIFY(first(r, ViolationKind::BadLayerSplit)->message.find("starts at layer 3, expected 2") != std::string::npos);
    r = cm.price(onePlan({tmpl(1, 1, {stage(1, 0, 2, {0})})}));
    QVERIFY(first(r, ViolationKind::BadLayerSplit)->message.find("layers 3-3 are not placed") != std::string::npos);
    // Stages in reverse order: the first is reported; the second's first layer has no expected
    // value any more, so no message names one (it used to say "expected -1000000").
    r = cm.price(onePlan({tmpl(1, 1, {stage(1, 2, 3, {0}), stage(1, 0, 1, {0})})}));
    QVERIFY(first(r, ViolationKind::BadLayerSplit)->message.find("starts at layer 2, expected 0") != std::string::npos);
    for (const Violation& bad : r.violations) QVERIFY2(bad.message.find("-1000000") == std::string::npos, bad.message.c_str());

    r = cm.price(onePlan({tmpl(1, 1, {stage(1, 0, 3, {0, 1})})}));
    QVERIFY(hasKind(r, ViolationKind::InvalidPlan));

    TrainingSpec tiny = sp;
    tiny.global_batch = 1;
    CostModel ct(cat, comp, mdl, tiny, prof);
    r = ct.price(onePlan({tmpl(2, 1, {stage(1, 0, 3, {0, 1})})}));
    QVERIFY(hasKind(r, ViolationKind::BatchTooSmall));
    QVERIFY(first(r, ViolationKind::BatchTooSmall)->message.find("takes 2 sequences") != std::string::npos);
    for (const Violation& x : r.violations) QVERIFY(!x.message.empty());
    QCOMPARE(QString::fromStdString(toString(ViolationKind::OutOfMemory)), QStringLiteral("out-of-memory"));
  }

  // Megatron-LM splits heads and query groups evenly over TP: a model of one query group runs at
  // TP 1 only, whatever the profiles hold, and the violation says why.
  void tpThatCannotSplitTheAttentionIsRefused() {
    Model mqa = mdl;
    mqa.shape.kv_heads = 1;
    QVERIFY(mqa.shape.splitsOverTp(1) && !mqa.shape.splitsOverTp(2));
    QVERIFY(mdl.shape.splitsOverTp(8) && !mdl.shape.splitsOverTp(16) && !mdl.shape.splitsOverTp(3));
    CostModel ok(cat, comp, mdl, sp, prof, CostTerms::legacy());
    CostModel cm(cat, comp, mqa, sp, prof, CostTerms::legacy());
    const Plan tp2 = onePlan({tmpl(1, 1, {stage(2, 0, 3, {0})})});
    QVERIFY(ok.price(tp2).feasible);
    QVERIFY(ok.hasProfile(0, 2, 1));
    const PlanReport r = cm.price(tp2);
    QVERIFY(!r.feasible);
    const Violation* v = first(r, ViolationKind::MissingProfile);
    QVERIFY(v);
    QVERIFY2(v->message.find("TP 2 cannot split toy4: its 8 attention heads and 1 query groups") != std::string::npos, v->message.c_str());
    std::string why;
    QVERIFY(!cm.hasProfile(0, 2, 1, &why));
    QVERIFY2(why.find("query groups") != std::string::npos, why.c_str());
    QVERIFY(cm.hasProfile(0, 1, 1));
    QVERIFY(cm.price(onePlan({tmpl(1, 1, {stage(1, 0, 3, {0})})})).feasible);
    // The MLP too: an odd width cannot be split over two ranks of Megatron-LM's row-parallel layer.
    Model odd = mdl;
    odd.shape.ffn = 4097;
    QCOMPARE(odd.shape.mlpWidthNotSplitting(2), 4097);
    QVERIFY(odd.shape.attentionSplitsOverTp(2) && !odd.shape.splitsOverTp(2));
    CostModel co(cat, comp, odd, sp, prof, CostTerms::legacy());
    // Kept by name: the violation points into the report, which must outlive it.
    const PlanReport oddReport = co.price(tp2);
    const Violation* w = first(oddReport, ViolationKind::MissingProfile);
    QVERIFY(w);
    QVERIFY2(w->message.find("TP 2 cannot split toy4: its MLP width 4097") != std::string::npos, w->message.c_str());
  }

  void profilesOfAnotherModelAreRejected() {
    ProfileSet other = prof;
    other.model_id = "llama3-8b";
    QVERIFY_THROWS_EXCEPTION(LoadError, CostModel(cat, comp, mdl, sp, other));
    other.model_id.clear();
    CostModel ok(cat, comp, mdl, sp, other);
    QCOMPARE(ok.gpuTypeCount(), 1);
  }

  void planCountsGpus() {
    Plan p = onePlan({tmpl(3, 1, {stage(2, 0, 1, {0, 0, 1}), stage(1, 2, 3, {1, 1, 1})}), tmpl(1, 1, {stage(4, 0, 3, {0})})});
    QCOMPARE(p.templates[0].gpus(), 9);
    QCOMPARE(p.gpusUsed(), 13);
  }
};

QTEST_GUILESS_MAIN(TstCostModel)
#include "tst_cost_model.moc"
