// AlternativesRunner: QtConcurrent on an own pool, queued hand-over, generation staleness.
#include "alternatives_runner.h"

#include <QMetaObject>
#include <QPointer>
#include <QThread>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>

namespace arachne::gui {

AlternativesRunner::AlternativesRunner(QObject* parent) : QObject(parent) {
  qRegisterMetaType<arachne::PlannerResult>();
  pool_.setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
}

AlternativesRunner::~AlternativesRunner() {
  for (auto& r : runs_) r.cancel->store(true);
  pool_.waitForDone();
}

void AlternativesRunner::setPoolSize(int threads) { pool_.setMaxThreadCount(std::max(1, threads)); }
int AlternativesRunner::poolSize() const { return pool_.maxThreadCount(); }

quint64 AlternativesRunner::start(std::vector<std::pair<QString, PlanningRunner::Job>> jobs, double budgetSeconds) {
  invalidate();
  const quint64 gen = ++generation_;
  budget_ = budgetSeconds;
  peak_ = 0;
  for (auto& [planner, job] : jobs) {
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto timedOut = std::make_shared<std::atomic<bool>>(false);
    QFuture<void> f = QtConcurrent::run(&pool_, [this, gen, planner = planner, job = std::move(job), cancel, timedOut] {
      if (cancel->load()) {  // cancelled while queued
        QMetaObject::invokeMethod(this, [this, gen, planner] {
          PlannerResult none;
          none.stats.cancelled = true;
          deliver(gen, planner, true, none, {}, false);
        }, Qt::QueuedConnection);
        return;
      }
      const int now = ++running_;
      for (int p = peak_.load(); now > p && !peak_.compare_exchange_weak(p, now);) {
      }
      QMetaObject::invokeMethod(this, [this, gen, planner, cancel, timedOut] { onStarted(gen, planner, cancel, timedOut); },
                                Qt::QueuedConnection);
      PlannerResult result;
      QString error;
      bool ok = true;
      try {
        result = job(ProgressCallback{}, cancel.get());
      } catch (const std::exception& e) {
        ok = false;
        error = QString::fromStdString(e.what());
      } catch (...) {
        ok = false;
        error = tr("the planner failed with an unknown error");
      }
      --running_;
      const bool late = timedOut->load();
      // The runner waits for the pool in its destructor, so `this` is alive here.
      QMetaObject::invokeMethod(
          this, [this, gen, planner, ok, result = std::move(result), error, late] { deliver(gen, planner, ok, result, error, late); },
          Qt::QueuedConnection);
    });
    runs_.append({gen, planner, cancel, timedOut, f});
  }
  return gen;
}

void AlternativesRunner::onStarted(quint64 gen, const QString& planner, std::shared_ptr<std::atomic<bool>> cancel,
                                   std::shared_ptr<std::atomic<bool>> timedOut) {
  if (gen != generation_) return;
  emit runStarted(gen, planner);
  // The watchdog: a planner gets its budget plus a grace for its last step and the reasons.
  if (budget_ > 0) {
    const int ms = static_cast<int>(1000 * (budget_ + std::max(2.0, 0.25 * budget_)));
    QTimer::singleShot(ms, this, [cancel, timedOut] {
      if (!cancel->load()) {
        timedOut->store(true);
        cancel->store(true);
      }
    });
  }
}

void AlternativesRunner::cancel() {
  for (auto& r : runs_)
    if (r.generation == generation_) r.cancel->store(true);
}

void AlternativesRunner::invalidate() {
  for (auto& r : runs_) r.cancel->store(true);
  if (!runs_.isEmpty()) ++generation_;
}

void AlternativesRunner::deliver(quint64 gen, const QString& planner, bool ok, const PlannerResult& result,
                                 const QString& error, bool timedOut) {
  for (int i = 0; i < runs_.size(); ++i)
    if (runs_[i].generation == gen && runs_[i].planner == planner) {
      runs_.removeAt(i);
      break;
    }
  if (gen != generation_) {
    emit staleDropped(gen, planner);
  } else {
    emit runFinished(gen, planner, ok, result, error, timedOut);
  }
  bool left = false;
  for (const auto& r : runs_) left = left || r.generation == gen;
  if (!left && gen == generation_) emit allFinished(gen);
}

}  // namespace arachne::gui
