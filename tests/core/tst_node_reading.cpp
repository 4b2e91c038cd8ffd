// The one-GPU-per-node reading and the mapping of a plan made on it back to real nodes.
#include <QtTest>

#include "planning/node_reading.h"

using namespace arachne;

class TstNodeReading : public QObject {
  Q_OBJECT

  static Composition mixed() {
    Composition c;  // a6000: 4 + 1 GPUs (non-uniform), h100: 2 x 4
    c.addNode({-1, "a6000", 4, 0});
    c.addNode({-1, "h100", 4, 100});
    c.addNode({-1, "a6000", 1, 0});
    c.addNode({-1, "h100", 4, 100});
    return c;
  }

 private slots:
  void uniformity() {
    Composition c = mixed();
    QVERIFY(!hasUniformNodeSizesPerType(c));
    QVERIFY(!hasUniformNodeSizes(c));
    c.removeNode(2);
    QVERIFY(hasUniformNodeSizesPerType(c));
    QVERIFY(hasUniformNodeSizes(c));
    c.addNode({-1, "a6000", 8, 0});
    QVERIFY(!hasUniformNodeSizesPerType(c));
  }

  void oneGpuPerNodeKeepsTypesCountsAndNics() {
    const Composition c = mixed();
    NodeReading r = oneGpuPerNode(c);
    QVERIFY(!r.identity);
    QCOMPARE(r.composition.totalGpus(), c.totalGpus());
    QCOMPARE(int(r.composition.nodes().size()), 13);
    QCOMPARE(r.composition.gpusOfType("a6000"), 5);
    for (const Node& n : r.composition.nodes()) {
      QCOMPARE(n.gpus, 1);
      const Node* real = c.findNode(r.real_node[size_t(n.id)]);
      QVERIFY(real);
      QCOMPARE(real->gpu_type, n.gpu_type);
      QCOMPARE(real->inter_node_gbps, n.inter_node_gbps);
    }
    // Reading nodes 0-3 are the first real node, 4-7 the second (h100), 8 the one-GPU a6000.
    QCOMPARE(r.real_node[0], 0);
    QCOMPARE(r.real_node[3], 0);
    QCOMPARE(r.real_node[4], 1);
    QCOMPARE(r.real_node[8], 2);
    QCOMPARE(r.real_node[12], 3);
  }

  void uniformReadingIsTheCompositionWhenUniform() {
    Composition c = mixed();
    QVERIFY(!uniformNodeReading(c).identity);
    c.removeNode(2);
    NodeReading r = uniformNodeReading(c);
    QVERIFY(r.identity);
    QCOMPARE(r.composition, c);
  }

  void planMapsBackAndUnusedEntriesMerge() {
    const Composition c = mixed();
    NodeReading r = oneGpuPerNode(c);
    Plan p;
    Template t;
    t.replicas = 2;
    Stage s0{"a6000", 1, 0, 1, {0, 8}, std::nullopt};
    Stage s1{"h100", 1, 2, 3, {4, 5}, std::nullopt};
    t.stages = {s0, s1};
    p.templates = {t};
    p.unused_gpus = {{"a6000", 1, 1, "why"}, {"a6000", 2, 1, "why"}, {"a6000", 3, 1, "other"}};
    Plan real = toRealNodes(p, r);
    QCOMPARE(real.templates[0].stages[0].node_ids, (std::vector<int>{0, 2}));
    QCOMPARE(real.templates[0].stages[1].node_ids, (std::vector<int>{1, 1}));
    QCOMPARE(int(real.unused_gpus.size()), 2);
    QCOMPARE(real.unused_gpus[0].node_id, 0);
    QCOMPARE(real.unused_gpus[0].count, 2);
    QCOMPARE(real.unused_gpus[1].reason, std::string("other"));
    p.templates[0].stages[0].node_ids[0] = 99;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, toRealNodes(p, r));
  }
};

QTEST_APPLESS_MAIN(TstNodeReading)
#include "tst_node_reading.moc"
