// arachne-cli bench --quick, section by section: the tables' headers and rows, check columns that
// agree with the numbers printed, random's 10x evaluations, the exhaustive compositions, CSV
// files, the fallback warning at the top, the training metadata, and bad options.
#include <QtTest>

#include <QDir>
#include <QFile>
#include "cli_process.h"
#include <QTemporaryDir>

namespace {

using Run = CliRun;

// ARACHNE_POLICY_WEIGHTS and ARACHNE_FLAT_RL_WEIGHTS are set to `weights` and `flatWeights`
// (empty: a file that does not exist), so no test reads the shipped weights.
Run cli(const QStringList& args, const QString& weights = {}, const QString& flatWeights = {}) {
  return runCli(args, {{"ARACHNE_POLICY_WEIGHTS", weights.isEmpty() ? QDir::temp().filePath("no-such-arachne.policy") : weights},
                       {"ARACHNE_FLAT_RL_WEIGHTS",
                        flatWeights.isEmpty() ? QDir::temp().filePath("no-such-flat-rl.policy") : flatWeights}});
}

QStringList quick(const QString& section, const QStringList& more = {}) {
  return QStringList{"bench", "--section", section, "--quick", "--arachne-planner", "arachne-untrained"} + more;
}

// The Markdown table whose header row starts with "| <first> |": header cells, then rows.
struct Table {
  QStringList header;
  QList<QStringList> rows;
  int column(const QString& name) const { return header.indexOf(name); }
};

QStringList cells(const QString& line) {
  QStringList c = line.split('|');
  c.removeFirst();
  c.removeLast();
  for (auto& x : c) x = x.trimmed();
  return c;
}

Table table(const QString& out, const QString& first) {
  Table t;
  const QStringList lines = out.split('\n');
  for (int i = 0; i < lines.size(); ++i) {
    if (!lines[i].startsWith("| " + first + " |")) continue;
    t.header = cells(lines[i]);
    for (int j = i + 2; j < lines.size() && lines[j].startsWith('|'); ++j) t.rows.push_back(cells(lines[j]));
    break;
  }
  return t;
}

double number(const QString& cell) {
  if (cell == "-") return 0;
  QString c = cell;
  c.remove(',');
  bool ok = false;
  const double v = c.toDouble(&ok);
  return ok ? v : -1;
}

// The printed values are rounded to 2 decimals: a check that disagrees with them by more than
// the rounding is wrong.
bool consistent(double a, double b, const QString& verdict) {
  if (a > b + 0.01) return verdict == "pass";
  if (a < b - 0.01) return verdict == "FAIL";
  return verdict == "pass" || verdict == "FAIL";
}

// A two-problem held-out set in `dir`: a 4-GPU analytic problem (exhaustive-sized) and Sailor's
// smallest measured input (A100-40 + V100-16, one 4-GPU node each).
QString writeTinyHeldoutSet(const QTemporaryDir& dir) {
  const QString sailor = QStringLiteral(ARACHNE_TEST_DATA) + "/sailor/Planner";
  const QString text = QString(R"({"schema_version": 1, "kind": "arachne-heldout-set", "problems": [
    {"id": "t-01", "cluster": "a100-40:1x2,h100:2x1", "model": "llama3-8b", "exhaustive": true},
    {"id": "t-02", "cluster": "a100-40:4x1,v100-16:4x1", "network": "sailor-us-central1-a", "model": "opt-350m",
     "global_batch": 1024, "sequence_length": 2048, "precision": "fp32", "runtime": "deepspeed",
     "profiles": "%1/simulations/profiles_tmp.json", "llm_info": "%1/llm_info.json"}]})")
                           .arg(sailor);
  const QString path = dir.filePath("tiny-heldout.json");
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(text.toUtf8());
  return path;
}

}  // namespace

