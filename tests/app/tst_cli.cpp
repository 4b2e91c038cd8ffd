// arachne-cli as a user runs it: exit codes, stdout/stderr contents, JSON outputs, overrides.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFile>
#include "cli_process.h"
#include <QTemporaryDir>

#include "catalog/gpu_catalog.h"
#include "model/model_catalog.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"

namespace {

using Run = CliRun;

Run cli(const QStringList& args) { return runCli(args, {}, 120000); }

QString plan(const char* name) { return QStringLiteral(ARACHNE_TEST_DATA "/plans/") + name; }

const QString kCluster = QStringLiteral("h100:4x2,a100-40:4x2");

QStringList evaluate(const char* planName, const QStringList& extra = {}) {
  return QStringList{"evaluate", "--cluster", kCluster, "--model", "llama3-8b", "--plan", plan(planName)} + extra;
}

QJsonObject json(const Run& r) {
  QJsonParseError e;
  const auto doc = QJsonDocument::fromJson(r.out.toUtf8(), &e);
  if (e.error != QJsonParseError::NoError) qWarning() << "not JSON:" << e.errorString() << r.out.left(200);
  return doc.object();
}

// Bad input: exit 2, nothing on stdout, exactly one line on stderr that contains `needle`.
void expectBadInput(const QStringList& args, const QString& needle) {
  const Run r = cli(args);
  QVERIFY2(r.code == 2, qPrintable(QString("exit %1, stderr: %2").arg(r.code).arg(r.err)));
  QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
  QVERIFY2(r.err.endsWith('\n') && r.err.count('\n') == 1, qPrintable(r.err));
  QVERIFY2(r.err.contains(needle), qPrintable(r.err));
}

}  // namespace

