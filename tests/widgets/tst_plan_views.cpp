// Tests of the plan views: 1F1B schedule arithmetic, plan view hit tests and tooltips, memory
// bars, timeline, why-dropped model, construction replay and the alternatives chart.
#include <QAbstractItemModelTester>
#include <QTest>
#include <qcustomplot.h>

#include "alternatives_chart.h"
#include "memory_chart.h"
#include "one_f_one_b_schedule.h"
#include "plan_view.h"
#include "replay_panel.h"
#include "test_catalog.h"
#include "timeline_view.h"
#include "why_dropped_model.h"

using namespace arachne;
using namespace arachne::gui;

namespace {
// Two templates: a 2-stage A6000->H100 pipeline with 2 replicas, and a 1-stage MoE-tiled H100.
Plan fixturePlan() {
  Plan plan;
  Template a;
  a.replicas = 2;
  a.micro_batch = 2;
  a.micro_batches = 8;
  a.stages = {Stage{"a6000", 4, 0, 15, {2, 3}, std::nullopt},
              Stage{"h100", 4, 16, 33, {0, 0}, std::nullopt}};
  Template b;
  b.replicas = 1;
  b.micro_batch = 1;
  b.micro_batches = 4;
  b.stages = {Stage{"h100", 8, 0, 33, {1}, ExpertTiling{4, 2, 1}}};
  plan.templates = {a, b};
  plan.unused_gpus = {UnusedGpus{"a6000", 4, 1, "a 1-GPU node cannot hold TP 4 (needs 61.2 GB, has 48.0 GB)"}};
  return plan;
}

PlanReport fixtureReport() {
  PlanReport r;
  r.feasible = true;
  auto stage = [](double t, double g, double capacity) {
    StageReport s;
    s.time.compute = t * 0.8;
    s.time.tp_comm = t * 0.1;
    s.time.p2p = t * 0.1;
    s.time.grad_sync = g;
    s.memory = StageMemory{10e9, 20e9, 30e9, 5e9, 2e9, capacity};
    s.p2p_link = "inter-node";
    s.grad_sync_link = "intra-node";
    return s;
  };
  TemplateReport a;
  a.stages = {stage(0.3, 0.5, 48e9), stage(0.3, 0.5, 80e9)};
  a.micro_batches = 8;
  a.iteration_time_s = 7 * 0.3 + 0.6 + 0.5;
  TemplateReport b;
  b.stages = {stage(0.2, 0.1, 80e9)};
  b.micro_batches = 4;
  b.iteration_time_s = 4 * 0.2 + 0.1;
  r.templates = {a, b};
  r.iteration_time_s = a.iteration_time_s;
  r.throughput.sequences_per_s = 20;
  return r;
}
}  // namespace

class TestPlanViews : public QObject {
  Q_OBJECT
  GpuCatalog catalog_ = test::tinyCatalog();

 private slots:
  void scheduleMatchesOneFOneBFormulaOnEqualStages() {
    // Equal stages: (M - 1) * t + p * t + g, the cost model's formula.
    const double t = 0.3, g = 0.5;
    const int p = 4, m = 8;
    auto s = OneFOneBSchedule::simulate(std::vector<double>(p, t), std::vector<double>(p, g),
                                        std::vector<double>(p, 0.0), m);
    QCOMPARE(static_cast<int>(s.ops.size()), 2 * p * m);
    QVERIFY(std::abs(s.makespan - ((m - 1) * t + p * t + g)) < 1e-9);
    // Bubble of 1F1B with equal stages: (p - 1) / (m + p - 1) of each stage's time.
    QVERIFY(std::abs(s.bubbleFraction() - double(p - 1) / (m + p - 1)) < 1e-9);
    // No stage runs two ops at once, and backwards follow their forwards.
    for (const auto& a : s.ops)
      for (const auto& b : s.ops)
        if (&a != &b && a.stage == b.stage) QVERIFY(a.end <= b.start + 1e-12 || b.end <= a.start + 1e-12);
  }

  void scheduleSlowStageDominates() {
    auto s = OneFOneBSchedule::simulate({0.1, 0.4}, {0, 0}, {0, 0}, 10);
    // The slow stage is busy 10 * 0.4 s and cannot start before the first forward arrives.
    QVERIFY(s.makespan >= 10 * 0.4 + 0.1 / 3 - 1e-9);
    QVERIFY(s.stages[0].idle > s.stages[1].idle);  // the fast stage waits for the slow one
    QVERIFY(OneFOneBSchedule::simulate({}, {}, {}, 4).ops.empty());
  }

