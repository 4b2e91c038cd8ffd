// Profile-set JSON: exact round trip, and clear LoadErrors for malformed files.
#include <QtTest>

#include "cost_fixture.h"
#include "cost/cost_model.h"
#include "io/load_error.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"

using namespace arachne;

namespace {
const char* kGood = R"({"schema_version":1,"name":"lab","model":"toy4","entries":[
 {"gpu_type":"gpua","tp":2,"micro_batch":4,"layer_type":"dense","compute_s":0.01,
  "param_count":1e8,"activation_bytes":1e9,"output_bytes":1e8}]})";

// Returns the LoadError's field and problem for a document, or "" when it loads.
QString failure(const std::string& text) {
  try {
    profileSetFromJson(text, "bad.profiles.json");
  } catch (const LoadError& e) {
    return QString::fromStdString(e.field() + ": " + e.problem());
  }
  return {};
}
std::string withEntry(const std::string& entryFields) {
  return R"({"schema_version":1,"name":"lab","model":"toy4","entries":[{"gpu_type":"gpua","tp":2,"micro_batch":4,"layer_type":"dense",)" +
         entryFields + "}]}";
}
}  // namespace

class TstProfileJson : public QObject {
  Q_OBJECT
 private slots:
  void minimalFileLoads() {
    ProfileSet p = profileSetFromJson(kGood, "lab.profiles.json");
    QCOMPARE(QString::fromStdString(p.name), QStringLiteral("lab"));
    QCOMPARE(QString::fromStdString(p.model_id), QStringLiteral("toy4"));
    const ProfileEntry* e = p.find("gpua", 2, 4, "dense");
    QVERIFY(e);
    QCOMPARE(e->compute_s, 0.01);
    QCOMPARE(e->tp_comm_s, 0.0);
    QCOMPARE(QString::fromStdString(e->origin), QStringLiteral("lab.profiles.json"));
  }

  void roundTripIsExact() {
    GpuCatalog cat = fixture::catalog();
    TrainingSpec s = fixture::spec();
    Model m = fixture::model();
    m.layer_types[0].params = 16779264;
    ProfileSet a = makeAnalyticProfiles(cat, {"gpua", "v100-32"}, m, s);
    ProfileSet b = profileSetFromJson(profileSetToJson(a), "x.json");
    QCOMPARE(b.size(), a.size());
    QCOMPARE(b.name, a.name);
    QCOMPARE(b.model_id, a.model_id);
    QCOMPARE(b.exclusionReason("v100-32"), a.exclusionReason("v100-32"));
    QVERIFY(!b.exclusionReason("v100-32").empty());
    for (const ProfileKey& k : a.keys()) {
      const ProfileEntry& x = *a.find(k.gpu_type, k.tp, k.micro_batch, k.layer_type);
      const ProfileEntry* y = b.find(k.gpu_type, k.tp, k.micro_batch, k.layer_type);
      QVERIFY(y);
      QCOMPARE(y->compute_s, x.compute_s);
      QCOMPARE(y->tp_comm_s, x.tp_comm_s);
      QCOMPARE(y->optimizer_s, x.optimizer_s);
      QCOMPARE(y->param_count, x.param_count);
      QCOMPARE(y->activation_bytes, x.activation_bytes);
      QCOMPARE(y->output_bytes, x.output_bytes);
      QCOMPARE(y->expert_param_count, x.expert_param_count);
      QCOMPARE(y->dispatch_bytes, x.dispatch_bytes);
      QCOMPARE(y->expert_activation_bytes, x.expert_activation_bytes);
      QCOMPARE(y->origin, x.origin);
    }
    // And through a file.
    QTemporaryDir dir;
    const std::string path = dir.filePath("a.profiles.json").toStdString();
    saveProfileFile(a, path);
    QCOMPARE(loadProfileFile(path).size(), a.size());
  }

