// arachne-cli against the hostile-but-fair inputs of issue 15: no crash, no "internal error", no
// clobbered path, no work lost to a bad output, no silent acceptance, clean signals.
#include <QtTest>

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_process.h"

namespace {

using Run = CliRun;

Run cli(const QStringList& args, const std::vector<std::pair<QString, QString>>& env = {}) {
  return runCli(args, env, 180000);
}

QString data(const QString& rel) { return QStringLiteral(ARACHNE_TEST_DATA "/") + rel; }

const QString kCluster = QStringLiteral("h100:4x2,a100-40:4x2");

QStringList evaluate(const QString& planFile, const QStringList& extra = {}) {
  return QStringList{"evaluate", "--cluster", kCluster, "--model", "llama3-8b", "--plan", planFile} + extra;
}

QStringList quickPlan(const QStringList& extra = {}) {
  return QStringList{"plan", "--cluster", "h100:4x1", "--model", "gpt-tiny", "--planner", "greedy", "--evals", "50"} + extra;
}

void write(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(bytes);
}

QByteArray readFile(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll();
}

// Exit 2 with one line on stderr holding `needle`: a clean refusal, not a crash (-2) or exit 1.
void expectRefused(const Run& r, const QString& needle) {
  QVERIFY2(r.code == 2, qPrintable(QString("exit %1, stderr: %2").arg(r.code).arg(r.err.left(2000))));
  QVERIFY2(r.err.contains(needle), qPrintable(r.err.left(2000)));
  QVERIFY2(r.err.size() < 3000, qPrintable(r.err.left(500)));
  QVERIFY2(!r.err.contains("internal error"), qPrintable(r.err));
}

QByteArray deep(int levels) { return QByteArray(levels, '['); }

QByteArray deepClosed(int levels) { return QByteArray(levels, '[') + QByteArray(levels, ']'); }

}  // namespace

class TstCliRobustness : public QObject {
  Q_OBJECT
 private slots:
  // ---- crashes ---------------------------------------------------------------------------
  void deepNestingIsACleanError() {
    QTemporaryDir dir;
    const QString p = dir.filePath("deep.plan.json");
    // Closed, so the old parser accepted it; a message then dumped the value recursively: SIGSEGV.
    write(p, "{\"schema_version\":" + deep(100000) + QByteArray(100000, ']') + "}");
    expectRefused(cli(evaluate(p)), "nested deeper than 64 levels");
    const QString runs = dir.filePath("runs");
    QVERIFY(QDir().mkpath(runs + "/OPT-350"));
    write(runs + "/OPT-350/plan_config_deep.json",
          "{\"pipeline_list\":[{\"num_stages\":1,\"layers_per_stage\":[[0]],\"tmp_per_stage\":[" + deepClosed(100000) +
              "],\"dp\":[1]}],\"mbs\":1,\"gbs\":1,\"real\":1,\"max_mem\":1}");
    expectRefused(cli({"validate", runs}), "nested deeper than 64 levels");
  }

