// Hand-checked communication terms of the cost model: collectives, buckets, NIC sharing,
// measured pair links, overlap, the pipeline drain, the distributed optimizer's collectives,
// interleaved 1F1B (docs/cost-model.md §3-4).
#include <QtTest>

#include <cmath>
#include <memory>

#include "cost/collectives.h"
#include "cost/cost_model.h"
#include "cost_fixture.h"

using namespace arachne;
using namespace fixture;

namespace {
bool near(double a, double b, double rel = 1e-9) { return std::abs(a - b) <= rel * std::max(1e-12, std::abs(b)); }
// One GB/s and no latency: times are bytes / 1e9.
const auto oneGBps = [](double bytes) { return bytes / 1e9; };
}  // namespace

class TstCostComm : public QObject {
  Q_OBJECT

  GpuCatalog cat = catalog();
  Model mdl = model();
  ProfileSet prof = profiles();

  PlanReport price(const Composition& c, const Plan& p, const CostTerms& terms, TrainingSpec s = spec()) {
    CostModel cm(cat, c, mdl, s, prof, terms);
    return cm.price(p, false);
  }

 private slots:
  void collectiveFormulas() {
    QVERIFY(near(collective::ringAllReduce(8e9, 4, oneGBps), 2.0 * 3 * 2.0));  // 2(n-1) steps of S/n
    QVERIFY(near(collective::reduceScatter(8e9, 4, oneGBps), 3 * 2.0));
    QVERIFY(near(collective::allGather(8e9, 4, oneGBps), 3 * 2.0));
    QVERIFY(near(collective::allToAll(3e9, 4, oneGBps), 3.0));  // 3 peers x 1 GB
    QCOMPARE(collective::ringAllReduce(8e9, 1, oneGBps), 0.0);
    // A latency-bound all-reduce: the tree's log2 steps beat the ring's 2(n-1).
    const double lat = 1e-3;
    auto slow = [&](double b) { return lat + b / 1e9; };
    const double ring = collective::ringAllReduce(1e3, 64, slow);
    const double tree = collective::treeAllReduce(1e3, 64, lat, slow);
    QVERIFY(near(ring, 2 * 63 * (lat + 1e3 / 64 / 1e9)));
    QVERIFY(near(tree, 2 * 63 * (1e3 / 64 / 1e9) + 2 * 6 * lat));
    QVERIFY(near(collective::allReduce(1e3, 64, lat, slow), tree));
    // Buckets: 2.5 GB in 1 GB buckets is two full buckets and a half one; the last is reported.
    double last = 0;
    const double t = collective::bucketed(2.5e9, 1e9, [](double b) { return b / 1e9 + 0.1; }, &last);
    QVERIFY(near(t, 2 * 1.1 + 0.6));
    QVERIFY(near(last, 0.6));
  }

  void interleavedIterationAndMemory() {
    // Two stages of two layers on one node, two virtual stages each: the micro-batch crosses
    // stage 0 -> 1 twice and wraps 1 -> 0 once.
    Composition c;
    c.addNode({-1, "gpua", 4, 0});
    Plan p;
    Template t = tmpl(1, 1, {stage(1, 0, 1, {0}), stage(1, 2, 3, {0})});
    t.virtual_stages = 2;
    t.micro_batches = 8;
    p.templates = {t};
    const PlanReport r = price(c, p, CostTerms::legacy());
    QVERIFY(r.feasible);
    const double hop = 2e8 / (100e9 * 0.85) + 5e-6;  // act + grad, one message, flat link
    const double t0 = 0.020 + 2 * hop, t1 = 0.020 + hop;
    QVERIFY(near(r.templates[0].stages[0].time.p2p, 2 * hop));
    QVERIFY(near(r.templates[0].stages[1].time.p2p, hop));
    QVERIFY(near(r.iteration_time_s, 8 * t0 + (t0 + t1 - t0) / 2 + 0.002));
    QVERIFY(near(r.templates[0].bubble_s, t1 / 2));
    // Megatron's warm-up: stage 0 holds (2 + 2 + 1) / 2 = 2.5 stages' worth, stage 1 1.5.
    QVERIFY(near(r.templates[0].stages[0].memory.activations, 2 * 1e9 * 2.5));
    QVERIFY(near(r.templates[0].stages[1].memory.activations, 2 * 1e9 * 1.5));
    QVERIFY(near(CostModel::inFlightStages(0, 4, 64, 1), 4));
    QVERIFY(near(CostModel::inFlightStages(0, 4, 64, 2), (2.0 * 3 + 4 + 1) / 2));  // p (1 + (p-1)/(p v))
    // A stage with fewer layers than virtual stages is refused, with the reason.
    p.templates[0].virtual_stages = 3;
    const PlanReport bad = price(c, p, CostTerms::legacy());
    QVERIFY(!bad.feasible);
    QVERIFY(bad.violations.front().message.find("virtual stages") != std::string::npos);
    // DeepSpeed's pipeline engine has no interleaved schedule: the plan is refused, not priced
    // with Megatron's bubble.
    p.templates[0].virtual_stages = 2;
    TrainingSpec ds = spec();
    ds.runtime = TrainingSpec::Runtime::DeepSpeed;
    const PlanReport noInterleave = price(c, p, CostTerms::legacy(), ds);
    QVERIFY(!noInterleave.feasible);
    QCOMPARE(noInterleave.violations.front().message,
             std::string("template 1 has 2 virtual stages, but DeepSpeed's pipeline engine has no interleaved schedule"));
  }

