// The ways a cluster is written down: inline form, *.cluster.json, atomic save, SPEC resolution.
#include <QtTest>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cluster/node_order_spec.h"
#include "io/load_error.h"

using namespace arachne;
namespace fs = std::filesystem;

namespace {

// A catalog of the ids the presets use, built here so these tests do not depend on the
// figures in resources/gpus.json.
GpuCatalog testCatalog() {
  GpuCatalog c;
  for (const char* id : {"a100-40", "a100-80", "h100", "a6000", "a5000", "rtx-pro-6000"}) {
    GpuType t;
    t.id = id;
    t.inter_node_gbps = 25;
    if (std::string(id) == "h100") t.aliases["H100-SXM"] = "h100";
    c.add(t);
  }
  return c;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeFile(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

Node node(int id, const char* type, int gpus, double link = 0) {
  Node n;
  n.id = id;
  n.gpu_type = type;
  n.gpus = gpus;
  n.inter_node_gbps = link;
  return n;
}

// Runs `f` expecting a LoadError; returns it (fails the test when none is thrown).
template <class F>
std::optional<LoadError> loadErrorOf(F f) {
  try {
    f();
  } catch (const LoadError& e) {
    return e;
  }
  return std::nullopt;
}

// Drops root's permission bypass for the scope so an unwritable directory is unwritable.
struct UnprivilegedScope {
  bool active = false;
  UnprivilegedScope() {
    if (geteuid() == 0) active = seteuid(65534) == 0;
  }
  ~UnprivilegedScope() {
    if (active && seteuid(0) != 0) qFatal("cannot restore the effective user id");
  }
};

const char* const kValidNode = R"({"gpu_type":"h100","gpus":4})";

}  // namespace

class TstClusterSpec : public QObject {
  Q_OBJECT
  GpuCatalog catalog_ = testCatalog();

 private slots:
  void inlineIssueExample() {
    Composition c = parseInlineCluster("h100:4x8,a6000:4x6+1x4", catalog_);
    QCOMPARE(c.nodes().size(), size_t(18));
    for (size_t i = 0; i < c.nodes().size(); ++i) {
      const Node& n = c.nodes()[i];
      QCOMPARE(n.id, int(i));
      QCOMPARE(n.inter_node_gbps, 0.0);
      if (i < 8) {
        QCOMPARE(n.gpu_type, std::string("h100"));
        QCOMPARE(n.gpus, 4);
      } else {
        QCOMPARE(n.gpu_type, std::string("a6000"));
        QCOMPARE(n.gpus, i < 14 ? 4 : 1);
      }
    }
    QCOMPARE(c.gpusOfType("h100"), 32);
    QCOMPARE(c.gpusOfType("a6000"), 28);
    QCOMPARE(c.totalGpus(), 60);
  }

  void inlineCaseAliasesAndWhitespace() {
    Composition c = parseInlineCluster("  H100-sxm : 4 x 2 , A6000:1X3 + 3x1  ", catalog_);
    QCOMPARE(c.toInlineSpec(), std::string("h100:4x2,a6000:1x3+3x1"));
    QCOMPARE(c.nodes().front().gpu_type, std::string("h100"));
    QCOMPARE(parseInlineCluster("h100:4\u00d72", catalog_).toInlineSpec(), std::string("h100:4x2"));
    // No-break, thin and narrow no-break spaces from pasted text are whitespace too.
    QCOMPARE(parseInlineCluster("h100:4x2\u00a0, a100-40 :\u2009 4x1\u202f", catalog_).toInlineSpec(),
             std::string("h100:4x2,a100-40:4x1"));
  }

  void inlineDuplicateGroupsAppend() {
    Composition c = parseInlineCluster("h100:4x1,a6000:1x1,h100:8x1", catalog_);
    QCOMPARE(c.nodes().size(), size_t(3));
    QCOMPARE(c.nodes()[2].gpu_type, std::string("h100"));
    QCOMPARE(c.nodes()[2].gpus, 8);
    QCOMPARE(c.nodes()[2].id, 2);
    QCOMPARE(c.gpusOfType("h100"), 12);
  }

  // What a plan records as its cluster must number the nodes as the cluster did: the grouped
  // form made node 2 an h100 here, so a plan's a100-40 stage on node 2 failed to export.
  void nodeOrderSpecKeepsNodeIds() {
    Composition c = parseInlineCluster("h100:4x2,a100-40:4x2,h100:4x1", catalog_);
    QCOMPARE(c.toInlineSpec(), std::string("h100:4x3,a100-40:4x2"));
    QCOMPARE(nodeOrderSpec(c), std::string("h100:4x2,a100-40:4x2,h100:4x1"));
    QVERIFY(parseInlineCluster(nodeOrderSpec(c), catalog_) == c);
    // Contiguous types: the same text as the grouped form, sizes joined with '+'.
    const Composition g = parseInlineCluster("h100:4x8,a6000:4x6+1x4", catalog_);
    QCOMPARE(nodeOrderSpec(g), g.toInlineSpec());
    // Ids a cluster file chose cannot be written inline: the grouped form, as before.
    Composition ids = parseInlineCluster("h100:4x2", catalog_);
    ids.findNode(1)->id = 11;
    QCOMPARE(nodeOrderSpec(ids), ids.toInlineSpec());
  }

  void inlineRoundTrip_data() {
    QTest::addColumn<QString>("spec");
    QTest::newRow("issue") << "h100:4x8,a6000:4x6+1x4";
    QTest::newRow("odd sizes") << "rtx-pro-6000:3x1,a5000:6x2+8x1+1x7";
    QTest::newRow("one node") << "a100-80:1x1";
  }
  void inlineRoundTrip() {
    QFETCH(QString, spec);
    Composition c = parseInlineCluster(spec.toStdString(), catalog_);
    QCOMPARE(QString::fromStdString(c.toInlineSpec()), spec);
    QVERIFY(parseInlineCluster(c.toInlineSpec(), catalog_) == c);
  }

  void inlineMalformed_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("problem");
    QTest::newRow("empty") << "   " << "" << "empty cluster spec";
    QTest::newRow("count missing") << "h100:4x8,a6000:4x6+1x" << "a6000:4x6+1x" << "node count is missing";
    QTest::newRow("size missing") << "h100:x8" << "h100:x8" << "node size is missing";
    QTest::newRow("no colon") << "h100" << "h100" << "missing ':'";
    QTest::newRow("two colons") << "h100:4x8:2" << "h100:4x8:2" << "more than one ':'";
    QTest::newRow("semicolon") << "h100:4x8;a6000:1x1" << "h100:4x8;a6000:1x1" << "more than one ':'";
    QTest::newRow("no nodes") << "h100: " << "h100:" << "no nodes after ':'";
    QTest::newRow("no type") << ":4x8" << ":4x8" << "GPU type is missing";
    QTest::newRow("unknown type") << "h100:4x8, v100:4x2" << "v100:4x2"
                                  << "unknown GPU type 'v100' (known: a100-40, a100-80, h100";
    QTest::newRow("no x") << "h100:4" << "h100:4" << "lacks the 'x'";
    QTest::newRow("two x") << "h100:4x8x2" << "h100:4x8x2" << "more than one 'x'";
    QTest::newRow("zero size") << "h100:0x8" << "h100:0x8" << "node size must be positive, got 0";
    QTest::newRow("zero count") << "h100:4x0" << "h100:4x0" << "node count must be positive, got 0";
    QTest::newRow("negative size") << "h100:-4x8" << "h100:-4x8" << "node size must be positive, got -4";
    QTest::newRow("negative count") << "h100:4x-8" << "h100:4x-8" << "node count must be positive, got -8";
    QTest::newRow("letters") << "h100:ax8" << "h100:ax8" << "node size must be a whole number, got 'a'";
    QTest::newRow("fraction") << "h100:4.5x2" << "h100:4.5x2" << "must be a whole number, got '4.5'";
    QTest::newRow("plus sign") << "h100:+4x2" << "h100:+4x2" << "stray '+'";
    QTest::newRow("trailing plus") << "h100:4x8+" << "h100:4x8+" << "stray '+'";
    QTest::newRow("stray comma") << "h100:4x8,,a6000:1x1" << "h100:4x8,,a6000:1x1" << "stray ','";
    QTest::newRow("trailing comma") << "h100:4x8," << "h100:4x8," << "type group 2 is empty";
    QTest::newRow("huge count") << "h100:8x20000" << "h100:8x20000" << "above the limit of 100000";
    QTest::newRow("overflow") << "h100:4x99999999999999999999" << "h100:4x99999999999999999999"
                              << "node count 99999999999999999999 is above the limit";
    QTest::newRow("huge node") << "h100:2000x1" << "h100:2000x1" << "node size 2000 is above the limit of 1024";
    QTest::newRow("huge total") << "h100:1000x90,a6000:1000x11" << "a6000:1000x11"
                                << "would hold 101000 GPUs or more";
  }
  void inlineMalformed() {
    QFETCH(QString, spec);
    QFETCH(QString, field);
    QFETCH(QString, problem);
    auto e = loadErrorOf([&] { parseInlineCluster(spec.toStdString(), catalog_); });
    QVERIFY(e.has_value());
    QCOMPARE(QString::fromStdString(e->file()), QStringLiteral("<inline cluster spec>"));
    QCOMPARE(QString::fromStdString(e->field()), field);
    QVERIFY2(QString::fromStdString(e->problem()).contains(problem), e->what());
  }

  void jsonParsesGroupsIdsAndOverrides() {
    const std::string text = R"({"schema_version":1,"name":"lab","description":"two racks",
      "nodes":[{"gpu_type":"H100","gpus":4,"count":2,"inter_node_gbps":50},
               {"gpu_type":"a6000","gpus":1},
               {"gpu_type":"a5000","gpus":3,"id":10},
               {"gpu_type":"a5000","gpus":3,"count":2}]})";
    Composition c = parseClusterJson(text, "lab.cluster.json", catalog_);
    QCOMPARE(c.name, std::string("lab"));
    QCOMPARE(c.description, std::string("two racks"));
    QCOMPARE(c.nodes().size(), size_t(6));
    QCOMPARE(c.nodes()[0].gpu_type, std::string("h100"));
    QCOMPARE(c.nodes()[1].inter_node_gbps, 50.0);
    QCOMPARE(c.interNodeGbps(c.nodes()[1], catalog_), 50.0);
    QCOMPARE(c.interNodeGbps(c.nodes()[2], catalog_), 25.0);  // the catalog's figure
    QCOMPARE(c.nodes()[2].id, 2);
    QCOMPARE(c.nodes()[3].id, 10);
    QCOMPARE(c.nodes()[5].id, 12);
    QCOMPARE(c.totalGpus(), 4 + 4 + 1 + 9);
  }

  // A node's own price per GPU-hour replaces its type's catalog price (0 is a price: hardware
  // already owned); nodes at another price are not merged into one "count" entry, and the price
  // survives the round trip.
  void jsonNodePriceReplacesTheCatalogs() {
    const std::string text = R"({"schema_version":1,
      "nodes":[{"gpu_type":"h100","gpus":4,"count":2,"price_per_gpu_hour":2.5},
               {"gpu_type":"h100","gpus":4},
               {"gpu_type":"a6000","gpus":1,"price_per_gpu_hour":0}]})";
    const Composition c = parseClusterJson(text, "p.cluster.json", catalog_);
    const double h100 = catalog_.find("h100")->price_per_hour;
    QVERIFY(h100 != 2.5);
    QCOMPARE(Composition::pricePerGpuHour(c.nodes()[0], catalog_), 2.5);
    QCOMPARE(Composition::pricePerGpuHour(c.nodes()[2], catalog_), h100);
    QCOMPARE(Composition::pricePerGpuHour(c.nodes()[3], catalog_), 0.0);
    QCOMPARE(c.pricePerHour(catalog_), 8 * 2.5 + 4 * h100 + 0.0);
    const std::string back = clusterToJson(c);
    QVERIFY2(back.find(R"("gpus": 4, "count": 2, "price_per_gpu_hour": 2.5})") != std::string::npos, back.c_str());
    QVERIFY2(back.find(R"("price_per_gpu_hour": 0})") != std::string::npos || back.find(R"("price_per_gpu_hour": 0.0})") != std::string::npos, back.c_str());
    const Composition again = parseClusterJson(back, "p", catalog_);
    QVERIFY(again == c);
    QCOMPARE(again.pricePerHour(catalog_), c.pricePerHour(catalog_));
  }

  void jsonEmptyClusterIsValid() {
    Composition c = parseClusterJson(R"({"schema_version":1,"nodes":[]})", "e.cluster.json", catalog_);
    QCOMPARE(c.totalGpus(), 0);
    QVERIFY(parseClusterJson(clusterToJson(c), "e", catalog_) == c);
  }

  void jsonRoundTrip() {
    Composition c = parseInlineCluster("h100:4x8,a6000:4x6+1x4", catalog_);
    c.name = "issue \"example\"";
    c.description = "line one\nline two";
    const std::string text = clusterToJson(c);
    QVERIFY2(text.find(R"("gpu_type": "h100", "gpus": 4, "count": 8})") != std::string::npos, text.c_str());
    QVERIFY2(text.find("\"id\"") == std::string::npos, text.c_str());
    Composition back = parseClusterJson(text, "x", catalog_);
    QVERIFY(back == c);
    QCOMPARE(back.name, c.name);
    QCOMPARE(back.description, c.description);

    // Edited clusters: a removed node leaves a gap, an added one takes a fresh id, a node
    // carries its own link figure. The ids survive the trip.
    QVERIFY(c.removeNode(3));
    c.addNode(node(-1, "rtx-pro-6000", 3, 12.5));
    c.addNode(node(-1, "rtx-pro-6000", 3, 12.5));
    back = parseClusterJson(clusterToJson(c), "x", catalog_);
    QVERIFY(back == c);
    QCOMPARE(back.nodes().back().id, 19);
    QCOMPARE(back.nodes().back().inter_node_gbps, 12.5);
  }

  void jsonMalformed_data() {
    QTest::addColumn<QString>("doc");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("problem");
    auto nodes = [](const QString& bad) {
      return QStringLiteral(R"({"schema_version":1,"nodes":[%1,%1,%1,%2]})").arg(kValidNode, bad);
    };
    QTest::newRow("syntax") << "{\"schema_version\":1," << "" << "invalid JSON at line 1, column 21";
    QTest::newRow("array root") << "[]" << "" << "must be an object";
    QTest::newRow("no schema") << R"({"nodes":[]})" << "schema_version" << "is missing";
    QTest::newRow("schema 2") << R"({"schema_version":2,"nodes":[]})" << "schema_version" << "unsupported version 2";
    QTest::newRow("schema string") << R"({"schema_version":"1","nodes":[]})" << "schema_version"
                                   << "must be an integer, got a string";
    QTest::newRow("schema fraction") << R"({"schema_version":1.5,"nodes":[]})" << "schema_version"
                                     << "must be an integer";
    QTest::newRow("no nodes") << R"({"schema_version":1})" << "nodes" << "is missing";
    QTest::newRow("nodes object") << R"({"schema_version":1,"nodes":{}})" << "nodes" << "must be an array";
    QTest::newRow("name number") << R"({"schema_version":1,"name":5,"nodes":[]})" << "name" << "must be a string";
    QTest::newRow("unknown top") << R"({"schema_version":1,"nodez":[],"nodes":[]})" << "nodez" << "unknown field";
    QTest::newRow("node not object") << nodes("4") << "nodes[3]" << "must be an object";
    QTest::newRow("type missing") << nodes(R"({"gpus":4})") << "nodes[3].gpu_type" << "is missing";
    QTest::newRow("type number") << nodes(R"({"gpu_type":7,"gpus":4})") << "nodes[3].gpu_type" << "must be a string";
    QTest::newRow("type unknown") << nodes(R"({"gpu_type":"v100","gpus":4})") << "nodes[3].gpu_type"
                                  << "unknown GPU type 'v100' (known: a100-40";
    QTest::newRow("gpus missing") << nodes(R"({"gpu_type":"h100"})") << "nodes[3].gpus" << "is missing";
    QTest::newRow("gpus zero") << nodes(R"({"gpu_type":"h100","gpus":0})") << "nodes[3].gpus"
                               << "must be between 1 and 1024, got 0";
    QTest::newRow("gpus negative") << nodes(R"({"gpu_type":"h100","gpus":-4})") << "nodes[3].gpus"
                                   << "must be between 1 and 1024, got -4";
    QTest::newRow("gpus huge") << nodes(R"({"gpu_type":"h100","gpus":1e12})") << "nodes[3].gpus"
                               << "must be between 1 and 1024";
    QTest::newRow("gpus fraction") << nodes(R"({"gpu_type":"h100","gpus":4.5})") << "nodes[3].gpus"
                                   << "must be an integer, got 4.5";
    QTest::newRow("gpus string") << nodes(R"({"gpu_type":"h100","gpus":"4"})") << "nodes[3].gpus"
                                 << "must be an integer, got a string";
    QTest::newRow("gpus bool") << nodes(R"({"gpu_type":"h100","gpus":true})") << "nodes[3].gpus"
                               << "must be an integer, got a boolean";
    QTest::newRow("count zero") << nodes(R"({"gpu_type":"h100","gpus":4,"count":0})") << "nodes[3].count"
                                << "must be between 1 and";
    QTest::newRow("count negative") << nodes(R"({"gpu_type":"h100","gpus":4,"count":-2})") << "nodes[3].count"
                                    << "must be between 1 and";
    QTest::newRow("count array") << nodes(R"({"gpu_type":"h100","gpus":4,"count":[2]})") << "nodes[3].count"
                                 << "must be an integer, got an array";
    QTest::newRow("count huge") << nodes(R"({"gpu_type":"h100","gpus":4,"count":99999})") << "nodes[3].count"
                                << "above the limit of 100000";
    QTest::newRow("link negative") << nodes(R"({"gpu_type":"h100","gpus":4,"inter_node_gbps":-5})")
                                   << "nodes[3].inter_node_gbps" << "must be between";
    QTest::newRow("link zero") << nodes(R"({"gpu_type":"h100","gpus":4,"inter_node_gbps":0})")
                               << "nodes[3].inter_node_gbps" << "must be between";
    QTest::newRow("link huge") << nodes(R"({"gpu_type":"h100","gpus":4,"inter_node_gbps":1e9})")
                               << "nodes[3].inter_node_gbps" << "must be between";
    QTest::newRow("link string") << nodes(R"({"gpu_type":"h100","gpus":4,"inter_node_gbps":"fast"})")
                                 << "nodes[3].inter_node_gbps" << "must be a number, got a string";
    QTest::newRow("price negative") << nodes(R"({"gpu_type":"h100","gpus":4,"price_per_gpu_hour":-1})")
                                    << "nodes[3].price_per_gpu_hour" << "must be between 0 and 10000, got -1";
    QTest::newRow("price huge") << nodes(R"({"gpu_type":"h100","gpus":4,"price_per_gpu_hour":1e6})")
                                << "nodes[3].price_per_gpu_hour" << "must be between";
    QTest::newRow("price string") << nodes(R"({"gpu_type":"h100","gpus":4,"price_per_gpu_hour":"cheap"})")
                                  << "nodes[3].price_per_gpu_hour" << "must be a number, got a string";
    QTest::newRow("id negative") << nodes(R"({"gpu_type":"h100","gpus":4,"id":-1})") << "nodes[3].id"
                                 << "must be between 0 and";
    QTest::newRow("id taken") << nodes(R"({"gpu_type":"h100","gpus":4,"id":1})") << "nodes[3].id"
                              << "node id 1 is already used by nodes[1]";
    QTest::newRow("implicit id taken")
        << R"({"schema_version":1,"nodes":[{"gpu_type":"h100","gpus":4,"id":1},{"gpu_type":"h100","gpus":4,"id":0},{"gpu_type":"h100","gpus":4}]})"
        << "nodes[2]" << "node id 1 is already used by nodes[0]; give this entry an explicit \"id\"";
    QTest::newRow("misspelt key") << nodes(R"({"gpu_type":"h100","gpus":4,"inter_node_gbs":5})")
                                  << "nodes[3].inter_node_gbs" << "unknown field (known: count, gpu_type";
  }
  void jsonMalformed() {
    QFETCH(QString, doc);
    QFETCH(QString, field);
    QFETCH(QString, problem);
    auto e = loadErrorOf([&] { parseClusterJson(doc.toStdString(), "bad.cluster.json", catalog_); });
    QVERIFY(e.has_value());
    QCOMPARE(QString::fromStdString(e->file()), QStringLiteral("bad.cluster.json"));
    QCOMPARE(QString::fromStdString(e->field()), field);
    QVERIFY2(QString::fromStdString(e->problem()).contains(problem), e->what());
  }

  void loadNamesThePath() {
    QTemporaryDir dir;
    const std::string missing = (fs::path(dir.path().toStdString()) / "none.cluster.json").string();
    auto e = loadErrorOf([&] { loadClusterFile(missing, catalog_); });
    QVERIFY(e.has_value());
    QCOMPARE(e->file(), missing);
    QVERIFY(e->problem().find("no such file") != std::string::npos);

    e = loadErrorOf([&] { loadClusterFile(dir.path().toStdString(), catalog_); });
    QVERIFY(e.has_value());
    QVERIFY(e->problem().find("is a directory") != std::string::npos);

    // A file without "name" takes its stem.
    const fs::path p = fs::path(dir.path().toStdString()) / "rack-a.cluster.json";
    writeFile(p, R"({"schema_version":1,"nodes":[{"gpu_type":"a6000","gpus":4}]})");
    QCOMPARE(loadClusterFile(p.string(), catalog_).name, std::string("rack-a"));
  }

  void saveReplacesAtomically() {
    QTemporaryDir dir;
    const fs::path p = fs::path(dir.path().toStdString()) / "lab.cluster.json";
    Composition a = parseInlineCluster("h100:4x2", catalog_);
    a.name = "lab";
    saveClusterFile(a, p.string());
    QVERIFY(loadClusterFile(p.string(), catalog_) == a);
    // A hard link still sees the old text afterwards: the new file was renamed into place
    // rather than written over the old one, so a crash mid-write could not have truncated it.
    const fs::path link = fs::path(dir.path().toStdString()) / "link.json";
    fs::create_hard_link(p, link);
    Composition b = parseInlineCluster("a6000:1x3,a5000:4x1", catalog_);
    b.name = "lab";
    saveClusterFile(b, p.string());
    QVERIFY(loadClusterFile(p.string(), catalog_) == b);
    QCOMPARE(readFile(p), clusterToJson(b));
    QCOMPARE(readFile(link), clusterToJson(a));
    // No temporary file is left beside it.
    int files = 0;
    for (const auto& entry : fs::directory_iterator(dir.path().toStdString())) {
      Q_UNUSED(entry);
      ++files;
    }
    QCOMPARE(files, 2);
  }

  void saveToMissingDirectoryThrows() {
    QTemporaryDir dir;
    const std::string p = (fs::path(dir.path().toStdString()) / "no" / "x.cluster.json").string();
    auto e = loadErrorOf([&] { saveClusterFile(parseInlineCluster("h100:4x1", catalog_), p); });
    QVERIFY(e.has_value());
    QCOMPARE(e->file(), p);
    QVERIFY2(e->problem().find("cannot save") != std::string::npos, e->what());
  }

  void saveToUnwritableDirectoryKeepsOldFile() {
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    const fs::path locked = root / "locked";
    fs::create_directory(locked);
    const fs::path p = locked / "lab.cluster.json";
    Composition a = parseInlineCluster("h100:4x2", catalog_);
    saveClusterFile(a, p.string());
    const std::string before = readFile(p);
    fs::permissions(root, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::others_read |
                                fs::perms::others_exec);
    std::optional<LoadError> e;
    {
      UnprivilegedScope scope;
      if (geteuid() == 0) QSKIP("running as root without the right to drop privileges");
      e = loadErrorOf([&] { saveClusterFile(parseInlineCluster("a6000:1x1", catalog_), p.string()); });
    }
    fs::permissions(locked, fs::perms::owner_all);
    QVERIFY(e.has_value());
    QCOMPARE(e->file(), p.string());
    QVERIFY2(e->problem().find("cannot save") != std::string::npos, e->what());
    QCOMPARE(readFile(p), before);
    QVERIFY(loadClusterFile(p.string(), catalog_) == a);
  }

  void resolveOrder() {
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    // 1. A file path.
    const fs::path mine = root / "mine.cluster.json";
    writeFile(mine, R"({"schema_version":1,"nodes":[{"gpu_type":"a5000","gpus":2}]})");
    Composition c = resolveCluster(mine.string(), catalog_);
    QCOMPARE(c.toInlineSpec(), std::string("a5000:2x1"));
    QCOMPARE(c.name, std::string("mine"));
    // A SPEC ending in .json is read as a file even when it does not exist.
    auto e = loadErrorOf([&] { resolveCluster((root / "gone.cluster.json").string(), catalog_); });
    QVERIFY(e.has_value());
    QCOMPARE(e->file(), (root / "gone.cluster.json").string());
    QVERIFY(e->problem().find("no such file") != std::string::npos);
    // 2. A preset name (any case).
    c = resolveCluster("Paper-2T-64", catalog_);
    QCOMPARE(c.name, std::string("paper-2t-64"));
    QCOMPARE(c.totalGpus(), 64);
    // 3. The inline form.
    c = resolveCluster(" h100:4x2 ", catalog_);
    QCOMPARE(c.totalGpus(), 8);
    // An existing file shadows the preset of the same name.
    const QString cwd = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    writeFile(root / "paper-2t-64", R"({"schema_version":1,"nodes":[{"gpu_type":"a6000","gpus":1}]})");
    c = resolveCluster("paper-2t-64", catalog_);
    QCOMPARE(c.totalGpus(), 1);
    // A bare file name saves into the current directory.
    saveClusterFile(c, "rel.cluster.json");
    const bool relativeSaved = resolveCluster("rel.cluster.json", catalog_) == c;
    QDir::setCurrent(cwd);
    QVERIFY(relativeSaved);
  }

  void resolveErrorSaysWhatWasTried() {
    auto e = loadErrorOf([&] { resolveCluster("paper-ls9", catalog_); });
    QVERIFY(e.has_value());
    const QString msg = QString::fromStdString(e->problem());
    QVERIFY2(msg.startsWith("'paper-ls9' is neither a file, a preset ("), e->what());
    QVERIFY2(msg.contains("paper-ls5"), e->what());
    QVERIFY2(msg.contains(") nor an inline spec: missing ':'"), e->what());
    QCOMPARE(QString::fromStdString(e->file()), QStringLiteral("<inline cluster spec>"));

    e = loadErrorOf([&] { resolveCluster("h100:4x8,a6000:4x6+1x", catalog_); });
    QVERIFY(e.has_value());
    QCOMPARE(e->field(), std::string("a6000:4x6+1x"));
  }
};

QTEST_GUILESS_MAIN(TstClusterSpec)
#include "tst_cluster_spec.moc"
