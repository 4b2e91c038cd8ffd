// arachne-cli with the learned planners: plan --planner arachne-untrained end to end, the greedy
// fallback's warning for missing or corrupted weights, train writing a file `arachne` can load,
// resuming it, and bad flags.
#include <QtTest>

#include <QFile>
#include "cli_process.h"
#include <QTemporaryDir>

namespace {

using Run = CliRun;

// ARACHNE_POLICY_WEIGHTS is set to `weights` (empty: unset), so no test reads the shipped file.
Run cli(const QStringList& args, const QString& weights = {}, const QString& flatWeights = {}) {
  return runCli(args, {{"ARACHNE_FLAT_RL_WEIGHTS", flatWeights}, {"ARACHNE_POLICY_WEIGHTS", weights}});
}

const QString kSmall = QStringLiteral("h100:4x2,a6000:4x2+2x1");

QStringList planArgs(const QString& planner) {
  return {"plan", "--cluster", kSmall, "--model", "llama3-8b", "--planner", planner, "--budget-s", "20"};
}

}  // namespace

class TstCliTrain : public QObject {
  Q_OBJECT
 private slots:
  void learnedPlannersAreListedAndPlan() {
    const Run help = cli({"plan", "--help"});
    QCOMPARE(help.code, 0);
    QVERIFY(help.out.contains("arachne, arachne-untrained"));
    const Run r = cli(planArgs("arachne-untrained"));
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY(r.out.contains("planner arachne-untrained"));
    QVERIFY(r.out.contains("Throughput:"));
    QVERIFY(r.err.contains("policy rollouts (1 greedy"));
    QVERIFY(!r.err.contains("warning:"));
  }

  void missingOrCorruptedWeightsWarnOnStderr() {
    QTemporaryDir dir;
    const QString missing = dir.filePath("none.policy");
    const Run a = cli(planArgs("arachne"), missing);
    QVERIFY2(a.code == 0, qPrintable(a.err + a.out));
    QVERIFY2(a.err.contains("warning: the arachne policy cannot be used"), qPrintable(a.err));
    QVERIFY(a.err.contains(missing));
    QVERIFY(a.err.contains("planned with greedy"));
    QVERIFY(a.out.contains("Throughput:"));

    const QString corrupted = dir.filePath("bad.policy");
    QFile f(corrupted);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("ARACHNE-POLICY\nnot json at all\n\x01\x02");
    f.close();
    const Run b = cli(planArgs("arachne"), corrupted);
    QCOMPARE(b.code, 0);
    QVERIFY2(b.err.contains("warning:") && b.err.contains(corrupted), qPrintable(b.err));

    const Run c = cli({"compare", "--cluster", kSmall, "--model", "llama3-8b", "--planners", "greedy,arachne"}, missing);
    QCOMPARE(c.code, 0);
    QVERIFY2(c.err.contains("arachne-cli compare: arachne: warning:"), qPrintable(c.err));
    QVERIFY(c.out.contains("warning: see stderr"));
  }

