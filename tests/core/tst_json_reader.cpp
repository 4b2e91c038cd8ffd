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
    QVERIFY2(e.startsWith("broken.json: invalid JSON at line 1, column 10: "), qPrintable(e));
  }

  // Issue 15: inputs that crashed a loader or ended in "internal error" are LoadErrors of the
  // one parser every loader uses, naming the file, the field where known, and the reason.
  void deepNestingIsRefusedBeforeItIsBuilt() {
    for (const std::string& open : {std::string("["), std::string("{\"a\":")}) {
      std::string deep;
      for (int i = 0; i < 100000; ++i) deep += open;
      const QString e = errorOf([&] { JsonReader::parse(deep, "deep.json"); });
      QVERIFY2(e.startsWith("deep.json"), qPrintable(e));
      QVERIFY2(e.contains("nested deeper than 64 levels"), qPrintable(e));
      QVERIFY2(e.size() < 600, qPrintable(e));  // the path of the deep value is cut
    }
    // The limit itself is accepted: 64 levels.
    const std::string ok = std::string(64, '[') + std::string(64, ']');
    QVERIFY(errorOf([&] { JsonReader::parse(ok, "ok.json"); }).isEmpty());
    QVERIFY(errorOf([&] { JsonReader::parse("[" + ok + "]", "deep.json"); }).contains("deeper than 64"));
  }

  void numbersBeyondADoubleNameTheFieldAndTheValue() {
    const QString e = errorOf([] { JsonReader::parse(R"({"templates":[{"replicas": 1e400}]})", "p.json"); });
    QVERIFY2(e.startsWith("p.json: field 'templates[0].replicas': number 1e400 at line 1, column "), qPrintable(e));
    QVERIFY2(e.contains("out of range"), qPrintable(e));
    // A huge literal is echoed shortened, not whole.
    const std::string huge = "{\"x\": 1" + std::string(5000000, '0') + "e400}";
    const QString h = errorOf([&] { JsonReader::parse(huge, "h.json"); });
    QVERIFY2(h.contains("field 'x'") && h.contains("out of range"), qPrintable(h.left(300)));
    QVERIFY2(h.size() < 400, qPrintable(h.left(300)));
    // Integers beyond 64 bits read as doubles, and the keyed reads check their range.
    const auto big = JsonReader::parse(R"({"n": 123456789012345678901234567890})", "b.json");
    QVERIFY(errorOf([&] { JsonReader(big, "b.json").integer("n", 0, 100); }).contains("must be between"));
  }

  void syntaxErrorsSayWhereAndWhy() {
    const QString nan = errorOf([] { JsonReader::parse(R"({"a": NaN})", "n.json"); });
    QVERIFY2(nan.startsWith("n.json: invalid JSON at line 1, column 7: "), qPrintable(nan));
    QVERIFY2(nan.contains("invalid literal") && nan.contains("JSON has no NaN or Infinity"), qPrintable(nan));
    const QString inf = errorOf([] { JsonReader::parse("{\n  \"a\": -Infinity}", "n.json"); });
    QVERIFY2(inf.contains("line 2") && inf.contains("no NaN or Infinity"), qPrintable(inf));
    // The token the parser stopped on is echoed shortened.
    std::string junk(3000002, 'x');
    junk.front() = '[';
    junk.back() = ']';
    const QString j = errorOf([&] { JsonReader::parse(junk, "j.json"); });
    QVERIFY2(j.startsWith("j.json: invalid JSON at line 1, column 2"), qPrintable(j.left(300)));
    QVERIFY2(j.size() < 600, qPrintable(j.left(300)));
    QVERIFY(errorOf([] { JsonReader::parse("", "e.json"); }).startsWith("e.json: invalid JSON at line 1, column 1"));
    QVERIFY(errorOf([] { JsonReader::parse("{} {}", "t.json"); }).contains("expected end of input"));
  }

  void aNulByteIsRefusedNotTheEndOfTheText() {
    // nlohmann's lexer would stop at the NUL and accept {"a":1}.
    const std::string text = std::string("{\"a\": 1}") + '\0' + "{\"ignored\": true}";
    const QString e = errorOf([&] { JsonReader::parse(text, "nul.json"); });
    QVERIFY2(e.startsWith("nul.json: invalid JSON at line 1, column 9: a NUL byte (byte 8 of 26)"), qPrintable(e));
    const QString inString = errorOf([] { JsonReader::parse(std::string("[\"a\0b\"]", 7), "s.json"); });
    QVERIFY2(inString.contains("a NUL byte"), qPrintable(inString));
  }

  void invalidUtf8AndDuplicateKeysAreRefused() {
    const QString u = errorOf([] { JsonReader::parse("[\"\xff\xfe\"]", "u.json"); });
    QVERIFY2(u.startsWith("u.json: invalid JSON at line 1") && u.contains("UTF-8"), qPrintable(u));
    const QString d = errorOf([] { JsonReader::parse(R"({"nodes":[{"gpus":4,"gpus":8}]})", "d.json"); });
    QCOMPARE(d, QStringLiteral("d.json: field 'nodes[0].gpus': the key appears twice in one object"));
  }

  void messagesNeverEchoHugeValues() {
    // A 20 MB string in a field that a message quotes.
    const std::string big(20000000, 'a');
    auto j = nlohmann::json::object({{"n", big}});
    const QString e = errorOf([&] { JsonReader(j, "f.json").required("n").asInt(0, 1); });
    QVERIFY2(e.contains("must be an integer, got string"), qPrintable(e.left(200)));
    QVERIFY2(e.size() < 200, qPrintable(e.left(200)));
    // A huge key becomes a field path: LoadError cuts it.
    auto k = nlohmann::json::object({{big, 1}});
    const QString f = errorOf([&] { JsonReader(k, "f.json").required(big).asString(); });
    QVERIFY2(f.size() < 400 && f.contains("characters in all"), qPrintable(f.left(200)));
    QCOMPARE(JsonReader::shortValue(nlohmann::json("short")), std::string("\"short\""));
  }

  void valueReadsCheckTypesAndRanges() {
    const auto j = nlohmann::json::parse(R"({"a":[1, 2.0, 2.5, -1, "x", 18446744073709551615], "s":"abc", "b":true})");
    JsonReader r(j, "v.json");
    const JsonReader a = r.required("a");
    QCOMPARE(a.arraySize(), size_t(6));
    QCOMPARE(a.element(1).asInt(0, 10), 2LL);
    QVERIFY(errorOf([&] { a.element(2).asInt(0, 10); }).contains("'a[2]': must be an integer, got 2.5"));
    QVERIFY(errorOf([&] { a.element(3).asInt(0, 10); }).contains("must be at least 0, got -1"));
    QVERIFY(errorOf([&] { a.element(4).asInt(0, 10); }).contains("must be an integer, got string"));
    QVERIFY(errorOf([&] { a.element(5).asInt(0, 10); }).contains("must be at most 10"));
    QCOMPARE(a.element(5).asUint64(), 18446744073709551615ull);
    QVERIFY(errorOf([&] { a.element(9); }).contains("entry 9 is missing"));
    QVERIFY(errorOf([&] { a.arraySize(3); }).contains("more than the limit of 3"));
    QVERIFY(errorOf([&] { r.required("s").asString(2); }).contains("more than the limit of 2"));
    QVERIFY(r.required("b").asBool());
    QVERIFY(!r.optional("missing"));
    QVERIFY(errorOf([&] { r.required("missing"); }).contains("'missing': is missing"));
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
