// The scenario panel's worker facade: plays a scenario with each chosen planner in turn on a
// worker thread, hands the run so far to the UI thread after every step, stops on request and
// drops what a stale job (the scenario was edited, or a new Play began) still delivers.
#pragma once

#include <QFuture>
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "model/model.h"
#include "scenario/scenario_run.h"

Q_DECLARE_METATYPE(std::vector<arachne::ScenarioTrace>)

namespace arachne::gui {

struct ScenarioRequest {
  Scenario scenario;
  Model model;
  TrainingSpec spec;
  std::vector<std::string> planners;
  ScenarioRunOptions options;
};

class ScenarioRunner : public QObject {
  Q_OBJECT
 public:
  explicit ScenarioRunner(QObject* parent = nullptr);
  // Stops the job and waits for the worker thread.
  ~ScenarioRunner() override;

  // Starts playing `request` and returns the job id; a job still running is stopped and dropped.
  quint64 start(ScenarioRequest request);
  // The running planner returns its best plan so far and the job ends after that step; what was
  // played is still delivered.
  void stop();
  // The input changed: what is running now is stale.
  void invalidate();
  bool isRunning() const { return running_ > 0; }
  quint64 currentJob() const { return currentId_; }

 signals:
  // The traces so far: the planners done, then the one under way (partial).
  void progressed(quint64 job, const std::vector<arachne::ScenarioTrace>& traces);
  void finished(quint64 job, const std::vector<arachne::ScenarioTrace>& traces, bool cancelled);
  void failed(quint64 job, const QString& message);

 private:
  struct Running {
    quint64 id;
    std::shared_ptr<std::atomic<bool>> cancel;
    QFuture<void> future;
  };
  std::atomic<quint64> currentId_{0};
  int running_ = 0;
  QList<Running> jobs_;
};

}  // namespace arachne::gui
