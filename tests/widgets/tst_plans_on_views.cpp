// Real plans on the views: plans of the core's planners, priced by its cost model, on the
// timeline (its length is every template's iteration time: dense, MoE, several templates), on
// the replay (every step's micro-batches cover the global batch as the split of that step does)
// and in the plan view (a deep pipeline is whole).
#include <QTest>

#include <cmath>
#include <set>

#include "../core/planning_world.h"
#include "catalog/gpu_catalog.h"
#include "planning/greedy_planner.h"
#include "plan_view.h"
#include "replay_panel.h"
#include "timeline_view.h"

using namespace arachne;
using namespace arachne::gui;

namespace {
PlannerResult greedy(const PlanningWorld& w) {
  GreedyPlanner g;
  return g.plan(*w.cost, PlannerBudget{20, 0}, 1, {}, nullptr);
}

// A plan of two templates on different GPU types, priced with the batch split written back.
Plan twoTemplates(const PlanningWorld& w) {
  const int L = w.model.layerCount();
  Plan p;
  Template a;
  a.replicas = 2;
  a.micro_batch = 1;
  a.stages = {Stage{"h100", 4, 0, L / 2, {0, 1}, std::nullopt}, Stage{"h100", 4, L / 2 + 1, L - 1, {2, 3}, std::nullopt}};
  Template b;
  b.replicas = 1;
  b.micro_batch = 2;
  b.stages = {Stage{"a100-80", 8, 0, L / 3, {4}, std::nullopt}, Stage{"a100-80", 8, L / 3 + 1, L - 1, {5}, std::nullopt}};
  p.templates = {a, b};
  w.cost->priceAndUpdate(p);
  return p;
}

void checkEveryTemplate(const Plan& plan, const PlanReport& report) {
  TimelineView view(GpuCatalog::builtin());
  view.setPlan(plan, report);
  QVERIFY(view.templateShown() >= 0);
  // The slowest template is shown first and its length is the plan's iteration time.
  QVERIFY2(std::abs(view.schedule().makespan - report.iteration_time_s) <= 1e-9 * report.iteration_time_s,
           qPrintable(QString("%1 vs %2").arg(view.schedule().makespan).arg(report.iteration_time_s)));
  for (int t = 0; t < int(report.templates.size()); ++t) {
    view.setTemplateShown(t);
    QCOMPARE(view.templateShown(), t);
    const double want = report.templates[size_t(t)].iteration_time_s;
    QVERIFY2(std::abs(view.schedule().makespan - want) <= 1e-9 * want,
             qPrintable(QString("template %1: %2 vs %3").arg(t).arg(view.schedule().makespan).arg(want)));
    // No stage runs two ops at once, and the slowest stage idles for the report's bubble.
    const auto& sc = view.schedule();
    double slowestIdle = 1e300, worstBusy = 0;
    for (const auto& st : sc.stages)
      if (st.busy > worstBusy) {
        worstBusy = st.busy;
        slowestIdle = st.idle;
      }
    QVERIFY(std::abs(slowestIdle - report.templates[size_t(t)].bubble_s) <= 1e-9 * want);
    std::vector<double> lastEnd(sc.stages.size(), 0);
    for (const auto& op : sc.ops) {
      QVERIFY(op.start >= lastEnd[size_t(op.stage)] - 1e-12);
      lastEnd[size_t(op.stage)] = op.end;
    }
  }
  view.resize(1200, 400);
  QVERIFY(!view.grab().toImage().isNull());
}
}  // namespace

class TestPlansOnViews : public QObject {
  Q_OBJECT
 private slots:
  void timelineLastsTheIterationDense() {
    PlanningWorld w("h100:8x2,a6000:4x4", "llama3-8b");
    const PlannerResult r = greedy(w);
    QVERIFY(r.found);
    checkEveryTemplate(r.plan, r.report);
  }

  void timelineLastsTheIterationMoe() {
    PlanningWorld w("h100:8x4", "mixtral-8x7b");
    const PlannerResult r = greedy(w);
    QVERIFY(r.found);
    bool tiled = false;
    for (const auto& t : r.plan.templates)
      for (const auto& s : t.stages) tiled = tiled || s.expert_tiling.has_value();
    QVERIFY(tiled);
    checkEveryTemplate(r.plan, r.report);
  }

  void timelineLastsTheIterationMultiTemplate() {
    PlanningWorld w("h100:4x4,a100-80:8x2", "llama3-8b");
    const Plan p = twoTemplates(w);
    const PlanReport r = w.cost->price(p, true);
    QVERIFY2(r.feasible, r.violations.empty() ? "" : r.violations.front().message.c_str());
    QCOMPARE(int(r.templates.size()), 2);
    QVERIFY(r.templates[0].iteration_time_s != r.templates[1].iteration_time_s);
    checkEveryTemplate(p, r);
  }