  void tiedEmbeddingsAllReduceBetweenFirstAndLastStage() {
    // Two TP 1 stages on two nodes: the first and last stage all-reduce the word embedding's
    // gradient (V x h, fp32 grads) once per iteration, a ring of two over the flat 10 GB/s link:
    // two steps of half the tensor, each with the link's latency.
    Model tied = mdl;
    tied.shape.tied_embeddings = true;
    const double bytes = 1000.0 * 1024 * spec().gradBytes();
    auto priced = [&](const Model& m, const Plan& p, const CostTerms& terms, const Composition& c) {
      CostModel cm(cat, c, m, spec(), prof, terms);
      return cm.price(p, false);
    };
    Plan p;
    p.templates = {tmpl(1, 1, {stage(1, 0, 1, {0}), stage(1, 2, 3, {1})})};
    p.templates[0].micro_batches = 8;
    CostTerms flat = CostTerms::legacy();
    flat.embedding_sync = true;
    const PlanReport r = priced(tied, p, flat, composition());
    QVERIFY(r.feasible);
    const double across = 2 * (bytes / 2 / (10e9 * 0.85) + 20e-6);
    QVERIFY(near(r.templates[0].stages[0].time.embedding_sync, across));
    QVERIFY(near(r.templates[0].stages[1].time.embedding_sync, across));
    const PlanReport off = priced(tied, p, CostTerms::legacy(), composition());
    QCOMPARE(off.templates[0].stages[0].time.embedding_sync, 0.0);
    QVERIFY(near(r.iteration_time_s, off.iteration_time_s + across));
    // With every term on it is paid after the reduction, before the step: the whole of it.
    CostTerms without;
    without.embedding_sync = false;
    const PlanReport all = priced(tied, p, CostTerms{}, composition());
    QVERIFY(all.templates[0].stages[0].time.embedding_sync > 0);
    QVERIFY(near(all.iteration_time_s, priced(tied, p, without, composition()).iteration_time_s +
                                           all.templates[0].stages[0].time.embedding_sync));
    // An untied model has nothing to reduce.
    QCOMPARE(priced(mdl, p, CostTerms{}, composition()).templates[0].stages[0].time.embedding_sync, 0.0);
    // Both stages on one node: the intra-node link (100 GB/s, 5 us).
    Plan local = p;
    local.templates[0].stages[1].node_ids = {0};
    const double inside = 2 * (bytes / 2 / (100e9 * 0.85) + 5e-6);
    QVERIFY(near(priced(tied, local, flat, composition()).templates[0].stages[1].time.embedding_sync, inside));
    // TP 2 stages hold half the matrix each.
    Plan tp2;
    tp2.templates = {tmpl(1, 1, {stage(2, 0, 1, {0}), stage(2, 2, 3, {1})})};
    tp2.templates[0].micro_batches = 8;
    const PlanReport half = priced(tied, tp2, flat, composition());
    QVERIFY(half.feasible);
    QVERIFY(near(half.templates[0].stages[0].time.embedding_sync, 2 * (bytes / 4 / (10e9 * 0.85) + 20e-6)));
    // One stage: the embedding and the output layer are the same parameter.
    Plan one;
    one.templates = {tmpl(1, 1, {stage(1, 0, 3, {0})})};
    one.templates[0].micro_batches = 8;
    QCOMPARE(priced(tied, one, flat, composition()).templates[0].stages[0].time.embedding_sync, 0.0);
  }

