// Tests of the composer's models: model tester, drops through dropMimeData, undo and merging.
#include <QAbstractItemModelTester>
#include <QDataStream>
#include <QIODevice>
#include <QMimeData>
#include <QTest>
#include <QUndoStack>

#include "composition_model.h"
#include "gpu_palette_model.h"
#include "mime_types.h"
#include "test_catalog.h"

using namespace arachne;
using namespace arachne::gui;

namespace {
QMimeData* tile(const QString& type, int gpus) {
  QByteArray bytes;
  QDataStream out(&bytes, QIODevice::WriteOnly);
  out << type << static_cast<qint32>(gpus);
  auto* m = new QMimeData;
  m->setData(tileMimeType(), bytes);
  return m;
}
}  // namespace

class TestCompositionModel : public QObject {
  Q_OBJECT
  GpuCatalog catalog_ = test::tinyCatalog();

 private slots:
  void groupsAndCounts() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComposition(test::composition(catalog_, {{"h100", 8}, {"a6000", 4}, {"h100", 8}, {"a6000", 1}}));
    QCOMPARE(model.rowCount(), 2);
    const QModelIndex h = model.indexOfGroup("h100");
    QCOMPARE(model.rowCount(h), 2);
    QCOMPARE(model.rowCount(model.indexOfGroup("a6000")), 2);
    QCOMPARE(model.index(h.row(), CompositionModel::GpusColumn).data().toString(), QString("16 GPU(s)"));
    QCOMPARE(model.pricePerHour(), 16 * 4.0 + 5 * 1.0);
    QVERIFY(model.summaryText().contains("69.00"));
  }

  void paletteTileDropAddsNodeAndUndoes() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComposition(test::composition(catalog_, {{"h100", 8}}));
    std::unique_ptr<QMimeData> m(tile("a6000", 3));
    QVERIFY(model.canDropMimeData(m.get(), Qt::CopyAction, -1, -1, {}));
    QVERIFY(model.dropMimeData(m.get(), Qt::CopyAction, -1, -1, {}));
    QCOMPARE(model.composition().totalGpus(), 11);
    QCOMPARE(model.composition().gpusOfType("a6000"), 3);
    QCOMPARE(undo.count(), 1);
    undo.undo();
    QCOMPARE(model.composition().totalGpus(), 8);
    QCOMPARE(model.rowCount(), 1);
    undo.redo();
    QCOMPARE(model.composition().gpusOfType("a6000"), 3);
  }

  void nodeDropOnOtherGroupChangesTypeAndUndoes() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComposition(test::composition(catalog_, {{"h100", 8}, {"a6000", 4}}));
    const int a6000Node = model.composition().nodes()[1].id;
    std::unique_ptr<QMimeData> m(model.mimeData({model.indexOfNode(a6000Node)}));
    QVERIFY(m);
    QVERIFY(m->hasFormat(nodeMimeType()));
    QVERIFY(model.dropMimeData(m.get(), Qt::MoveAction, -1, -1, model.indexOfGroup("h100")));
    QCOMPARE(model.composition().gpusOfType("h100"), 12);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.composition().findNode(a6000Node)->gpu_type, std::string("h100"));
    undo.undo();
    QCOMPARE(model.composition().gpusOfType("a6000"), 4);
    QCOMPARE(model.composition().findNode(a6000Node)->gpu_type, std::string("a6000"));
    QCOMPARE(model.positionOf(a6000Node), 1);
  }

  // A node's own network (from a cluster file) shows in its tooltip, and a node moved or copied
  // onto another type drops it (it was measured on the old machine); undo gives it back.
  void ownNetworkShownAndDroppedOnTypeChange() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Composition c;
    c.addNode(Node{-1, "h100", 8, 0});
    c.addNode(Node{-1, "a6000", 4, 12.5, 2, Fabric::InfiniBand});
    model.setComposition(c);
    const int plain = model.composition().nodes()[0].id;
    const int own = model.composition().nodes()[1].id;
    const QString ownTip = model.indexOfNode(own).data(Qt::ToolTipRole).toString();
    QVERIFY2(ownTip.contains("12.5 GB/s") && ownTip.contains("2 NIC") && ownTip.contains("infiniband"),
             qPrintable(ownTip));
    QVERIFY(!model.indexOfNode(plain).data(Qt::ToolTipRole).toString().contains("Own figures"));

    // Copy onto its own type keeps the network; onto another type it does not.
    std::unique_ptr<QMimeData> same(model.mimeData({model.indexOfNode(own)}));
    QVERIFY(model.dropMimeData(same.get(), Qt::CopyAction, -1, -1, model.indexOfGroup("a6000")));
    QCOMPARE(model.composition().nodes().back().inter_node_gbps, 12.5);
    undo.undo();
    std::unique_ptr<QMimeData> other(model.mimeData({model.indexOfNode(own)}));
    QVERIFY(model.dropMimeData(other.get(), Qt::CopyAction, -1, -1, model.indexOfGroup("h100")));
    QCOMPARE(model.composition().nodes().size(), size_t(3));
    for (const Node& n : model.composition().nodes())
      if (n.gpu_type == "h100") {
        QCOMPARE(n.inter_node_gbps, 0.0);
        QCOMPARE(n.inter_node_nics, 0);
        QVERIFY(n.inter_node_fabric == Fabric::Unstated);
      }
    undo.undo();

    // Move onto another type drops it; undo restores all three figures.
    std::unique_ptr<QMimeData> move(model.mimeData({model.indexOfNode(own)}));
    QVERIFY(model.dropMimeData(move.get(), Qt::MoveAction, -1, -1, model.indexOfGroup("h100")));
    QCOMPARE(model.composition().findNode(own)->gpu_type, std::string("h100"));
    QCOMPARE(model.composition().findNode(own)->inter_node_gbps, 0.0);
    QVERIFY(model.composition().findNode(own)->inter_node_fabric == Fabric::Unstated);
    QVERIFY(!model.indexOfNode(own).data(Qt::ToolTipRole).toString().contains("Own figures"));
    undo.undo();
    const Node* back = model.composition().findNode(own);
    QCOMPARE(back->gpu_type, std::string("a6000"));
    QCOMPARE(back->inter_node_gbps, 12.5);
    QCOMPARE(back->inter_node_nics, 2);
    QVERIFY(back->inter_node_fabric == Fabric::InfiniBand);
    undo.redo();
    QCOMPARE(model.composition().findNode(own)->inter_node_nics, 0);
  }

  // A node's own price (a cluster file's price_per_gpu_hour) prices that node, its type's row and
  // the cluster, shows in its tooltip, and is dropped with the network when the node becomes
  // another type (undo gives it back).
  void ownPriceCountsAndIsDroppedOnTypeChange() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Composition c;
    c.addNode(Node{-1, "h100", 8, 0});
    Node owned{-1, "a6000", 4, 0};
    owned.price_per_gpu_hour = 0.25;
    c.addNode(owned);
    model.setComposition(c);
    const int own = model.composition().nodes()[1].id;
    const double h100 = catalog_.find("h100")->price_per_hour;
    QVERIFY(catalog_.find("a6000")->price_per_hour != 0.25);
    QCOMPARE(model.pricePerHour(), 8 * h100 + 4 * 0.25);
    const QModelIndex price = model.indexOfNode(own).siblingAtColumn(CompositionModel::PriceColumn);
    QCOMPARE(price.data().toString(), QStringLiteral("$1.00/h"));
    QCOMPARE(model.indexOfGroup("a6000").siblingAtColumn(CompositionModel::PriceColumn).data().toString(),
             QStringLiteral("$1.00/h"));
    const QString tip = model.indexOfNode(own).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("Own figures") && tip.contains("$0.25 per GPU-hour"), qPrintable(tip));

    std::unique_ptr<QMimeData> move(model.mimeData({model.indexOfNode(own)}));
    QVERIFY(model.dropMimeData(move.get(), Qt::MoveAction, -1, -1, model.indexOfGroup("h100")));
    QVERIFY(model.composition().findNode(own)->price_per_gpu_hour < 0);
    QCOMPARE(model.pricePerHour(), 12 * h100);
    undo.undo();
    QCOMPARE(model.composition().findNode(own)->price_per_gpu_hour, 0.25);
  }

  void copyDropDuplicates() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    model.setComposition(test::composition(catalog_, {{"h100", 8}}));
    const int id = model.composition().nodes()[0].id;
    std::unique_ptr<QMimeData> m(model.mimeData({model.indexOfNode(id)}));
    QVERIFY(model.dropMimeData(m.get(), Qt::CopyAction, -1, -1, {}));
    QCOMPARE(model.composition().nodes().size(), size_t(2));
    undo.undo();
    QCOMPARE(model.composition().nodes().size(), size_t(1));
    // Dropping a node where it already is changes nothing and leaves no undo step.
    const int before = undo.count();
    std::unique_ptr<QMimeData> same(model.mimeData({model.indexOfNode(id)}));
    QVERIFY(!model.dropMimeData(same.get(), Qt::MoveAction, -1, -1, model.indexOfGroup("h100")));
    QCOMPARE(undo.count(), before);
  }

  void editsUndoOneStepEach() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.loadComposition(test::composition(catalog_, {{"h100", 8}, {"h100", 4}}), "fixture");
    const int first = model.composition().nodes()[0].id;
    const int second = model.composition().nodes()[1].id;
    QVERIFY(model.duplicateNode(first));
    QVERIFY(model.deleteNode(second));
    QVERIFY(model.moveNode(first, "h100", 1));
    QCOMPARE(undo.count(), 4);
    QCOMPARE(model.composition().totalGpus(), 16);
    QCOMPARE(model.positionOf(first), 1);
    undo.undo();
    QCOMPARE(model.positionOf(first), 0);
    undo.undo();
    QCOMPARE(model.composition().totalGpus(), 20);
    QCOMPARE(model.composition().findNode(second)->gpus, 4);
    QCOMPARE(model.positionOf(second), 2);
    undo.undo();
    undo.undo();
    QCOMPARE(model.composition().nodes().size(), size_t(0));
    QVERIFY(!model.deleteNode(12345));
  }

  void continuousResizeMergesIntoOneStep() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComposition(test::composition(catalog_, {{"h100", 8}, {"a6000", 4}}));
    const int id = model.composition().nodes()[0].id;
    for (int g : {7, 6, 5, 4}) QVERIFY(model.resizeNode(id, g));
    QCOMPARE(undo.count(), 1);
    QCOMPARE(model.composition().findNode(id)->gpus, 4);
    // A resize of another node is its own step; editing through setData resizes too.
    const QModelIndex other = model.indexOfNode(model.composition().nodes()[1].id);
    QVERIFY(model.setData(other.siblingAtColumn(CompositionModel::GpusColumn), 2));
    QCOMPARE(undo.count(), 2);
    undo.undo();
    undo.undo();
    QCOMPARE(model.composition().findNode(id)->gpus, 8);
    QVERIFY(!model.resizeNode(id, 0));
  }

  // The composer's price field: one undo step for a run of changes on one node, the cluster's
  // price follows, "the catalog's" (any negative value) undoes the override, and a price beyond
  // the cluster file's range is refused.
  void repriceMergesAndReturnsToTheCatalog() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComposition(test::composition(catalog_, {{"h100", 8}, {"a6000", 4}}));
    const int id = model.composition().nodes()[0].id;
    const double catalogPrice = model.pricePerHour();
    for (double p : {3.9, 3.8, 3.7}) QVERIFY(model.repriceNode(id, p));
    QCOMPARE(undo.count(), 1);
    QCOMPARE(model.composition().findNode(id)->price_per_gpu_hour, 3.7);
    QCOMPARE(model.pricePerHour(), 8 * 3.7 + 4 * catalog_.find("a6000")->price_per_hour);
    QVERIFY(!model.repriceNode(id, 3.7));  // unchanged: no step
    QVERIFY(!model.repriceNode(id, 1e7));
    QVERIFY(model.repriceNode(model.composition().nodes()[1].id, 0.0));  // another node: its own step
    QCOMPARE(undo.count(), 2);
    QVERIFY(model.repriceNode(model.composition().nodes()[1].id, -0.01));
    QVERIFY(model.composition().nodes()[1].price_per_gpu_hour < 0);
    undo.undo();
    undo.undo();
    QCOMPARE(model.pricePerHour(), catalogPrice);
    QVERIFY(model.composition().findNode(id)->price_per_gpu_hour < 0);
  }

  void paletteModel() {
    GpuPaletteModel palette(catalog_);
    QAbstractItemModelTester tester(&palette, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(palette.rowCount(), 2);
    std::unique_ptr<QMimeData> m(palette.mimeData({palette.index(1)}));
    QVERIFY(m->hasFormat(tileMimeType()));
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QVERIFY(model.dropMimeData(m.get(), Qt::CopyAction, -1, -1, {}));
    QCOMPARE(model.composition().gpusOfType("a6000"), 4);  // usual node size
    palette.setTileSize(2);
    m.reset(palette.mimeData({palette.index(0)}));
    QVERIFY(model.dropMimeData(m.get(), Qt::CopyAction, -1, -1, {}));
    QCOMPARE(model.composition().gpusOfType("h100"), 2);
  }

  void rejectsForeignData() {
    QUndoStack undo;
    CompositionModel model(catalog_, &undo);
    QMimeData text;
    text.setText("h100:8");
    QVERIFY(!model.dropMimeData(&text, Qt::CopyAction, -1, -1, {}));
    std::unique_ptr<QMimeData> bad(tile("nosuchgpu", 8));
    QVERIFY(!model.dropMimeData(bad.get(), Qt::CopyAction, -1, -1, {}));
    QCOMPARE(undo.count(), 0);
  }
};

QTEST_MAIN(TestCompositionModel)
#include "tst_composition_model.moc"
