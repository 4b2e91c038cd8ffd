// The state a reconfiguration moves, hand-checked on plan pairs over the hand-made fixture:
// four layers of 1e8 parameters per GPU at TP 1 (5e7 at TP 2), bf16 with fp32 Adam, so one
// layer's state on one GPU is 1e8 x (2 weights + 4 gradients + 12 optimizer) = 1.8e9 bytes.
#include <QtTest>

#include "cost/cost_model.h"
#include "cost/link_model.h"
#include "cost_fixture.h"
#include "scenario/state_transfer.h"

using namespace arachne;
using fixture::stage;
using fixture::tmpl;

namespace {

constexpr double kLayer = 1.8e9;      // one layer's state on one GPU at TP 1
constexpr double kLayerTp2 = 0.9e9;   // at TP 2
constexpr double kGrads = 4e8;        // of which gradients, at TP 1

Plan planOf(std::vector<Template> t) {
  Plan p;
  p.templates = std::move(t);
  return p;
}

struct World {
  GpuCatalog catalog = fixture::catalog();
  Composition composition = fixture::composition();
  Model model = fixture::model();
  TrainingSpec spec = fixture::spec();
  ProfileSet profiles = fixture::profiles();
  CostModel cost{catalog, composition, model, spec, profiles};
};

void checkSums(const StateTransfer& t) {
  double needed = 0, place = 0, moved = 0;
  for (const auto& s : t.stages) {
    needed += s.bytes_needed;
    place += s.bytes_in_place;
    moved += s.moved();
    QVERIFY(std::abs(s.bytes_needed - s.bytes_in_place - s.moved()) < 1);
  }
  QCOMPARE(needed, t.bytes_needed);
  QCOMPARE(place, t.bytes_in_place);
  QVERIFY(std::abs(moved - t.moved()) < 1);
}

}  // namespace

class TestStateTransfer : public QObject {
  Q_OBJECT

 private slots:
  void identicalPlansMoveNothing() {
    World w;
    const Plan p = planOf({tmpl(1, 1, {stage(1, 0, 1, {0}), stage(1, 2, 3, {0})})});
    QVERIFY(w.cost.price(p).feasible);
    const StateTransfer t = priceStateTransfer(p, w.cost, p, w.cost, {}, {});
    QCOMPARE(t.bytes_needed, 4 * kLayer);
    QCOMPARE(t.bytes_in_place, 4 * kLayer);
    QCOMPARE(t.moved(), 0.0);
    QCOMPARE(t.time_s, 0.0);
    QCOMPARE(t.bottleneck, std::string("nothing moves"));
    checkSums(t);
  }

  void resplitMovesOneLayerInsideAndOneAcross() {
    // Old: layers 0-1 and 2-3 on two GPUs of node 0. New: layers 0-2 on node 0, layer 3 on
    // node 1. The new first GPU takes over the old first one (2 layers in place) and copies
    // layer 2 from its neighbour; node 1 receives layer 3 over the network.
    World w;
    const Plan from = planOf({tmpl(1, 1, {stage(1, 0, 1, {0}), stage(1, 2, 3, {0})})});
    const Plan to = planOf({tmpl(1, 1, {stage(1, 0, 2, {0}), stage(1, 3, 3, {1})})});
    QVERIFY(w.cost.price(to).feasible);
    const StateTransfer t = priceStateTransfer(from, w.cost, to, w.cost, {}, {});
    QCOMPARE(t.bytes_in_place, 2 * kLayer);
    QCOMPARE(t.bytes_intra, kLayer);
    QCOMPARE(t.bytes_inter, kLayer);
    QCOMPARE(t.bytes_checkpoint, 0.0);
    QCOMPARE(t.max_gpu_bytes, kLayer);
    QCOMPARE(t.stages.size(), size_t(2));
    QCOMPARE(t.stages[0].bytes_intra, kLayer);
    QCOMPARE(t.stages[1].bytes_inter, kLayer);
    QCOMPARE(t.stages[1].source_nodes, std::vector<int>{0});
    // The node's network rate as the cost model's links achieve it on a large message (10 GB/s
    // spec), against 100 GB/s inside: the network sets the time.
    const double inter = kLayer / (w.cost.nodeInterGbps(1) * 1e9) + kInterNodeLatencyS;
    QVERIFY(w.cost.nodeInterGbps(1) > 0 && w.cost.nodeInterGbps(1) <= 10);
    QVERIFY(std::abs(t.time_s - inter) < 1e-9);
    QVERIFY(t.bottleneck.find("node") != std::string::npos);
    checkSums(t);

    ReconfigurationParams noGrads;
    noGrads.move_gradients = false;
    const StateTransfer g = priceStateTransfer(from, w.cost, to, w.cost, {}, noGrads);
    QCOMPARE(g.bytes_intra, kLayer - kGrads);
    QCOMPARE(g.bytes_inter, kLayer - kGrads);
  }

