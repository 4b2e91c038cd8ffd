// The built-in GPU catalog holds every required type with sourced figures; bad files are rejected.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "io/load_error.h"

using arachne::GpuCatalog;
using arachne::GpuType;
using arachne::LoadError;
using nlohmann::json;

namespace {

const char* const kRequiredIds[] = {"a100-40", "a100-80", "h100",     "h200", "a6000",   "a5000",    "rtx-pro-6000",
                                    "l40s",    "l4",      "v100-32",  "rtx-4090", "gh200", "titan-rtx", "rtx-3090",
                                    "rtx-2080", "v100-16"};
const char* const kSourcedFields[] = {"memory_bytes",      "bf16_tflops",           "fp16_tflops",
                                      "fp32_tflops",       "matmul_efficiency",     "memory_bandwidth_gbps",
                                      "intra_node_gbps",   "inter_node_gbps",       "usual_node_size",
                                      "price_per_hour"};
// Volta and Turing have no BF16 tensor cores; the catalog says so with 0.
const QStringList kNoBf16 = {"v100-32", "v100-16", "titan-rtx", "rtx-2080"};

json validType(const std::string& id) {
  return json{{"id", id},
              {"name", "GPU " + id},
              {"memory_bytes", 85899345920.0},
              {"bf16_tflops", 312},
              {"fp16_tflops", 312},
              {"fp32_tflops", 19.5},
              {"matmul_efficiency", 0.869},
              {"memory_bandwidth_gbps", 2039},
              {"intra_node_gbps", 300},
              {"inter_node_gbps", 50},
              {"usual_node_size", 8},
              {"price_per_hour", 1.79},
              {"sources", {{"memory_bytes", "datasheet"}}},
              {"aliases", {"X-" + id}}};
}

json validCatalog() {
  return json{{"schema_version", 1},
              {"version", "test"},
              {"types", {validType("g0"), validType("g1"), validType("g2"), validType("g3")}}};
}

}  // namespace

class TstGpuCatalog : public QObject {
  Q_OBJECT
 private slots:
  void builtinHoldsEveryRequiredType() {
    const GpuCatalog& c = GpuCatalog::builtin();
    QCOMPARE(int(c.types().size()), 16);
    for (const char* id : kRequiredIds) {
      const GpuType* t = c.find(id);
      QVERIFY2(t, id);
      QCOMPARE(QString::fromStdString(t->id), QString(id));
      QVERIFY2(t->memory_bytes > 1e9, id);
      QVERIFY2(t->fp16_tflops > 0 && t->fp32_tflops > 0, id);
      if (kNoBf16.contains(id)) QCOMPARE(t->bf16_tflops, 0.0);
      else QVERIFY2(t->bf16_tflops > 0, id);
      QVERIFY2(t->matmul_efficiency > 0.5 && t->matmul_efficiency <= 1.0, id);
      QVERIFY2(t->memory_bandwidth_gbps > 0 && t->intra_node_gbps > 0 && t->inter_node_gbps > 0, id);
      QVERIFY2(t->usual_node_size >= 1, id);
      QVERIFY2(t->price_per_hour > 0, id);
      for (const char* f : kSourcedFields) {
        auto it = t->sources.find(f);
        QVERIFY2(it != t->sources.end(), qPrintable(QString("%1 has no source for %2").arg(id, f)));
        QVERIFY2(it->second.size() > 20, qPrintable(QString("%1.%2 source too short").arg(id, f)));
      }
    }
  }

  void figuresTheValidationDependsOn() {
    const GpuCatalog& c = GpuCatalog::builtin();
    QCOMPARE(c.find("gh200")->memory_bytes, 102625181696.0);  // Sailor's cluster config
    QCOMPARE(c.find("a100-40")->memory_bytes, 40.0 * (1ull << 30));
    QCOMPARE(c.find("a100-80")->memory_bytes, 85899345920.0);
    QCOMPARE(c.find("v100-16")->memory_bytes, 17179869184.0);
    QCOMPARE(c.find("gh200")->inter_node_gbps, 100.0);
    QCOMPARE(c.find("gh200")->usual_node_size, 4);
    QCOMPARE(c.find("h100")->matmul_efficiency, 0.803);
    QCOMPARE(c.find("h200")->matmul_efficiency, 0.803);
    QCOMPARE(c.find("a100-40")->matmul_efficiency, 0.869);
    QCOMPARE(c.find("gh200")->matmul_efficiency, 0.838);
    QCOMPARE(c.find("v100-32")->peakTflops(arachne::Precision::Bf16), 0.0);
    QCOMPARE(c.find("h100")->peakTflops(arachne::Precision::Bf16), 989.0);
  }

