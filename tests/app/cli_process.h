// Running arachne-cli as a child process in the app tests: exit code, stdout and stderr.
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
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
