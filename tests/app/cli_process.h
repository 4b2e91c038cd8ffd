// Running arachne-cli as a child process in the app tests: exit code, stdout and stderr.
#pragma once

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QThread>
#include <csignal>
#include <utility>
#include <vector>

struct CliRun {
  int code = -1;  // -2: crashed; -1: timed out
  QString out;
  QString err;
};

// Waits for a started process; kills it after `timeoutMs` (err then says "timed out").
inline CliRun finishCli(QProcess& p, int timeoutMs = 180000) {
  CliRun r;
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    r.err = "timed out";
    return r;
  }
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

// Runs ARACHNE_CLI with `args`; each (name, value) of `env` is set, or removed when value is empty.
inline CliRun runCli(const QStringList& args, const std::vector<std::pair<QString, QString>>& env = {},
                     int timeoutMs = 180000) {
  QProcess p;
  if (!env.empty()) {
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const auto& [name, value] : env) {
      if (value.isEmpty())
        e.remove(name);
      else
        e.insert(name, value);
    }
    p.setProcessEnvironment(e);
  }
  p.start(QStringLiteral(ARACHNE_CLI), args);
  return finishCli(p, timeoutMs);
}

// Waits until the process has installed its SIGINT and SIGTERM handlers (main() runs only after
// LibTorch is loaded, which takes seconds on a loaded machine or under a sanitizer): a signal
// before that would test the default disposition, not arachne-cli.
inline bool waitForSignalHandlers(qint64 pid, int timeoutMs = 120000) {
  QElapsedTimer t;
  t.start();
  const unsigned long long want = (1ull << (SIGINT - 1)) | (1ull << (SIGTERM - 1));
  while (t.elapsed() < timeoutMs) {
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (status.open(QIODevice::ReadOnly)) {
      for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("SigCgt:") && (line.mid(7).trimmed().toULongLong(nullptr, 16) & want) == want) return true;
    }
    QThread::msleep(50);
  }
  return false;
}

// Runs ARACHNE_CLI with `args` and sends `sig` once its handlers are in place and `settleMs`
// more have passed, so that the signal meets the long work (search or training). Loading the
// inputs can take longer than settleMs (a loaded machine, the asan build): a signal then ends
// the process before the work with 130 / 143, which is right but not what the caller tests, so
// the run is repeated with twice the wait, up to five times. Returns the last run.
inline CliRun interruptDuringWork(const QStringList& args, int sig, int settleMs = 1500, int timeoutMs = 180000) {
  CliRun r;
  for (int attempt = 0; attempt < 5; ++attempt, settleMs *= 2) {
    QProcess p;
    p.start(QStringLiteral(ARACHNE_CLI), args);
    if (!p.waitForStarted() || !waitForSignalHandlers(p.processId())) {
      p.kill();
      p.waitForFinished();
      r = CliRun{};
      r.err = "did not start or install its signal handlers";
      return r;
    }
    QThread::msleep(static_cast<unsigned long>(settleMs));
    ::kill(static_cast<pid_t>(p.processId()), sig);
    r = finishCli(p, timeoutMs);
    if (r.code != 128 + sig) return r;
  }
  return r;
}
