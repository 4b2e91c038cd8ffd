// arachne-cli scenario end to end: paper-growth with a planner (table, JSON, CSV), the
// policies, a scenario file, and bad input with exit code 2 naming file, field and problem.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "cli_process.h"

class TestCliScenario : public QObject {
  Q_OBJECT

 private slots:
  void paperGrowthEndToEnd() {
    QTemporaryDir dir;
    const QString csv = dir.filePath("growth.csv");
    const CliRun r = runCli({"scenario", "--scenario", "paper-growth", "--planners", "greedy,random", "--evals", "200",
                             "--planner-time-s", "2.16", "--json", "--csv", csv});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(root["scenario"].toString(), QStringLiteral("paper-growth"));
    QCOMPARE(root["policy"].toString(), QStringLiteral("replan"));
    QCOMPARE(root["horizon_s"].toDouble(), 1500.0);
    const QJsonArray planners = root["planners"].toArray();
    QCOMPARE(planners.size(), 2);
    for (const auto& pv : planners) {
      const QJsonObject p = pv.toObject();
      const QJsonArray steps = p["steps"].toArray();
      QCOMPARE(steps.size(), 5);
      const int gpus[] = {3, 7, 11, 15, 19};
      double trained = 0;
      for (int i = 0; i < 5; ++i) {
        const QJsonObject s = steps[i].toObject();
        QCOMPARE(s["gpus"].toInt(), gpus[i]);
        QVERIFY(s["found"].toBool());
        QCOMPARE(s["kind"].toString(), i == 0 ? QStringLiteral("start") : QStringLiteral("join"));
        if (i == 0) continue;
        QCOMPARE(s["decision"].toString(), QStringLiteral("replan"));
        const QJsonObject stall = s["stall"].toObject();
        QCOMPARE(stall["planner_s"].toDouble(), 2.16);
        const double sum = stall["planner_s"].toDouble() + stall["release_s"].toDouble() + stall["process_group_s"].toDouble() +
                           stall["transfer_s"].toDouble() + stall["engine_build_s"].toDouble() + stall["unattributed_s"].toDouble();
        QVERIFY(std::abs(sum - stall["total_s"].toDouble()) < 1e-9);
        QVERIFY(s["transfer"].toObject()["bytes_needed"].toDouble() > 0);
      }
      for (const auto& pc : p["pieces"].toArray()) {
        const QJsonObject piece = pc.toObject();
        trained += piece["sequences_per_s"].toDouble() * (piece["end_s"].toDouble() - piece["start_s"].toDouble());
      }
      QVERIFY(std::abs(trained - p["total_sequences"].toDouble()) < 1e-6 * trained);
      QVERIFY(std::abs(p["time_weighted_sequences_per_s"].toDouble() - trained / 1500) < 1e-9);
    }
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.first(), QStringLiteral("planner,policy,time_s,sequences_per_s,phase,step"));
    QVERIFY(lines.size() > 10);
    QVERIFY(lines.filter(QStringLiteral(",stall,")).size() >= 8);  // four stalls per planner, two rows each
    QVERIFY(lines.last().startsWith(QStringLiteral("random,replan,1500,")));
  }

  void textTableAndKeepIfBetter() {
    const CliRun r = runCli({"scenario", "--scenario", "paper-growth", "--planners", "greedy", "--policy", "keep-if-better",
                             "--planner-time-s", "1"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("Scenario paper-growth")));
    QVERIFY(r.out.contains(QStringLiteral("policy keep-if-better")));
    QVERIFY(r.out.contains(QStringLiteral("+ a5000:4 (a5000-node)")));
    QVERIFY(r.out.contains(QStringLiteral("Totals over 1500 s")));
    QVERIFY(r.out.contains(QStringLiteral("kept")) || r.out.contains(QStringLiteral("changed")));
  }

  void scenarioFileWithALeave() {
    QTemporaryDir dir;
    const QString path = dir.filePath("mine.scenario.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "cluster": "a6000:4x2", "model": "gpt-neo-2.7b", "horizon_s": 600,
               "events": [{"at_s": 200, "kind": "fail", "nodes": [1]}]})");
    f.close();
    const CliRun r = runCli({"scenario", "--scenario", path, "--planners", "greedy", "--json", "--policy", "keep-if-better"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(root["scenario"].toString(), QStringLiteral("mine"));
    QCOMPARE(root["model"].toString(), QStringLiteral("gpt-neo-2.7b"));
    const QJsonArray steps = root["planners"].toArray()[0].toObject()["steps"].toArray();
    QCOMPARE(steps.size(), 2);
    QCOMPARE(steps[1].toObject()["kind"].toString(), QStringLiteral("fail"));
    QCOMPARE(steps[1].toObject()["gpus"].toInt(), 4);
  }

  // The file's model path is relative to the file, like its cluster path: the test runs in the
  // build folder, the scenario and its model file sit in a folder of their own.
  void modelFileBesideTheScenario() {
    QTemporaryDir dir;
    QVERIFY(QFile::copy(ARACHNE_TEST_DATA "/fuzz/model/llama3-8b.model.json", dir.filePath("mine.model.json")));
    const QString path = dir.filePath("beside.scenario.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "cluster": "a6000:4x2", "model": "mine.model.json", "horizon_s": 600,
               "events": [{"at_s": 200, "kind": "fail", "nodes": [1]}]})");
    f.close();
    QVERIFY(!QFile::exists("mine.model.json"));
    const CliRun r = runCli({"scenario", "--scenario", path, "--planners", "greedy", "--evals", "50", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject root = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(root["model"].toString(), QStringLiteral("llama3-8b"));
  }

  void badInput() {
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.scenario.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "cluster": "a6000:4x2", "model": "llama3-8b",
               "events": [{"at_s": 100, "kind": "leave", "nodes": [5]}]})");
    f.close();
    CliRun r = runCli({"scenario", "--scenario", path, "--planners", "greedy"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(path) && r.err.contains(QStringLiteral("events[0].nodes[0]")) && r.err.contains(QStringLiteral("never joined")),
             qPrintable(r.err));
    r = runCli({"scenario", "--scenario", "no-such-scenario"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("paper-growth")));
    r = runCli({"scenario", "--scenario", "paper-growth", "--policy", "sometimes"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("keep-if-better")));
    r = runCli({"scenario", "--scenario", "paper-growth", "--planners", "nobody"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("unknown planner 'nobody'")));
    r = runCli({"scenario", "--scenario", "paper-growth", "--planner-time-s", "-3"});
    QCOMPARE(r.code, 2);
    // The runtime options are parsed as plan parses them (they used to be accepted and ignored),
    // and the pricing options a scenario cannot apply are refused, not ignored.
    r = runCli({"scenario", "--scenario", "paper-growth", "--planners", "greedy", "--runtime", "bogus"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("'--runtime'")), qPrintable(r.err));
    r = runCli({"scenario", "--scenario", "paper-growth", "--planners", "greedy", "--tf32", "maybe"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("'--tf32'")), qPrintable(r.err));
    r = runCli({"scenario", "--scenario", "paper-growth", "--planners", "greedy", "--precision", "fp9"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("bf16, fp16, fp32 or fp8")), qPrintable(r.err));
    for (const char* unusable : {"--without", "--network", "--profiles", "--llm-info"}) {
      r = runCli({"scenario", "--scenario", "paper-growth", "--planners", "greedy", unusable, "x"});
      QCOMPARE(r.code, 2);
      QVERIFY2(r.err.contains(QStringLiteral("unknown option")), qPrintable(r.err));
    }
    r = runCli({"scenario", "--help"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("spot-a100")) && r.out.contains(QStringLiteral("h100-purchase")));
  }
};

QTEST_GUILESS_MAIN(TestCliScenario)
#include "tst_cli_scenario.moc"
