// arachne-cli loads LibTorch only when a command needs the policy: the dynamic linker's own log
// (LD_DEBUG=files) shows no libtorch for catalogs, evaluate, validate and plan/compare with search
// planners, and shows it for a learned planner, train and bench; without the module `arachne`
// plans with greedy and warns, and `train` says why it cannot run.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "cli_process.h"

namespace {

const QString kSmall = QStringLiteral("h100:4x2,a6000:4x2+2x1");
const QString kData = QStringLiteral(ARACHNE_TEST_DATA);

struct TracedRun {
  CliRun run;
  QByteArray loaded;  // the dynamic linker's log of every object it loaded
};

// Runs arachne-cli under LD_DEBUG=files, its log written to a file of `dir` (not to stderr, which
// the assertions read). `env` as for runCli().
TracedRun traced(const QTemporaryDir& dir, const QStringList& args, std::vector<std::pair<QString, QString>> env = {}) {
  static int counter = 0;
  const QString prefix = dir.filePath(QStringLiteral("ld%1").arg(++counter));
  env.push_back({QStringLiteral("LD_DEBUG"), QStringLiteral("files")});
  env.push_back({QStringLiteral("LD_DEBUG_OUTPUT"), prefix});
  TracedRun t;
  t.run = runCli(args, env);
  // glibc appends the pid: one file per process.
  const QFileInfo info(prefix);
  for (const QString& name : QDir(info.path()).entryList({info.fileName() + ".*"}, QDir::Files)) {
    QFile f(QDir(info.path()).filePath(name));
    if (f.open(QIODevice::ReadOnly)) t.loaded += f.readAll();
  }
  return t;
}

QString describe(const TracedRun& t) { return QStringLiteral("exit %1\n%2").arg(t.run.code).arg(t.run.err.left(2000)); }

double sequencesPerSecond(const CliRun& r) {
  return QJsonDocument::fromJson(r.out.toUtf8()).object()["throughput"].toObject()["sequences_per_s"].toDouble();
}

}  // namespace

