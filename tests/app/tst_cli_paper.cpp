// arachne-cli paper --quick: every figure and every planner end to end, the cell tables agree with
// their "best baseline" lines, one CSV per figure, and a rerun with the same --csv-dir (after a
// complete or an interrupted run) prints the tables of an uninterrupted run; a cell is "at its
// budget" only when the budget stopped its search.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

#include "cli_process.h"

namespace {

// No test reads the shipped weights: arachne-untrained plans, flat-rl falls back to greedy.
CliRun cli(const QStringList& args) {
  return runCli(args, {{"ARACHNE_POLICY_WEIGHTS", QDir::temp().filePath("no-such-arachne.policy")},
                       {"ARACHNE_FLAT_RL_WEIGHTS", QDir::temp().filePath("no-such-flat-rl.policy")}},
                300000);
}

QStringList quick(const QString& dir, const QStringList& more = {}) {
  return QStringList{"paper", "--quick", "--arachne-planner", "arachne-untrained", "--csv-dir", dir} + more;
}

const QStringList kBaselines = {"metis", "sailor", "amp", "hexiscale", "espresso", "hetauto"};

QStringList cells(const QString& line) {
  QStringList c = line.split('|');
  c.removeFirst();
  c.removeLast();
  for (auto& x : c) x = x.trimmed();
  return c;
}

double number(const QString& cell) {
  QString c = cell;
  c.remove(',');
  bool ok = false;
  const double v = c.toDouble(&ok);
  return ok ? v : -1;
}

// The text of "## Figure N: ..." up to the next "## Figure" (or the end).
QString section(const QString& out, int figure) {
  const int at = out.indexOf(QString("\n## Figure %1:").arg(figure));
  if (at < 0) return {};
  const int end = out.indexOf("\n## Figure ", at + 5);
  return out.mid(at, end < 0 ? -1 : end - at);
}

// Every "| planner | seq/s | ..." cell table of a section: its rows, and the line after it.
struct CellTable {
  QList<QStringList> rows;
  QString best;  // "best baseline: ..." line
};
QList<CellTable> cellTables(const QString& text) {
  QList<CellTable> out;
  const QStringList lines = text.split('\n');
  for (int i = 0; i < lines.size(); ++i) {
    if (!lines[i].startsWith("| planner | seq/s |")) continue;
    CellTable t;
    int j = i + 2;
    for (; j < lines.size() && lines[j].startsWith('|'); ++j) t.rows.push_back(cells(lines[j]));
    for (; j < lines.size() && j < i + 30; ++j)
      if (lines[j].startsWith("best baseline:") || lines[j].contains("with / without the expert dimension")) {
        t.best = lines[j];
        break;
      }
    out.push_back(t);
  }
  return out;
}

// The rows of a CSV file as maps from its header's names (fields may be quoted, with "" inside).
QList<QMap<QString, QString>> csvRecords(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  const QStringList lines = QString::fromUtf8(f.readAll()).trimmed().split('\n');
  auto fields = [](const QString& line) {
    QStringList out;
    QString cur;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
      const QChar c = line[i];
      if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') cur += '"', ++i;
      else if (c == '"') quoted = !quoted;
      else if (c == ',' && !quoted) out << cur, cur.clear();
      else cur += c;
    }
    out << cur;
    return out;
  };
  const QStringList header = fields(lines.value(0));
  QList<QMap<QString, QString>> rows;
  for (int i = 1; i < lines.size(); ++i) {
    const QStringList v = fields(lines[i]);
    QMap<QString, QString> row;
    for (int k = 0; k < header.size(); ++k) row[header[k]] = v.value(k);
    rows << row;
  }
  return rows;
}

int csvRows(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return -1;
  return QString::fromUtf8(f.readAll()).trimmed().split('\n').size() - 1;
}

// "At its budget" means the budget stopped the search: the wall clock or the evaluations ran
// out, or the planner says the budget stopped it. A search that ended because it had nothing new
// to try (HetAuto's and random's "stopped: ..." messages) is not at its budget. Returns how many
// such searches the CSV files hold.
int checkBudgetFlags(const QString& csvDir) {
  int converged = 0;
  for (int f : {1, 7, 9, 10, 11})
    for (const auto& row : csvRecords(QDir(csvDir).filePath(QString("paper-fig%1.csv").arg(f)))) {
      const double wall = row["planning_s"].toDouble(), budget = row["budget_s"].toDouble();
      const bool timeUp = budget > 0 && wall >= 0.97 * budget;
      const bool evalsUp =
          row["budget_evals"].toLongLong() > 0 && row["evaluations"].toLongLong() >= row["budget_evals"].toLongLong();
      const QString m = row["message"];
      const bool ended = m.contains("gave no new structure") || m.contains("drew only plans already priced");
      const QString what = QString("fig %1 %2 %3 at_budget %4: %5").arg(f).arg(row["planner"], row["cluster"], row["at_budget"], m);
      if (ended && !timeUp && !evalsUp) {
        ++converged;
        if (row["at_budget"] != "0") {
          qWarning("%s", qPrintable(what));
          return -1;
        }
      }
      if (row["at_budget"] == "1" && !(timeUp || evalsUp || m.contains("budget") || m.contains("stopped early"))) {
        qWarning("%s", qPrintable(what));
        return -1;
      }
    }
  return converged;
}

}  // namespace