  void trainWritesAFileThatArachneLoadsAndResumes() {
    QTemporaryDir dir;
    const QString first = dir.filePath("first.policy");
    const Run t = cli({"train", "--out", first, "--minutes", "0.05", "--seed", "5", "--random", "4", "--random-small", "2"});
    QVERIFY2(t.code == 0, qPrintable(t.err + t.out));
    QVERIFY(t.out.contains("update 1:"));
    QVERIFY(t.out.contains("episodes"));
    QVERIFY(t.out.contains("evaluations"));
    QVERIFY(t.out.contains("mean reward"));
    QVERIFY(t.out.contains("wrote " + first));
    QVERIFY(QFile::exists(first));
    // `arachne` plans with the file: no fallback warning.
    const Run p = cli(planArgs("arachne"), first);
    QVERIFY2(p.code == 0, qPrintable(p.err + p.out));
    QVERIFY2(!p.err.contains("warning:"), qPrintable(p.err));
    QVERIFY(p.err.contains("policy rollouts (1 greedy"));

    const QString second = dir.filePath("second.policy");
    // --updates ends the run; the minute is only an upper bound, so a loaded machine cannot
    // cut it to one update.
    const Run r = cli({"train", "--out", second, "--minutes", "1", "--resume", first, "--updates", "2",
                       "--cluster", kSmall, "--random", "0", "--random-small", "0", "--random-wide", "0", "--models", "llama3-8b"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY(r.out.contains("resuming from " + first));
    QVERIFY(r.out.contains("problems: 1 "));
    QVERIFY(r.out.contains("done: 2 updates"));
    QFile resumed(second);
    QVERIFY(resumed.open(QIODevice::ReadOnly));
    QCOMPARE(resumed.readLine(), QByteArray("ARACHNE-POLICY\n"));
    QVERIFY(resumed.readLine().contains("\"resumed_from\""));
    const Run p2 = cli(planArgs("arachne"), second);
    QCOMPARE(p2.code, 0);
    QVERIFY2(!p2.err.contains("warning:"), qPrintable(p2.err));
  }

  void trainFlatRlWritesAFileOnlyFlatRlLoads() {
    QTemporaryDir dir;
    const QString flat = dir.filePath("flat.policy");
    const Run t = cli({"train", "--planner", "flat-rl", "--out", flat, "--minutes", "0.05", "--updates", "2",
                       "--cluster", kSmall, "--random", "0", "--random-small", "0", "--random-wide", "0", "--models", "llama3-8b"});
    QVERIFY2(t.code == 0, qPrintable(t.err + t.out));
    QVERIFY(t.out.contains("training the flat-rl policy"));
    QVERIFY(t.out.contains("done: 2 updates"));
    QFile f(flat);
    QVERIFY(f.open(QIODevice::ReadOnly));
    f.readLine();
    const QByteArray header = f.readLine();
    QVERIFY(header.contains("\"planner\":\"flat-rl\""));
    const Run p = cli(planArgs("flat-rl"), {}, flat);
    QVERIFY2(p.code == 0, qPrintable(p.err + p.out));
    QVERIFY2(!p.err.contains("warning:"), qPrintable(p.err));
    QVERIFY(p.out.contains("planner flat-rl"));
    // The flat-rl file is refused by `arachne`, and `flat-rl` without weights falls back.
    const Run a = cli(planArgs("arachne"), flat);
    QVERIFY2(a.code == 0 && a.err.contains("warning:") && a.err.contains("config.planner"), qPrintable(a.err));
    const Run m = cli(planArgs("flat-rl"), {}, dir.filePath("none.policy"));
    QVERIFY2(m.code == 0 && m.err.contains("warning: the flat-rl policy cannot be used"), qPrintable(m.err));
    QVERIFY(m.out.contains("Throughput:"));
  }

  void badFlagsExitTwo() {
    QTemporaryDir dir;
    const QString out = dir.filePath("x.policy");
    const QString garbage = dir.filePath("garbage.policy");
    {
      QFile g(garbage);
      QVERIFY(g.open(QIODevice::WriteOnly));
      g.write("not a policy file\n");
    }
    const QList<QStringList> bad = {
        {"train"},
        {"train", "--out", out, "--minutes", "abc"},
        {"train", "--out", out, "--minutes", "0"},
        {"train", "--out", out, "--minutes", "-1"},
        {"train", "--out", out, "--seed", "x"},
        {"train", "--out", out, "--bogus"},
        {"train", "--out", out, "--models", "llama3-8b,,qwen3-32b"},
        {"train", "--out", out, "--models", "no-such-model"},
        {"train", "--out", out, "--resume", dir.filePath("absent.policy")},
        {"train", "--out", out, "--resume", garbage},
        {"train", "--out", out, "--planner", "greedy"},
        {"train", "--out", out, "--demonstrations", "maybe"},
        {"train", "--out", out, "--planner", "flat-rl", "--demonstrations", "greedy"},
        {"train", "--out", out, "--final-cloning-epochs", "-1"},
    };
    for (const QStringList& args : bad) {
      const Run r = cli(args);
      QVERIFY2(r.code == 2, qPrintable(args.join(' ') + " -> " + QString::number(r.code) + ": " + r.err));
      QVERIFY2(r.err.contains("arachne-cli train:"), qPrintable(r.err));
      // Refused before the run's heading: nothing on stdout.
      QVERIFY2(r.out.isEmpty(), qPrintable(args.join(' ') + " printed " + r.out));
    }
    QVERIFY(!QFile::exists(out));
  }
};

QTEST_GUILESS_MAIN(TstCliTrain)
#include "tst_cli_train.moc"
