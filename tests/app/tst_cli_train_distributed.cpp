// arachne-cli train --workers: a seeded two-process (and three-process) c10d training that ends
// where the one-process training ends, and the error paths (bad --master, a peer that never
// arrives, a master nobody runs, options that differ, a peer that dies) with their exit codes.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cli_process.h"
#include "policy/policy_io.h"
#include "policy/policy_network.h"

namespace {

const QString kSmall = QStringLiteral("h100:4x2,a6000:4x2+2x1");

// Two problems (one cluster, two models), 4 updates of 2 groups of 8 rollouts, a few cloning
// passes at both ends: every phase of the run, in a few seconds.
QStringList smokeArgs(const QString& out) {
  return {"train", "--out", out, "--cluster", kSmall, "--random", "0", "--random-small", "0", "--random-wide", "0", "--models",
          "llama3-8b,qwen3-32b", "--updates", "4", "--minutes", "5", "--seed", "3", "--checkpoint-minutes", "0",
          "--demonstration-epochs", "5", "--final-cloning-epochs", "5"};
}

// One torch thread per process in every run compared, so no reduction depends on the thread count.
CliRun cli(const QStringList& args, int timeoutMs = 120000) {
  return runCli(args, {{"OMP_NUM_THREADS", "1"}, {"ARACHNE_POLICY_WEIGHTS", ""}}, timeoutMs);
}

int freePort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

// "done: 4 updates, 64 episodes, 1108 evaluations" and "last mean reward 3.967 seq/s, best
// 15.514 seq/s": the summary line without its wall time.
QString doneLine(const QString& out) {
  for (const QString& l : out.split('\n'))
    if (l.startsWith("done: ")) return l.section(" in ", 0, 0) + " | " + l.section("; ", 1);
  return {};
}

struct WeightDifference {
  bool finite = false;
  double max_abs = 0;   // largest |a - b| of one parameter
  double relative = 0;  // |a - b| / |a| over all parameters (L2)
};

WeightDifference compareWeights(const QString& a, const QString& b) {
  const arachne::LoadedPolicy pa = arachne::loadPolicy(a.toStdString());
  const arachne::LoadedPolicy pb = arachne::loadPolicy(b.toStdString());
  const auto wa = pa.network->parameters(), wb = pb.network->parameters();
  WeightDifference d;
  d.finite = wa.size() == wb.size();
  double diff2 = 0, norm2 = 0;
  for (size_t i = 0; i < wa.size() && d.finite; ++i) {
    d.finite = torch::isfinite(wa[i]).all().item<bool>() && torch::isfinite(wb[i]).all().item<bool>();
    d.max_abs = std::max(d.max_abs, (wa[i] - wb[i]).abs().max().item<double>());
    diff2 += (wa[i] - wb[i]).pow(2).sum().item<double>();
    norm2 += wa[i].pow(2).sum().item<double>();
  }
  d.relative = std::sqrt(diff2 / std::max(norm2, 1e-30));
  qInfo("weights differ by at most %.3g (relative L2 %.3g)", d.max_abs, d.relative);
  return d;
}

// Kills the ranks a test started when it returns early (a failed check), so none outlives it.
struct KillOnExit {
  std::vector<QProcess*> processes;
  ~KillOnExit() {
    for (QProcess* p : processes)
      if (p->state() != QProcess::NotRunning) {
        p->kill();
        p->waitForFinished();
      }
  }
};

QProcess* startRank(QObject* parent, const QStringList& args) {
  auto* p = new QProcess(parent);
  QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
  e.insert("OMP_NUM_THREADS", "1");
  p->setProcessEnvironment(e);
  p->start(QStringLiteral(ARACHNE_CLI), args);
  return p;
}

}  // namespace