class TstCliPaper : public QObject {
  Q_OBJECT
 private slots:
  void quickRunHasEveryFigureAndPlannerAndAResumeRunsNothing() {
    QTemporaryDir dir;
    const CliRun r = cli(quick(dir.path()));
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY(r.out.startsWith("# arachne-cli paper\n"));
    for (int f : {1, 7, 8, 9, 10, 11}) QVERIFY2(!section(r.out, f).isEmpty(), qPrintable(QString::number(f)));
    QVERIFY(section(r.out, 1).contains("arachne-cli paper --figure 1 --quick --arachne-planner arachne-untrained\n"));
    // Figures 1, 7 and 10: every planner on every cell, and the best baseline line follows the numbers.
    int tables = 0;
    for (int f : {1, 7, 10}) {
      for (const CellTable& t : cellTables(section(r.out, f))) {
        ++tables;
        QStringList names;
        for (const auto& row : t.rows) names << row[0];
        QCOMPARE(names, QStringList{"arachne-untrained"} + kBaselines);
        QString best;
        double bestValue = -1;
        for (int i = 1; i < t.rows.size(); ++i)
          if (t.rows[i][1] != "-" && number(t.rows[i][1]) > bestValue) bestValue = number(t.rows[i][1]), best = t.rows[i][0];
        if (best.isEmpty())
          QVERIFY2(t.best.startsWith("best baseline: none found a plan"), qPrintable(t.best));
        else
          QVERIFY2(t.best.startsWith("best baseline: " + best + " ("), qPrintable(t.best + " / " + best));
        // A planner without a plan says so, one at its budget too.
        for (const auto& row : t.rows) {
          QCOMPARE(row.size(), 8);
          if (row[1] == "-") QVERIFY2(row[7].contains("no plan") || row[7].contains("refused"), qPrintable(row.join("|")));
          QVERIFY(number(row[3]) >= 0);
        }
      }
    }
    QCOMPARE(tables, 1 + 3 + 2);  // 3t-128 | 2t-64, 3t-128 again, ls1 | 4t-1, 64b-128
    QCOMPARE(cellTables(section(r.out, 7)).size(), 3);
    // Figure 9: arachne with and without the expert dimension, every baseline with its re-tiled price.
    const QString nine = section(r.out, 9);
    QVERIFY(nine.contains("| planner | seq/s | iter/s | planning s | evaluations | GPUs used | re-tiled seq/s | re-tiling gain | note |"));
    QVERIFY(nine.contains("| arachne-untrained (expert dimension) |"));
    QVERIFY(nine.contains("| arachne-untrained without tiling |"));
    for (const auto& b : kBaselines) QVERIFY2(nine.contains("| " + b + " |"), qPrintable(b));
    // Figure 11: the four curves, hetauto to 8x the budget, monotone.
    const QString eleven = section(r.out, 11);
    const QStringList lines = eleven.split('\n');
    int header = -1;
    for (int i = 0; i < lines.size(); ++i)
      if (lines[i].startsWith("| evaluations |")) header = i;
    QVERIFY(header >= 0);
    QCOMPARE(cells(lines[header]), (QStringList{"evaluations", "arachne-untrained", "flat-rl", "flat-rl / arachne-untrained",
                                                "random", "hetauto"}));
    QList<QStringList> curve;
    for (int i = header + 2; i < lines.size() && lines[i].startsWith('|'); ++i) curve << cells(lines[i]);
    QCOMPARE(curve.last()[0], QString("1,600"));  // 8 x 200
    for (int c : {1, 2, 4, 5})
      for (int i = 1; i < curve.size(); ++i)
        if (curve[i][c] != "-" && curve[i - 1][c] != "-") QVERIFY(number(curve[i][c]) >= number(curve[i - 1][c]));
    // Figure 8: arachne and every baseline through the growth scenario.
    const QString eight = section(r.out, 8);
    QVERIFY(eight.contains("| step | GPUs | arachne-untrained | metis | sailor | amp | hexiscale | espresso | hetauto |"));
    // One CSV per figure, a row per cell (Figure 8: per planner and step).
    QCOMPARE(csvRows(dir.filePath("paper-fig1.csv")), 7);
    QCOMPARE(csvRows(dir.filePath("paper-fig7.csv")), 21);
    QCOMPARE(csvRows(dir.filePath("paper-fig9.csv")), 8);
    QCOMPARE(csvRows(dir.filePath("paper-fig10.csv")), 14);
    QCOMPARE(csvRows(dir.filePath("paper-fig11.csv")), 4);
    QCOMPARE(csvRows(dir.filePath("paper-fig8.csv")), 7 * 5);
    QVERIFY2(checkBudgetFlags(dir.path()) >= 0, "every cell at its budget was stopped by it");
    QVERIFY2(r.err.contains(QRegularExpression("paper: \\d+ cells run, 0 read back")), qPrintable(r.err));
    QVERIFY(r.err.contains("paper: figure 7: 21 cells, 7 already done, 14 to run"));

    // Everything is in the CSV files now: a rerun runs nothing and prints the same tables.
    const CliRun again = cli(quick(dir.path()));
    QVERIFY2(again.code == 0, qPrintable(again.err));
    QVERIFY2(again.err.contains("paper: 0 cells run, 47 read back"), qPrintable(again.err));
    QVERIFY(again.err.contains("paper: figure 8: 7 planner runs of paper-growth, 7 already done, 0 to run"));
    QCOMPARE(again.out, r.out);
  }

