// Tests of the worker facade (progress then a plan, cancel, stale results dropped, failures) and
// of the alternatives runner (planners in parallel, each with its own budget, cancel, stale
// runs dropped, a planner that overruns its budget stopped).
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <atomic>
#include <chrono>
#include <thread>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "core_planning_backend.h"
#include "model/model_catalog.h"
#include "alternatives_runner.h"
#include "planning_runner.h"

using namespace arachne;
using namespace arachne::gui;

namespace {
// Stands in for a planner (the real ones need the cost model): reports progress every step,
// honours the cancel flag, and returns a one-template plan with the steps it managed.
PlanningRunner::Job fakePlanner(int steps, std::atomic<bool>* gate = nullptr) {
  return [steps, gate](const ProgressCallback& progress, const std::atomic<bool>* cancel) {
    PlannerResult r;
    int done = 0;
    for (; done < steps; ++done) {
      if (cancel && cancel->load()) break;
      while (gate && !gate->load() && !(cancel && cancel->load()))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      PlannerProgress p;
      p.evaluations = done + 1;
      p.best_sequences_per_s = 10.0 * (done + 1);
      p.message = "step " + std::to_string(done + 1);
      if (progress) progress(p);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    r.found = true;
    r.plan.templates.push_back(Template{});
    r.stats.evaluations = done;
    r.stats.cancelled = cancel && cancel->load();
    return r;
  };
}

// A slow planner: sleeps until its own budget ends or it is cancelled; `ignoreCancel` makes it
// one that overruns its budget (the watchdog's case), up to `hardCap` seconds.
PlanningRunner::Job slowPlanner(double budget, bool ignoreCancel = false, double hardCap = 30) {
  return [=](const ProgressCallback&, const std::atomic<bool>* cancel) {
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    while (elapsed() < hardCap && (ignoreCancel ? elapsed() < 1e9 && !(cancel->load() && elapsed() > budget + 0.5)
                                                : !cancel->load() && elapsed() < budget))
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    PlannerResult r;
    r.found = true;
    r.plan.templates.push_back(Template{});
    r.stats.elapsed_s = elapsed();
    r.stats.cancelled = cancel->load();
    return r;
  };
}
}  // namespace

class TestGuiRunner : public QObject {
  Q_OBJECT
 private slots:
  void emitsProgressThenPlan() {
    PlanningRunner runner;
    QSignalSpy progress(&runner, &PlanningRunner::progress);
    QSignalSpy ready(&runner, &PlanningRunner::planReady);
    QSignalSpy finished(&runner, &PlanningRunner::finished);
    const quint64 id = runner.start(fakePlanner(5));
    QVERIFY(runner.isRunning());
    QVERIFY(ready.wait(5000));
    QVERIFY(progress.count() >= 1);
    QCOMPARE(progress.first().at(0).toULongLong(), id);
    const auto p = progress.last().at(1).value<PlannerProgress>();
    QVERIFY(p.evaluations >= 1);
    const auto r = ready.first().at(1).value<PlannerResult>();
    QVERIFY(r.found);
    QCOMPARE(r.stats.evaluations, 5LL);
    QCOMPARE(finished.count(), 1);
    QVERIFY(!runner.isRunning());
  }

  void cancelReturnsPromptly() {
    PlanningRunner runner;
    QSignalSpy ready(&runner, &PlanningRunner::planReady);
    runner.start(fakePlanner(1'000'000));
    QTest::qWait(30);
    runner.stop();
    QVERIFY(ready.wait(5000));
    const auto r = ready.first().at(1).value<PlannerResult>();
    QVERIFY(r.stats.cancelled);
    QVERIFY(r.stats.evaluations < 1'000'000);
  }

  void staleResultIsDropped() {
    PlanningRunner runner;
    QSignalSpy ready(&runner, &PlanningRunner::planReady);
    QSignalSpy dropped(&runner, &PlanningRunner::staleDropped);
    QSignalSpy finished(&runner, &PlanningRunner::finished);
    std::atomic<bool> gate{false};
    const quint64 id = runner.start(fakePlanner(3, &gate));
    runner.invalidate();  // the user edited the cluster during the run
    QVERIFY(runner.isStale());
    gate = true;
    QVERIFY(finished.wait(5000));
    QCOMPARE(ready.count(), 0);
    QCOMPARE(dropped.count(), 1);
    QCOMPARE(dropped.first().at(0).toULongLong(), id);
  }

