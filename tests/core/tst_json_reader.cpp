// JsonReader: every malformed, missing, negative, huge or wrong-typed field is a LoadError
// that names the file and the field path.
#include <QtTest>

#include "catalog/gpu_catalog.h"
#include "io/json_reader.h"

using namespace arachne;

class TstJsonReader : public QObject {
  Q_OBJECT

  static QString errorOf(const std::function<void()>& f) {
    try {
      f();
    } catch (const LoadError& e) {
      return QString::fromStdString(e.what());
    }
    return {};
  }

 private slots:
  void fieldPathsNest() {
    auto j = nlohmann::json::parse(R"({"a":{"list":[{"x":1},{"x":-2}]}})");
    JsonReader r(j, "f.json");
    QString e = errorOf([&] { r.object("a").array("list").element(1).integer("x", 0, 10); });
    QCOMPARE(e, QStringLiteral("f.json: field 'a.list[1].x': must be between 0 and 10, got -2"));
  }

  void wrongTypesAndMissing() {
    auto j = nlohmann::json::parse(R"({"s":3,"n":"3","b":1,"i":1.5})");
    JsonReader r(j, "f.json");
    QVERIFY(errorOf([&] { r.string("s"); }).contains("'s': must be a string, got a number"));
    QVERIFY(errorOf([&] { r.number("n", 0, 10); }).contains("'n': must be a number, got a string"));
    QVERIFY(errorOf([&] { r.boolean("b"); }).contains("'b': must be true or false"));
    QVERIFY(errorOf([&] { r.integer("i", 0, 10); }).contains("'i': must be an integer, got 1.5"));
    QVERIFY(errorOf([&] { r.number("missing", 0, 1); }).contains("'missing': is missing"));
    QCOMPARE(r.number("missing", 0, 1, 0.5), 0.5);
  }

  void hugeValuesAreRejected() {
    auto j = nlohmann::json::parse(R"({"x":1e300})");
    JsonReader r(j, "f.json");
    QVERIFY(errorOf([&] { r.number("x", 0, 1e12); }).contains("must be between"));
    QVERIFY(errorOf([&] { r.integer("x", 0, 1000); }).contains("must be between"));
  }

  void syntaxErrorNamesFile() {
    QString e = errorOf([] { JsonReader::parse("{\"a\": [1,", "broken.json"); });
    QVERIFY(e.startsWith("broken.json: not valid JSON"));
  }

  void gpuCatalogErrorsNameTheField() {
    const char* base = R"({"schema_version":1,"types":[{"id":"x","memory_bytes":%1,"bf16_tflops":1,
      "fp16_tflops":1,"fp32_tflops":1,"memory_bandwidth_gbps":1,"intra_node_gbps":1,
      "inter_node_gbps":1,"usual_node_size":4,"price_per_hour":1}]})";
    QVERIFY(errorOf([&] { GpuCatalog::fromJson(QString(base).arg("1e9").toStdString(), "g.json"); }).isEmpty());
    QVERIFY(errorOf([&] { GpuCatalog::fromJson(QString(base).arg("-5").toStdString(), "g.json"); })
                .contains("g.json: field 'types[0].memory_bytes'"));
    QVERIFY(errorOf([&] { GpuCatalog::fromJson(QString(base).arg("1e300").toStdString(), "g.json"); })
                .contains("types[0].memory_bytes"));
    QVERIFY(errorOf([&] { GpuCatalog::fromJson(QString(base).arg("\"big\"").toStdString(), "g.json"); })
                .contains("must be a number"));
    QVERIFY(errorOf([&] { GpuCatalog::fromJson(R"({"schema_version":2,"types":[]})", "g.json"); })
                .contains("unsupported version 2"));
    QVERIFY(errorOf([&] { GpuCatalog::fromJson("[]", "g.json"); }).contains("must be an object"));
  }
};

QTEST_GUILESS_MAIN(TstJsonReader)
#include "tst_json_reader.moc"