  void aRunInterruptedMidwayResumesToTheSameTables() {
    QTemporaryDir dir;
    const CliRun first = cli(quick(dir.path(), {"--figure", "1"}));
    QVERIFY2(first.code == 0, qPrintable(first.err + first.out));
    // As if killed after three of Figure 1's seven cells: the atomic writer leaves the file with
    // the cells that finished.
    const QString fig1 = dir.filePath("paper-fig1.csv");
    QFile f(fig1);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList rows = QString::fromUtf8(f.readAll()).split('\n');
    f.close();
    QVERIFY(rows.size() > 4);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write((rows.mid(0, 4).join('\n') + '\n').toUtf8());
    f.close();
    const CliRun resumed = cli(quick(dir.path(), {"--figure", "1"}));
    QVERIFY2(resumed.code == 0, qPrintable(resumed.err + resumed.out));
    QVERIFY2(resumed.err.contains("paper: figure 1: 7 cells, 3 already done, 4 to run"), qPrintable(resumed.err));
    QVERIFY2(resumed.err.contains("paper: 4 cells run, 3 read back"), qPrintable(resumed.err));
    QCOMPARE(csvRows(fig1), 7);
    // The three cells read back print exactly as in the first run (numbers and planning times).
    const QList<CellTable> a = cellTables(section(first.out, 1)), b = cellTables(section(resumed.out, 1));
    QCOMPARE(a.size(), 1);
    QCOMPARE(b.size(), 1);
    QCOMPARE(b[0].rows.size(), a[0].rows.size());
    for (int i = 0; i < 3; ++i) QCOMPARE(b[0].rows[i], a[0].rows[i]);
    // A run after the resumed one reads everything back and prints the resumed run's tables.
    const CliRun again = cli(quick(dir.path(), {"--figure", "1"}));
    QVERIFY2(again.code == 0, qPrintable(again.err));
    QVERIFY2(again.err.contains("paper: 0 cells run, 7 read back"), qPrintable(again.err));
    QCOMPARE(again.out, resumed.out);
    // A run of other cells into the same directory keeps the cells it does not ask for.
    const CliRun other = cli(quick(dir.path(), {"--figure", "1", "--models", "qwen3-32b"}));
    QVERIFY2(other.code == 0, qPrintable(other.err));
    QVERIFY(section(other.out, 1).contains(", qwen3-32b\n"));
    QVERIFY(!section(other.out, 1).contains(", llama3-8b\n"));
    QCOMPARE(csvRows(fig1), 14);
    QVERIFY2(!other.err.contains("warning"), qPrintable(other.err));  // other models: adding, as meant
    // Other options than the file's (a directory of a --global-batch 8192 run read without it)
    // replan every cell: said before the first starts, naming the option left off.
    const CliRun seed = cli(quick(dir.path(), {"--figure", "1", "--models", "qwen3-32b", "--seed", "2"}));
    QVERIFY2(seed.code == 0, qPrintable(seed.err));
    QVERIFY2(seed.err.contains("paper: warning: " + fig1 + " holds 14 cells, none made with this run's options (its first: "
                                                         "seed 1 (this run: 2, --seed))"),
             qPrintable(seed.err));
    QVERIFY(seed.err.indexOf("warning") < seed.err.indexOf("[1/"));
    QCOMPARE(csvRows(fig1), 21);
  }