  void flowsLeavingANodeShareItsNic() {
    // Four replicas of a two-stage TP 1 pipeline: stage 0 on node 0, stage 1 on node 1. All four
    // send at once through each node's single 10 GB/s NIC.
    Plan p;
    p.templates = {tmpl(4, 1, {stage(1, 0, 1, {0, 0, 0, 0}), stage(1, 2, 3, {1, 1, 1, 1})})};
    p.templates[0].micro_batches = 2;
    CostTerms flat = CostTerms::legacy();
    const double alone = price(composition(), p, flat).templates[0].stages[0].time.p2p;
    QVERIFY(near(alone, 2e8 / (10e9 * 0.85) + 20e-6));
    flat.nic_sharing = true;
    const double shared = price(composition(), p, flat).templates[0].stages[0].time.p2p;
    QVERIFY(near(shared, 2e8 / (10e9 * 0.85 / 4) + 20e-6));
  }

  void railsGiveEachFlowItsOwnNic() {
    // A type with 4 rails of 2.5 GB/s: one flow gets one rail, four flows get one each.
    GpuCatalog c = catalog();
    GpuType r = *c.find("gpua");
    r.id = "railed";
    r.inter_node_nics = 4;
    c.add(r);
    Composition comp;
    comp.addNode({-1, "railed", 4, 0});
    comp.addNode({-1, "railed", 4, 0});
    ProfileSet pr = profiles();
    for (int tp : {1, 2}) pr.set({"railed", tp, 1, "dense"}, *prof.find("gpua", tp, 1, "dense"));
    CostTerms t = CostTerms::legacy();
    t.nic_sharing = true;
    auto p2p = [&](int replicas) {
      Plan p;
      std::vector<int> n0(static_cast<size_t>(replicas), 0), n1(static_cast<size_t>(replicas), 1);
      Stage a = stage(1, 0, 1, n0), b = stage(1, 2, 3, n1);
      a.gpu_type = b.gpu_type = "railed";
      p.templates = {tmpl(replicas, 1, {a, b})};
      p.templates[0].micro_batches = 8 / replicas;
      CostModel cm(c, comp, mdl, spec(), pr, t);
      return cm.price(p, false).templates[0].stages[0].time.p2p;
    };
    QVERIFY(near(p2p(1), 2e8 / (2.5e9 * 0.85) + 20e-6));
    QVERIFY(near(p2p(4), p2p(1)));
  }

  void measuredPairLinkSetsCrossTypeTransfers() {
    GpuCatalog c = catalog();
    GpuType b = *c.find("gpua");
    b.id = "gpub";
    c.add(b);
    Composition comp;
    comp.addNode({-1, "gpua", 4, 0});
    comp.addNode({-1, "gpub", 4, 0});
    auto net = std::make_shared<NetworkProfile>();
    net->name = "lab";
    NicModel pair;
    pair.flows = {{1, BandwidthCurve::constant(1.0)}};
    net->setPair("gpua", "gpub", pair);
    comp.network = net;
    ProfileSet pr = profiles();
    pr.set({"gpub", 1, 1, "dense"}, *prof.find("gpua", 1, 1, "dense"));
    Plan p;
    Stage s1 = stage(1, 2, 3, {1});
    s1.gpu_type = "gpub";
    p.templates = {tmpl(1, 1, {stage(1, 0, 1, {0}), s1})};
    p.templates[0].micro_batches = 8;
    CostModel cm(c, comp, mdl, spec(), pr, CostTerms{});
    const PlanReport r = cm.price(p, false);
    QVERIFY(r.feasible);
    // 1 GB/s measured between the two types, not the 10 GB/s of either NIC; act + grad.
    QVERIFY(near(r.templates[0].stages[0].time.p2p, 2 * std::max(20e-6, 1e8 / 1e9)));
    QCOMPARE(r.templates[0].stages[0].p2p_gbps, 1.0);
    QCOMPARE(cm.networkOrigin(), std::string("lab"));
  }