class TstCli : public QObject {
  Q_OBJECT
 private slots:
  void versionAndHelp() {
    Run r = cli({"--version"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.startsWith("arachne-cli "));
    r = cli({"--help"});
    QCOMPARE(r.code, 0);
    for (const char* c : {"evaluate", "gpus", "models", "presets"}) QVERIFY2(r.out.contains(c), c);
    r = cli({"evaluate", "--help"});
    QCOMPARE(r.code, 0);
    for (const char* o : {"--cluster", "--model", "--plan", "--json", "--global-batch", "--seq-len",
                          "--precision", "--checkpointing", "--distributed-optimizer"})
      QVERIFY2(r.out.contains(o), o);
    r = cli({"help", "gpus"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains("--json"));
    for (const char* c : {"gpus", "models", "presets"}) {
      r = cli({c, "--help"});
      QCOMPARE(r.code, 0);
      QVERIFY(r.out.startsWith(QString("usage: arachne-cli ") + c));
    }
  }

  void badCommandLines() {
    Run r = cli({});
    QCOMPARE(r.code, 2);
    QVERIFY(!r.err.isEmpty());
    expectBadInput({"frobnicate"}, "unknown command 'frobnicate'");
    expectBadInput({"gpus", "--bogus"}, "unknown option '--bogus'");
    expectBadInput({"gpus", "extra"}, "unexpected argument 'extra'");
    expectBadInput({"--version", "extra"}, "unexpected argument 'extra' after --version");
    expectBadInput({"--help", "plan"}, "'arachne-cli help COMMAND'");
    expectBadInput({"gpus", "--json=yes"}, "takes no value");
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--frobnicate"}), "--frobnicate");
    expectBadInput({"evaluate", "--model", "llama3-8b", "--plan", plan("llama3-8b-2type.plan.json"),
                    "--cluster"},
                   "'--cluster' needs a value");
    expectBadInput({"evaluate", "--cluster", kCluster, "--model", "--plan", plan("llama3-8b-2type.plan.json")},
                   "'--model' needs a value");
    expectBadInput({"evaluate", "--cluster", kCluster, "--model", "llama3-8b"}, "missing required option '--plan");
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--json", "--json"}), "given twice");
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--global-batch", "abc"}), "--global-batch");
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--global-batch", "0"}), "--global-batch");
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--seq-len", "99999999999"}), "--seq-len");
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--precision", "int4"}), "int4");
    {
      // FP8 is a precision now, but only on GPU types with an FP8 rate: an A100 stage is
      // infeasible (exit 3), with the reason, not bad input.
      const Run r = cli(evaluate("llama3-8b-2type.plan.json", {"--precision", "fp8"}));
      QCOMPARE(r.code, 3);
      QVERIFY2(r.out.contains("a100-40 has no fp8 rate"), qPrintable(r.out));
    }
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--checkpointing", "maybe"}), "maybe");
  }

  void badInputFiles() {
    expectBadInput({"evaluate", "--cluster", kCluster, "--model", "no-such-model", "--plan",
                    plan("llama3-8b-2type.plan.json")},
                   "no-such-model");
    expectBadInput({"evaluate", "--cluster", "tpu9:4x2", "--model", "llama3-8b", "--plan",
                    plan("llama3-8b-2type.plan.json")},
                   "tpu9");
    expectBadInput(evaluate("malformed-layers.plan.json"), "templates[0].stages[1].layers");
    expectBadInput(evaluate("malformed-layers.plan.json"), "malformed-layers.plan.json");
    expectBadInput(evaluate("truncated.plan.json"), "invalid JSON");
    expectBadInput(evaluate("no-such.plan.json"), "no such file");
  }

  void catalogs() {
    Run r = cli({"gpus"});
    QCOMPARE(r.code, 0);
    for (const char* id : {"a100-40", "a100-80", "h100", "h200", "a6000", "a5000", "rtx-pro-6000",
                           "l40s", "l4", "v100-32", "rtx-4090"})
      QVERIFY2(r.out.contains(id), id);
    QVERIFY(r.out.contains("$/GPU-h"));
    QVERIFY(r.out.contains("fabric") && r.out.contains("infiniband") && r.out.contains("slingshot"));
    r = cli({"gpus", "--json"});
    QCOMPARE(r.code, 0);
    const QJsonArray gpus = json(r)["gpus"].toArray();
    QVERIFY(gpus.size() >= 11);
    bool sawH100 = false;
    for (const auto& g : gpus) {
      const auto o = g.toObject();
      QVERIFY(o["memory_bytes"].toDouble() > 0);
      if (o["id"].toString() == "h100") {
        sawH100 = true;
        QVERIFY(o["bf16_tflops"].toDouble() > 500);
        QCOMPARE(o["inter_node_fabric"].toString(), QString("infiniband"));
        QCOMPARE(o["inter_node_nics"].toInt(), 8);
        // The rates the cost model prices fp8 and fp32-on-TF32 with are listed too.
        QVERIFY(o["fp8_tflops"].toDouble() > o["bf16_tflops"].toDouble());
        QVERIFY(o["tf32_tflops"].toDouble() > 0 && o["tf32_tflops"].toDouble() < o["bf16_tflops"].toDouble());
        QVERIFY(o["matmul_efficiency"].toDouble() > 0 && o["matmul_efficiency"].toDouble() <= 1);
      }
      if (o["id"].toString() == "a100-40") QCOMPARE(o["fp8_tflops"].toDouble(), 0.0);  // Ampere: no FP8
      QVERIFY(!o["inter_node_fabric"].toString().isEmpty());
    }
    QVERIFY(sawH100);

    r = cli({"models"});
    QCOMPARE(r.code, 0);
    for (const char* id : {"llama3-8b", "llama3-70b", "mixtral-8x7b", "gpt-tiny"}) QVERIFY2(r.out.contains(id), id);
    r = cli({"models", "--json"});
    QCOMPARE(r.code, 0);
    bool sawLlama = false;
    for (const auto& m : json(r)["models"].toArray()) {
      const auto o = m.toObject();
      if (o["id"].toString() != "llama3-8b") continue;
      sawLlama = true;
      QVERIFY(qAbs(o["params"].toDouble() / 8.03e9 - 1) < 0.01);
      QVERIFY(o["default_training"].toObject()["global_batch"].toInt() > 0);
    }
    QVERIFY(sawLlama);

    r = cli({"presets"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains("paper-2t-64"));
    r = cli({"presets", "--json"});
    QCOMPARE(r.code, 0);
    bool saw2t = false;
    for (const auto& p : json(r)["presets"].toArray()) {
      const auto o = p.toObject();
      if (o["name"].toString() != "paper-2t-64") continue;
      saw2t = true;
      QCOMPARE(o["total_gpus"].toInt(), 64);
      QCOMPARE(o["gpus_per_type"].toObject()["h100"].toInt(), 32);
      QCOMPARE(o["gpus_per_type"].toObject()["a100-40"].toInt(), 32);
    }
    QVERIFY(saw2t);
  }

  void evaluateFeasibleTable() {
    const Run r = cli(evaluate("llama3-8b-2type.plan.json"));
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    for (const char* s : {"Template 1", "a100-40", "h100", "compute ms", "params GiB", "capacity GiB",
                          "Iteration time:", "seq/s", "tokens/s", "it/s", "GPUs used: 16 of 16",
                          "Verdict: feasible"})
      QVERIFY2(r.out.contains(s), s);
  }

  // The report prices the whole cluster, idle GPUs too, as the explorer's summary does: the
  // catalog's $/GPU-hour (H100 2.99, A100-40 1.29 on this 8 + 8 GPU cluster: $34.24 per hour),
  // and what a million tokens cost at the plan's throughput; a cluster file's own node price
  // replaces the catalog's.
  void evaluatePricesTheCluster() {
    const Run r = cli(evaluate("llama3-8b-2type.plan.json", {"--json"}));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = json(r);
    const QJsonObject price = o["price"].toObject();
    QCOMPARE(price["cluster_usd_per_hour"].toDouble(), 8 * 2.99 + 8 * 1.29);
    const double tokens = o["throughput"].toObject()["tokens_per_s"].toDouble();
    QVERIFY(tokens > 0);
    QVERIFY(qAbs(price["usd_per_million_tokens"].toDouble() - 34.24 / (tokens * 3600) * 1e6) < 1e-9);
    const Run table = cli(evaluate("llama3-8b-2type.plan.json"));
    QVERIFY2(table.out.contains("Price:          $34.24 per hour for the cluster, $"), qPrintable(table.out));

    QTemporaryDir dir;
    const QString cluster = dir.filePath("owned.cluster.json");
    QFile f(cluster);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version":1,"nodes":[{"gpu_type":"h100","gpus":4,"count":2,"price_per_gpu_hour":1.0},
                {"gpu_type":"a100-40","gpus":4,"count":2,"price_per_gpu_hour":0}]})");
    f.close();
    const Run owned = cli({"evaluate", "--cluster", cluster, "--model", "llama3-8b", "--plan",
                           plan("llama3-8b-2type.plan.json"), "--json"});
    QVERIFY2(owned.code == 0, qPrintable(owned.err));
    QCOMPARE(json(owned)["price"].toObject()["cluster_usd_per_hour"].toDouble(), 8.0);
  }