  // A measured layer takes time: entries of 0 s priced an iteration at 0 s, which evaluate printed
  // as "Iteration time: 0.0000 s", "0.000 seq/s", "Verdict: feasible".
  void aComputeTimeBelowAMicrosecondIsRefused() {
    QVERIFY(failure(withEntry(R"("compute_s":0,"param_count":1,"activation_bytes":1,"output_bytes":1)"))
                .startsWith("entries[0].compute_s: must be between 1e-06 and 3600, got 0"));
    QVERIFY(failure(withEntry(R"("compute_s":1e-300,"param_count":1,"activation_bytes":1,"output_bytes":1)"))
                .startsWith("entries[0].compute_s: must be between 1e-06 and 3600"));
    QVERIFY(failure(withEntry(R"("compute_s":1e-6,"param_count":1,"activation_bytes":1,"output_bytes":1)")).isEmpty());
  }

  void malformedFilesGiveClearErrors() {
    QVERIFY2(failure("{").startsWith(": invalid JSON at line 1, column 2: "), qPrintable(failure("{")));
    QCOMPARE(failure(withEntry(R"("param_count":1,"activation_bytes":1,"output_bytes":1)")),
             QStringLiteral("entries[0].compute_s: is missing"));
    QVERIFY(failure(withEntry(R"("compute_s":-0.5,"param_count":1,"activation_bytes":1,"output_bytes":1)"))
                .startsWith("entries[0].compute_s: must be between 1e-06 and 3600, got -0.5"));
    QVERIFY(failure(withEntry(R"("compute_s":1,"param_count":1,"activation_bytes":1e20,"output_bytes":1)"))
                .startsWith("entries[0].activation_bytes: must be between 0 and"));
    QCOMPARE(failure(withEntry(R"("compute_s":"fast","param_count":1,"activation_bytes":1,"output_bytes":1)")),
             QStringLiteral("entries[0].compute_s: must be a number, got a string"));
    QCOMPARE(failure(R"({"schema_version":1,"model":"m","entries":[{"gpu_type":"g","tp":"2","micro_batch":1,"layer_type":"d"}]})"),
             QStringLiteral("entries[0].tp: must be an integer, got a string"));
    QCOMPARE(failure(R"({"schema_version":1,"model":"m","entries":[{"gpu_type":"g","tp":1.5,"micro_batch":1,"layer_type":"d"}]})"),
             QStringLiteral("entries[0].tp: must be an integer, got 1.5"));
    QVERIFY(failure(R"({"schema_version":1,"model":"m","entries":[{"gpu_type":"g","tp":0,"micro_batch":1,"layer_type":"d"}]})")
                .startsWith("entries[0].tp: must be between 1 and"));
    QVERIFY(failure(R"({"schema_version":2,"model":"m","entries":[]})").startsWith("schema_version: unsupported version 2"));
    QCOMPARE(failure(R"({"schema_version":1,"model":"m","entries":{}})"),
             QStringLiteral("entries: must be an array, got an object"));
    QCOMPARE(failure(R"({"schema_version":1,"entries":[]})"), QStringLiteral("model: is missing"));
    QCOMPARE(failure(R"({"schema_version":1,"model":"m","entries":[{"gpu_type":"","tp":1,"micro_batch":1,"layer_type":"d"}]})"),
             QStringLiteral("entries[0].gpu_type: must not be empty"));
    const std::string e = R"({"gpu_type":"g","tp":1,"micro_batch":1,"layer_type":"d","compute_s":1,"param_count":1,"activation_bytes":1,"output_bytes":1})";
    QVERIFY(failure(R"({"schema_version":1,"model":"m","entries":[)" + e + "," + e + "]}")
                .startsWith("entries[1]: duplicate entry for (g, TP 1, mbs 1, d)"));
    QVERIFY_THROWS_EXCEPTION(LoadError, loadProfileFile("/nonexistent/x.profiles.json"));
    QCOMPARE(failure(R"({"schema_version":1,"model":"m","precision":"fp64","entries":[]})"),
             QStringLiteral("precision: unknown precision 'fp64' (bf16, fp16, fp32 or fp8)"));
    QVERIFY(failure(R"({"schema_version":1,"model":"m","sequence_length":0,"entries":[]})").startsWith("sequence_length: must be between 1 and"));
  }

