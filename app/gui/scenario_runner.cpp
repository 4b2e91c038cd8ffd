// ScenarioRunner: one QtConcurrent job per Play, queued hand-over of each step, stale job ids.
#include "scenario_runner.h"

#include <QMetaObject>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>

#include "catalog/gpu_catalog.h"

namespace arachne::gui {

ScenarioRunner::ScenarioRunner(QObject* parent) : QObject(parent) {
  qRegisterMetaType<std::vector<arachne::ScenarioTrace>>();
}

ScenarioRunner::~ScenarioRunner() {
  for (auto& r : jobs_) r.cancel->store(true);
  for (auto& r : jobs_) r.future.waitForFinished();
}

quint64 ScenarioRunner::start(ScenarioRequest request) {
  for (auto& r : jobs_) r.cancel->store(true);
  const quint64 id = ++currentId_;
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  ++running_;
  QFuture<void> future = QtConcurrent::run([this, id, cancel, request = std::move(request)] {
    std::vector<ScenarioTrace> done;
    QString error;
    bool ok = true;
    try {
      for (const std::string& planner : request.planners) {
        if (cancel->load()) break;
        auto onStep = [&](const ScenarioTrace& soFar) {
          if (currentId_.load() != id) return;
          std::vector<ScenarioTrace> all = done;
          all.push_back(soFar);
          QMetaObject::invokeMethod(
              this, [this, id, all = std::move(all)] { if (id == currentId_) emit progressed(id, all); },
              Qt::QueuedConnection);
        };
        done.push_back(runScenario(request.scenario, request.model, request.spec, planner, request.options,
                                   GpuCatalog::builtin(), onStep, cancel.get()));
      }
    } catch (const std::exception& e) {
      ok = false;
      error = QString::fromStdString(e.what());
    } catch (...) {
      ok = false;
      error = tr("the scenario run failed with an unknown error");
    }
    const bool cancelled = cancel->load();
    // The runner waits for this thread in its destructor, so `this` is alive here.
    QMetaObject::invokeMethod(
        this,
        [this, id, ok, cancelled, done = std::move(done), error] {
          for (int i = 0; i < jobs_.size(); ++i)
            if (jobs_[i].id == id) {
              jobs_.removeAt(i);
              break;
            }
          --running_;
          if (id != currentId_) return;
          if (ok) emit finished(id, done, cancelled);
          else emit failed(id, error);
        },
        Qt::QueuedConnection);
  });
  jobs_.append({id, cancel, future});
  return id;
}

void ScenarioRunner::stop() {
  for (auto& r : jobs_)
    if (r.id == currentId_) r.cancel->store(true);
}

void ScenarioRunner::invalidate() {
  if (running_ > 0) {
    for (auto& r : jobs_) r.cancel->store(true);
    ++currentId_;
  }
}

}  // namespace arachne::gui