  void evaluateJsonMatchesAndReprices() {
    const QStringList batch{"--global-batch", "256", "--seq-len", "2048"};
    const Run r = cli(evaluate("llama3-8b-2type.plan.json", QStringList{"--json"} + batch));
    QCOMPARE(r.code, 0);
    const QJsonObject j = json(r);
    QCOMPARE(j["schema_version"].toInt(), 1);
    QCOMPARE(j["feasible"].toBool(), true);
    const QJsonObject tput = j["throughput"].toObject();
    const double seqs = tput["sequences_per_s"].toDouble();
    const double iter = j["iteration_time_s"].toDouble();
    QVERIFY(seqs > 0);
    QVERIFY(iter > 0);
    // One iteration processes the global batch.
    QVERIFY(qAbs(tput["iterations_per_s"].toDouble() * iter - 1) < 1e-9);
    QVERIFY(qAbs(seqs / (256 * tput["iterations_per_s"].toDouble()) - 1) < 1e-9);
    QVERIFY(qAbs(tput["tokens_per_s"].toDouble() / seqs - 2048) < 1e-6);
    QCOMPARE(j["provenance"].toObject()["model"].toString(), QStringLiteral("llama3-8b"));
    QCOMPARE(j["provenance"].toObject()["planner"].toString(), QStringLiteral("hand"));
    const QJsonObject st = j["templates"].toArray()[0].toObject()["stages"].toArray()[0].toObject();
    for (const char* k : {"compute", "tp_comm", "p2p", "grad_sync"})
      QVERIFY2(st["time_s"].toObject().contains(k), k);
    const QJsonObject mem = st["memory_bytes"].toObject();
    QVERIFY(mem["capacity"].toDouble() > 0);
    QVERIFY(mem["params"].toDouble() > 0);

    // The JSON output is itself a plan: evaluating it again gives the same numbers.
    QTemporaryDir dir;
    const QString again = dir.filePath("again.plan.json");
    QFile f(again);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(r.out.toUtf8());
    f.close();
    // The training spec it was priced with is recorded, so no flags are needed to reproduce it.
    QCOMPARE(j["training"].toObject()["global_batch"].toInt(), 256);
    QCOMPARE(j["training"].toObject()["sequence_length"].toInt(), 2048);
    const QStringList base{"evaluate", "--cluster", kCluster, "--model", "llama3-8b", "--plan", again, "--json"};
    const Run r2 = cli(base);
    QCOMPARE(r2.code, 0);
    QCOMPARE(json(r2)["iteration_time_s"].toDouble(), iter);
    QCOMPARE(json(r2)["throughput"].toObject()["sequences_per_s"].toDouble(), seqs);
    QCOMPARE(json(r2)["templates"], j["templates"]);
    // A flag still wins over the recorded spec.
    const Run r3 = cli(base + QStringList{"--global-batch", "512"});
    QCOMPARE(r3.code, 0);
    QCOMPARE(json(r3)["training"].toObject()["global_batch"].toInt(), 512);
    QVERIFY(json(r3)["iteration_time_s"].toDouble() > iter);
  }

