// The built-in preset compositions load against the built-in catalog with the paper's counts.
#include <QtTest>

#include <set>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "io/load_error.h"

using namespace arachne;

namespace {

std::set<int> nodeSizes(const Composition& c) {
  std::set<int> s;
  for (const auto& n : c.nodes()) s.insert(n.gpus);
  return s;
}

std::set<int> nodeSizesOf(const Composition& c, const std::string& type) {
  std::set<int> s;
  for (const auto& n : c.nodes())
    if (n.gpu_type == type) s.insert(n.gpus);
  return s;
}

}  // namespace

class TstPresets : public QObject {
  Q_OBJECT
  const GpuCatalog& catalog() { return GpuCatalog::builtin(); }

 private slots:
  void initTestCase() {
    try {
      GpuCatalog::builtin();
    } catch (const LoadError& e) {
      QFAIL(e.what());  // the presets are checked against the built-in catalog's ids
    }
  }

  void namesInOrder() {
    const std::vector<std::string> expected = {
        "paper-2t-64",   "paper-3t-128",  "paper-3t-256",  "paper-3t-512",  "paper-4t-1",
        "paper-4t-2",    "paper-4t-3",    "paper-4t-4",    "paper-4t-5",    "paper-64b-128",
        "paper-64b-256", "paper-64b-512", "paper-growth-3", "paper-growth-7", "paper-growth-11",
        "paper-growth-15", "paper-growth-19", "paper-ls1", "paper-ls2", "paper-ls3",
        "paper-ls4",     "paper-ls5",     "paper-moe-64",  "paper-moe-160", "paper-moe-256",
        "paper-moe-512"};
    const auto names = presetNames();
    QCOMPARE(names.size(), expected.size());
    for (size_t i = 0; i < names.size(); ++i) QCOMPARE(names[i], expected[i]);
  }

  void everyPresetLoadsAndRoundTrips() {
    for (const auto& name : presetNames()) {
      Composition c = loadPreset(name, catalog());
      QCOMPARE(c.name, name);
      QVERIFY2(c.description.size() > 40, name.c_str());
      QVERIFY2(c.description.find("Arachne paper") != std::string::npos, name.c_str());
      QVERIFY(c.totalGpus() > 0);
      for (const auto& n : c.nodes()) QVERIFY2(catalog().find(n.gpu_type) != nullptr, n.gpu_type.c_str());
      QVERIFY2(parseClusterJson(clusterToJson(c), name, catalog()) == c, name.c_str());
      QVERIFY(resolveCluster(name, catalog()) == c);
    }
  }