  // Which cells a search ends on by itself must not depend on the machine's speed: HetAuto ends
  // on paper-2t-64 and on 16 + 16 nodes of A100-40 and H100 with qwen3-32b within a second here,
  // and a 120 s budget leaves a wide margin; on paper-3t-128 it is still drawing new structures
  // after 60 s, so half a second stops it.
  void aSearchThatEndsBeforeItsBudgetIsNotAtIt() {
    QTemporaryDir dir;
    const QStringList common = {"--figure", "7", "--models", "qwen3-32b", "--planners", "hetauto"};
    const CliRun ends =
        cli(quick(dir.path(), common + QStringList{"--clusters", "paper-2t-64,a100-40:4x16,h100:4x16", "--budget-s", "120"}));
    QVERIFY2(ends.code == 0, qPrintable(ends.err + ends.out));
    const CliRun stops =
        cli(quick(dir.path(), common + QStringList{"--clusters", "paper-3t-128", "--budget-s", "0.5"}));
    QVERIFY2(stops.code == 0, qPrintable(stops.err + stops.out));
    QVERIFY2(checkBudgetFlags(dir.path()) >= 1, qPrintable(ends.err));
    QMap<QString, QString> hetautoAtBudget;
    for (const auto& row : csvRecords(dir.filePath("paper-fig7.csv"))) {
      QCOMPARE(row["model"], QString("qwen3-32b"));
      if (row["planner"] == "hetauto") hetautoAtBudget[row["cluster"]] = row["at_budget"];
    }
    // --clusters ran those cells and no other.
    QCOMPARE(hetautoAtBudget.keys(), (QStringList{"a100-40:4x16,h100:4x16", "paper-2t-64", "paper-3t-128"}));
    QCOMPARE(hetautoAtBudget["paper-2t-64"], QString("0"));
    QCOMPARE(hetautoAtBudget["a100-40:4x16,h100:4x16"], QString("0"));
    QCOMPARE(hetautoAtBudget["paper-3t-128"], QString("1"));
    QVERIFY(ends.out.contains("--clusters paper-2t-64,a100-40:4x16,h100:4x16"));
  }

  void badInputIsRefused() {
    QTemporaryDir dir;
    const CliRun fig = cli({"paper", "--figure", "2"});
    QCOMPARE(fig.code, 2);
    QVERIFY(fig.err.contains("option '--figure' needs 1, 7, 8, 9, 10, 11"));
    QCOMPARE(cli({"paper", "--planners", "greedy"}).code, 2);
    QCOMPARE(cli({"paper", "--models", "no-such-model"}).code, 2);
    const CliRun cluster = cli({"paper", "--clusters", "paper-2t-64,paper-growth"});
    QCOMPARE(cluster.code, 2);
    QVERIFY2(cluster.err.contains("'paper-growth' is not a cluster of Figures 1, 7, 9 or 10") &&
                 cluster.err.contains("paper-moe-512"),
             qPrintable(cluster.err));
    // A two-type composition's own comma does not make a half of it a cluster name.
    const CliRun half = cli({"paper", "--clusters", "a100-40:4x16,h100:4x32"});
    QCOMPARE(half.code, 2);
    QVERIFY2(half.err.contains("'a100-40:4x16' is not a cluster"), qPrintable(half.err));
    QCOMPARE(cli({"paper", "--csv-dir", dir.filePath("missing")}).code, 2);
    QCOMPARE(cli({"paper", "--budget-s", "0"}).code, 2);
    // A damaged CSV file is named with the row and column, before any planning.
    QFile f(dir.filePath("paper-fig1.csv"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("figure,planner\n1\n");
    f.close();
    const CliRun bad = cli(quick(dir.path(), {"--figure", "1"}));
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("paper-fig1.csv") && bad.err.contains("row 1"), qPrintable(bad.err));
    // A file of that name that is no paper CSV (no rows, another header) is refused, not
    // overwritten by the run: it was replaced with exit 0.
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("hello world\n");
    f.close();
    const CliRun other = cli(quick(dir.path(), {"--figure", "1"}));
    QCOMPARE(other.code, 2);
    QVERIFY2(other.err.contains("paper-fig1.csv") && other.err.contains("column missing"), qPrintable(other.err));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("hello world\n"));
  }
};

QTEST_GUILESS_MAIN(TstCliPaper)
#include "tst_cli_paper.moc"