  // validate --published --json: every priced row carries its plan as priced, and the plan's
  // iteration time is the row's "all terms" prediction (so the break-down is of that figure).
  void validatePublishedJsonCarriesThePricedPlan() {
    const Run r = cli({"validate", "--published", QStringLiteral(ARACHNE_TEST_DATA "/published/published_runs.json"), "--json"});
    QCOMPARE(r.code, 0);
    const QJsonArray rows = json(r)["rows"].toArray();
    QVERIFY(rows.size() >= 20);
    int priced = 0;
    for (const auto& v : rows) {
      const QJsonObject row = v.toObject();
      const QJsonObject all = row["variants"].toObject()["all terms"].toObject();
      if (!all.contains("predicted_iteration_s")) {
        QVERIFY2(!row.contains("plan"), qPrintable(row["id"].toString()));
        continue;
      }
      ++priced;
      const QJsonObject plan = row["plan"].toObject();
      QVERIFY2(qAbs(plan["iteration_time_s"].toDouble() / all["predicted_iteration_s"].toDouble() - 1) < 1e-12,
               qPrintable(row["id"].toString()));
      const QJsonObject st = plan["templates"].toArray()[0].toObject()["stages"].toArray()[0].toObject();
      QVERIFY(st["time_s"].toObject()["compute"].toDouble() > 0);
    }
    QVERIFY(priced >= 20);
  }

