// Composition bookkeeping: ids, counts per type, price, inline form, equality.
#include <QtTest>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cluster/composition.h"

using namespace arachne;

class TstComposition : public QObject {
  Q_OBJECT

  static GpuCatalog catalog() {
    GpuCatalog c;
    GpuType h;
    h.id = "h100";
    h.price_per_hour = 3.0;
    h.inter_node_gbps = 100;
    c.add(h);
    GpuType a;
    a.id = "a6000";
    a.price_per_hour = 0.8;
    a.inter_node_gbps = 12.5;
    a.aliases["RTX-A6000"] = "a6000";
    c.add(a);
    return c;
  }

  static Composition sample() {
    // h100:4x2,a6000:4x1+1x2 written node by node, ids assigned in order.
    Composition c;
    c.addNode({-1, "h100", 4, 0});
    c.addNode({-1, "a6000", 4, 0});
    c.addNode({-1, "h100", 4, 0});
    c.addNode({-1, "a6000", 1, 0});
    c.addNode({-1, "a6000", 1, 50.0});
    return c;
  }

 private slots:
  void idsAreAssignedUniquely() {
    Composition c = sample();
    QCOMPARE(int(c.nodes().size()), 5);
    for (int i = 0; i < 5; ++i) QCOMPARE(c.nodes()[size_t(i)].id, i);
    // A clashing explicit id is replaced by the next free one.
    int id = c.addNode({2, "h100", 8, 0});
    QCOMPARE(id, 5);
  }

  // addNode keeps the largest id instead of scanning every node (the fuzzer's 41,024-node inline
  // spec took over 20 s under ASan): the ids it gives are still the next free ones after removals,
  // after an id changed through findNode and after clear().
  void idsStayUniqueWithTheCachedLargestId() {
    Composition c = sample();  // ids 0..4
    QVERIFY(c.removeNode(4));
    QCOMPARE(c.addNode({-1, "h100", 4, 0}), 4);  // the removed largest id is free again
    c.findNode(4)->id = 40;
    QCOMPARE(c.addNode({-1, "h100", 4, 0}), 41);
    QCOMPARE(c.addNode({40, "h100", 4, 0}), 42);  // clashes with the changed id
    QCOMPARE(c.addNode({100, "h100", 4, 0}), 100);  // above every id: kept
    QCOMPARE(c.addNode({3, "h100", 4, 0}), 101);
    c.clear();
    QCOMPARE(c.addNode({-1, "h100", 4, 0}), 0);
    // The shape the fuzzer found, whole: one id per node, in order.
    const Composition big = parseInlineCluster("h100:4x8,a6000:4x6+1x41024", catalog());
    QCOMPARE(int(big.nodes().size()), 8 + 6 + 41024);
    for (size_t i = 0; i < big.nodes().size(); ++i) QCOMPARE(big.nodes()[i].id, int(i));
  }

  void countsPerType() {
    Composition c = sample();
    QCOMPARE(c.totalGpus(), 14);
    QCOMPARE(c.gpusOfType("h100"), 8);
    QCOMPARE(c.gpusOfType("a6000"), 6);
    QCOMPARE(c.gpuTypes(), (std::vector<std::string>{"h100", "a6000"}));
    auto sizes = c.nodeSizesByType();
    QCOMPARE(sizes["a6000"], (std::vector<int>{4, 1, 1}));
  }

  void priceAndBandwidth() {
    Composition c = sample();
    GpuCatalog cat = catalog();
    QCOMPARE(c.pricePerHour(cat), 8 * 3.0 + 6 * 0.8);
    QCOMPARE(c.interNodeGbps(*c.findNode(1), cat), 12.5);   // from the catalog
    QCOMPARE(c.interNodeGbps(*c.findNode(4), cat), 50.0);   // the node's override
  }

  void inlineFormGroupsRunsPerType() {
    QCOMPARE(QString::fromStdString(sample().toInlineSpec()), QStringLiteral("h100:4x2,a6000:4x1+1x2"));
  }

  void removeAndFind() {
    Composition c = sample();
    QVERIFY(c.removeNode(3));
    QVERIFY(!c.removeNode(3));
    QVERIFY(c.findNode(3) == nullptr);
    QCOMPARE(c.totalGpus(), 13);
    QVERIFY(!(c == sample()));
  }

  void catalogAliasLookupIsCaseInsensitive() {
    GpuCatalog cat = catalog();
    QCOMPARE(cat.indexOf("RTX-A6000"), 1);
    QCOMPARE(cat.indexOf("rtx-a6000"), 1);
    QCOMPARE(cat.indexOf("H100"), 0);
    QCOMPARE(cat.indexOf("b200"), -1);
  }
};

QTEST_GUILESS_MAIN(TstComposition)
#include "tst_composition.moc"
