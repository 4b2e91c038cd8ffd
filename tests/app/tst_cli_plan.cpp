// arachne-cli plan and compare as a user runs them: plans in tables and JSON, the saved file,
// bad planner names, exhaustive refusing, one comparison table, and Ctrl-C keeping the best.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include "cli_process.h"
#include <QTemporaryDir>

#include <csignal>

#include "catalog/gpu_catalog.h"
#include "planning/planner.h"
#include "model/model_catalog.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"

namespace {

using Run = CliRun;

Run finish(QProcess& p) { return finishCli(p, 120000); }

Run cli(const QStringList& args) { return runCli(args, {}, 120000); }

const QString kSmall = QStringLiteral("h100:4x2,a6000:4x1");

}  // namespace

class TstCliPlan : public QObject {
  Q_OBJECT
 private slots:
  void planPrintsAPlanWithItsConstruction() {
    const Run r = cli({"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "greedy"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY(r.out.contains("Throughput:"));
    QVERIFY(r.out.contains("Construction:"));
    QVERIFY(r.err.contains("planner greedy:"));
  }

  void aPhaseThatComesBackIsOneRow() {
    // Under an evaluation budget the learned planner's sampled and exploring waves repeat until
    // it is spent: the phase table printed one line per wave; now the repeats are one row.
    const Run r = cli({"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "arachne-untrained",
                       "--evals", "4000"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QCOMPARE(r.err.count(QRegularExpression(QStringLiteral("^  sampled {2,}\\d"), QRegularExpression::MultilineOption)), 1);
    QCOMPARE(r.err.count(QRegularExpression(QStringLiteral("^  exploring {2,}\\d"), QRegularExpression::MultilineOption)), 1);
    QCOMPARE(r.err.count(QRegularExpression(QStringLiteral("^  sampled and exploring again \\(\\d+ more\\) "),
                                            QRegularExpression::MultilineOption)), 1);
  }

  void aModelLargerThanTheClusterStopsEarly() {
    // Six H100s cannot hold qwen3-30b-a3b: the memory bound proves it after the first wave, so
    // the learned planner says why and stops instead of sampling until its budget (10 s).
    const Run r = cli({"plan", "--cluster", "h100:3x2", "--model", "qwen3-30b-a3b", "--planner", "arachne-untrained"});
    QVERIFY2(r.code == 3, qPrintable(r.err + r.out));
    QVERIFY2(r.err.contains("stopped early: no plan can fit, since every plan needs at least"), qPrintable(r.err));
    QVERIFY2(!r.err.contains(" again ("), qPrintable(r.err));
    QVERIFY2(r.out.contains("no feasible plan found\n  stopped early: no plan can fit, since every plan needs at least"),
             qPrintable(r.out));
    // As JSON: the plan's fields ("feasible": false) and the proof beside them.
    const Run j = cli({"plan", "--cluster", "h100:3x2", "--model", "qwen3-30b-a3b", "--planner", "arachne-untrained", "--json"});
    QVERIFY2(j.code == 3, qPrintable(j.err + j.out));
    const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
    QCOMPARE(o["feasible"].toBool(true), false);
    QVERIFY2(o["infeasible_proof"].toString().startsWith("stopped early: no plan can fit, since every plan needs at least"),
             qPrintable(j.out));
    // Without a proof (greedy gives none) the key is absent.
    const Run g = cli({"plan", "--cluster", "h100:3x2", "--model", "qwen3-30b-a3b", "--planner", "greedy", "--json"});
    QCOMPARE(g.code, 3);
    QVERIFY(!QJsonDocument::fromJson(g.out.toUtf8()).object().contains("infeasible_proof"));
  }

  void planJsonAndOut() {
    QTemporaryDir dir;
    const QString file = dir.filePath("p.plan.json");
    const Run r = cli({"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "random",
                       "--evals", "200", "--seed", "3", "--json", "--out", file});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(o["throughput"].toObject()["sequences_per_s"].toDouble() > 0);
    QCOMPARE(o["provenance"].toObject()["planner"].toString(), QStringLiteral("random"));
    QCOMPARE(o["provenance"].toObject()["seed"].toInt(), 3);
    // Every GPU the plan leaves out is listed with a reason.
    int used = 0, unused = 0;
    for (const auto& t : o["templates"].toArray()) {
      int tp = 0;
      for (const auto& s : t.toObject()["stages"].toArray()) tp += s.toObject()["tp"].toInt();
      used += tp * t.toObject()["replicas"].toInt();
    }
    for (const auto& u : o["unused_gpus"].toArray()) {
      QVERIFY(!u.toObject()["reason"].toString().isEmpty());
      unused += u.toObject()["count"].toInt();
    }
    QCOMPARE(used + unused, 12);
    // The saved file evaluates to the same throughput.
    const Run e = cli({"evaluate", "--cluster", kSmall, "--model", "llama3-8b", "--plan", file, "--json"});
    QVERIFY2(e.code == 0, qPrintable(e.err));
    const QJsonObject eo = QJsonDocument::fromJson(e.out.toUtf8()).object();
    QCOMPARE(eo["throughput"].toObject()["sequences_per_s"].toDouble(),
             o["throughput"].toObject()["sequences_per_s"].toDouble());
  }

  void sailorFormatProfilesAndPlans() {
    // --profiles takes Sailor's profiles_tmp.json directly (llm_info.json found in a parent folder).
    const QString prof = QStringLiteral(ARACHNE_TEST_DATA "/sailor/Planner/simulations/profiles_tmp.json");
    const QStringList problem = {"--cluster", "a100-40:4x8,v100-16:4x24", "--model", "opt-350m", "--global-batch", "1024",
                                 "--seq-len", "2048", "--precision", "fp32", "--profiles", prof};
    Run r = cli(QStringList{"plan", "--planner", "greedy", "--evals", "50", "--json"} + problem);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object()["provenance"].toObject()["profile_set"].toString(),
             QStringLiteral("profiles_tmp.json"));
    r = cli(QStringList{"compare", "--planners", "greedy", "--evals", "50"} + problem);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    // Measured at 2048 in fp32: another sequence length or precision is refused, not priced with
    // the measured times as they are.
    for (const auto& [flag, value, field] : {std::tuple{"--seq-len", "4096", "sequence_length"}, std::tuple{"--precision", "bf16", "precision"}}) {
      QStringList other = problem;
      other[other.indexOf(flag) + 1] = value;
      r = cli(QStringList{"plan", "--planner", "greedy"} + other);
      QCOMPARE(r.code, 2);
      QVERIFY2(r.out.isEmpty() && r.err.contains(QStringLiteral("<profile set 'profiles_tmp.json'>: field '%1': measured ").arg(field)),
               qPrintable(r.err));
    }

    // evaluate reads a plan in Sailor's format whose stage 0 mixes A100 TP 1 and V100 TP 4 replicas
    // (real Sailor's plan for Fig. 8b, 128 GPUs) and prices it with Sailor's micro-batch count.
    QFile f(QStringLiteral(ARACHNE_TEST_DATA "/sailor-fig8b/fig8b_opt350_a100x32_v100x96/sailor.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject sailorPlan = QJsonDocument::fromJson(f.readAll()).object()["plan"].toObject();
    QTemporaryDir dir;
    const QString planFile = dir.filePath("plan_config_fig8b.json");
    QFile out(planFile);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(sailorPlan).toJson());
    out.close();
    r = cli({"evaluate", "--cluster", "a100-40:4x8,v100-16:4x24", "--model", "opt-350m", "--plan", planFile,
             "--profiles", prof, "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o["micro_batches_fixed"].toBool(), true);
    QCOMPARE(o["gpus_used"].toInt(), 126);
    QCOMPARE(o["training"].toObject()["global_batch"].toInt(), 1024);
    const QJsonArray ts = o["templates"].toArray();
    QCOMPARE(ts.size(), 2);
    QCOMPARE(ts[1].toObject()["replicas"].toInt(), 24);
    for (const auto& t : ts) QCOMPARE(t.toObject()["micro_batches"].toInt(), 19);  // ceil(1024 / (2 * 27))
    // Too few A100s for its 30 one-GPU groups: bad input, naming the file and what does not fit.
    r = cli({"evaluate", "--cluster", "a100-40:4x7,v100-16:4x24", "--model", "opt-350m", "--plan", planFile});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("plan_config_fig8b.json") && r.err.contains("finds no a100-40 node"), qPrintable(r.err));
  }

  void compareOffersTheBaselines() {
    const Run r = cli({"compare", "--cluster", kSmall, "--model", "llama3-8b", "--planners", "metis,sailor,amp",
                       "--budget-s", "1"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    // One row per planner, each with a plan (a throughput, not "-").
    for (const char* n : {"metis", "sailor", "amp"}) {
      const QRegularExpression row(QString("\\n%1 +[0-9]+\\.[0-9]+ ").arg(n));
      QVERIFY2(r.out.contains(row), qPrintable(QString(n) + "\n" + r.out));
    }
    QTemporaryDir dir;
    const QString file = dir.filePath("sailor.plan.json");
    const Run p = cli({"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "sailor", "--json", "--out", file});
    QVERIFY2(p.code == 0, qPrintable(p.err));
    const QJsonObject o = QJsonDocument::fromJson(p.out.toUtf8()).object();
    QCOMPARE(o["provenance"].toObject()["planner"].toString(), QStringLiteral("sailor"));
    QCOMPARE(o["micro_batches_fixed"].toBool(), true);
    // Its micro-batches are part of the plan: evaluate prices them as given, to the same number.
    const Run e = cli({"evaluate", "--cluster", kSmall, "--model", "llama3-8b", "--plan", file, "--json"});
    QVERIFY2(e.code == 0, qPrintable(e.err));
    const QJsonObject eo = QJsonDocument::fromJson(e.out.toUtf8()).object();
    QCOMPARE(eo["throughput"].toObject()["sequences_per_s"].toDouble(), o["throughput"].toObject()["sequences_per_s"].toDouble());
    QCOMPARE(eo["templates"], o["templates"]);
  }

  void badPlannerAndBudget() {
    Run r = cli({"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "magic"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("unknown planner 'magic'") && r.err.contains("greedy"), qPrintable(r.err));
    r = cli({"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "greedy", "--budget-s", "-1"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--budget-s"), qPrintable(r.err));
  }

  // No plan with --json is still JSON on stdout (it was the text table): no templates, not
  // feasible, every GPU with its reason; exit 3. The same for a planner that refuses.
  void planJsonWithoutAPlanIsJson() {
    for (const QStringList& args : {QStringList{"--cluster", "h100:1x1", "--model", "llama3-70b", "--planner", "greedy"},
                                    QStringList{"--cluster", "paper-3t-512", "--model", "llama3-8b", "--planner",
                                                "exhaustive", "--budget-s", "1"}}) {
      const Run r = cli(QStringList{"plan", "--json"} + args);
      QCOMPARE(r.code, 3);
      QJsonParseError error;
      const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
      QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(r.out.left(200)));
      QCOMPARE(o["feasible"].toBool(true), false);
      QVERIFY(o["templates"].toArray().isEmpty());
      QVERIFY(!o["unused_gpus"].toArray().isEmpty());
      for (const auto& u : o["unused_gpus"].toArray()) QVERIFY(!u.toObject()["reason"].toString().isEmpty());
    }
  }

  // The report names the cluster in node order, so the string it prints can be passed back: on a
  // cluster whose types interleave, the grouped form ("h100:4x1+8x1,a100-40:4x1") numbers the
  // nodes otherwise and evaluate refused the plan with it.
  void clusterLineKeepsTheNodeOrder() {
    QTemporaryDir dir;
    const QString file = dir.filePath("il.plan.json");
    const QString spec = QStringLiteral("h100:4x1,a100-40:4x1,h100:8x1");
    const Run r = cli({"plan", "--cluster", spec, "--model", "llama3-8b", "--planner", "greedy", "--out", file});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("Cluster:  " + spec + " (16 GPUs in 3 nodes)"), qPrintable(r.out.left(400)));
    const Run e = cli({"evaluate", "--cluster", spec, "--model", "llama3-8b", "--plan", file});
    QVERIFY2(e.code == 0, qPrintable(e.err));
    QVERIFY(e.out.contains("Cluster:  " + spec));
  }

  // A plan priced with terms off records them; evaluate says when it prices it otherwise and
  // reproduces it with the same --without (it printed another throughput without a word).
  void termsOffAreRecorded() {
    QTemporaryDir dir;
    const QString file = dir.filePath("w.plan.json");
    const QStringList problem{"--cluster", "a100-40:4x2,gh200:4x2", "--model", "llama3-8b"};
    const Run r = cli(QStringList{"plan", "--planner", "greedy", "--without", "overlap,nic-sharing", "--json", "--out", file} + problem);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o["provenance"].toObject()["cost_terms_off"].toArray(), QJsonArray({"nic-sharing", "overlap"}));
    const double planned = o["throughput"].toObject()["sequences_per_s"].toDouble();
    const Run all = cli(QStringList{"evaluate", "--plan", file, "--json"} + problem);
    QVERIFY2(all.code == 0, qPrintable(all.err));
    QVERIFY2(all.err.contains("warning: the plan was priced with cost-model terms off: nic-sharing, overlap, "
                              "evaluating it with every term on (--without nic-sharing,overlap reproduces it)"),
             qPrintable(all.err));
    QVERIFY(QJsonDocument::fromJson(all.out.toUtf8()).object()["throughput"].toObject()["sequences_per_s"].toDouble() != planned);
    const Run same = cli(QStringList{"evaluate", "--plan", file, "--without", "overlap,nic-sharing"} + problem);
    QVERIFY2(same.code == 0, qPrintable(same.err));
    QVERIFY2(!same.err.contains("warning"), qPrintable(same.err));
    QVERIFY(same.out.contains("cost terms off: nic-sharing, overlap"));
    const Run sameJson = cli(QStringList{"evaluate", "--plan", file, "--without", "overlap,nic-sharing", "--json"} + problem);
    QCOMPARE(QJsonDocument::fromJson(sameJson.out.toUtf8()).object()["throughput"].toObject()["sequences_per_s"].toDouble(), planned);
  }

  void exhaustiveRefusesABigCluster() {
    const Run r = cli({"plan", "--cluster", "paper-3t-512", "--model", "llama3-8b", "--planner",
                       "exhaustive", "--budget-s", "1"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains("refused"), qPrintable(r.err));
  }

  void compareTabulatesEveryPlanner() {
    const Run r = cli({"compare", "--cluster", kSmall, "--model", "llama3-8b", "--planners",
                       "greedy,random", "--evals", "300"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    for (const char* col : {"planner", "seq/s", "iter/s", "iteration s", "planning s", "evaluations", "GPUs used", "$/M tokens"})
      QVERIFY2(r.out.contains(col), col);
    QVERIFY(r.out.contains("\ngreedy "));
    QVERIFY(r.out.contains("\nrandom "));
  }

  // 'all' is every planner the registry offers, one row each (as the GUI's --compare all).
  void compareAllRunsEveryPlanner() {
    const Run r = cli({"compare", "--cluster", kSmall, "--model", "llama3-8b", "--planners", "all", "--evals", "60"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    for (const std::string& n : arachne::plannerNames())
      QVERIFY2(r.out.contains(QRegularExpression(QString("\\n%1 ").arg(QString::fromStdString(n)))),
               qPrintable(QString::fromStdString(n) + "\n" + r.out));
    const Run mixed = cli({"compare", "--cluster", kSmall, "--model", "llama3-8b", "--planners", "greedy,all"});
    QCOMPARE(mixed.code, 2);
    QVERIFY2(mixed.err.contains("'all' alone"), qPrintable(mixed.err));
  }

  // A planner without a plan says why in its row, as `plan` says it above its table.
  void compareSaysWhyAPlannerFoundNoPlan() {
    const Run r = cli({"compare", "--cluster", "l40s:4x3,a100-80:8x1+2x2,rtx-4090:1x5", "--model", "qwen3-30b-a3b",
                       "--planners", "amp", "--evals", "100"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.out.contains("no feasible plan: ") && r.out.contains("not divisible by the 29 GPUs"), qPrintable(r.out));
  }

  void profilesReplaceTheAnalyticSet() {
    // A profile set with H100 entries only: the A6000 node leaves the search space.
    const arachne::Model* model = arachne::ModelCatalog::builtin().find("llama3-8b");
    QVERIFY(model);
    arachne::ProfileSet only = arachne::makeAnalyticProfiles(arachne::GpuCatalog::builtin(), {"h100"},
                                                             *model, model->default_training);
    only.name = "h100-only";
    QTemporaryDir dir;
    const QString path = dir.filePath("h.profiles.json");
    arachne::saveProfileFile(only, path.toStdString());
    const Run r = cli({"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "greedy",
                       "--profiles", path, "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o["provenance"].toObject()["profile_set"].toString(), QStringLiteral("h100-only"));
    for (const auto& t : o["templates"].toArray())
      for (const auto& st : t.toObject()["stages"].toArray())
        QCOMPARE(st.toObject()["gpu_type"].toString(), QStringLiteral("h100"));
    bool a6000Explained = false;
    for (const auto& u : o["unused_gpus"].toArray())
      if (u.toObject()["gpu_type"].toString() == "a6000")
        a6000Explained = u.toObject()["reason"].toString().contains("no TP degree is profiled");
    QVERIFY(a6000Explained);
    // A set made for another model is refused.
    only.model_id = "llama3-70b";
    arachne::saveProfileFile(only, path.toStdString());
    const Run bad = cli({"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "greedy", "--profiles", path});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("llama3-70b"), qPrintable(bad.err));
  }

  void ctrlCKeepsTheBestPlanSoFar() {
    // Once the search runs, interrupt as a terminal would (interruptDuringWork waits for the
    // handlers: LibTorch loads before main(), slowly under the asan build).
    const Run r = interruptDuringWork({"plan", "--cluster", "paper-3t-128", "--model", "llama3-8b", "--planner",
                                       "random", "--budget-s", "600", "--json"},
                                      SIGINT);
    QVERIFY2(r.code == 0, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains("interrupted"), qPrintable(r.err));
    const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY(o["throughput"].toObject()["sequences_per_s"].toDouble() > 0);
  }
};

QTEST_GUILESS_MAIN(TstCliPlan)
#include "tst_cli_plan.moc"
