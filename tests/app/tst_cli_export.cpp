// arachne-cli export: formats, files, exit codes, the blocked Megatron-LM case, and the round
// trip plan -> rank map -> GPU assignment through the command line.
#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "cli_process.h"
#include "io/plan_json.h"
#include "launch/rank_map.h"
#include "launch/rank_map_json.h"

using namespace arachne;

namespace {
const QString kData = QStringLiteral(ARACHNE_TEST_DATA);
QString readFile(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}
}  // namespace

class TestCliExport : public QObject {
  Q_OBJECT

 private slots:
  void rankMapRoundTrip() {
    const QString plan = kData + "/plans/llama3-8b-2type.plan.json";
    const CliRun r = runCli({"export", "--plan", plan, "--format", "rankmap"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const RankMap map = rankMapFromJson(r.out.toStdString(), "stdout");
    const std::vector<Template> back = templatesFromRankMap(map);
    const Plan original = loadPlanFile(plan.toStdString());
    QCOMPARE(back.size(), original.templates.size());
    QCOMPARE(back[0].replicas, original.templates[0].replicas);
    QVERIFY(back[0].stages == original.templates[0].stages);  // GPU type, TP, layers, nodes
    QCOMPARE(map.worldSize(), 16);
  }

  void megatronFilesAndTheirShell() {
    QTemporaryDir dir;
    const CliRun r = runCli({"export", "--plan", kData + "/plans/llama3-8b-2type.plan.json", "--format", "megatron",
                             "--out", dir.path()});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    for (const char* f : {"launch.sh", "rankmap.json", "hostfile"}) QVERIFY2(r.out.contains(f), f);
    const QString script = dir.filePath("launch.sh");
    QVERIFY(QFileInfo(script).isExecutable());
    QVERIFY(readFile(script).contains("pretrain_gpt.py"));
    // What the command leaves at Megatron-LM's defaults is said where a user launching it reads.
    QVERIFY(readFile(script).contains("# (--rotary-base, default 10000; Llama 3 uses 500000)"));
    QVERIFY(readFile(dir.filePath("hostfile")).contains("node-2 slots=4\n"));
    // The shell reads it, and node rank 1 starts torchrun with its own rank and our extra arguments.
    QProcess sh;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    QDir(dir.path()).mkdir("bin");
    const QString fake = dir.filePath("bin/torchrun");
    QFile f(fake);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$ARGS_OUT\"\n");
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    env.insert("PATH", dir.filePath("bin") + ":" + env.value("PATH"));
    env.insert("ARGS_OUT", dir.filePath("args.txt"));
    env.insert("NODE_RANK", "1");
    env.insert("MASTER_ADDR", "host0");
    env.insert("MEGATRON_LM", "/opt/Megatron-LM");
    sh.setProcessEnvironment(env);
    sh.start("bash", {script, "--mock-data", "--tokenizer-type", "NullTokenizer"});
    QVERIFY(sh.waitForFinished(30000));
    QCOMPARE(sh.exitCode(), 0);
    const QStringList args = readFile(dir.filePath("args.txt")).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(args.at(args.indexOf("--node_rank") + 1), QString("1"));
    QCOMPARE(args.at(args.indexOf("--master_addr") + 1), QString("host0"));
    QVERIFY(args.contains("/opt/Megatron-LM/pretrain_gpt.py"));
    QCOMPARE(args.last(), QString("NullTokenizer"));
    // Without NODE_RANK the script stops with a message instead of starting anything.
    env.remove("NODE_RANK");
    sh.setProcessEnvironment(env);
    sh.start("bash", {script});
    QVERIFY(sh.waitForFinished(30000));
    QVERIFY(sh.exitCode() != 0);
    QVERIFY(QString::fromUtf8(sh.readAllStandardError()).contains("NODE_RANK"));
  }

  void torchrunForAnyScript() {
    const CliRun r = runCli({"export", "--plan", kData + "/plans/llama3-8b-2type.plan.json", "--format", "torchrun"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith("#!/bin/bash"));
    QVERIFY(r.out.contains("ARACHNE_RANK_MAP"));
    QCOMPARE(r.out.count(") exec torchrun "), 4);
  }

  void megatronRefusesWhatItCannotRunAndGivesTheRankMap() {
    // Mixtral with EP 8 x ETP 1 on stage 0 and EP 4 x ETP 2 on stage 1.
    QTemporaryDir dir;
    const QString plan = kData + "/plans/mixtral-ep.plan.json";
    CliRun r = runCli({"export", "--plan", plan, "--format", "megatron"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains("Megatron-LM cannot run this plan unmodified") && r.err.contains("expert-tiling: stage 1"), qPrintable(r.err));
    QVERIFY(!r.out.contains("torchrun"));
    QCOMPARE(rankMapFromJson(r.out.toStdString(), "stdout").worldSize(), 16);
    r = runCli({"export", "--plan", plan, "--format", "megatron", "--out", dir.path()});
    QCOMPARE(r.code, 3);
    QVERIFY(!QFileInfo::exists(dir.filePath("launch.sh")));
    QVERIFY(QFileInfo::exists(dir.filePath("rankmap.json")));
  }

  // A plan evaluated on an interleaved cluster records it in node order, so export finds the
  // nodes the plan names (the grouped form renumbered them: node 2 became an h100, exit 3).
  void interleavedClusterRoundTrip() {
    QTemporaryDir dir;
    CliRun r = runCli({"evaluate", "--cluster", "h100:4x2,a100-40:4x2,h100:4x1", "--model", "llama3-8b", "--plan",
                       kData + "/plans/llama3-8b-2type.plan.json", "--json"});
    QCOMPARE(r.code, 0);
    const QString plan = dir.filePath("rt.plan.json");
    QFile f(plan);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(r.out.toUtf8());
    f.close();
    QVERIFY2(r.out.contains("\"cluster\": \"h100:4x2,a100-40:4x2,h100:4x1\""), qPrintable(r.out.left(2000)));
    r = runCli({"export", "--plan", plan, "--format", "rankmap"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    // The stages sit on the nodes the plan names, of their own types: node 2 is still an A100-40.
    const std::vector<Template> back = templatesFromRankMap(rankMapFromJson(r.out.toStdString(), "stdout"));
    const Plan original = loadPlanFile((kData + "/plans/llama3-8b-2type.plan.json").toStdString());
    QCOMPARE(back.size(), original.templates.size());
    QVERIFY(back[0].stages == original.templates[0].stages);
    QCOMPARE(QString::fromStdString(back[0].stages[0].gpu_type), QStringLiteral("a100-40"));
  }

  // A recorded model that cannot be loaded here (a model file's id) is reported as the plan's,
  // with the option that fixes it.
  void unloadableRecordedModelNamesThePlan() {
    QTemporaryDir dir;
    QJsonObject doc = QJsonDocument::fromJson(readFile(kData + "/plans/llama3-8b-2type.plan.json").toUtf8()).object();
    QJsonObject prov = doc["provenance"].toObject();
    prov["model"] = "my-own-model";
    doc["provenance"] = prov;
    const QString plan = dir.filePath("own.plan.json");
    QFile f(plan);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(doc).toJson());
    f.close();
    const CliRun r = runCli({"export", "--plan", plan, "--format", "rankmap", "--out", dir.filePath("out")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("own.plan.json") && r.err.contains("provenance.model") && r.err.contains("--model"),
             qPrintable(r.err));
  }

  // A plan made on a cluster file with node ids of its own records the cluster inline, which
  // numbers the nodes 0 and 1: priced on it, the plan was called infeasible (exit 3, "placed on
  // node 7, which is not in the composition"). It is now bad input naming the field and the way
  // out, and with the cluster file it exports.
  void ownNodeIdsAskForTheClusterFile() {
    const QString plan = kData + "/plans/own-node-ids.plan.json";
    CliRun r = runCli({"export", "--plan", plan, "--format", "rankmap"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains("own-node-ids.plan.json: field 'provenance.cluster': records the cluster 'h100:8x2', which has "
                            "no node 7 where the plan's stages sit") &&
                 r.err.contains("name that file with --cluster"),
             qPrintable(r.err));
    r = runCli({"export", "--plan", plan, "--format", "rankmap", "--cluster", kData + "/plans/own-node-ids.cluster.json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("\"node_id\": 7"));
  }

  // evaluate refuses a plan file whose unused_gpus name GPUs the cluster does not have free;
  // export took the same file (exit 0, the scripts written).
  void unusedGpusAreCheckedAsEvaluateChecksThem() {
    QTemporaryDir dir;
    QString text = readFile(kData + "/plans/llama3-8b-2type.plan.json");
    QVERIFY(text.contains("\"unused_gpus\": []"));
    text.replace("\"unused_gpus\": []", R"("unused_gpus": [{"gpu_type": "h100", "node_id": 99, "count": 1000}])");
    const QString p = dir.filePath("u.plan.json");
    QFile f(p);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.toUtf8());
    f.close();
    const CliRun r = runCli({"export", "--plan", p, "--format", "torchrun", "--out", dir.filePath("out")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("u.plan.json: field 'unused_gpus[0].node_id': node 99 is not in the cluster"), qPrintable(r.err));
    QVERIFY(!QDir(dir.filePath("out")).exists());
  }

  void infeasibleAndBadInput() {
    QTemporaryDir dir;
    CliRun r = runCli({"export", "--plan", kData + "/plans/llama3-8b-oom.plan.json", "--format", "rankmap", "--out", dir.path()});
    QCOMPARE(r.code, 3);
    QVERIFY(r.err.contains("infeasible") && r.err.contains("out_of_memory") == false && r.err.contains("out-of-memory"));
    QVERIFY(QDir(dir.path()).isEmpty());
    // Without --out stdout is the exported text itself, so the verdict stays off it.
    r = runCli({"export", "--plan", kData + "/plans/llama3-8b-oom.plan.json", "--format", "rankmap"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
    QVERIFY2(r.err.contains("the plan is infeasible") && r.err.contains("nothing was exported"), qPrintable(r.err));
    r = runCli({"export", "--plan", kData + "/plans/llama3-8b-2type.plan.json", "--format", "deepspeed"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("megatron, torchrun or rankmap"));
    r = runCli({"export", "--plan", kData + "/plans/missing.plan.json", "--format", "rankmap"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("missing.plan.json"));
    QVERIFY(r.out.isEmpty());
  }
};

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"