class TstCliBench : public QObject {
  Q_OBJECT
 private slots:
  void presetsTableChecksAgreeWithTheNumbers() {
    QTemporaryDir dir;
    const Run r = cli(quick("presets", {"--csv-dir", dir.path()}));
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY(r.out.contains("arachne-cli bench --section presets --quick --arachne-planner arachne-untrained\n"));
    const Table t = table(r.out, "cluster");
    QCOMPARE(t.header, (QStringList{"cluster", "model", "arachne seq/s", "arachne evals", "arachne planning s",
                                    "greedy seq/s", "greedy evals", "random-10x seq/s", "random-10x evals",
                                    "arachne >= greedy", "arachne >= random-10x"}));
    QCOMPARE(t.rows.size(), 4);  // 2 presets x 2 models
    int passes = 0;
    for (const auto& row : t.rows) {
      QCOMPARE(row.size(), t.header.size());
      const double a = number(row[2]), g = number(row[5]), rnd = number(row[7]);
      QVERIFY2(consistent(a, g, row[9]), qPrintable(row.join(" | ")));
      QVERIFY2(consistent(a, rnd, row[10]), qPrintable(row.join(" | ")));
      // Random spends ten times arachne's evaluations, or fewer where its draws run out of new plans
      // (paper-growth-7: 7 GPUs), never more.
      if (row[0] == "paper-2t-64")
        QCOMPARE(number(row[8]), 10 * number(row[3]));
      else
        QVERIFY(number(row[8]) > 0 && number(row[8]) <= 10 * number(row[3]));
      QVERIFY(number(row[3]) > 0);
      passes += (row[9] == "pass") + (row[10] == "pass");
    }
    QVERIFY(r.out.contains(QRegularExpression("presets: arachne >= greedy on \\d+/4, arachne >= random-10x on \\d+/4: (PASS|FAIL)")));
    const QRegularExpressionMatch m =
        QRegularExpression("greedy on (\\d+)/4, arachne >= random-10x on (\\d+)/4").match(r.out);
    QCOMPARE(m.captured(1).toInt() + m.captured(2).toInt(), passes);
    QFile csv(dir.filePath("presets.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).trimmed().split('\n');
    QCOMPARE(lines.size(), 5);
    QVERIFY(lines[0].startsWith("cluster,model,arachne_seq_per_s"));
  }

  void exhaustiveCompositionsAreMixedAndChecked() {
    const Run r = cli(quick("exhaustive"));
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    const Table t = table(r.out, "composition");
    QCOMPARE(t.header.size(), 12);
    QCOMPARE(t.header[5], QString("optimum seq/s"));
    QCOMPARE(t.header[11], QString("pass"));
    QCOMPARE(t.rows.size(), 6);  // 3 compositions x 2 models
    int mixed = 0, counted = 0;
    for (const auto& row : t.rows) {
      QVERIFY2(row[2].toInt() >= 2 && row[2].toInt() <= 4, qPrintable(row.join(" | ")));
      mixed += row[3].startsWith("mixed");
      if (row[11] == "not counted") continue;
      ++counted;
      const double opt = number(row[5]), a = number(row[8]), ratio = number(row[10]);
      QVERIFY(opt > 0);
      QVERIFY2(qAbs(ratio - a / opt) < 0.001 + 0.01 / opt, qPrintable(row.join(" | ")));
      QCOMPARE(row[11], QString(ratio >= 0.97 ? "pass" : "FAIL"));
      // Nothing beats the optimum.
      QVERIFY2(a <= opt + 0.01, qPrintable(row.join(" | ")));
    }
    QVERIFY(mixed >= 2);
    QVERIFY(counted >= 4);
    QVERIFY(r.out.contains(QRegularExpression(QString("exhaustive: arachne >= 97% of the optimum on \\d+/%1 ").arg(counted))));
  }

  // One row per --models model on paper-3t-512 (target 0.5 s), then paper-64b-512 with qwen3-64b
  // (2 s) and 4,096 GPUs with llama3-70b (5 s), issue 13's latency targets.
  void timeTableHasTheLatencyTargets() {
    const Run r = cli(quick("time", {"--models", "llama3-8b"}));
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY(r.out.contains("arachne-cli bench --section time --quick --models llama3-8b --arachne-planner arachne-untrained"));
    const Table t = table(r.out, "cluster");
    QCOMPARE(t.header, (QStringList{"cluster", "GPUs", "model", "runs", "median s", "min s", "max s", "median evals",
                                    "median seq/s", "target s", "median <= target"}));
    QCOMPARE(t.rows.size(), 3);
    const QStringList clusters = {"`paper-3t-512`", "`paper-64b-512`", "`a100-40:4x256,a6000:4x256,h100:4x512`"};
    const QStringList models = {"llama3-8b", "qwen3-64b", "llama3-70b"};
    const QList<double> gpus = {512, 512, 4096}, targets = {0.5, 2, 5};
    int passed = 0;
    for (int i = 0; i < 3; ++i) {
      const QStringList& row = t.rows[i];
      QCOMPARE(row[0], clusters[i]);
      QCOMPARE(number(row[1]), gpus[i]);
      QCOMPARE(row[2], models[i]);
      QCOMPARE(row[3], QString("1"));
      QVERIFY(number(row[5]) <= number(row[4]) && number(row[4]) <= number(row[6]));
      QVERIFY(number(row[7]) > 0);
      QCOMPARE(number(row[9]), targets[i]);
      QCOMPARE(row[10], QString(number(row[4]) <= targets[i] ? "pass" : "FAIL"));
      passed += row[10] == "pass";
    }
    QVERIFY(r.out.contains(QString("time: median planning time within its target for %1/3 problems: %2")
                               .arg(passed)
                               .arg(passed == 3 ? "PASS" : "FAIL")));
  }

  void curveIsSampledAndMonotone() {
    QTemporaryDir dir;
    const Run r = cli(quick("curve", {"--csv-dir", dir.path()}));
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    const Table t = table(r.out, "evaluations");
    QVERIFY(t.header.contains("arachne-untrained seq/s"));
    QVERIFY(t.header.contains("random seq/s"));
    const bool flat = t.header.contains("flat-rl seq/s");
    QVERIFY(flat || r.out.contains("`flat-rl` is not available"));
    QCOMPARE(t.rows.size(), 8);  // 1 2 5 10 20 50 100 200
    QCOMPARE(t.rows.last()[0], QString("200"));
    for (int c = 1; c < t.header.size(); ++c)
      for (int i = 1; i < t.rows.size(); ++i)
        QVERIFY2(number(t.rows[i][c]) >= number(t.rows[i - 1][c]), qPrintable(t.header[c]));
    QVERIFY(r.out.contains("evaluations to reach flat-rl's final value"));
    // The CSV holds one row per improvement of each planner's curve.
    QFile csv(dir.filePath("curve.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).trimmed().split('\n');
    QCOMPARE(lines[0], QString("planner,evaluations,best_seq_per_s"));
    int improvements = 0;
    const QRegularExpression line("^- \\S+: final .*, (\\d+) improvements", QRegularExpression::MultilineOption);
    for (auto it = line.globalMatch(r.out); it.hasNext();) improvements += it.next().captured(1).toInt();
    QVERIFY(improvements >= 2);
    QCOMPARE(lines.size() - 1, improvements);
  }

  void fallbackWarningComesFirstAndTrainingIsDescribed() {
    const Run missing = cli({"bench", "--section", "training", "--quick"});
    QVERIFY2(missing.code == 0, qPrintable(missing.err + missing.out));
    QVERIFY2(missing.out.startsWith("# arachne-cli bench\n\n> **warning: the arachne policy cannot be used"),
             qPrintable(missing.out));
    QVERIFY(missing.out.contains("`arachne`: no trained weights at"));
    QVERIFY(missing.out.contains("`flat-rl`: no trained weights at"));

    QTemporaryDir dir;
    const QString weights = dir.filePath("tiny.policy");
    const Run train = cli({"train", "--out", weights, "--updates", "1", "--cluster", "h100:4x2,a6000:4x2",
                           "--random", "0", "--random-small", "0", "--random-wide", "0", "--models", "llama3-8b", "--seed", "3"});
    QVERIFY2(train.code == 0, qPrintable(train.err + train.out));
    // An arachne file offered to flat-rl is refused with the reason.
    const Run r = cli({"bench", "--section", "training", "--quick"}, weights, weights);
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(!r.out.contains("warning:"), qPrintable(r.out));
    QVERIFY(r.out.contains("ARACHNE_POLICY_WEIGHTS=" + weights + " ARACHNE_FLAT_RL_WEIGHTS=" + weights +
                           " arachne-cli bench --section training\n"));
    QVERIFY2(r.out.contains("`flat-rl`: the weights file cannot be used: " + weights), qPrintable(r.out));
    const Table t = table(r.out, "field");
    QVERIFY(t.rows.contains(QStringList{"seed", "3"}));
    QVERIFY(t.rows.contains(QStringList{"updates", "1"}));
    QVERIFY(t.rows.contains(QStringList{"problems", "1 (composition, model) pairs"}));
  }

  void heldoutTablesAgreeWithTheirChecks() {
    QTemporaryDir dir;
    const QString set = writeTinyHeldoutSet(dir);
    const Run r = cli(quick("heldout", {"--heldout", set, "--csv-dir", dir.path()}));
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY(r.out.contains("arachne-cli bench --section heldout --quick --arachne-planner arachne-untrained --heldout " + set));
    // Without weights there is no training list to check against, and the bench says so.
    QVERIFY2(r.out.contains("heldout: disjoint from training: not checked (no weights file at"), qPrintable(r.out));
    const Table what = table(r.out, "problem");
    QCOMPARE(what.header, (QStringList{"problem", "cluster", "GPUs", "types", "node sizes", "model", "profiles",
                                       "exhaustive-sized"}));
    QCOMPARE(what.rows.size(), 2);
    QCOMPARE(what.rows[0][2], QString("4"));
    QCOMPARE(what.rows[1][1], QString("`a100-40:4x1,v100-16:4x1@sailor-us-central1-a`"));
    QVERIFY(what.rows[1][6].startsWith("measured"));
    const Table t = table(r.out.mid(r.out.indexOf("| problem | arachne seq/s")), "problem");
    QCOMPARE(t.header, (QStringList{"problem", "arachne seq/s", "arachne evals", "arachne s", "first rollout seq/s",
                                    "greedy seq/s", "random-10x seq/s", "optimum seq/s", "untrained seq/s", "vs greedy",
                                    "vs random-10x", "vs optimum (>= 0.99)", "untrained / arachne",
                                    "at arachne's evals"}));
    QCOMPARE(t.rows.size(), 2);
    int passG = 0;
    for (const auto& row : t.rows) {
      const double a = number(row[1]), g = number(row[5]), rnd = number(row[6]);
      QVERIFY2(a > 0 && g > 0, qPrintable(row.join(" | ")));
      QVERIFY2(consistent(a, g, row[9].section(' ', -1)), qPrintable(row.join(" | ")));
      QVERIFY2(consistent(a, rnd, row[10].section(' ', -1)), qPrintable(row.join(" | ")));
      passG += row[9].endsWith("pass");
      // The policy's first rollout is part of its search: never above its final answer.
      QVERIFY2(row[4] == "n/a" || number(row[4]) <= a + 0.01, qPrintable(row.join(" | ")));
      // arachne here is arachne-untrained, so the two columns plan alike.
      QCOMPARE(row[8], row[1]);
      QVERIFY2(row[12].endsWith("equal"), qPrintable(row.join(" | ")));
    }
    // t-01 is exhaustive-sized: the optimum bounds arachne and the check agrees with the ratio.
    const QStringList& small = t.rows[0];
    const double opt = number(small[7]), a = number(small[1]);
    QVERIFY2(opt > 0 && a <= opt + 0.01, qPrintable(small.join(" | ")));
    QCOMPARE(small[11].section(' ', -1), QString(a / opt >= 0.99 ? "pass" : "FAIL"));
    QCOMPARE(t.rows[1][7], QString("not run"));
    QCOMPARE(t.rows[1][11], QString("-"));
    QVERIFY(r.out.contains(QString("heldout: arachne >= greedy on %1/2").arg(passG)));
    QVERIFY(r.out.contains(QRegularExpression("heldout: arachne >= 99% of exhaustive's optimum on [01]/1 searched completely")));
    // Ties at the optimum are counted apart: only t-01 has one, and only if arachne reached it.
    const QRegularExpressionMatch tie =
        QRegularExpression("heldout: arachne-untrained below arachne on 0/2 \\(equal on 2 \\(([01]) of them at "
                           "exhaustive's optimum\\), above on 0;")
            .match(r.out);
    QVERIFY2(tie.hasMatch(), qPrintable(r.out));
    if (tie.captured(1) == "1") QVERIFY2(small[11].startsWith("1.000"), qPrintable(small.join(" | ")));
    QVERIFY(r.out.contains(QRegularExpression("heldout: the policy's first rollout(: not available| >= greedy on)")));
    // The same planner in both columns: its rollouts alone are the untrained policy's, never below.
    QVERIFY2(r.out.contains(QRegularExpression("heldout: the policy's rollouts alone \\(phases 1-5, before the stage-order "
                                               "and stage-edit sweeps\\) >= greedy on [0-2]/2; the untrained policy's "
                                               "rollouts alone below them on 0/2 \\(geometric mean 1\\.000\\)")),
             qPrintable(r.out));
    // A problem planned to the end of its budget is named: its figure depends on the machine.
    int budgetBound = 0;
    for (const auto& row : t.rows) budgetBound += number(row[3]) >= 2;  // --quick's budget
    const QRegularExpression bound("heldout: arachne stopped at its 2\\.0 s budget on ([0-2])/2");
    const QRegularExpressionMatch m = bound.match(r.out);
    QVERIFY2(m.hasMatch(), qPrintable(r.out));
    // The table rounds to 0.01 s, so a run just under the budget may print as 2.00.
    QVERIFY2(qAbs(m.captured(1).toInt() - budgetBound) <= 1, qPrintable(r.out));
    // Greedy's budget is reported the same way (on large MoE problems it stops before its last step).
    QVERIFY2(r.out.contains(QRegularExpression("heldout: greedy stopped at its 2\\.0 s budget on [0-2]/2")), qPrintable(r.out));
    // The same planner in both columns spends the same evaluations, unless a budget cut it.
    QVERIFY2(r.out.contains(budgetBound == 0 && m.captured(1) == "0"
                                ? "heldout: arachne-untrained's evaluations / arachne's: geometric mean 1.000 over 2 problems"
                                : "heldout: arachne-untrained's evaluations / arachne's: geometric mean "),
             qPrintable(r.out));
    // At equal evaluations the same planner is the same search: equal on every problem where no
    // budget cut either run, and it reaches its own plan within its own evaluations.
    const QRegularExpressionMatch atEvals =
        QRegularExpression("heldout: at arachne's evaluations \\(the untrained policy's search stopped after as many "
                           "evaluations as arachne spent\\), arachne-untrained below arachne on ([0-2])/2 \\(untrained / "
                           "arachne geometric mean ([0-9.]+), lowest [0-9.]+ on t-0[12]\\); it reaches arachne's plan on "
                           "([0-2])/2, after ([0-9.]+) x the evaluations arachne needed to reach it")
            .match(r.out);
    QVERIFY2(atEvals.hasMatch(), qPrintable(r.out));
    if (budgetBound == 0 && m.captured(1) == "0") {
      QCOMPARE(atEvals.captured(1), QString("0"));
      QCOMPARE(atEvals.captured(2), QString("1.000"));
      QCOMPARE(atEvals.captured(3), QString("2"));
      QCOMPARE(atEvals.captured(4), QString("1.000"));
      for (const auto& row : t.rows) QVERIFY2(row[13] == "1.000 equal", qPrintable(row.join(" | ")));
    }
    QFile csv(dir.filePath("heldout.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines[0].startsWith("problem,cluster,network,model,gpus,exhaustive_sized,arachne_seq_per_s"));
    QVERIFY(lines[2].startsWith("t-02,\"a100-40:4x1,v100-16:4x1\",sailor-us-central1-a,opt-350m,8,0,"));
    // The budget-bound column says which rows the printed line names: the same count, exactly (the CSV
    // and the line are decided from the same unrounded planning time).
    QVERIFY(lines[0].contains(",untrained_below_arachne,arachne_budget_bound,"));
    QVERIFY(lines[0].endsWith(",untrained_at_arachne_evaluations_seq_per_s,untrained_evaluations_to_reach_arachne,"
                              "arachne_evaluations_to_reach_its_plan"));
    int boundRows = 0;
    for (int i = 1; i < lines.size(); ++i) {
      // The cluster cell of t-02 is quoted and holds a comma: count columns from the end.
      const QString last = lines[i].section(',', -4, -4);
      // Unbounded, the same search reaches a plan within arachne's evaluations, and arachne's own
      // after exactly as many evaluations as arachne did.
      if (last == "0") {
        QVERIFY2(number(lines[i].section(',', -3, -3)) > 0, qPrintable(lines[i]));
        QVERIFY2(lines[i].section(',', -2, -2).toLongLong() > 0, qPrintable(lines[i]));
        QCOMPARE(lines[i].section(',', -2, -2), lines[i].section(',', -1));
      }
      QVERIFY2(last == "0" || last == "1", qPrintable(lines[i]));
      boundRows += last == "1";
    }
    QCOMPARE(boundRows, m.captured(1).toInt());
  }

  void heldoutNamesAProblemTheWeightsWereTrainedOn() {
    QTemporaryDir dir;
    const QString set = writeTinyHeldoutSet(dir);
    // Trained on t-01's nodes, listed in another order.
    const QString weights = dir.filePath("tiny.policy");
    const Run train = cli({"train", "--out", weights, "--updates", "1", "--cluster", "h100:2x1,a100-40:1x2",
                           "--random", "0", "--random-small", "0", "--random-wide", "0", "--models", "llama3-8b", "--seed", "3"});
    QVERIFY2(train.code == 0, qPrintable(train.err + train.out));
    const Run r = cli(quick("heldout", {"--heldout", set}), weights);
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("lists 1 training problems (1 distinct); of the 2 held-out problems 1 are in that list"),
             qPrintable(r.out));
    QVERIFY(r.out.contains("- trained on: t-01 = `h100:2x1,a100-40:1x2|llama3-8b`"));
    QVERIFY(r.out.contains("heldout: disjoint from training: FAIL"));

    // The same check on a set whose ids all carry the validation set's prefix says so.
    QFile f(set);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(f.readAll());
    f.close();
    text.replace("\"t-0", "\"val-0");
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text.toUtf8());
    f.close();
    const Run v = cli(quick("heldout", {"--heldout", set}), weights);
    QVERIFY2(v.code == 0, qPrintable(v.err + v.out));
    QVERIFY2(v.out.contains("of the 2 validation problems 1 are in that list"), qPrintable(v.out));
    QVERIFY(v.out.contains("- trained on: val-01 = `h100:2x1,a100-40:1x2|llama3-8b`"));
  }

  void badOptionsExitTwo() {
    const QList<QStringList> bad = {
        {"bench", "--section", "bogus"},
        {"bench", "--seed", "x"},
        {"bench", "--repeats", "0"},
        {"bench", "--budget-s", "0"},
        {"bench", "--models", "no-such-model"},
        {"bench", "--arachne-planner", "no-such-planner"},
        {"bench", "--csv-dir", "/no/such/directory"},
        {"bench", "--section", "heldout", "--heldout", "/no/such/heldout.json"},
        {"bench", "--write-heldout", "/no/such/directory/heldout.json"},
    };
    for (const QStringList& args : bad) {
      const Run r = cli(args);
      QVERIFY2(r.code == 2, qPrintable(args.join(' ') + " -> " + QString::number(r.code) + ": " + r.err));
      QVERIFY2(r.err.contains("arachne-cli bench:"), qPrintable(r.err));
      QVERIFY(r.out.isEmpty());
    }
    // The message names the option that was wrong (it named --budget-s for both).
    const Run r = cli({"bench", "--baseline-budget-s", "3601"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("'--baseline-budget-s'"), qPrintable(r.err));
  }
};

QTEST_GUILESS_MAIN(TstCliBench)
#include "tst_cli_bench.moc"