  void evaluateOutOfMemory() {
    Run r = cli(evaluate("llama3-8b-oom.plan.json"));
    QVERIFY2(r.code == 3, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains("INFEASIBLE"));
    QVERIFY(r.out.contains("a100-40"));
    r = cli(evaluate("llama3-8b-oom.plan.json", {"--json"}));
    QCOMPARE(r.code, 3);
    const QJsonObject j = json(r);
    QCOMPARE(j["feasible"].toBool(), false);
    // The cluster still has a price; a plan that does not run has no price per token.
    QVERIFY(j["price"].toObject()["cluster_usd_per_hour"].toDouble() > 0);
    QVERIFY(!j["price"].toObject().contains("usd_per_million_tokens"));
    const QJsonArray v = j["violations"].toArray();
    QVERIFY(!v.isEmpty());
    bool oom = false;
    for (const auto& x : v) {
      const auto o = x.toObject();
      QVERIFY(!o["message"].toString().isEmpty());
      if (o["kind"].toString() != "out_of_memory") continue;
      oom = true;
      QVERIFY(o["over_bytes"].toDouble() > 0);
      QVERIFY(o["needed_bytes"].toDouble() > o["capacity_bytes"].toDouble());
      QVERIFY(r.out.contains(o["message"].toString()));
    }
    QVERIFY(oom);
    // Every violation message appears in the readable report too.
    const Run table = cli(evaluate("llama3-8b-oom.plan.json"));
    for (const auto& x : v) QVERIFY(table.out.contains(x.toObject()["message"].toString()));
  }

  void trainingOverrides() {
    auto priced = [](const QStringList& extra) { return json(cli(evaluate("llama3-8b-2type.plan.json", extra + QStringList{"--json"}))); };
    const QJsonObject base = priced({});
    const QJsonObject bigger = priced({"--global-batch", "1024"});
    QVERIFY(bigger["iteration_time_s"].toDouble() > 1.5 * base["iteration_time_s"].toDouble());
    auto activations = [](const QJsonObject& j) {
      return j["templates"].toArray()[0].toObject()["stages"].toArray()[0].toObject()["memory_bytes"].toObject()["activations"].toDouble();
    };
    auto params = [](const QJsonObject& j) {
      return j["templates"].toArray()[0].toObject()["stages"].toArray()[0].toObject()["memory_bytes"].toObject()["params"].toDouble();
    };
    const QJsonObject ckptOn = priced({"--checkpointing", "on"});
    const QJsonObject ckptOff = priced({"--checkpointing", "off"});
    QVERIFY(activations(ckptOn) < activations(ckptOff));
    const QJsonObject shortSeq = priced({"--seq-len", "1024"});
    QVERIFY(activations(shortSeq) < activations(base));
    const QJsonObject fp32 = priced({"--precision", "fp32"});
    QVERIFY(params(fp32) > params(base));
  }