  void deepOrHugeWeightsFallBackToGreedy() {
    QTemporaryDir dir;
    const QString deepWeights = dir.filePath("deep.policy");
    write(deepWeights, "ARACHNE-POLICY\n{\"format_version\":1,\"metadata\":" + deepClosed(100000) + "}\n");
    // A tiny valid file whose header then asks for hidden 65536 (a 16 GiB layer).
    QByteArray huge = readFile(data("fuzz/policy_weights/tiny.policy"));
    QVERIFY(!huge.isEmpty());
    const int at = huge.indexOf("\"hidden\":");
    QVERIFY(at > 0);
    const int end = huge.indexOf(',', at);
    huge.replace(at, end - at, "\"hidden\":65536");
    const QString hugeWeights = dir.filePath("huge.policy");
    write(hugeWeights, huge);
    for (const QString& w : {deepWeights, hugeWeights}) {
      const Run r = cli({"plan", "--cluster", "h100:4x1", "--model", "gpt-tiny", "--planner", "arachne", "--evals", "50"},
                        {{"ARACHNE_POLICY_WEIGHTS", w}});
      QVERIFY2(r.code == 0, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
      QVERIFY2(r.err.contains("warning: the arachne policy cannot be used") && r.err.contains("planned with greedy"),
               qPrintable(r.err));
      const Run t = cli({"train", "--out", dir.filePath("t.policy"), "--resume", w, "--cluster", "h100:4x1",
                         "--models", "gpt-tiny", "--random", "0", "--random-small", "0", "--random-wide", "0", "--updates", "1"});
      expectRefused(t, w);
      QVERIFY(!QFile::exists(dir.filePath("t.policy")));
    }
  }

  void sailorRunWhoseDpTimesMbsOverflows() {
    // Was SIGFPE in validate.
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath("OPT-350")));
    QFile::copy(data("fuzz/sailor_run/regression-dp-mbs-overflow.json"), dir.filePath("OPT-350/plan_config_N1_D1.json"));
    expectRefused(cli({"validate", dir.path()}), "lists 1 TP groups but DP is 65536");
  }

  // ---- "internal error" exits --------------------------------------------------------------
  void numbersBeyondADoubleInEveryLoader() {
    QTemporaryDir dir;
    const QString p = dir.filePath("x.plan.json");
    write(p, R"({"schema_version":1,"templates":[{"replicas":1e400}]})");
    expectRefused(cli(evaluate(p)), "field 'templates[0].replicas': number 1e400");
    const QString c = dir.filePath("x.cluster.json");
    write(c, R"({"schema_version":1,"nodes":[{"gpu_type":"h100","gpus":1e400}]})");
    expectRefused(cli({"evaluate", "--cluster", c, "--model", "llama3-8b", "--plan", data("plans/llama3-8b-2type.plan.json")}),
                  "field 'nodes[0].gpus': number 1e400");
    const QString m = dir.filePath("x.model.json");
    write(m, R"({"id":"m","shape":{"hidden":1e400}})");
    expectRefused(cli({"evaluate", "--cluster", kCluster, "--model", m, "--plan", data("plans/llama3-8b-2type.plan.json")}),
                  "field 'shape.hidden': number 1e400");
    const QString pr = dir.filePath("x.profiles.json");
    write(pr, R"({"schema_version":1,"model":"llama3-8b","entries":[{"compute_s":-1e400}]})");
    expectRefused(cli(evaluate(data("plans/llama3-8b-2type.plan.json"), {"--profiles", pr})),
                  "field 'entries[0].compute_s': number -1e400");
    // Entries nothing can match were dropped in silence and the analytic figures priced instead.
    const QByteArray good = R"("tp":4,"micro_batch":1,"compute_s":0.5,"param_count":1000,"activation_bytes":1000,"output_bytes":1000)";
    write(pr, R"({"schema_version":1,"model":"llama3-8b","entries":[{"gpu_type":"h100x","layer_type":"dense",)" + good + "}]}");
    expectRefused(cli(evaluate(data("plans/llama3-8b-2type.plan.json"), {"--profiles", pr})), "GPU type 'h100x'");
    write(pr, R"({"schema_version":1,"model":"llama3-8b","entries":[{"gpu_type":"h100","layer_type":"DENSE",)" + good + "}]}");
    expectRefused(cli(evaluate(data("plans/llama3-8b-2type.plan.json"), {"--profiles", pr})), "layer type 'DENSE'");
    QVERIFY(QDir().mkpath(dir.filePath("runs/OPT-350")));
    write(dir.filePath("runs/OPT-350/plan_config_x.json"), R"({"mbs": 1e999})");
    expectRefused(cli({"validate", dir.filePath("runs")}), "field 'mbs': number 1e999");
  }

  // ---- output paths ------------------------------------------------------------------------
  void outputsNeverReplaceDevicesAndKeepPermissions() {
    expectRefused(cli(quickPlan({"--out", "/dev/null"})), "/dev/null: cannot save: it is a character device; refusing to replace it");
    struct stat st {};
    QVERIFY(::stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
    QTemporaryDir dir;
    const QString secret = dir.filePath("secret.plan.json");
    write(secret, "old");
    QFile::setPermissions(secret, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    const Run r = cli(quickPlan({"--out", secret}));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(::stat(secret.toLocal8Bit().constData(), &st) == 0);
    QCOMPARE(st.st_mode & 07777, 0600u);
    QVERIFY(readFile(secret).contains("\"schema_version\": 1"));
    // A symbolic link is followed: the file it names is written, the link stays.
    const QString target = dir.filePath("target.plan.json");
    write(target, "old");
    QVERIFY(QFile::link(target, dir.filePath("link.plan.json")));
    QCOMPARE(cli(quickPlan({"--out", dir.filePath("link.plan.json")})).code, 0);
    QVERIFY(QFileInfo(dir.filePath("link.plan.json")).isSymLink());
    QVERIFY(readFile(target).contains("\"templates\""));
    // A 250-character name (the temporary name used to be too long).
    const QString longName = dir.filePath(QString(245, 'p') + ".json");
    QCOMPARE(cli(quickPlan({"--out", longName})).code, 0);
    QVERIFY(readFile(longName).contains("\"templates\""));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 4);  // no temporary file left
  }

  void trainDoesNotClobberTheTmpNeighbour() {
    QTemporaryDir dir;
    const QString out = dir.filePath("w.policy");
    write(out + ".tmp", "someone's file");
    const Run r = cli({"train", "--out", out, "--cluster", "h100:4x1", "--models", "gpt-tiny", "--random", "0",
                       "--random-small", "0", "--random-wide", "0", "--updates", "1", "--demonstrations", "none", "--final-cloning-epochs", "0"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QCOMPARE(readFile(out + ".tmp"), QByteArray("someone's file"));
    QVERIFY(readFile(out).startsWith("ARACHNE-POLICY\n"));
  }

  void badOutputPathsAreFoundBeforeTheWork() {
    QElapsedTimer t;
    t.start();
    const Run p = cli({"plan", "--cluster", "paper-3t-128", "--model", "llama3-8b", "--planner", "random",
                       "--budget-s", "600", "--out", "/nonexistent/x.plan.json"});
    expectRefused(p, "/nonexistent/x.plan.json: cannot save: the directory '/nonexistent' does not exist");
    const Run tr = cli({"train", "--out", "/nonexistent/w.policy", "--minutes", "600"});
    expectRefused(tr, "the directory '/nonexistent' does not exist");
    QVERIFY(tr.out.isEmpty());
    QVERIFY2(t.elapsed() < 120000, "the 600 s budgets must not have run");
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath("presets.csv")));  // a directory where a CSV would go
    expectRefused(cli({"bench", "--quick", "--section", "time", "--csv-dir", dir.path()}), "is a directory; refusing");
  }

  void aFailedWriteToStdoutIsAnError() {
    QProcess sh;
    sh.start("/bin/sh", {"-c", QStringLiteral("exec '%1' gpus > /dev/full").arg(ARACHNE_CLI)});
    const Run r = finishCli(sh);
    expectRefused(r, "arachne-cli gpus: cannot write to stdout: No space left on device");
    // A plan is kept in a file when stdout fails: the search is not lost.
    QTemporaryDir tmp;
    QProcess sh2;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("TMPDIR", tmp.path());
    sh2.setProcessEnvironment(env);
    sh2.start("/bin/sh", {"-c", QStringLiteral("exec '%1' plan --cluster h100:4x1 --model gpt-tiny --planner greedy "
                                               "--evals 50 --json > /dev/full").arg(ARACHNE_CLI)});
    const Run p = finishCli(sh2);
    expectRefused(p, "cannot write to stdout");
    QVERIFY2(p.err.contains("is saved in " + tmp.path() + "/arachne-cli-plan-"), qPrintable(p.err));
    const QStringList kept = QDir(tmp.path()).entryList({"arachne-cli-plan-*.txt"});
    QCOMPARE(kept.size(), 1);
    QVERIFY(readFile(tmp.filePath(kept[0])).contains("\"templates\""));
    // A closed stdout is found before any work.
    QProcess sh3;
    sh3.start("/bin/sh", {"-c", QStringLiteral("exec '%1' gpus >&-").arg(ARACHNE_CLI)});
    expectRefused(finishCli(sh3), "stdout is closed");
  }

  // ---- unbounded reads ---------------------------------------------------------------------
  void devicesDirectoriesAndFifosAsInputs() {
    QElapsedTimer t;
    t.start();
    expectRefused(cli(evaluate("/dev/zero")), "/dev/zero: is a character device, not a plan file");
    expectRefused(cli({"evaluate", "--cluster", kCluster, "--model", "/dev/zero", "--plan", data("plans/llama3-8b-2type.plan.json")}),
                  "is a character device, not a model file");
    expectRefused(cli(evaluate(data("plans/llama3-8b-2type.plan.json"), {"--profiles", "/dev/zero"})),
                  "is a character device, not a profile set file");
    expectRefused(cli({"validate", data("sailor/Planner/simulations/validation"), "--profiles", "/dev/zero"}),
                  "is a character device");
    QTemporaryDir dir;
    expectRefused(cli(evaluate(data("plans/llama3-8b-2type.plan.json"), {"--profiles", dir.path()})), "is a directory");
    const QString fifo = dir.filePath("pipe.plan.json");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    expectRefused(cli(evaluate(fifo)), "is a FIFO (named pipe), not a plan file");
    QVERIFY2(t.elapsed() < 120000, "no read may hang or run for gigabytes");
  }

  // ---- silent acceptance -------------------------------------------------------------------
  void bytesAfterANulAreNotIgnored() {
    QTemporaryDir dir;
    QByteArray text = readFile(data("plans/llama3-8b-2type.plan.json"));
    text.append('\0');
    text.append("garbage");
    const QString p = dir.filePath("nul.plan.json");
    write(p, text);
    expectRefused(cli(evaluate(p)), "a NUL byte");
  }

  void measuredProfilesUnderAnAliasAreUsed() {
    // A measured set keyed "H100-SXM": it must change the numbers exactly as one keyed "h100".
    QTemporaryDir dir;
    auto setWith = [&](const QString& type) {
      const QString path = dir.filePath(type + ".profiles.json");
      QByteArray entries;
      for (const char* lt : {"embedding", "dense", "head"}) {
        if (!entries.isEmpty()) entries += ",";
        entries += QStringLiteral(R"({"gpu_type":"%1","tp":4,"micro_batch":1,"layer_type":"%2","compute_s":0.5,)"
                                  R"("param_count":1000,"activation_bytes":1000,"output_bytes":1000})")
                       .arg(type, lt).toUtf8();
      }
      write(path, R"({"schema_version":1,"name":"lab","model":"llama3-8b","entries":[)" + entries + "]}");
      return path;
    };
    const Run canonical = cli(evaluate(data("plans/llama3-8b-2type.plan.json"), {"--profiles", setWith("h100"), "--json"}));
    const Run alias = cli(evaluate(data("plans/llama3-8b-2type.plan.json"), {"--profiles", setWith("H100-SXM"), "--json"}));
    const Run analytic = cli(evaluate(data("plans/llama3-8b-2type.plan.json"), {"--json"}));
    QVERIFY2(canonical.code == 0, qPrintable(canonical.err));  // the measured H100 stage still fits
    QCOMPARE(alias.code, canonical.code);
    auto time = [](const Run& r) { return QJsonDocument::fromJson(r.out.toUtf8()).object()["iteration_time_s"].toDouble(); };
    QCOMPARE(time(alias), time(canonical));
    QVERIFY(time(canonical) != time(analytic));
  }

  // Two networks for one cluster (SPEC@NET and --network): --network wins, and says so, in plan,
  // compare and evaluate; the same network twice is no warning.
  void aSecondNetworkIsAWarning() {
    const QString lab = data("fuzz/network/lab.network.json");
    const QString spec = QStringLiteral("a100-40:4x2,v100-16:4x2@sailor-us-central1-a");
    const QStringList plan{"plan", "--cluster", spec, "--model", "gpt-tiny", "--planner", "greedy", "--evals", "50"};
    const Run twice = cli(plan + QStringList{"--network", lab});
    QCOMPARE(twice.code, 0);
    QVERIFY2(twice.err.contains("arachne-cli plan: warning: --network 'lab' replaces the network 'sailor-us-central1-a' the cluster names"),
             qPrintable(twice.err));
    const Run same = cli(plan + QStringList{"--network", "sailor-us-central1-a"});
    QCOMPARE(same.code, 0);
    QVERIFY2(!same.err.contains("warning"), qPrintable(same.err));
    const Run compare = cli({"compare", "--cluster", spec, "--model", "gpt-tiny", "--planners", "greedy", "--evals", "50", "--network", lab});
    QVERIFY2(compare.err.contains("arachne-cli compare: warning: --network 'lab' replaces"), qPrintable(compare.err));
  }

  void unusedGpusMustExistOnTheCluster() {
    QTemporaryDir dir;
    QByteArray text = readFile(data("plans/llama3-8b-2type.plan.json"));
    text.replace("\"unused_gpus\": []", R"("unused_gpus": [{"gpu_type": "h100", "node_id": 99, "count": 1000}])");
    const QString p = dir.filePath("u.plan.json");
    write(p, text);
    expectRefused(cli(evaluate(p)), "field 'unused_gpus[0].node_id': node 99 is not in the cluster (16 GPUs in 4 nodes");
  }

  // ---- messages ----------------------------------------------------------------------------
  void messagesSayWhatIsWrong() {
    QTemporaryDir dir;
    const QString nan = dir.filePath("nan.plan.json");
    write(nan, R"({"schema_version":1,"templates":[{"replicas":NaN}]})");
    expectRefused(cli(evaluate(nan)), "JSON has no NaN or Infinity");
    // A 20 MB GPU type is not echoed whole.
    const QString c = dir.filePath("big.cluster.json");
    write(c, "{\"schema_version\":1,\"nodes\":[{\"gpu_type\":\"" + QByteArray(20000000, 'g') + "\",\"gpus\":4}]}");
    expectRefused(cli({"evaluate", "--cluster", c, "--model", "llama3-8b", "--plan", data("plans/llama3-8b-2type.plan.json")}),
                  "unknown GPU type 'ggg");
    // "H100" in a plan names the catalog's h100, as cluster specs do.
    QByteArray upper = readFile(data("plans/llama3-8b-2type.plan.json"));
    upper.replace("\"gpu_type\": \"h100\"", "\"gpu_type\": \"H100\"");
    const QString u = dir.filePath("upper.plan.json");
    write(u, upper);
    const Run r = cli(evaluate(u));
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out.left(500)));
    QVERIFY(r.out.contains("Verdict: feasible"));
  }

  // A control byte the user typed (or a file held) is echoed escaped, never raw: an escape
  // sequence would act on the terminal. UTF-8 passes unchanged.
  void controlBytesInMessagesAreEscaped() {
    const Run r = cli({"plan", "--cluster", "h100:4x2", "--model", QString::fromUtf8("\x1b[31mred\r×"), "--planner", "greedy"});
    QCOMPARE(r.code, 2);
    QVERIFY2(!r.err.contains(QChar(0x1b)) && !r.err.contains(QChar('\r')), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("\\x1b[31mred\\x0d×")), qPrintable(r.err));
    QVERIFY(r.err.endsWith('\n'));
  }

  // A report echoes the plan's planner and the cluster's name: an escape sequence there reached
  // the terminal raw through stdout. JSON keeps the string exactly (its escapes are \u00NN).
  void controlBytesInReportsAreEscaped() {
    QTemporaryDir dir;
    QByteArray text = readFile(data("plans/llama3-8b-2type.plan.json"));
    text.replace("\"planner\": \"hand\"", "\"planner\": \"\\u001b[31mhand\\r\\u007f×\"");
    const QString p = dir.filePath("esc.plan.json");
    write(p, text);
    const Run r = cli(evaluate(p));
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(!r.out.contains(QChar(0x1b)) && !r.out.contains(QChar('\r')), qPrintable(r.out.left(800)));
    QVERIFY2(r.out.contains(QStringLiteral("Planner:  \\x1b[31mhand\\x0d")), qPrintable(r.out.left(800)));
    const Run j = cli(evaluate(p, {"--json"}));
    QCOMPARE(j.code, 0);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(j.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(doc.object()["provenance"].toObject()["planner"].toString(), QString::fromUtf8("\x1b[31mhand\r\x7f×"));
  }

  void tpThatDoesNotTileTheNodeIsANodeFitProblem() {
    QTemporaryDir dir;
    QByteArray text = readFile(data("plans/llama3-8b-2type.plan.json"));
    const int at = text.indexOf("\"tp\": 4");
    QVERIFY(at > 0);
    text.replace(at, 7, "\"tp\": 3");
    const QString p = dir.filePath("tp3.plan.json");
    write(p, text);
    const Run r = cli(evaluate(p));
    QCOMPARE(r.code, 3);
    QVERIFY2(r.out.contains("[tp-exceeds-node]") && r.out.contains("TP 3 does not divide node"), qPrintable(r.out));
    QVERIFY2(r.out.contains("of 4 GPUs (TP degrees that tile it: 1, 2, 4)"), qPrintable(r.out));
  }

  // ---- signals -----------------------------------------------------------------------------
  void sigtermDuringPlanningKeepsTheBestPlan() {
    QTemporaryDir dir;
    const QString out = dir.filePath("best.plan.json");
    const Run r = interruptDuringWork({"plan", "--cluster", "paper-3t-128", "--model", "llama3-8b", "--planner",
                                       "random", "--budget-s", "600", "--json", "--out", out},
                                      SIGTERM);
    QVERIFY2(r.code == 0, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
    QVERIFY2(r.err.contains("interrupted: best plan so far"), qPrintable(r.err));
    QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).object()["throughput"].toObject()["sequences_per_s"].toDouble() > 0);
    QVERIFY(readFile(out).contains("\"templates\""));
  }

  void sigtermDuringTrainingWritesACheckpoint() {
    QTemporaryDir dir;
    const QString out = dir.filePath("w.policy");
    QProcess p;
    p.start(QStringLiteral(ARACHNE_CLI), {"train", "--out", out, "--cluster", "h100:4x1,a100-40:4x1", "--models", "gpt-tiny",
                                          "--random", "0", "--random-small", "0", "--random-wide", "0", "--minutes", "30",
                                          "--demonstrations", "none", "--final-cloning-epochs", "0"});
    QVERIFY(p.waitForStarted());
    QByteArray seen;
    QElapsedTimer t;
    t.start();
    while (!seen.contains("update 1:") && t.elapsed() < 120000) {
      p.waitForReadyRead(1000);
      seen += p.readAllStandardOutput();
    }
    QVERIFY2(seen.contains("update 1:"), seen.constData());
    ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
    const Run r = finishCli(p, 120000);
    QVERIFY2(r.code == 0, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
    QVERIFY2((seen + r.out.toUtf8()).contains("done (interrupted)"), qPrintable(r.out));
    QVERIFY(readFile(out).startsWith("ARACHNE-POLICY\n"));
  }

  void aSignalBeforeTheWorkEndsItPromptly() {
    // validate reads and prices every run before it prints: a signal meanwhile ends it at once
    // with 128 + the signal number, not a crash.
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath("OPT-350")));
    const QByteArray run = readFile(data("sailor/Planner/simulations/validation/clariden/OPT-350/N4/plan_config_N4_D2.json"));
    for (int i = 0; i < 20000; ++i) write(dir.filePath(QStringLiteral("OPT-350/plan_config_N4_D%1.json").arg(i)), run);
    for (const int sig : {SIGINT, SIGTERM}) {
      QProcess p;
      p.start(QStringLiteral(ARACHNE_CLI), {"validate", dir.path()});
      QVERIFY(p.waitForStarted());
      QVERIFY(waitForSignalHandlers(p.processId()));
      QTest::qWait(200);
      ::kill(static_cast<pid_t>(p.processId()), sig);
      QElapsedTimer t;
      t.start();
      const Run r = finishCli(p, 60000);
      if (r.code == 0) QSKIP("validate finished before the signal arrived (a very fast machine)");
      QVERIFY2(r.code == 128 + sig, qPrintable(QString("exit %1: %2").arg(r.code).arg(r.err)));
      QVERIFY2(r.err.contains(sig == SIGINT ? "interrupted (SIGINT)" : "interrupted (SIGTERM)"), qPrintable(r.err));
      QVERIFY(r.out.isEmpty());
      QVERIFY(t.elapsed() < 10000);
    }
  }
};

QTEST_GUILESS_MAIN(TstCliRobustness)
#include "tst_cli_robustness.moc"
