// The worker facade: runs one planning job at a time on a worker thread, reports progress and
// the result through typed signals on the UI thread, stops on request, and drops the result of
// a job that became stale (a new start, or an edit of its input) when it arrives.
#pragma once

#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>

#include "planning/planner.h"

Q_DECLARE_METATYPE(arachne::PlannerProgress)
Q_DECLARE_METATYPE(arachne::PlannerResult)

namespace arachne::gui {

class PlanningRunner : public QObject {
  Q_OBJECT
 public:
  // The work itself; runs on a worker thread. It calls `progress` from that thread and returns
  // promptly once `*cancel` is true. Exceptions become failed().
  using Job = std::function<PlannerResult(const ProgressCallback& progress,
                                          const std::atomic<bool>* cancel)>;

  explicit PlanningRunner(QObject* parent = nullptr);
  // Cancels every job and waits for the worker threads (the mandelbrot example's lifecycle).
  ~PlanningRunner() override;

  // Starts `job` and returns its id; a job still running is cancelled and its result dropped.
  quint64 start(Job job);
  // Asks the running job to stop; it returns its best plan so far, which is still delivered.
  void stop();
  // The input changed: whatever is running now is stale, its result will be dropped.
  void invalidate();
  bool isRunning() const { return running_ > 0; }
  bool isStale() const { return running_ > 0 && runningId_ != currentId_; }
  quint64 currentJob() const { return currentId_; }

 signals:
  void started(quint64 job);
  void progress(quint64 job, const arachne::PlannerProgress& progress);
  void planReady(quint64 job, const arachne::PlannerResult& result);
  void failed(quint64 job, const QString& message);
  // A result arrived for a job that was no longer current and was thrown away.
  void staleDropped(quint64 job);
  // The job ended in any way (plan, failure, or dropped); isRunning() is up to date.
  void finished(quint64 job);

 private:
  struct Running {
    quint64 id;
    std::shared_ptr<std::atomic<bool>> cancel;
    QFuture<void> future;
  };
  void deliver(quint64 id, bool ok, const PlannerResult& result, const QString& error);

  std::atomic<quint64> currentId_{0};
  quint64 runningId_ = 0;
  int running_ = 0;
  QList<Running> jobs_;
};

}  // namespace arachne::gui