  void aliasesResolve_data() {
    QTest::addColumn<QString>("alias");
    QTest::addColumn<QString>("id");
    QTest::newRow("GH-96") << "GH-96" << "gh200";
    QTest::newRow("GH200") << "GH200" << "gh200";
    QTest::newRow("gh-96 lower case") << "gh-96" << "gh200";
    QTest::newRow("Titan-RTX") << "Titan-RTX" << "titan-rtx";
    QTest::newRow("RTX-3090") << "RTX-3090" << "rtx-3090";
    QTest::newRow("RTX-2080") << "RTX-2080" << "rtx-2080";
    QTest::newRow("V100-16") << "V100-16" << "v100-16";
    QTest::newRow("A100-40") << "A100-40" << "a100-40";
    QTest::newRow("A100-80") << "A100-80" << "a100-80";
    QTest::newRow("id upper case") << "H100" << "h100";
  }
  void aliasesResolve() {
    QFETCH(QString, alias);
    QFETCH(QString, id);
    const GpuType* t = GpuCatalog::builtin().find(alias.toStdString());
    QVERIFY(t);
    QCOMPARE(QString::fromStdString(t->id), id);
  }

  void unknownTypeNamesTheKnownOnes() {
    try {
      GpuCatalog::builtin().at("b300", "cluster.json", "nodes[0].gpu");
      QFAIL("expected LoadError");
    } catch (const LoadError& e) {
      QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("nodes[0].gpu"));
      QVERIFY(QString::fromStdString(e.problem()).contains("a100-40"));
    }
    QVERIFY(GpuCatalog::builtin().find("b300") == nullptr);
  }

  void validCatalogLoads() {
    GpuCatalog c = GpuCatalog::fromJson(validCatalog().dump(), "t.json");
    QCOMPARE(int(c.types().size()), 4);
    QCOMPARE(c.indexOf("x-g3"), 3);
  }

  void badInputNamesTheField_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    auto row = [](const char* name, const json& doc, const char* field) {
      QTest::newRow(name) << QString::fromStdString(doc.dump()) << QString(field);
    };
    auto with = [](const std::string& key, const json& value) {
      json d = validCatalog();
      d["types"][3][key] = value;
      return d;
    };
    auto without = [](const std::string& key) {
      json d = validCatalog();
      d["types"][3].erase(key);
      return d;
    };
    QTest::newRow("not json") << QStringLiteral("{\"types\": [") << QString();
    { json d = validCatalog(); d.erase("types"); row("types missing", d, "types"); }
    { json d = validCatalog(); d["types"] = json::array(); row("types empty", d, "types"); }
    { json d = validCatalog(); d["types"] = "a100"; row("types wrong type", d, "types"); }
    { json d = validCatalog(); d["schema_version"] = 2; row("schema 2", d, "schema_version"); }
    { json d = validCatalog(); d["types"][3] = 7; row("entry not object", d, "types[3]"); }
    row("memory missing", without("memory_bytes"), "types[3].memory_bytes");
    row("memory negative", with("memory_bytes", -1), "types[3].memory_bytes");
    row("memory 1e300", with("memory_bytes", 1e300), "types[3].memory_bytes");
    row("memory over 1 PB", with("memory_bytes", 2e15), "types[3].memory_bytes");
    row("memory as string", with("memory_bytes", "80GB"), "types[3].memory_bytes");
    row("bf16 negative", with("bf16_tflops", -5), "types[3].bf16_tflops");
    row("fp16 huge", with("fp16_tflops", 1e300), "types[3].fp16_tflops");
    row("efficiency above 1", with("matmul_efficiency", 1.5), "types[3].matmul_efficiency");
    row("bandwidth zero", with("memory_bandwidth_gbps", 0), "types[3].memory_bandwidth_gbps");
    row("intra negative", with("intra_node_gbps", -300), "types[3].intra_node_gbps");
    row("inter as bool", with("inter_node_gbps", true), "types[3].inter_node_gbps");
    row("node size fractional", with("usual_node_size", 2.5), "types[3].usual_node_size");
    row("node size zero", with("usual_node_size", 0), "types[3].usual_node_size");
    row("price negative", with("price_per_hour", -1), "types[3].price_per_hour");
    row("id missing", without("id"), "types[3].id");
    row("id empty", with("id", ""), "types[3].id");
    row("id duplicate", with("id", "g1"), "types[3].id");
    row("alias taken", with("aliases", json{"X-g0"}), "types[3].aliases");
    row("aliases not array", with("aliases", "GH-96"), "types[3].aliases");
    row("alias not string", with("aliases", json{42}), "types[3].aliases[0]");
    row("source not string", with("sources", json{{"memory_bytes", 3}}), "types[3].sources.memory_bytes");
  }
  void badInputNamesTheField() {
    QFETCH(QString, text);
    QFETCH(QString, field);
    try {
      GpuCatalog::fromJson(text.toStdString(), "bad.json");
      QFAIL("expected LoadError");
    } catch (const LoadError& e) {
      QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("bad.json"));
      QCOMPARE(QString::fromStdString(e.field()), field);
      QVERIFY(!e.problem().empty());
    }
  }
};

QTEST_GUILESS_MAIN(TstGpuCatalog)
#include "tst_gpu_catalog.moc"