  void tensorParallelSplitKeepsOneHalfInPlace() {
    // One GPU holds all four layers; the new plan splits them over two GPUs at TP 2. Rank 0
    // takes over the old GPU (its half is there), rank 1 copies its half from it.
    World w;
    const Plan from = planOf({tmpl(1, 1, {stage(1, 0, 3, {0})})});
    const Plan to = planOf({tmpl(1, 1, {stage(2, 0, 3, {0})})});
    QVERIFY(w.cost.price(from).feasible);
    QVERIFY(w.cost.price(to).feasible);
    const StateTransfer t = priceStateTransfer(from, w.cost, to, w.cost, {}, {});
    QCOMPARE(t.bytes_needed, 2 * 4 * kLayerTp2);
    QCOMPARE(t.bytes_in_place, 4 * kLayerTp2);
    QCOMPARE(t.bytes_intra, 4 * kLayerTp2);
    QCOMPARE(t.bytes_inter, 0.0);
    const double intra = 4 * kLayerTp2 / (100e9 * kLinkEfficiency) + kIntraNodeLatencyS;
    QVERIFY(std::abs(t.time_s - intra) < 1e-9);
    checkSums(t);
  }

  void aNewReplicaOnAnotherNodeReceivesAWholeCopy() {
    World w;
    const Plan from = planOf({tmpl(2, 1, {stage(1, 0, 3, {0, 0})})});
    const Plan to = planOf({tmpl(2, 1, {stage(1, 0, 3, {0, 1})})});
    const StateTransfer t = priceStateTransfer(from, w.cost, to, w.cost, {}, {});
    QCOMPARE(t.bytes_in_place, 4 * kLayer);
    QCOMPARE(t.bytes_inter, 4 * kLayer);
    QCOMPARE(t.max_gpu_bytes, 4 * kLayer);
    checkSums(t);
  }

  void aLeavingNodeSendsAFailedOneCannot() {
    World w;
    const Plan from = planOf({tmpl(1, 1, {stage(1, 0, 3, {1})})});
    const Plan to = planOf({tmpl(1, 1, {stage(1, 0, 3, {0})})});
    const StateTransfer leave = priceStateTransfer(from, w.cost, to, w.cost, {}, {});
    QCOMPARE(leave.bytes_inter, 4 * kLayer);
    QCOMPARE(leave.bytes_checkpoint, 0.0);
    ReconfigurationParams p;
    p.checkpoint_read_gbps = 2.0;
    const StateTransfer fail = priceStateTransfer(from, w.cost, to, w.cost, {1}, p);
    QCOMPARE(fail.bytes_inter, 0.0);
    QCOMPARE(fail.bytes_checkpoint, 4 * kLayer);
    QVERIFY(std::abs(fail.time_s - 4 * kLayer / 2e9) < 1e-9);
    QVERIFY(fail.bottleneck.find("checkpoint") != std::string::npos);
    // No running plan at all: everything comes from the checkpoint.
    const StateTransfer fresh = priceStateTransfer(Plan{}, w.cost, to, w.cost, {}, p);
    QCOMPARE(fresh.bytes_checkpoint, 4 * kLayer);
    checkSums(fresh);
  }

  void theBusierLinkSetsTheTime() {
    // Two new replicas on node 1 both fetch from node 0: its NIC sends twice the state.
    World w;
    const Plan from = planOf({tmpl(1, 1, {stage(1, 0, 3, {0})})});
    const Plan to = planOf({tmpl(2, 1, {stage(1, 0, 3, {1, 1})})});
    const StateTransfer t = priceStateTransfer(from, w.cost, to, w.cost, {}, {});
    QCOMPARE(t.bytes_inter, 8 * kLayer);
    const double expected = 8 * kLayer / (w.cost.nodeInterGbps(0) * 1e9) + kInterNodeLatencyS;
    QVERIFY(std::abs(t.time_s - expected) < 1e-9);
    QCOMPARE(t.max_gpu_bytes, 4 * kLayer);
  }
};

QTEST_APPLESS_MAIN(TestStateTransfer)
#include "tst_state_transfer.moc"