class TstCliPolicyPlugin : public QObject {
  Q_OBJECT
 private slots:
  void commandsWithoutAPolicyNeverLoadLibTorch() {
    QTemporaryDir dir;
    const QString plan = kData + QStringLiteral("/plans/llama3-8b-2type.plan.json");
    const QString sailor = kData + QStringLiteral("/sailor/Planner/simulations");
    const std::vector<QStringList> commands = {
        {"gpus"},
        {"gpus", "--json"},
        {"models"},
        {"presets"},
        {"--help"},
        {"train", "--help"},
        {"bench", "--help"},
        {"train", "--minutes", "1"},  // missing --out: refused before anything is loaded
        {"evaluate", "--cluster", "h100:4x2,a100-40:4x2", "--model", "llama3-8b", "--plan", plan},
        {"validate", sailor + "/validation/clariden", "--profiles", sailor + "/profiles_tmp.json"},
        {"plan", "--cluster", "paper-3t-128", "--model", "llama3-8b", "--planner", "greedy"},
        {"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "random", "--evals", "50"},
        {"plan", "--cluster", "h100:2x1,a100-40:2x1", "--model", "llama3-8b", "--planner", "exhaustive"},
        {"compare", "--cluster", kSmall, "--model", "llama3-8b", "--planners", "greedy,random", "--budget-s", "1"},
    };
    for (const QStringList& args : commands) {
      const TracedRun t = traced(dir, args);
      const QString what = args.join(' ');
      QVERIFY2(t.run.code == 0 || (args[0] == "train" && t.run.code == 2), qPrintable(what + ": " + describe(t)));
      // The log is there and names what was loaded (the core library), so an absence means something.
      QVERIFY2(t.loaded.contains("libarachne_core.so"), qPrintable(what + ": no dynamic linker log"));
      QVERIFY2(!t.loaded.contains("libtorch"), qPrintable(what + " loaded LibTorch"));
      QVERIFY2(!t.loaded.contains("libarachne_policy_plugin"), qPrintable(what + " loaded the policy module"));
    }
  }

  void learnedPlannersTrainAndBenchLoadIt() {
    QTemporaryDir dir;
    const QString weights = dir.filePath(QStringLiteral("w.policy"));
    const std::vector<QStringList> commands = {
        {"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", "arachne-untrained", "--budget-s", "10"},
        {"train", "--out", weights, "--cluster", kSmall, "--random", "0", "--random-small", "0", "--random-wide", "0", "--models",
         "llama3-8b", "--updates", "1", "--demonstrations", "none", "--final-cloning-epochs", "0", "--minutes", "2"},
        {"bench", "--section", "training"},
    };
    for (const QStringList& args : commands) {
      const TracedRun t = traced(dir, args, {{"ARACHNE_POLICY_WEIGHTS", weights}});
      const QString what = args.join(' ');
      QVERIFY2(t.run.code == 0, qPrintable(what + ": " + describe(t)));
      QVERIFY2(t.loaded.contains("libarachne_policy_plugin.so"), qPrintable(what + " did not load the policy module"));
      QVERIFY2(t.loaded.contains("libtorch"), qPrintable(what + " did not load LibTorch"));
      QVERIFY2(!t.run.err.contains("warning:"), qPrintable(what + ": " + t.run.err));
    }
    QVERIFY(QFile::exists(weights));
  }

  void withoutTheModuleArachnePlansWithGreedyAndWarns() {
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("no/libarachne_policy_plugin.so"));
    const QStringList plan = {"plan", "--cluster", kSmall, "--model", "llama3-8b", "--json", "--planner"};
    const TracedRun a = traced(dir, plan + QStringList{"arachne"}, {{"ARACHNE_POLICY_PLUGIN", missing}});
    QVERIFY2(a.run.code == 0, qPrintable(describe(a)));
    const QString expected = "warning: the arachne policy cannot be used (the policy library cannot be loaded: " +
                             missing + ": no such file); planned with greedy";
    QVERIFY2(a.run.err.contains(expected), qPrintable(a.run.err));
    QVERIFY(!a.loaded.contains("libtorch"));
    const CliRun greedy = runCli(plan + QStringList{"greedy"});
    QCOMPARE(greedy.code, 0);
    QVERIFY(sequencesPerSecond(greedy) > 0);
    QCOMPARE(sequencesPerSecond(a.run), sequencesPerSecond(greedy));

    // A file that is no shared object: the same fallback, with the dynamic linker's reason.
    const QString corrupt = dir.filePath(QStringLiteral("libarachne_policy_plugin.so"));
    {
      QFile f(corrupt);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("not an ELF file\n");
    }
    const CliRun b = runCli(plan + QStringList{"flat-rl"}, {{"ARACHNE_POLICY_PLUGIN", corrupt}});
    QVERIFY2(b.code == 0, qPrintable(b.err));
    QVERIFY2(b.err.contains("warning: the flat-rl policy cannot be used (the policy library cannot be loaded: " + corrupt),
             qPrintable(b.err));
    QCOMPARE(sequencesPerSecond(b), sequencesPerSecond(greedy));

    // compare marks the column; train cannot fall back and says why (exit 1: not bad input).
    const CliRun c = runCli({"compare", "--cluster", kSmall, "--model", "llama3-8b", "--planners", "greedy,arachne",
                             "--budget-s", "2"},
                            {{"ARACHNE_POLICY_PLUGIN", missing}});
    QVERIFY2(c.code == 0 && c.err.contains("arachne-cli compare: arachne: warning:"), qPrintable(c.err));
    const CliRun t = runCli({"train", "--out", dir.filePath("w.policy"), "--minutes", "1"},
                            {{"ARACHNE_POLICY_PLUGIN", missing}});
    QCOMPARE(t.code, 1);
    QVERIFY2(t.err.contains("arachne-cli train: the policy library cannot be loaded: " + missing), qPrintable(t.err));
    QVERIFY(!QFile::exists(dir.filePath("w.policy")));
  }
};

QTEST_GUILESS_MAIN(TstCliPolicyPlugin)
#include "tst_cli_policy_plugin.moc"