  void newStartSupersedesRunningJob() {
    PlanningRunner runner;
    QSignalSpy ready(&runner, &PlanningRunner::planReady);
    QSignalSpy dropped(&runner, &PlanningRunner::staleDropped);
    const quint64 first = runner.start(fakePlanner(1'000'000));
    const quint64 second = runner.start(fakePlanner(2));
    QVERIFY(second > first);
    QTRY_COMPARE_WITH_TIMEOUT(ready.count() + dropped.count(), 2, 5000);
    QCOMPARE(ready.count(), 1);
    QCOMPARE(ready.first().at(0).toULongLong(), second);
    QCOMPARE(dropped.first().at(0).toULongLong(), first);
  }

  void exceptionBecomesFailed() {
    PlanningRunner runner;
    QSignalSpy failed(&runner, &PlanningRunner::failed);
    runner.start([](const ProgressCallback&, const std::atomic<bool>*) -> PlannerResult {
      throw std::runtime_error("no profile for v100 at TP 8");
    });
    QVERIFY(failed.wait(5000));
    QVERIFY(failed.first().at(1).toString().contains("v100"));
  }

  // The product path: analytic profiles, cost model and a core planner on the worker thread.
  void corePlannerThroughTheFacade() {
    CorePlanningBackend backend;
    QVERIFY(backend.plannerNames().size() >= 2);
    PlanningRequest request;
    request.composition = resolveCluster("h100:4x2,a6000:4x2", GpuCatalog::builtin());
    request.model = *ModelCatalog::builtin().find("llama3-8b");
    request.spec = request.model.default_training;
    request.planner = "random";
    request.budget.seconds = 1.0;
    PlanningRunner runner;
    QSignalSpy progress(&runner, &PlanningRunner::progress);
    QSignalSpy ready(&runner, &PlanningRunner::planReady);
    runner.start(backend.makeJob(request));
    QVERIFY(ready.wait(30000));
    QVERIFY(progress.count() >= 1);
    const auto r = ready.first().at(1).value<PlannerResult>();
    QVERIFY(r.found);
    QVERIFY(r.report.throughput.sequences_per_s > 0);
    QCOMPARE(r.plan.provenance.planner, std::string("random"));
  }

  void corePlannerCancels() {
    CorePlanningBackend backend;
    PlanningRequest request;
    request.composition = resolveCluster("paper-3t-128", GpuCatalog::builtin());
    request.model = *ModelCatalog::builtin().find("llama3-8b");
    request.spec = request.model.default_training;
    request.planner = "random";
    request.budget.seconds = 60.0;
    PlanningRunner runner;
    QSignalSpy progress(&runner, &PlanningRunner::progress);
    QSignalSpy ready(&runner, &PlanningRunner::planReady);
    runner.start(backend.makeJob(request));
    QVERIFY(progress.wait(30000));
    runner.stop();
    QVERIFY(ready.wait(10000));  // far sooner than the 60 s budget
    QVERIFY(ready.first().at(1).value<PlannerResult>().stats.cancelled);
  }

  void unknownPlannerFails() {
    CorePlanningBackend backend;
    PlanningRequest request;
    request.composition = resolveCluster("h100:4x1", GpuCatalog::builtin());
    request.model = *ModelCatalog::builtin().find("llama3-8b");
    request.planner = "no-such-planner";
    PlanningRunner runner;
    QSignalSpy failed(&runner, &PlanningRunner::failed);
    runner.start(backend.makeJob(request));
    QVERIFY(failed.wait(10000));
    QVERIFY(failed.first().at(1).toString().contains("no-such-planner"));
  }

  // Two planners with a budget of 0.6 s each on two threads: both run at once, each for its own
  // whole budget.
  void alternativesRunInParallelEachWithItsBudget() {
    AlternativesRunner runner;
    runner.setPoolSize(2);
    QSignalSpy started(&runner, &AlternativesRunner::runStarted);
    QSignalSpy done(&runner, &AlternativesRunner::runFinished);
    QSignalSpy all(&runner, &AlternativesRunner::allFinished);
    std::vector<std::pair<QString, PlanningRunner::Job>> jobs;
    jobs.emplace_back("slow-a", slowPlanner(0.6));
    jobs.emplace_back("slow-b", slowPlanner(0.6));
    runner.start(std::move(jobs), 0.6);
    QVERIFY(all.wait(10000));
    QCOMPARE(started.count(), 2);
    QCOMPARE(done.count(), 2);
    // Both ran at once (the pool's own count, not a wall-clock bound a busy machine can break).
    QCOMPARE(runner.peakConcurrency(), 2);
    for (const auto& args : done) {
      const auto r = args.at(3).value<PlannerResult>();
      QVERIFY(r.stats.elapsed_s >= 0.59);  // each used its own whole budget
      QVERIFY(!r.stats.cancelled);
      QVERIFY(!args.at(5).toBool());
    }
  }