class TstCliTrainDistributed : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { torch::set_num_threads(1); }

  // Two workers split each update's 16 rollouts into the two groups (8 each); every rollout has
  // its own random stream, so the two processes run exactly the rollouts the one process runs;
  // the gradient rows summed over the ranks are each one rank's row plus zeros, so the PPO step
  // is the same arithmetic; the imitation entries and demonstrations are exchanged bit for bit.
  // Hence the same update count, episodes and evaluations, and the same weights (compared with
  // a tolerance far below any training step, though they agree exactly here).
  void twoWorkersTrainAsOneProcess() {
    QTemporaryDir dir;
    const QString one = dir.filePath("one.policy"), two = dir.filePath("two.policy");
    const CliRun a = cli(smokeArgs(one) << "--workers" << "1");
    QVERIFY2(a.code == 0, qPrintable(a.err + a.out));
    const CliRun b = cli(smokeArgs(two) << "--workers" << "2");
    QVERIFY2(b.code == 0, qPrintable(b.err + b.out));
    QVERIFY2(b.out.contains("2 workers (rank 0 at 127.0.0.1:"), qPrintable(b.out));
    QVERIFY2(doneLine(a.out).startsWith("done: 4 updates, 64 episodes"), qPrintable(a.out));
    QCOMPARE(doneLine(b.out), doneLine(a.out));
    const WeightDifference d = compareWeights(one, two);
    QVERIFY(d.finite);
    QVERIFY2(d.max_abs <= 1e-6, qPrintable(QString::number(d.max_abs)));
    QFile f(two);
    QVERIFY(f.open(QIODevice::ReadOnly));
    f.readLine();
    QVERIFY(f.readLine().contains("\"workers\":2"));
  }

  // Three workers split the groups themselves (rollouts 0-4, 5-9, 10-15): a group's gradient is
  // then the sum of two ranks' parts, the same sum in another order, so it agrees to float
  // rounding, not bit for bit. Every rollout is still the one process's (the same evaluations
  // and rewards to the last printed digit). Adam divides each gradient by its running RMS, so
  // a rounding difference in a near-zero gradient can move that weight by up to the learning
  // rate (1e-3) per step: the bound is on the whole vector (relative L2), which such elements
  // barely move, with the largest single difference a few steps' worth.
  void threeWorkersSplitGroupsAndStayClose() {
    QTemporaryDir dir;
    const QString one = dir.filePath("one.policy"), three = dir.filePath("three.policy");
    const CliRun a = cli(smokeArgs(one));
    QVERIFY2(a.code == 0, qPrintable(a.err + a.out));
    const CliRun c = cli(smokeArgs(three) << "--workers" << "3");
    QVERIFY2(c.code == 0, qPrintable(c.err + c.out));
    QCOMPARE(doneLine(c.out), doneLine(a.out));
    const WeightDifference d = compareWeights(one, three);
    QVERIFY(d.finite);
    QVERIFY2(d.relative <= 1e-4, qPrintable(QString::number(d.relative)));
    QVERIFY2(d.max_abs <= 1e-2, qPrintable(QString::number(d.max_abs)));
  }

  void badDistributedFlagsExitTwoAtOnce() {
    QTemporaryDir dir;
    const QString out = dir.filePath("x.policy");
    const QList<QStringList> bad = {
        {"--workers", "2", "--rank", "1", "--master", "no-such-host.invalid:29500"},
        {"--workers", "2", "--rank", "1", "--master", "127.0.0.1"},
        {"--workers", "2", "--rank", "1", "--master", "127.0.0.1:0"},
        {"--workers", "2", "--rank", "1", "--master", "127.0.0.1:99999"},
        {"--workers", "2", "--rank", "1", "--master", "[::1:29500"},
        {"--workers", "2", "--rank", "1", "--master", ":29500"},
        {"--workers", "2", "--rank", "1"},
        {"--workers", "2", "--master", "127.0.0.1:29500"},
        {"--workers", "2", "--rank", "2", "--master", "127.0.0.1:29500"},
        {"--workers", "1", "--rank", "0", "--master", "127.0.0.1:29500"},
        {"--workers", "0"},
        {"--workers", "2", "--timeout", "0"},
    };
    for (const QStringList& extra : bad) {
      QElapsedTimer t;
      t.start();
      const CliRun r = cli(QStringList{"train", "--out", out} + extra);
      QVERIFY2(r.code == 2, qPrintable(extra.join(' ') + " -> " + QString::number(r.code) + ": " + r.err));
      QVERIFY2(r.err.contains("arachne-cli train: option '--"), qPrintable(r.err));
      QVERIFY2(t.elapsed() < 10000, qPrintable(extra.join(' ')));  // refused before LibTorch loads
    }
    const CliRun host = cli({"train", "--out", out, "--workers", "2", "--rank", "1", "--master", "no-such-host.invalid:29500"});
    QVERIFY2(host.err.contains("'no-such-host.invalid' does not resolve"), qPrintable(host.err));
    QVERIFY(!QFile::exists(out));
  }

  // Rank 0 alone: the other rank never connects, so rank 0 gives up after --timeout, exit 4.
  void aPeerThatNeverArrivesEndsTheRunAfterTheTimeout() {
    QTemporaryDir dir;
    const QString port = QString::number(freePort());
    QElapsedTimer t;
    t.start();
    const CliRun r = cli(smokeArgs(dir.filePath("x.policy")) << "--workers" << "2" << "--rank" << "0" << "--master"
                                                              << "127.0.0.1:" + port << "--timeout" << "2");
    QVERIFY2(r.code == 4, qPrintable(QString::number(r.code) + ": " + r.err));
    QVERIFY2(r.err.contains("rank 0 of 2") && r.err.contains("did not all connect"), qPrintable(r.err));
    QVERIFY2(t.elapsed() < 25000, qPrintable(QString::number(t.elapsed())));
    QVERIFY(!QFile::exists(dir.filePath("x.policy")));
  }

  // Rank 1 with nobody at the master address: it gives up after --timeout, exit 4.
  void aMasterNobodyRunsEndsTheRunAfterTheTimeout() {
    QTemporaryDir dir;
    const QString port = QString::number(freePort());
    QElapsedTimer t;
    t.start();
    const CliRun r = cli(smokeArgs(dir.filePath("x.policy")) << "--workers" << "2" << "--rank" << "1" << "--master"
                                                              << "127.0.0.1:" + port << "--timeout" << "2");
    QVERIFY2(r.code == 4, qPrintable(QString::number(r.code) + ": " + r.err));
    QVERIFY2(r.err.contains("rank 1 of 2") && r.err.contains("cannot reach the master"), qPrintable(r.err));
    QVERIFY2(t.elapsed() < 25000, qPrintable(QString::number(t.elapsed())));
  }

  // Two ranks started by hand with different seeds: both refuse at the start, naming the field.
  void ranksWithDifferentOptionsRefuseToStart() {
    QTemporaryDir dir;
    const QString master = "127.0.0.1:" + QString::number(freePort());
    QStringList a = smokeArgs(dir.filePath("x.policy")) << "--workers" << "2" << "--master" << master << "--timeout" << "30";
    QStringList b = a;
    a << "--rank" << "0";
    b << "--rank" << "1";
    b[b.indexOf("--seed") + 1] = "4";
    QProcess* r0 = startRank(this, a);
    QProcess* r1 = startRank(this, b);
    const KillOnExit guard{{r0, r1}};
    const CliRun e0 = finishCli(*r0, 60000), e1 = finishCli(*r1, 60000);
    QVERIFY2(e0.code == 2, qPrintable(QString::number(e0.code) + ": " + e0.err));
    QVERIFY2(e1.code == 2, qPrintable(QString::number(e1.code) + ": " + e1.err));
    QVERIFY2(e0.err.contains("the training options differ from rank(s) 1") && e0.err.contains("seed 3 here, 4 there"),
             qPrintable(e0.err));
    QVERIFY2(e1.err.contains("differ from rank(s) 0") && e1.err.contains("seed 4 here, 3 there"), qPrintable(e1.err));
  }

  // A rank killed mid-run: rank 0 learns it from the closed connection at the next exchange (not
  // after --timeout), writes the weights it has and exits 4 naming the problem.
  void aPeerThatDiesEndsTheRunWithTheWeightsWritten() {
    QTemporaryDir dir;
    const QString out = dir.filePath("x.policy");
    const QString master = "127.0.0.1:" + QString::number(freePort());
    QStringList a = smokeArgs(out);
    a[a.indexOf("--updates") + 1] = "100000";
    a << "--workers" << "2" << "--master" << master << "--timeout" << "60";
    QProcess* r0 = startRank(this, QStringList(a) << "--rank" << "0");
    QProcess* r1 = startRank(this, QStringList(a) << "--rank" << "1");
    const KillOnExit guard{{r0, r1}};
    QVERIFY(r0->waitForStarted() && r1->waitForStarted());
    QByteArray seen;
    QElapsedTimer t;
    t.start();
    while (!seen.contains("update 1:") && t.elapsed() < 60000 && r0->state() == QProcess::Running) {
      r0->waitForReadyRead(200);
      seen += r0->readAllStandardOutput();
    }
    QVERIFY2(seen.contains("update 1:"), seen.constData());
    r1->kill();
    r1->waitForFinished();
    QElapsedTimer sinceKill;
    sinceKill.start();
    const CliRun e0 = finishCli(*r0, 60000);
    QVERIFY2(e0.code == 4, qPrintable(QString::number(e0.code) + ": " + e0.err));
    QVERIFY2(e0.err.contains("a peer left the run"), qPrintable(e0.err));
    QVERIFY2(e0.err.contains("are written to " + out), qPrintable(e0.err));
    QVERIFY2(sinceKill.elapsed() < 30000, qPrintable(QString::number(sinceKill.elapsed())));  // well under --timeout
    QVERIFY(QFile::exists(out));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    f.readLine();
    QVERIFY(f.readLine().contains("\"stopped_by\""));
  }
};

QTEST_GUILESS_MAIN(TstCliTrainDistributed)
#include "tst_cli_train_distributed.moc"