  // What the entries were measured at is optional, read and written back; the cost model then
  // refuses a training at another sequence length or precision, where the measured times and
  // sizes do not hold (they were used as they were, silently).
  void measuredAtIsKeptAndChecked() {
    ProfileSet p = profileSetFromJson(kGood, "lab.profiles.json");
    QCOMPARE(p.sequence_length, 0);
    QVERIFY(!p.precision);
    std::string text = kGood;
    text.insert(text.find(R"("entries")"), R"("sequence_length":2048,"precision":"fp32",)");
    p = profileSetFromJson(text, "lab.profiles.json");
    QCOMPARE(p.sequence_length, 2048);
    QVERIFY(p.precision == Precision::Fp32);
    const ProfileSet back = profileSetFromJson(profileSetToJson(p), "again");
    QCOMPARE(back.sequence_length, 2048);
    QVERIFY(back.precision == Precision::Fp32);

    GpuCatalog cat = fixture::catalog();
    Model m = fixture::model();
    TrainingSpec s = fixture::spec();
    ProfileSet measured = makeAnalyticProfiles(cat, {"gpua"}, m, s);
    measured.name = "lab";
    measured.sequence_length = s.sequence_length;
    measured.precision = s.precision;
    const Composition c = fixture::composition();
    CostModel(cat, c, m, s, measured);  // at what it was measured at: accepted
    ProfileSet merged = makeAnalyticProfiles(cat, {"gpua"}, m, s);
    merged.overlay(measured);  // as `evaluate --profiles` merges: the set says where it holds
    QCOMPARE(merged.sequence_length, s.sequence_length);
    const auto refusal = [&](TrainingSpec t) {
      try {
        CostModel(cat, c, m, t, merged);
      } catch (const LoadError& e) {
        return QString::fromStdString(e.what());
      }
      return QString();
    };
    TrainingSpec longer = s;
    longer.sequence_length = s.sequence_length * 2;
    QCOMPARE(refusal(longer), QStringLiteral("<profile set 'analytic-v2'>: field 'sequence_length': measured at sequence length %1; "
                                             "the training asks for %2, where its times and sizes do not hold")
                                  .arg(s.sequence_length)
                                  .arg(longer.sequence_length));
    TrainingSpec other = s;
    other.precision = s.precision == Precision::Fp32 ? Precision::Bf16 : Precision::Fp32;
    QVERIFY2(refusal(other).contains("field 'precision': measured in " + QString::fromStdString(toString(s.precision))),
             qPrintable(refusal(other)));
  }

  // Issue 15: entries under "H100" or an alias were silently unused (profiles are looked up by
  // the catalog id) while the output still named the measured set.
  void gpuTypeAliasesAndCaseAreTheCatalogId() {
    const std::string entry = R"("tp":1,"micro_batch":1,"layer_type":"dense","compute_s":1,"param_count":1,"activation_bytes":1,"output_bytes":1)";
    const ProfileSet p = profileSetFromJson(
        R"({"schema_version":1,"model":"m","excluded":[{"gpu_type":"A6000","reason":"r"}],"entries":[{"gpu_type":"H100-SXM",)" +
            entry + R"(},{"gpu_type":"A100-40",)" + entry + "}]}",
        "alias.profiles.json");
    QVERIFY(p.find("h100", 1, 1, "dense"));
    QVERIFY(p.find("a100-40", 1, 1, "dense"));
    QVERIFY(!p.exclusionReason("a6000").empty());
    // Two spellings of one type are one key: a duplicate.
    QVERIFY(failure(R"({"schema_version":1,"model":"m","entries":[{"gpu_type":"h100",)" + entry +
                    R"(},{"gpu_type":"H100",)" + entry + "}]}")
                .startsWith("entries[1]: duplicate entry for (h100, TP 1"));
  }
};

QTEST_GUILESS_MAIN(TstProfileJson)
#include "tst_profile_json.moc"
