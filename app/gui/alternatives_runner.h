// Runs the alternatives view's planners in parallel: a thread pool sized to the machine's cores,
// one job per planner with its own budget and cancel flag, a watchdog that stops a planner that
// overruns its budget, and a generation id that drops every result of a run whose input changed.
#pragma once

#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <atomic>
#include <memory>
#include <utility>
#include <vector>

#include "planning_runner.h"

namespace arachne::gui {

class AlternativesRunner : public QObject {
  Q_OBJECT
 public:
  explicit AlternativesRunner(QObject* parent = nullptr);
  // Cancels every job and waits for the pool.
  ~AlternativesRunner() override;

  // Default: QThread::idealThreadCount(). Jobs beyond it wait in the queue (their budget starts
  // when they start).
  void setPoolSize(int threads);
  int poolSize() const;
  // Starts one job per planner (each job already carries its own budget of `budgetSeconds`);
  // a run in progress is cancelled and its results dropped. Returns the run's generation.
  quint64 start(std::vector<std::pair<QString, PlanningRunner::Job>> jobs, double budgetSeconds);
  // Stops every job of the current run; their best results so far are still delivered.
  void cancel();
  // The input changed: whatever runs now is stopped and its results are dropped.
  void invalidate();
  bool isRunning() const { return !runs_.isEmpty(); }
  quint64 generation() const { return generation_; }
  int runningCount() const { return running_.load(); }
  int peakConcurrency() const { return peak_.load(); }  // most jobs seen running at once

 signals:
  void runStarted(quint64 generation, const QString& planner);
  // timedOut: the watchdog stopped the planner because it overran its budget.
  void runFinished(quint64 generation, const QString& planner, bool ok, const arachne::PlannerResult& result,
                   const QString& error, bool timedOut);
  void staleDropped(quint64 generation, const QString& planner);
  void allFinished(quint64 generation);

 private:
  struct Run {
    quint64 generation;
    QString planner;
    std::shared_ptr<std::atomic<bool>> cancel;
    std::shared_ptr<std::atomic<bool>> timedOut;
    QFuture<void> future;
  };
  void onStarted(quint64 generation, const QString& planner, std::shared_ptr<std::atomic<bool>> cancel,
                 std::shared_ptr<std::atomic<bool>> timedOut);
  void deliver(quint64 generation, const QString& planner, bool ok, const PlannerResult& result, const QString& error,
               bool timedOut);

  QThreadPool pool_;
  quint64 generation_ = 0;
  double budget_ = 0;
  QList<Run> runs_;
  std::atomic<int> running_{0};
  std::atomic<int> peak_{0};
};

}  // namespace arachne::gui