  // More planners than threads wait in the queue; the pool never runs more than its size.
  void alternativesQueueBeyondThePool() {
    AlternativesRunner runner;
    runner.setPoolSize(1);
    QSignalSpy all(&runner, &AlternativesRunner::allFinished);
    std::vector<std::pair<QString, PlanningRunner::Job>> jobs;
    for (const char* n : {"a", "b", "c"}) jobs.emplace_back(n, slowPlanner(0.1));
    runner.start(std::move(jobs), 0.1);
    QVERIFY(all.wait(10000));
    QCOMPARE(runner.peakConcurrency(), 1);
  }

  void alternativesCancelStopsEveryRun() {
    AlternativesRunner runner;
    runner.setPoolSize(2);
    QSignalSpy done(&runner, &AlternativesRunner::runFinished);
    QSignalSpy all(&runner, &AlternativesRunner::allFinished);
    std::vector<std::pair<QString, PlanningRunner::Job>> jobs;
    for (const char* n : {"a", "b", "c"}) jobs.emplace_back(n, slowPlanner(60));
    QElapsedTimer clock;
    clock.start();
    runner.start(std::move(jobs), 60);
    QTest::qWait(100);
    runner.cancel();
    QVERIFY(all.wait(5000));
    QVERIFY(clock.elapsed() < 5000);
    QCOMPARE(done.count(), 3);
    for (const auto& args : done) QVERIFY(args.at(3).value<PlannerResult>().stats.cancelled);
  }

  // The cluster changed: every result of that run is dropped, none reaches the table.
  void alternativesOfAChangedInputAreDropped() {
    AlternativesRunner runner;
    runner.setPoolSize(2);
    QSignalSpy done(&runner, &AlternativesRunner::runFinished);
    QSignalSpy dropped(&runner, &AlternativesRunner::staleDropped);
    std::vector<std::pair<QString, PlanningRunner::Job>> jobs;
    jobs.emplace_back("a", slowPlanner(60));
    jobs.emplace_back("b", slowPlanner(60));
    runner.start(std::move(jobs), 60);
    QTest::qWait(50);
    runner.invalidate();
    QTRY_COMPARE_WITH_TIMEOUT(dropped.count(), 2, 5000);
    QCOMPARE(done.count(), 0);
    QVERIFY(!runner.isRunning());
  }

  // A planner that does not stop at its budget is stopped by the watchdog and marked.
  void alternativesWatchdogStopsAnOverrun() {
    AlternativesRunner runner;
    QSignalSpy done(&runner, &AlternativesRunner::runFinished);
    std::vector<std::pair<QString, PlanningRunner::Job>> jobs;
    jobs.emplace_back("overrun", slowPlanner(0.2, true, 20));
    runner.start(std::move(jobs), 0.2);
    QVERIFY(done.wait(10000));  // budget 0.2 s + the 2 s grace, long before the 20 s it would take
    QVERIFY(done.first().at(5).toBool());
  }

  void destructionCancelsAndWaits() {
    // The job would run for 5,000 s; the destructor must cancel it and wait for it to return.
    auto started = std::make_shared<std::atomic<bool>>(false);
    auto returned = std::make_shared<std::atomic<bool>>(false);
    auto sawCancel = std::make_shared<std::atomic<bool>>(false);
    auto runner = std::make_unique<PlanningRunner>();
    const PlanningRunner::Job inner = fakePlanner(1'000'000);
    runner->start([=](const ProgressCallback& progress, const std::atomic<bool>* cancel) {
      started->store(true);
      PlannerResult r = inner(progress, cancel);
      sawCancel->store(r.stats.cancelled && r.stats.evaluations < 1'000'000);
      returned->store(true);
      return r;
    });
    QTRY_VERIFY_WITH_TIMEOUT(started->load(), 5000);
    runner.reset();
    QVERIFY(returned->load());  // the destructor waited for the job
    QVERIFY(sawCancel->load());  // and the job stopped because it was cancelled
  }
};

QTEST_GUILESS_MAIN(TestGuiRunner)
#include "tst_gui_runner.moc"
