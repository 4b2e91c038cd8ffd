// applyWhatIfOption: a --whatif edit checked against the what-if session's ranges, then made.
#include "what_if_option.h"

#include <QStringList>
#include <functional>

#include "what_if_session.h"

namespace arachne::gui {

namespace {

// Every refusal used to read "changes nothing in this plan", even for a stage that does not
// exist; the session's problem names the broken rule, and only a value already there is "nothing".
QString made(const QString& problem, const std::function<bool()>& edit, const QString& already) {
  if (!problem.isEmpty()) return problem;
  return edit() ? QString() : already + QStringLiteral(", so it changes nothing in this plan");
}

QString counted(int n, const char* one, const char* many) {
  return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

}  // namespace

QString applyWhatIfOption(WhatIfSession& s, const QString& edit) {
  const QStringList f = edit.split(QLatin1Char(':'));
  const QString kind = f.value(0);
  const int t = f.value(1).toInt() - 1;
  const int a = f.value(2).toInt();
  if (kind == QLatin1String("tp")) {
    const int st = a - 1, tp = f.value(3).toInt();
    return made(s.tpProblem(t, st, tp), [&] { return s.setTp(t, st, tp); },
                QStringLiteral("stage %1 of template %2 already has TP %3").arg(a).arg(t + 1).arg(tp));
  }
  if (kind == QLatin1String("replicas"))
    return made(s.replicasProblem(t, a), [&] { return s.setReplicas(t, a); },
                QStringLiteral("template %1 already has %2").arg(t + 1).arg(counted(a, "replica", "replicas")));
  if (kind == QLatin1String("depth"))
    return made(s.depthProblem(t, a), [&] { return s.setDepth(t, a); },
                QStringLiteral("template %1 already has %2").arg(t + 1).arg(counted(a, "stage", "stages")));
  if (kind == QLatin1String("mb"))
    return made(s.microBatchProblem(t, a), [&] { return s.setMicroBatch(t, a); },
                QStringLiteral("template %1 already has micro-batch %2").arg(t + 1).arg(a));
  return QStringLiteral("'%1' is not an edit: tp:T:S:N, replicas:T:N, depth:T:N or mb:T:N").arg(edit);
}

}  // namespace arachne::gui