  void measuredProfilesOverride() {
    // A measured set with one entry: H100 dense layers at TP 4, micro-batch 1 take ten times
    // the analytic compute. Only the H100 stage (16 dense layers + head) may change.
    const arachne::Model* model = arachne::ModelCatalog::builtin().find("llama3-8b");
    QVERIFY(model);
    const arachne::ProfileSet analytic = arachne::makeAnalyticProfiles(
        arachne::GpuCatalog::builtin(), {"h100"}, *model, model->default_training);
    const arachne::ProfileEntry* e = analytic.find("h100", 4, 1, "dense");
    QVERIFY(e);
    arachne::ProfileSet measured;
    measured.name = "measured-test";
    measured.model_id = "llama3-8b";
    arachne::ProfileEntry slow = *e;
    slow.compute_s *= 10;
    measured.set({"h100", 4, 1, "dense"}, slow);
    QTemporaryDir dir;
    const QString path = dir.filePath("m.profiles.json");
    arachne::saveProfileFile(measured, path.toStdString());

    auto stageCompute = [](const QJsonObject& j, int stage) {
      return j["templates"].toArray()[0].toObject()["stages"].toArray()[stage].toObject()["time_s"].toObject()["compute"].toDouble();
    };
    const QJsonObject base = json(cli(evaluate("llama3-8b-2type.plan.json", {"--json"})));
    const Run r = cli(evaluate("llama3-8b-2type.plan.json", {"--json", "--profiles", path}));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject j = json(r);
    QCOMPARE(stageCompute(j, 0), stageCompute(base, 0));
    QVERIFY(stageCompute(j, 1) > 5 * stageCompute(base, 1));
    QVERIFY(j["provenance"].toObject()["profile_set"].toString().contains("measured-test"));

    // Profiles of another model are refused; a malformed file names its field.
    measured.model_id = "llama3-70b";
    arachne::saveProfileFile(measured, path.toStdString());
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--profiles", path}), "for model 'llama3-70b'");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "name": "x", "model": "llama3-8b", "entries": [{"gpu_type": "h100"}]})");
    f.close();
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--profiles", path}), "entries[0]");
    expectBadInput(evaluate("llama3-8b-2type.plan.json", {"--profiles", dir.filePath("none.json")}), "none.json");
  }

  void planThatDoesNotFitTheCluster() {
    // The plan's A100 stage has no A100 in this cluster: reported as a violation (exit 3), with
    // the plan's structure but no numbers, and a warning that the recorded cluster differs.
    const Run r = cli({"evaluate", "--cluster", "h100:4x2", "--model", "llama3-8b", "--plan",
                       plan("llama3-8b-2type.plan.json")});
    QCOMPARE(r.code, 3);
    QVERIFY(r.out.contains("Verdict: INFEASIBLE"));
    QVERIFY(r.out.contains("not priced"));
    QVERIFY(r.out.contains("a100-40"));
    QVERIFY(!r.out.contains("compute ms"));
    QVERIFY(r.err.contains("warning: the plan records cluster 'h100:4x2,a100-40:4x2'"));
    const Run j = cli({"evaluate", "--cluster", "h100:4x2", "--model", "llama3-8b", "--plan",
                       plan("llama3-8b-2type.plan.json"), "--json"});
    QCOMPARE(j.code, 3);
    QCOMPARE(json(j)["feasible"].toBool(), false);
    QVERIFY(!json(j)["violations"].toArray().isEmpty());
  }

  // Without --cluster and --model the plan is priced on the ones its provenance records, to the
  // same report as when they are named; a file that records none (or Sailor's format, which
  // names VMs) asks for them, naming the file and the field.
  void evaluateReadsTheRecordedClusterAndModel() {
    const Run named = cli(evaluate("llama3-8b-2type.plan.json", {"--json"}));
    QVERIFY2(named.code == 0, qPrintable(named.err));
    const Run recorded = cli({"evaluate", "--plan", plan("llama3-8b-2type.plan.json"), "--json"});
    QVERIFY2(recorded.code == 0, qPrintable(recorded.err));
    QVERIFY2(recorded.err.isEmpty(), qPrintable(recorded.err));
    QCOMPARE(json(recorded)["throughput"], json(named)["throughput"]);
    QCOMPARE(json(recorded)["templates"], json(named)["templates"]);

    QTemporaryDir dir;
    QFile in(plan("llama3-8b-2type.plan.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject o = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject prov = o["provenance"].toObject();
    prov.remove("cluster");
    o["provenance"] = prov;
    const QString bare = dir.filePath("bare.plan.json");
    QFile out(bare);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(o).toJson());
    out.close();
    expectBadInput({"evaluate", "--plan", bare}, "field 'provenance.cluster': the plan records no cluster; name one with --cluster");
    QCOMPARE(cli({"evaluate", "--plan", bare, "--cluster", kCluster}).code, 0);
    const QString sailor = QStringLiteral(ARACHNE_TEST_DATA "/sailor/Planner/simulations/validation/clariden/GPT-NEO/N8/plan_config_N8_D4.json");
    expectBadInput({"evaluate", "--plan", sailor}, "a plan in Sailor's format records no cluster; name one with --cluster");
    expectBadInput({"evaluate", "--plan", sailor, "--cluster", "gh200:4x8"}, "records no model of the catalog; name one with --model");
  }

  void modelMismatchWarns() {
    const Run r = cli({"evaluate", "--cluster", kCluster, "--model", "gpt-tiny", "--plan",
                       plan("llama3-8b-2type.plan.json")});
    QVERIFY(r.code == 0 || r.code == 3);  // gpt-tiny has fewer layers: a bad split is reported
    QVERIFY(r.err.contains("warning: the plan records model 'llama3-8b'"));
  }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