  void planViewHitTestAndTooltip() {
    PlanView view(catalog_);
    view.resize(view.sizeHint());
    view.setPlan(fixturePlan(), fixtureReport());
    QVERIFY(view.hasPlan());
    QVERIFY(view.sizeHint().width() > 300);
    auto [t, s] = view.stageAt(QPoint(-5, -5));
    QCOMPARE(t, -1);
    // Find a point inside a block by scanning: the second template's only stage.
    bool found = false;
    for (int y = 0; y < view.height() && !found; y += 4)
      for (int x = 0; x < view.width() && !found; x += 4) {
        auto hit = view.stageAt(QPoint(x, y));
        if (hit == std::pair<int, int>{1, 0}) found = true;
      }
    QVERIFY(found);
    const QString tip = view.stageToolTip(0, 1);
    QVERIFY(tip.contains("H100"));
    QVERIFY(tip.contains("gradient sync"));
    QVERIFY(tip.contains("500.0 ms"));
    view.setPlan(fixturePlan(), std::nullopt);
    QVERIFY(view.stageToolTip(0, 0).contains("not priced"));
    QImage img = view.grab().toImage();
    QVERIFY(!img.isNull());
  }

  void memoryChartHasOneBarPerStage() {
    MemoryChart chart;
    chart.setPlan(fixturePlan(), fixtureReport());
    QCOMPARE(chart.stageCount(), 3);
    QCOMPARE(chart.plottableCount(), 6);  // five components + capacity line
    auto* params = qobject_cast<QCPBars*>(chart.plottable(0));
    QVERIFY(params);
    QCOMPARE(params->data()->size(), 3);
    QCOMPARE(params->data()->at(0)->value, 10.0);
    QVERIFY(chart.yAxis->range().upper >= 80.0);
  }

  void timelineShowsSlowestTemplate() {
    TimelineView view(catalog_);
    view.resize(800, 300);
    view.setPlan(fixturePlan(), fixtureReport());
    QCOMPARE(view.templateShown(), 0);
    QCOMPARE(static_cast<int>(view.schedule().stages.size()), 2);
    QVERIFY(view.schedule().stages[0].grad_sync_end > view.schedule().stages[0].grad_sync_start);
    QVERIFY(!view.grab().toImage().isNull());
    view.clear();
    QCOMPARE(view.templateShown(), -1);
  }

  void whyDroppedModel() {
    WhyDroppedModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setUnused(fixturePlan().unused_gpus);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.nodeIdAt(0), 4);
    QCOMPARE(model.unusedGpuCount(), 1);
    QVERIFY(model.index(0, WhyDroppedModel::ReasonColumn).data().toString().contains("48.0 GB"));
    model.setUnused({});
    QCOMPARE(model.rowCount(), 0);
  }

  void replayStepsThroughConstruction() {
    ReplayPanel panel(catalog_);
    QCOMPARE(panel.currentStep(), -1);
    const Plan plan = fixturePlan();
    std::vector<ConstructionStep> steps = {
        {plan.templates[0], 0.0, 12.0, 12.0, ""},
        {plan.templates[1], 12.0, 20.0, 8.0, ""},
        {Template{}, 20.0, 20.0, 0.0, "STOP"}};
    panel.setConstruction(steps);
    QCOMPARE(panel.stepCount(), 3);
    QCOMPARE(panel.currentStep(), 2);
    panel.setCurrentStep(0);
    QCOMPARE(panel.currentStep(), 0);
    panel.setCurrentStep(99);
    QCOMPARE(panel.currentStep(), 2);
    QCOMPARE(panel.chart()->plottableCount(), 2);
  }

  void alternativesChart() {
    AlternativesChart chart;
    chart.setResults({{"greedy", true, 20.0, 25.6, 96, true, ""},
                      {"random", true, 15.0, 34.1, 80, false, ""},
                      {"exhaustive", false, 0, 0, 0, false, "refused: too large"}});
    auto* chosen = qobject_cast<QCPBars*>(chart.plottable(0));
    auto* others = qobject_cast<QCPBars*>(chart.plottable(1));
    QCOMPARE(chosen->data()->size(), 1);
    QCOMPARE(others->data()->size(), 1);
    QCOMPARE(others->data()->at(0)->value, 15.0);
    QVERIFY(chart.yAxis->range().upper > 20.0);
  }
};

QTEST_MAIN(TestPlanViews)
#include "tst_plan_views.moc"