  // The fill with interleaving on (`--interleave on`) chooses virtual stages: the timeline draws
  // interleaved 1F1B (each stage runs v chunks per micro-batch) and still lasts the iteration.
  void timelineLastsTheIterationInterleaved() {
    PlanningWorld w("h100:8x4", "llama3-8b");
    w.spec.interleave = true;
    w.cost = std::make_unique<CostModel>(GpuCatalog::builtin(), w.composition, w.model, w.spec, w.profiles);
    const PlannerResult r = greedy(w);
    QVERIFY(r.found);
    int interleaved = -1;
    for (size_t t = 0; t < r.plan.templates.size(); ++t)
      if (r.plan.templates[t].virtual_stages > 1) interleaved = int(t);
    QVERIFY2(interleaved >= 0, "the fill chose no interleaved template");
    checkEveryTemplate(r.plan, r.report);
    TimelineView view(GpuCatalog::builtin());
    view.setPlan(r.plan, r.report);
    view.setTemplateShown(interleaved);
    const int v = r.plan.templates[size_t(interleaved)].virtual_stages;
    QCOMPARE(view.schedule().virtual_stages, v);
    QVERIFY(view.schedule().meets_formula);
    const int depth = r.plan.templates[size_t(interleaved)].depth();
    QCOMPARE(int(view.schedule().ops.size()), 2 * depth * v * r.report.templates[size_t(interleaved)].micro_batches);
    std::set<int> chunks;
    for (const auto& op : view.schedule().ops) chunks.insert(op.chunk);
    QCOMPARE(int(chunks.size()), v);
    QVERIFY2(view.headerText().contains(QStringLiteral("interleaved 1F1B, %1 model chunks per stage").arg(v)), qPrintable(view.headerText()));
    QVERIFY(!view.headerText().contains(QStringLiteral("plain 1F1B")));
    // The plan view says so too.
    PlanView plan(GpuCatalog::builtin());
    plan.setPlan(r.plan, r.report, w.model);
    QVERIFY2(plan.templateHeaderText(interleaved).contains(QStringLiteral("interleaved 1F1B: %1 chunks per stage").arg(v)),
             qPrintable(plan.templateHeaderText(interleaved)));
    QVERIFY(plan.stageToolTip(interleaved, 0).contains(QStringLiteral("%1 model chunks").arg(v)));
  }

  // At 256 micro-batches the ops are narrower than a pixel: drawn by coverage, the forward and
  // backward colours still fill the busy part of each row instead of aliasing into bands.
  void manyMicroBatchesDrawByCoverage() {
    Plan plan;
    Template t;
    PlanReport report;
    TemplateReport tr;
    for (int s = 0; s < 8; ++s) {
      t.stages.push_back(Stage{"h100", 1, s, s, {s}, std::nullopt});
      StageReport sr;
      sr.time.compute = 0.01;
      sr.time.grad_sync = 0.05;
      tr.stages.push_back(sr);
    }
    tr.micro_batches = 256;
    tr.sync_s = 0.05;  // the tail as the cost model reports it (no overlap in this fixture)
    tr.iteration_time_s = 255 * 0.01 + 8 * 0.01 + 0.05;
    t.micro_batches = 256;
    plan.templates = {t};
    report.templates = {tr};
    report.iteration_time_s = tr.iteration_time_s;
    TimelineView view(GpuCatalog::builtin());
    view.resize(900, 360);
    view.setPlan(plan, report);
    QVERIFY(std::abs(view.schedule().makespan - tr.iteration_time_s) < 1e-9);
    const QImage img = view.grab().toImage();
    // Along the middle of stage 4's row, the busy part is one run of op colours: no bubble
    // hatching shows through between micro-batches.
    const int y = 58 + 4 * ((360 - 58 - 40) / 8) + (360 - 58 - 40) / 16;
    const int x0 = 130 + int(0.2 * (900 - 150)), x1 = 130 + int(0.7 * (900 - 150));
    int opPixels = 0;
    for (int x = x0; x < x1; ++x) {
      const QColor c = img.pixelColor(x, y);
      if (c == QColor(0x56B4E9) || c == QColor(0x0072B2)) ++opPixels;
    }
    QVERIFY2(opPixels > 0.95 * (x1 - x0), qPrintable(QString::number(opPixels)));
  }

  void replayStepsCoverTheBatch() {
    PlanningWorld w("h100:8x2,a6000:4x4,a100-40:4x2", "llama3-8b");
    const PlannerResult r = greedy(w);
    QVERIFY(r.found);
    ReplayPanel panel(GpuCatalog::builtin());
    panel.setConstruction(r.construction, w.model);
    for (int s = 0; s < panel.stepCount(); ++s) {
      const Plan p = panel.planAt(s);
      long long sequences = 0, oneEach = 0;
      for (const auto& t : p.templates) {
        sequences += static_cast<long long>(t.replicas) * t.micro_batch * t.micro_batches;
        oneEach += static_cast<long long>(t.replicas) * t.micro_batch;
      }
      if (p.templates.empty()) continue;
      // The step's own split: the batch is covered, by less than one micro-batch per replica more.
      QVERIFY2(sequences >= w.spec.global_batch && sequences < w.spec.global_batch + oneEach,
               qPrintable(QString("step %1: %2").arg(s).arg(sequences)));
    }
    const Plan last = panel.planAt(panel.stepCount() - 1);
    QCOMPARE(last.templates.size(), r.plan.templates.size());
    for (size_t i = 0; i < last.templates.size(); ++i)
      QCOMPARE(last.templates[i].micro_batches, r.plan.templates[i].micro_batches);
    // Greedy's alternatives at a step are on the panel.
    panel.setCurrentStep(0);
    if (!r.construction.front().alternatives.empty()) QVERIFY(!panel.alternativesText().isEmpty());
  }
};

QTEST_MAIN(TestPlansOnViews)
#include "tst_plans_on_views.moc"