  void overlapHidesAllButTheLastBucketUnderTheBackward() {
    // One stage, two replicas on two nodes: 4e8 parameters x 4 B = 1.6 GB of gradients.
    Plan p;
    p.templates = {tmpl(2, 1, {stage(1, 0, 3, {0, 1})})};
    p.templates[0].micro_batches = 4;
    CostTerms noOverlap;
    noOverlap.overlap = false;
    TrainingSpec s = spec();
    s.grad_bucket_params = 1e8;  // 0.4 GB buckets: four of them
    const PlanReport off = price(composition(), p, noOverlap, s);
    const PlanReport on = price(composition(), p, CostTerms{}, s);
    const StageTime& a = off.templates[0].stages[0].time;
    const StageTime& b = on.templates[0].stages[0].time;
    QVERIFY(a.grad_sync > 0);
    QCOMPARE(a.grad_sync_hidden, 0.0);
    // Three of the four buckets may hide, as far as the last micro-batch's backward (2/3 of its
    // 40 ms) reaches; the last bucket never does.
    QVERIFY(near(b.grad_sync + b.grad_sync_hidden, a.grad_sync));
    QVERIFY(near(b.grad_sync_hidden, std::min(0.75 * a.grad_sync, 2.0 / 3.0 * 0.040), 1e-6));
    QVERIFY(b.grad_sync >= a.grad_sync / 4 * (1 - 1e-9));
    QVERIFY(on.iteration_time_s < off.iteration_time_s);
    // DeepSpeed's pipeline engine reduces after the schedule: nothing hides.
    s.runtime = TrainingSpec::Runtime::DeepSpeed;
    QCOMPARE(price(composition(), p, CostTerms{}, s).templates[0].stages[0].time.grad_sync_hidden, 0.0);
  }

  void laterStagesReduceDuringTheDrain() {
    // Two stages, two replicas: stage 1 (layers 2-3) reduces while stage 0 still drains, so the
    // tail is max(g_0, g_1 - drain of stage 0), not max(g_0, g_1).
    Plan p;
    p.templates = {tmpl(2, 1, {stage(1, 0, 0, {0, 1}), stage(1, 1, 3, {0, 1})})};
    p.templates[0].micro_batches = 4;
    TrainingSpec s = spec();
    s.overlap_grad_reduce = false;
    const PlanReport r = price(composition(), p, CostTerms{}, s);
    const StageTime& g0 = r.templates[0].stages[0].time;
    const StageTime& g1 = r.templates[0].stages[1].time;
    const double window0 = 2.0 / 3.0 * (g0.compute + g0.tp_comm + g0.expert_comm);
    const double expect = std::max(g0.grad_sync, g1.grad_sync - window0) +
                          std::max(g0.optimizer, g1.optimizer);
    QVERIFY(near(r.templates[0].sync_s, expect));
    QVERIFY(r.templates[0].sync_s < g1.grad_sync + g1.optimizer);
  }

  void distributedOptimizerReduceScattersAndGathers() {
    Plan p;
    p.templates = {tmpl(2, 1, {stage(1, 0, 3, {0, 1})})};
    p.templates[0].micro_batches = 4;
    TrainingSpec s = spec();
    s.distributed_optimizer = true;
    s.overlap_grad_reduce = s.overlap_param_gather = false;
    CostTerms arOnly;
    arOnly.collectives = false;
    const StageTime ar = price(composition(), p, arOnly, s).templates[0].stages[0].time;
    const StageTime rs = price(composition(), p, CostTerms{}, s).templates[0].stages[0].time;
    QCOMPARE(ar.param_gather, 0.0);
    QVERIFY(rs.param_gather > 0);
    // Between two nodes the all-reduce is two ring steps, the reduce-scatter one: half the
    // gradient time; the gather moves 2-byte weights instead of 4-byte gradients.
    QVERIFY(near(rs.grad_sync, ar.grad_sync / 2, 1e-6));
    QVERIFY(rs.param_gather < rs.grad_sync);
    // The gather hides under the next forward with --overlap-param-gather, which Megatron-LM
    // accepts only beside --overlap-grad-reduce: alone it is priced exposed, as that pair runs.
    s.overlap_param_gather = true;
    const StageTime alone = price(composition(), p, CostTerms{}, s).templates[0].stages[0].time;
    QCOMPARE(alone.param_gather_hidden, 0.0);
    QVERIFY(near(alone.param_gather, rs.param_gather));
    s.overlap_grad_reduce = true;
    const StageTime both = price(composition(), p, CostTerms{}, s).templates[0].stages[0].time;
    QVERIFY(both.param_gather_hidden > 0);
    QVERIFY(near(both.param_gather + both.param_gather_hidden, rs.param_gather));
  }
};

QTEST_APPLESS_MAIN(TstCostComm)
#include "tst_cost_comm.moc"
