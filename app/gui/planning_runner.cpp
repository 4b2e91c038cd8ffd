// PlanningRunner: QtConcurrent worker, queued hand-over to the UI thread, job-id staleness.
#include "planning_runner.h"

#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>

namespace arachne::gui {

PlanningRunner::PlanningRunner(QObject* parent) : QObject(parent) {
  qRegisterMetaType<arachne::PlannerProgress>();
  qRegisterMetaType<arachne::PlannerResult>();
}

PlanningRunner::~PlanningRunner() {
  for (auto& r : jobs_) r.cancel->store(true);
  for (auto& r : jobs_) r.future.waitForFinished();
}

quint64 PlanningRunner::start(Job job) {
  for (auto& r : jobs_) r.cancel->store(true);
  const quint64 id = ++currentId_;
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  runningId_ = id;
  ++running_;
  QFuture<void> future = QtConcurrent::run([this, id, cancel, job = std::move(job)] {
    // Progress from a stale job is of no interest; the UI thread checks the id again.
    ProgressCallback onProgress = [this, id](const PlannerProgress& p) {
      if (currentId_.load() != id) return;
      QMetaObject::invokeMethod(
          this, [this, id, p] { if (id == currentId_) emit progress(id, p); },
          Qt::QueuedConnection);
    };
    PlannerResult result;
    QString error;
    bool ok = true;
    try {
      result = job(onProgress, cancel.get());
    } catch (const std::exception& e) {
      ok = false;
      error = QString::fromStdString(e.what());
    } catch (...) {
      ok = false;
      error = tr("the planner failed with an unknown error");
    }
    // The runner waits for this thread in its destructor, so `this` is alive here; the queued
    // call is discarded if the runner goes away before the event loop gets to it.
    QMetaObject::invokeMethod(
        this, [this, id, ok, result = std::move(result), error] { deliver(id, ok, result, error); },
        Qt::QueuedConnection);
  });
  jobs_.append({id, cancel, future});
  emit started(id);
  return id;
}

void PlanningRunner::stop() {
  for (auto& r : jobs_)
    if (r.id == currentId_) r.cancel->store(true);
}

void PlanningRunner::invalidate() {
  if (running_ > 0) ++currentId_;
}

void PlanningRunner::deliver(quint64 id, bool ok, const PlannerResult& result,
                             const QString& error) {
  for (int i = 0; i < jobs_.size(); ++i)
    if (jobs_[i].id == id) {
      jobs_.removeAt(i);
      break;
    }
  --running_;
  if (id != currentId_)
    emit staleDropped(id);
  else if (ok)
    emit planReady(id, result);
  else
    emit failed(id, error);
  emit finished(id);
}

}  // namespace arachne::gui