  void exactCounts_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("a100_40");
    QTest::addColumn<int>("a100_80");
    QTest::addColumn<int>("h100");
    QTest::addColumn<int>("a6000");
    QTest::addColumn<int>("a5000");
    QTest::addColumn<int>("rtx_pro_6000");
    QTest::addColumn<int>("total");
    //                                           a100-40 a100-80 h100 a6000 a5000 rtxpro total
    QTest::newRow("2t-64") << "paper-2t-64" << 32 << 0 << 32 << 0 << 0 << 0 << 64;
    QTest::newRow("3t-128") << "paper-3t-128" << 32 << 0 << 64 << 32 << 0 << 0 << 128;
    QTest::newRow("3t-256") << "paper-3t-256" << 64 << 0 << 128 << 64 << 0 << 0 << 256;
    QTest::newRow("3t-512") << "paper-3t-512" << 128 << 0 << 256 << 128 << 0 << 0 << 512;
    QTest::newRow("ls1") << "paper-ls1" << 13 << 0 << 26 << 13 << 0 << 0 << 52;
    QTest::newRow("ls2") << "paper-ls2" << 26 << 0 << 52 << 26 << 0 << 0 << 104;
    QTest::newRow("ls3") << "paper-ls3" << 52 << 0 << 104 << 52 << 0 << 0 << 208;
    QTest::newRow("ls4") << "paper-ls4" << 78 << 0 << 156 << 78 << 0 << 0 << 312;
    QTest::newRow("ls5") << "paper-ls5" << 104 << 0 << 208 << 104 << 0 << 0 << 416;
    QTest::newRow("4t-1") << "paper-4t-1" << 12 << 12 << 12 << 12 << 0 << 0 << 48;
    QTest::newRow("4t-2") << "paper-4t-2" << 12 << 12 << 12 << 48 << 0 << 0 << 84;
    QTest::newRow("4t-3") << "paper-4t-3" << 24 << 24 << 24 << 24 << 0 << 0 << 96;
    QTest::newRow("4t-4") << "paper-4t-4" << 24 << 24 << 24 << 96 << 0 << 0 << 168;
    QTest::newRow("4t-5") << "paper-4t-5" << 48 << 48 << 48 << 48 << 0 << 0 << 192;
    QTest::newRow("64b-128") << "paper-64b-128" << 0 << 64 << 64 << 0 << 0 << 0 << 128;
    QTest::newRow("64b-256") << "paper-64b-256" << 0 << 128 << 128 << 0 << 0 << 0 << 256;
    QTest::newRow("64b-512") << "paper-64b-512" << 0 << 256 << 256 << 0 << 0 << 0 << 512;
    QTest::newRow("moe-64") << "paper-moe-64" << 16 << 0 << 32 << 16 << 0 << 0 << 64;
    QTest::newRow("moe-160") << "paper-moe-160" << 40 << 0 << 80 << 40 << 0 << 0 << 160;
    QTest::newRow("moe-256") << "paper-moe-256" << 64 << 0 << 128 << 64 << 0 << 0 << 256;
    QTest::newRow("moe-512") << "paper-moe-512" << 128 << 0 << 256 << 128 << 0 << 0 << 512;
    QTest::newRow("growth-3") << "paper-growth-3" << 0 << 0 << 0 << 0 << 0 << 3 << 3;
    QTest::newRow("growth-7") << "paper-growth-7" << 0 << 0 << 0 << 4 << 0 << 3 << 7;
    QTest::newRow("growth-11") << "paper-growth-11" << 0 << 0 << 0 << 4 << 4 << 3 << 11;
    QTest::newRow("growth-15") << "paper-growth-15" << 0 << 0 << 0 << 8 << 4 << 3 << 15;
    QTest::newRow("growth-19") << "paper-growth-19" << 0 << 0 << 0 << 12 << 4 << 3 << 19;
  }
  void exactCounts() {
    QFETCH(QString, name);
    QFETCH(int, a100_40);
    QFETCH(int, a100_80);
    QFETCH(int, h100);
    QFETCH(int, a6000);
    QFETCH(int, a5000);
    QFETCH(int, rtx_pro_6000);
    QFETCH(int, total);
    Composition c = loadPreset(name.toStdString(), catalog());
    QCOMPARE(c.gpusOfType("a100-40"), a100_40);
    QCOMPARE(c.gpusOfType("a100-80"), a100_80);
    QCOMPARE(c.gpusOfType("h100"), h100);
    QCOMPARE(c.gpusOfType("a6000"), a6000);
    QCOMPARE(c.gpusOfType("a5000"), a5000);
    QCOMPARE(c.gpusOfType("rtx-pro-6000"), rtx_pro_6000);
    QCOMPARE(c.totalGpus(), total);
    if (!name.startsWith("paper-ls") && !name.startsWith("paper-growth")) {
      QCOMPARE(nodeSizes(c), std::set<int>{4});  // the paper's uniform GPN = 4
    }
  }

  void lsMixOneAndFourGpuNodesOfThreeTypes() {
    for (int i = 1; i <= 5; ++i) {
      Composition c = loadPreset("paper-ls" + std::to_string(i), catalog());
      QCOMPARE(c.gpuTypes().size(), size_t(3));
      for (const auto& t : c.gpuTypes()) QCOMPARE(nodeSizesOf(c, t), (std::set<int>{1, 4}));
    }
  }

  void fourTypesTwoGiveA6000FiftySevenPercent() {
    int heavy = 0;
    int smallest = 1 << 30, largest = 0;
    for (int i = 1; i <= 5; ++i) {
      Composition c = loadPreset("paper-4t-" + std::to_string(i), catalog());
      QCOMPARE(c.gpuTypes().size(), size_t(4));
      smallest = std::min(smallest, c.totalGpus());
      largest = std::max(largest, c.totalGpus());
      const double share = double(c.gpusOfType("a6000")) / c.totalGpus();
      if (qRound(share * 100) == 57) ++heavy;
      else QCOMPARE(share, 0.25);  // the others are balanced
    }
    QCOMPARE(heavy, 2);
    QCOMPARE(smallest, 48);
    QCOMPARE(largest, 192);
  }

  void growthNodesJoinInThePapersOrder() {
    Composition c = loadPreset("paper-growth-19", catalog());
    const std::vector<std::string> order = {"rtx-pro-6000", "a6000", "a5000", "a6000", "a6000"};
    const std::vector<int> sizes = {3, 4, 4, 4, 4};
    QCOMPARE(c.nodes().size(), order.size());
    for (size_t i = 0; i < order.size(); ++i) {
      QCOMPARE(c.nodes()[i].gpu_type, order[i]);
      QCOMPARE(c.nodes()[i].gpus, sizes[i]);
      QCOMPARE(c.nodes()[i].id, int(i));
    }
    // Each step is the previous one plus one node.
    const char* steps[] = {"paper-growth-3", "paper-growth-7", "paper-growth-11", "paper-growth-15"};
    for (size_t s = 0; s < 4; ++s) {
      Composition step = loadPreset(steps[s], catalog());
      QCOMPARE(step.nodes().size(), s + 1);
      for (size_t i = 0; i <= s; ++i) QCOMPARE(step.nodes()[i].gpu_type, order[i]);
    }
  }

  void inlineFormTakesBuiltinAliases() {
    Composition c = resolveCluster("H100-SXM:4x2,RTX-A6000:1x3", catalog());
    QCOMPARE(c.toInlineSpec(), std::string("h100:4x2,a6000:1x3"));
  }

  void unknownPresetListsTheKnown() {
    try {
      loadPreset("paper-9t-1", catalog());
      QFAIL("no error");
    } catch (const LoadError& e) {
      QVERIFY2(std::string(e.what()).find("unknown preset 'paper-9t-1' (known: paper-2t-64, ") !=
                   std::string::npos,
               e.what());
    }
  }
};

QTEST_GUILESS_MAIN(TstPresets)
#include "tst_presets.moc"
