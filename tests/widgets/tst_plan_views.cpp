// Tests of the plan views: 1F1B schedule arithmetic, plan view hit tests, tooltips and scrolling,
// memory bars, timeline, grouped why-dropped rows, construction replay, the alternatives table
// and chart, GPU colours and units.
#include <QAbstractItemModelTester>
#include <map>
#include <numeric>
#include <tuple>
#include <QTest>
#include <qcustomplot.h>

#include <QScrollArea>
#include <QScrollBar>

#include "alternatives_chart.h"
#include "alternatives_model.h"
#include "catalog/gpu_catalog.h"
#include "core_text.h"
#include "cost/report_items.h"
#include "gpu_colors.h"
#include "gpu_palette_model.h"
#include "layer_text.h"
#include "model/model_catalog.h"
#include "plan/texts.h"
#include "time_format.h"
#include "memory_chart.h"
#include "one_f_one_b_schedule.h"
#include "plan_summary.h"
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
  plan.unused_gpus = {UnusedGpus{"a6000", 4, 1, "a 1-GPU node cannot hold TP 4 (needs 61.2 GiB, has 48.0 GiB)", {}}};
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
    s.time.optimizer = 0.05;
    s.memory = StageMemory{10e9, 20e9, 30e9, 5e9, 2e9, capacity};
    s.p2p_link = "inter-node";
    s.grad_sync_link = "intra-node";
    return s;
  };
  TemplateReport a;
  a.stages = {stage(0.3, 0.5, 48e9), stage(0.3, 0.5, 80e9)};
  a.micro_batches = 8;
  a.sync_s = 0.5 + 0.05;  // the tail as the cost model reports it: gradient sync, optimizer step
  a.iteration_time_s = 7 * 0.3 + 0.6 + a.sync_s;
  TemplateReport b;
  b.stages = {stage(0.2, 0.1, 80e9)};
  b.micro_batches = 4;
  b.sync_s = 0.1 + 0.05;
  b.iteration_time_s = 4 * 0.2 + b.sync_s;
  r.templates = {a, b};
  r.iteration_time_s = a.iteration_time_s;
  r.throughput.sequences_per_s = 20;
  return r;
}

// One template of `stages` A6000 stages at TP 1, one layer each, every stage with the memory `m`.
std::pair<Plan, PlanReport> oneStagePerLayerPlan(int stages, const StageMemory& m) {
  Template t;
  TemplateReport tr;
  for (int s = 0; s < stages; ++s) {
    t.stages.push_back(Stage{"a6000", 1, s, s, {s}, std::nullopt});
    StageReport sr;
    sr.memory = m;
    tr.stages.push_back(sr);
  }
  Plan plan;
  plan.templates = {t};
  PlanReport report;
  report.templates = {tr};
  return {plan, report};
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

  // Interleaved 1F1B: every stage runs each micro-batch as v chunks, the dependencies run along
  // the p * v virtual stages (wrapping from the last stage to the first), and the pipeline drains
  // at M * max t_s + (sum t_s - max t_s) / v, the cost model's formula, on equal and unequal stages.
  void interleavedScheduleMeetsTheFormula_data() {
    QTest::addColumn<QVector<double>>("times");
    QTest::addColumn<int>("chunks");
    QTest::addColumn<int>("microBatches");
    QTest::newRow("equal, p 4, v 2, M 8") << QVector<double>{0.3, 0.3, 0.3, 0.3} << 2 << 8;
    QTest::newRow("equal, p 4, v 2, M 6 (not a multiple of p)") << QVector<double>{0.3, 0.3, 0.3, 0.3} << 2 << 6;
    QTest::newRow("slow middle, p 4, v 2, M 12") << QVector<double>{0.2, 0.5, 0.3, 0.25} << 2 << 12;
    QTest::newRow("slow first, p 3, v 4, M 7") << QVector<double>{0.9, 0.4, 0.6} << 4 << 7;
    QTest::newRow("slow last, p 8, v 2, M 64") << QVector<double>{0.1, 0.11, 0.1, 0.12, 0.1, 0.1, 0.09, 0.2} << 2 << 64;
    QTest::newRow("near equal, p 3, v 2, M 6") << QVector<double>{1.019, 1.0, 1.015} << 2 << 6;
  }

  void interleavedScheduleMeetsTheFormula() {
    QFETCH(QVector<double>, times);
    QFETCH(int, chunks);
    QFETCH(int, microBatches);
    const std::vector<double> t(times.begin(), times.end());
    const int p = int(t.size()), v = chunks, m = microBatches;
    const double g = 0.05;
    const auto s = OneFOneBSchedule::simulate(t, std::vector<std::vector<double>>(t.size(), {g}), m, v);
    QCOMPARE(s.virtual_stages, v);
    QVERIFY(s.meets_formula);
    const double slowest = *std::max_element(t.begin(), t.end());
    const double sum = std::accumulate(t.begin(), t.end(), 0.0);
    const double want = m * slowest + (sum - slowest) / v;
    QVERIFY2(std::abs(s.pipeline_end - want) <= 1e-9 * want, qPrintable(QString("%1 vs %2").arg(s.pipeline_end).arg(want)));
    QVERIFY(std::abs(s.makespan - (want + g)) <= 1e-9 * want);
    QCOMPARE(int(s.ops.size()), 2 * p * m * v);
    // Each (stage, chunk, micro-batch) has one forward and one backward of t_s / v together.
    std::map<std::tuple<int, int, int, bool>, PipelineOp> at;
    for (const auto& op : s.ops) {
      QVERIFY(op.chunk >= 0 && op.chunk < v);
      QVERIFY(at.emplace(std::make_tuple(op.stage, op.chunk, op.micro_batch, op.backward), op).second);
      QVERIFY(std::abs(op.end - op.start - t[size_t(op.stage)] / v * (op.backward ? 2.0 / 3 : 1.0 / 3)) < 1e-12);
    }
    // Dependencies along the virtual stages c * p + s.
    for (const auto& [key, op] : at) {
      const auto [st, c, mb, back] = key;
      if (!back && (st > 0 || c > 0))
        QVERIFY(op.start >= at.at({st > 0 ? st - 1 : p - 1, st > 0 ? c : c - 1, mb, false}).end - 1e-12);
      if (back && (st < p - 1 || c < v - 1))
        QVERIFY(op.start >= at.at({st < p - 1 ? st + 1 : 0, st < p - 1 ? c : c + 1, mb, true}).end - 1e-12);
      if (back) QVERIFY(op.start >= at.at({st, c, mb, false}).end - 1e-12);
    }
    // No stage runs two ops at once; the slowest stage idles for the formula's bubble.
    std::vector<PipelineOp> ops = s.ops;
    std::sort(ops.begin(), ops.end(), [](const PipelineOp& a, const PipelineOp& b) {
      return a.stage != b.stage ? a.stage < b.stage : a.start < b.start;
    });
    for (size_t i = 1; i < ops.size(); ++i)
      if (ops[i].stage == ops[i - 1].stage) QVERIFY(ops[i].start >= ops[i - 1].end - 1e-12);
    const size_t slow = size_t(std::max_element(t.begin(), t.end()) - t.begin());
    QVERIFY(std::abs(s.stages[slow].idle - (sum - slowest) / v) <= 1e-9 * want);
  }

  // With fewer micro-batches than stages a chunk waits for the previous one to come round every
  // stage: the schedule is longer than the formula, and says so.
  void interleavedScheduleWithFewMicroBatches() {
    const auto s = OneFOneBSchedule::simulate({0.3, 0.3, 0.3, 0.3}, {{}, {}, {}, {}}, 2, 2);
    QVERIFY(!s.meets_formula);
    QVERIFY(s.pipeline_end > 2 * 0.3 + 3 * 0.3 / 2 + 1e-9);
    QCOMPARE(int(s.ops.size()), 2 * 4 * 2 * 2);
  }

  void scheduleSlowStageDominates() {
    auto s = OneFOneBSchedule::simulate({0.1, 0.4}, {0, 0}, {0, 0}, 10);
    // The slow stage is busy 10 * 0.4 s and cannot start before the first forward arrives.
    QVERIFY(s.makespan >= 10 * 0.4 + 0.1 / 3 - 1e-9);
    QVERIFY(s.stages[0].idle > s.stages[1].idle);  // the fast stage waits for the slow one
    QVERIFY(OneFOneBSchedule::simulate({}, {}, {}, 4).ops.empty());
  }

  // A stage holding the whole model says "embedding + blocks 1–32 + head" in full (it was cut to
  // "embedding + blocks…"): every line of the block fits its width, split where needed.
  void planViewBlockTextFits() {
    const Model m = resolveModel("llama3-8b");
    Plan plan;
    Template t;
    t.replicas = 16;
    t.stages = {Stage{"h100", 4, 0, m.layerCount() - 1, {0, 1, 2, 3}, std::nullopt}};
    plan.templates = {t};
    PlanView view(GpuCatalog::builtin());
    view.setPlan(plan, std::nullopt, m);
    const QFontMetrics fm = view.fontMetrics();
    const QStringList lines = view.blockTextLines(0, 0, fm, view.blockTextWidth());
    QFont bold = view.font();
    bold.setBold(true);
    QVERIFY(QFontMetrics(bold).horizontalAdvance(lines.front()) <= view.blockTextWidth());
    for (const QString& l : lines.mid(1)) QVERIFY2(fm.horizontalAdvance(l) <= view.blockTextWidth(), qPrintable(l));
    const QString holds = layerRangeText(m, 0, m.layerCount() - 1);
    QVERIFY(fm.horizontalAdvance(holds) > view.blockTextWidth());  // the case that was cut
    QCOMPARE(lines[2] + QLatin1Char(' ') + lines[3], holds);
    // The block still has room below the text for the TP group.
    QVERIFY(view.blockRect(0, 0).height() >= (lines.size() + 2) * fm.height());
  }

  // A GPU type too long for the block's bold first line ("RTX-PRO-6000 · TP 1" was cut to
  // "RTX-PRO-6000 · T…") puts the TP degree on a line of its own; a short one keeps one line.
  void planViewTitleFitsInBold() {
    const Model m = resolveModel("llama3-8b");
    Plan plan;
    Template t;
    t.replicas = 1;
    t.stages = {Stage{"rtx-pro-6000", 1, 0, 6, {1}, std::nullopt}, Stage{"h100", 1, 7, 33, {4}, std::nullopt}};
    plan.templates = {t};
    PlanView view(GpuCatalog::builtin());
    view.setPlan(plan, std::nullopt, m);
    const QFontMetrics fm = view.fontMetrics();
    QFont bold = view.font();
    bold.setBold(true);
    const int width = view.blockTextWidth();
    const QStringList pro = view.blockTextLines(0, 0, fm, width);
    QVERIFY(QFontMetrics(bold).horizontalAdvance(QString("RTX-PRO-6000 · TP 1")) > width);  // the case that was cut
    QCOMPARE(pro.at(0), QString("RTX-PRO-6000"));
    QCOMPARE(pro.at(1), QString("TP 1"));
    QVERIFY(QFontMetrics(bold).horizontalAdvance(pro.at(0)) <= width);
    QCOMPARE(view.blockTextLines(0, 1, fm, width).at(0), QString("H100 · TP 1"));
  }

  // A stage's few nodes are listed with a separator that does not read as a decimal comma: joined
  // with a bare comma, German read "Knoten 0,2" as 0.2 (the German wording: tst_gui_translations).
  void planViewListsNodesInTheLanguage() {
    const Model m = resolveModel("llama3-8b");
    Plan plan;
    Template t;
    t.replicas = 2;
    t.stages = {Stage{"h100", 4, 0, m.layerCount() - 1, {0, 0, 0, 0, 2, 2, 2, 2}, std::nullopt},
                Stage{"h100", 4, 0, 0, {5, 5, 5, 5, 5, 5, 5, 5}, std::nullopt}};
    plan.templates = {t};
    const auto nodeLine = [&](int stage) {
      PlanView view(GpuCatalog::builtin());
      view.setPlan(plan, std::nullopt, m);
      return view.blockTextLines(0, stage, view.fontMetrics(), view.blockTextWidth()).last();
    };
    QCOMPARE(nodeLine(0), QString("8 GPU(s) · nodes 0, 2"));
    QCOMPARE(nodeLine(1), QString("8 GPU(s) · node 5"));
    // Too wide for the block: the count instead of a cut list.
    t.stages[0].node_ids = {1000000, 2000000, 3000000};
    t.replicas = 1;
    t.stages[0].tp = 3;
    t.stages.resize(1);
    plan.templates = {t};
    QCOMPARE(nodeLine(0), QString("3 GPU(s) · 3 nodes"));
  }

  // The layers and the micro-batch share a line when it fits and split in two when it does not
  // (German cut "Schichten 12–23 · MB 1" to "Schichten 12–23 · M…").
  void planViewSplitsLayersAndMicroBatchWhenNarrow() {
    const Model m = resolveModel("llama3-8b");
    Plan plan;
    Template t;
    t.micro_batch = 2;
    t.stages = {Stage{"h100", 4, 12, 23, {0, 0, 0, 0}, std::nullopt}};
    plan.templates = {t};
    PlanView view(GpuCatalog::builtin());
    view.setPlan(plan, std::nullopt, m);
    const QFontMetrics fm = view.fontMetrics();
    const QString joined("layers 12–23 · mb 2");
    QCOMPARE(view.blockTextLines(0, 0, fm, fm.horizontalAdvance(joined)).at(1), joined);
    const QStringList narrow = view.blockTextLines(0, 0, fm, fm.horizontalAdvance(joined) - 1);
    QCOMPARE(narrow.at(1), QString("layers 12–23"));
    QCOMPARE(narrow.at(2), QString("mb 2"));
  }

  // Expert grids wrap into more rows when the block has the height: EP 4 x ETP 1 x EDP 4 on a
  // 16-GPU stage shows all four copies (it said "3 of 4 copies shown" with room left below).
  void expertGridsUseTheBlocksHeight() {
    const Model m = resolveModel("mixtral-8x7b");
    Plan plan;
    Template t;
    t.replicas = 4;
    t.stages = {Stage{"h100", 4, 0, 4, {0, 1, 2, 3}, ExpertTiling{4, 1, 4}}};
    plan.templates = {t};
    PlanView view(GpuCatalog::builtin());
    view.setPlan(plan, std::nullopt, m);
    const QFontMetrics fm = view.fontMetrics();
    const QRect text = view.blockRect(0, 0).adjusted(16, 4, -6, -4);
    const int top = text.top() + int(view.blockTextLines(0, 0, fm, text.width()).size()) * fm.height() + 2;
    const auto l = PlanView::tilingLayout(QSize(text.width(), text.bottom() - top), fm.height(), ExpertTiling{4, 1, 4});
    QCOMPARE(l.drawn, 4);
    QVERIFY(l.cell >= 7);
    QVERIFY(l.gridRows * (l.cell + 1) <= text.bottom() - top);
    QVERIFY(l.perRow * 4 * (l.cell + 1) + (l.perRow - 1) * 5 <= text.width());
    // Far more copies than fit: as many as fit with 7-px squares, and a line says so.
    const auto many = PlanView::tilingLayout(QSize(text.width(), text.bottom() - top), fm.height(), ExpertTiling{8, 4, 64});
    QVERIFY(many.drawn >= 1 && many.drawn < 64);
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
    QVERIFY(tip.contains("GiB"));
    view.setPlan(fixturePlan(), std::nullopt);
    QVERIFY(view.stageToolTip(0, 0).contains("not priced"));
    QImage img = view.grab().toImage();
    QVERIFY(!img.isNull());
  }

  void memoryChartHasOneBarPerStage() {
    MemoryChart chart;
    chart.setPlan(fixturePlan(), fixtureReport());
    QCOMPARE(chart.stageCount(), 3);
    // One bar series per memory item the cost model reports, plus the capacity line.
    QCOMPARE(chart.plottableCount(), int(memoryItemKeys().size()) + 1);
    auto* params = qobject_cast<QCPBars*>(chart.plottable(0));
    QVERIFY(params);
    QCOMPARE(params->data()->size(), 3);
    QVERIFY(std::abs(params->data()->at(0)->value - 10e9 / (1024.0 * 1024 * 1024)) < 1e-9);  // GiB
    QVERIFY(chart.yAxis->range().upper >= 80e9 / (1024.0 * 1024 * 1024));
    QVERIFY(chart.yAxis->label().contains("GiB"));
  }

  void timelineShowsSlowestTemplate() {
    TimelineView view(catalog_);
    view.resize(800, 300);
    view.setPlan(fixturePlan(), fixtureReport());
    QCOMPARE(view.templateShown(), 0);
    QCOMPARE(static_cast<int>(view.schedule().stages.size()), 2);
    // The per-iteration items of the report follow the pipeline: gradient sync, optimizer step.
    QCOMPARE(view.schedule().stages[0].ends.size(), size_t(2));
    QVERIFY(view.schedule().stages[0].ends[0] > view.schedule().stages[0].start);
    QVERIFY(view.headerText().contains(formatSeconds(fixtureReport().templates[0].iteration_time_s)));
    QVERIFY(!view.grab().toImage().isNull());
    view.clear();
    QCOMPARE(view.templateShown(), -1);
  }

  // A valid plan with a global batch of 10^8 asked the timeline for 1.5 * 10^8 simulated ops:
  // the explorer died of std::bad_alloc opening it. Beyond kMaxOps nothing is simulated and the
  // view says why under the report's header.
  void timelineDoesNotSimulateMillionsOfMicroBatches() {
    const auto huge = OneFOneBSchedule::simulate({0.1, 0.2, 0.1}, {{}, {}, {}}, 25000000);
    QVERIFY(huge.too_many_ops);
    QVERIFY(huge.ops.empty() && huge.stages.empty());
    const auto interleaved = OneFOneBSchedule::simulate({0.1, 0.2}, {{}, {}}, 400000, 4);
    QVERIFY(interleaved.too_many_ops);
    const auto atLimit = OneFOneBSchedule::simulate({0.1, 0.2}, {{}, {}}, static_cast<int>(OneFOneBSchedule::kMaxOps / 4));
    QVERIFY(!atLimit.too_many_ops);
    QCOMPARE(atLimit.ops.size(), size_t(OneFOneBSchedule::kMaxOps));

    Plan plan = fixturePlan();
    PlanReport report = fixtureReport();
    plan.templates[0].micro_batches = report.templates[0].micro_batches = 100000000;
    report.templates[0].iteration_time_s = 3e7;
    TimelineView view(catalog_);
    view.resize(800, 300);
    view.setPlan(plan, report);
    QCOMPARE(view.templateShown(), 0);
    QVERIFY(view.schedule().too_many_ops);
    QVERIFY2(view.notDrawnText().contains(QStringLiteral("Not drawn")), qPrintable(view.notDrawnText()));
    QVERIFY(!view.grab().toImage().isNull());
    view.setPlan(fixturePlan(), fixtureReport());
    QVERIFY(view.notDrawnText().isEmpty());
  }

  void whyDroppedModelGroupsRows() {
    WhyDroppedModel model(&catalog_);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setUnused(fixturePlan().unused_gpus);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.nodeIdAt(0), 4);
    QCOMPARE(model.unusedGpuCount(), 1);
    QVERIFY(model.index(0, WhyDroppedModel::ReasonColumn).data().toString().contains("48.0 GiB"));
    // Same type and same reason: one row with its node count; another reason: its own row.
    const Reason r(text::kUnusedNotUsable, {verbatim("a6000")});
    std::vector<UnusedGpus> many;
    for (int n = 0; n < 256; ++n) many.push_back(UnusedGpus{"a6000", n, 4, r.english(), r});
    many.push_back(UnusedGpus{"a6000", 300, 2, "2 of its 4 GPUs are free; …", {}});
    many.push_back(UnusedGpus{"h100", 301, 8, r.english(), r});
    model.setUnused(many);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.nodeIdsAt(0).size(), 256);
    QCOMPARE(model.nodeCount(), 258);
    QCOMPARE(model.unusedGpuCount(), 256 * 4 + 2 + 8);
    QVERIFY(model.index(0, WhyDroppedModel::NodesColumn).data().toString().startsWith("256 node"));
    QCOMPARE(model.index(0, WhyDroppedModel::ReasonColumn).data().toString(), QString::fromStdString(r.english()));
    QVERIFY(!model.index(0, WhyDroppedModel::GpuTypeColumn).data(Qt::DecorationRole).value<QIcon>().isNull());
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
    // The legend stands beside the bars, not over them (it hid the first step's bar).
    panel.resize(800, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.chart()->replot();
    QVERIFY(panel.chart()->width() > 400);
    QVERIFY(panel.chart()->legend->visible());
    QVERIFY(!panel.chart()->legend->outerRect().intersects(panel.chart()->axisRect()->rect()));
  }

  void alternativesChart() {
    auto result = [](const char* name, AlternativeResult::State st, double thr, bool chosen) {
      AlternativeResult a;
      a.planner = name;
      a.state = st;
      a.sequences_per_s = thr;
      a.iteration_time_s = thr > 0 ? 512 / thr : 0;
      a.gpus_used = 96;
      a.chosen = chosen;
      return a;
    };
    AlternativesChart chart;
    // Before any planner ran the key axis has no ticks, not numbers of its own: as constructed,
    // and after setResults({}).
    QVERIFY(qSharedPointerDynamicCast<QCPAxisTickerText>(chart.xAxis->ticker()));
    QVERIFY(qSharedPointerDynamicCast<QCPAxisTickerText>(chart.yAxis->ticker()));
    chart.setResults({});
    const auto none = qSharedPointerDynamicCast<QCPAxisTickerText>(chart.xAxis->ticker());
    QVERIFY(none && none->ticks().isEmpty());
    // Nor the value axis, before a planner ran or when none found a plan.
    const auto noValues = qSharedPointerDynamicCast<QCPAxisTickerText>(chart.yAxis->ticker());
    QVERIFY(noValues && noValues->ticks().isEmpty());
    chart.setResults({result("exhaustive", AlternativeResult::State::Refused, 0, false)});
    QVERIFY(qSharedPointerDynamicCast<QCPAxisTickerText>(chart.yAxis->ticker()));
    chart.setResults({result("greedy", AlternativeResult::State::Done, 20.0, true),
                      result("random", AlternativeResult::State::Done, 15.0, false),
                      result("exhaustive", AlternativeResult::State::Refused, 0, false)});
    auto* chosen = qobject_cast<QCPBars*>(chart.plottable(0));
    auto* others = qobject_cast<QCPBars*>(chart.plottable(1));
    QCOMPARE(chosen->data()->size(), 1);
    QCOMPARE(others->data()->size(), 1);
    QCOMPARE(others->data()->at(0)->value, 15.0);
    QVERIFY(chart.yAxis->range().upper > 20.0);
    // With a bar the value axis is numbered again.
    QVERIFY(!qSharedPointerDynamicCast<QCPAxisTickerText>(chart.yAxis->ticker()));

    // Every planner of the registry at the window's size: the axis labels do not run into each
    // other (the names alone, or turned, when they crowd) and the legend covers no bar.
    std::vector<AlternativeResult> all;
    for (const char* n : {"arachne", "greedy", "random", "exhaustive", "metis", "sailor", "amp", "hexiscale", "espresso",
                          "hetauto", "arachne-untrained", "flat-rl"})
      all.push_back(result(n, std::string(n) == "exhaustive" ? AlternativeResult::State::Refused : AlternativeResult::State::Done,
                           100.0 + all.size(), all.empty()));
    chart.resize(680, 230);
    chart.setResults(all);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.replot();
    QVERIFY(chart.labelsShortened());
    QVERIFY2(chart.tickLabelExtent() < chart.slotWidth(),
             qPrintable(QString("%1 >= %2").arg(chart.tickLabelExtent()).arg(chart.slotWidth())));
    QVERIFY(!chart.legend->outerRect().intersects(chart.axisRect()->rect()));
    // The legend's border is drawn inside the widget (its right edge fell outside it).
    QVERIFY2(chart.legend->outerRect().right() < chart.width() - 1,
             qPrintable(QString("%1 vs %2").arg(chart.legend->outerRect().right()).arg(chart.width())));
    // Turned names break at their first hyphen and before a state, so they stand no taller
    // than their longest part: "arachne-untrained" and "exhaustive (refused)" took nearly half
    // the chart's height.
    QVERIFY(chart.labelsRotated());
    const QFontMetrics tickFont(chart.xAxis->tickLabelFont());
    const QString refused = QStringLiteral("exhaustive (%1)").arg(AlternativesModel::stateName(AlternativeResult::State::Refused));
    QVERIFY2(chart.labelDepth() <= tickFont.horizontalAdvance(QStringLiteral("exhaustive")) &&
                 chart.labelDepth() < tickFont.horizontalAdvance(QStringLiteral("arachne-untrained")) &&
                 chart.labelDepth() < tickFont.horizontalAdvance(refused),
             qPrintable(QString::number(chart.labelDepth())));
    // The value axis's label is whole along the shortened axis, and a planner without a bar
    // still says why under its name.
    QVERIFY2(QFontMetrics(chart.yAxis->labelFont()).horizontalAdvance(chart.yAxis->label()) <= chart.axisRect()->height(),
             qPrintable(chart.yAxis->label()));
    const auto ticks = qSharedPointerDynamicCast<QCPAxisTickerText>(chart.xAxis->ticker());
    QVERIFY(ticks);
    QVERIFY2(ticks->ticks().value(4).contains(AlternativesModel::stateName(AlternativeResult::State::Refused)),
             qPrintable(ticks->ticks().value(4)));
    // Three planners keep their iteration time and GPUs under the name.
    all.resize(3);
    chart.setResults(all);
    chart.replot();
    QVERIFY(!chart.labelsShortened());
    QVERIFY(!chart.labelsRotated());
    QVERIFY(chart.tickLabelExtent() < chart.slotWidth());
  }

  // The Summary prices the whole cluster from the report: its $/h and what a million tokens cost
  // at the plan's throughput; without a price, or without a plan that runs, no such line.
  void summaryPricesTheClusterFromTheReport() {
    Plan plan;
    PlanReport report;
    report.feasible = true;
    report.throughput.tokens_per_s = 100000;
    report.cluster_price_per_hour = 36;
    QVERIFY2(planSummaryText(plan, report).contains("Cluster price: $36.00 per hour, $0.100 per million tokens"),
             qPrintable(planSummaryText(plan, report)));
    report.cluster_price_per_hour = 0;
    QVERIFY(!planSummaryText(plan, report).contains("Cluster price"));
    report.cluster_price_per_hour = 36;
    report.feasible = false;
    QVERIFY(!planSummaryText(plan, report).contains("Cluster price"));
  }

  void alternativesModelTicksAndShowsResults() {
    AlternativesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPlanners({"greedy", "random", "exhaustive", "metis"});
    QCOMPARE(model.selectedPlanners().size(), 4);
    AlternativeResult chosen;
    chosen.planner = "greedy";
    chosen.state = AlternativeResult::State::Done;
    chosen.sequences_per_s = 10;
    model.setChosen(chosen);
    QCOMPARE(model.rowCount(), 5);
    QVERIFY(!(model.flags(model.index(0, 0)) & Qt::ItemIsUserCheckable));  // the plan on screen
    QVERIFY(model.setData(model.index(4, AlternativesModel::PlannerColumn), Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(model.selectedPlanners(), QStringList({"greedy", "random", "exhaustive"}));
    AlternativeResult refused;
    refused.planner = "exhaustive";
    refused.state = AlternativeResult::State::Refused;
    refused.planning_s = 0.25;
    refused.evaluations = 1052;
    refused.note = "the space is too large";
    model.setResult(refused);
    const int row = 3;
    QCOMPARE(model.index(row, AlternativesModel::StateColumn).data().toString(), AlternativesModel::stateName(refused.state));
    QCOMPARE(model.index(row, AlternativesModel::NoteColumn).data().toString(), QString("the space is too large"));
    QVERIFY(model.index(row, AlternativesModel::ThroughputColumn).data().toString().isEmpty());
    QVERIFY(model.index(row, AlternativesModel::CostColumn).data().toString().isEmpty());  // no plan, no price
    QVERIFY(!model.index(row, AlternativesModel::PlanningTimeColumn).data().toString().isEmpty());
    // A plan's row shows what a million tokens cost on the whole cluster.
    AlternativeResult priced;
    priced.planner = "random";
    priced.state = AlternativeResult::State::Done;
    priced.sequences_per_s = 12;
    priced.usd_per_million_tokens = 0.1746;
    model.setResult(priced);
    QCOMPARE(model.index(2, AlternativesModel::CostColumn).data().toString(), QStringLiteral("$0.175"));
    QCOMPARE(model.headerData(AlternativesModel::CostColumn, Qt::Horizontal).toString(), QStringLiteral("$ per M tokens"));
    QCOMPARE(model.shownResults().size(), size_t(3));  // chosen + random + exhaustive
    // The registry grows (a baseline lands): known rows keep their results.
    model.setPlanners({"greedy", "random", "exhaustive", "metis", "sailor"});
    QCOMPARE(model.rowCount(), 6);
    QVERIFY(model.result("exhaustive"));
    model.clearResults("input changed");
    QVERIFY(!model.result("exhaustive"));
    QCOMPARE(model.index(row, AlternativesModel::StateColumn).data().toString(), QString("input changed"));
  }

  // Every GPU type of the catalog is its own (colour, pattern) pair, and same-coloured types
  // differ by pattern, also in the item views' icons.
  void sixteenGpuTypesStayApart() {
    const GpuCatalog& c = GpuCatalog::builtin();
    QVERIFY(c.types().size() >= 16);
    QSet<QPair<QRgb, int>> pairs;
    for (int i = 0; i < int(c.types().size()); ++i)
      pairs.insert({GpuColors::colorAt(i).rgb(), int(GpuColors::patternAt(i))});
    QCOMPARE(pairs.size(), int(c.types().size()));
    const QImage a = GpuColors::icon(c, "a100-40").pixmap(16, 16).toImage();
    const QImage b = GpuColors::icon(c, "rtx-pro-6000").pixmap(16, 16).toImage();
    QVERIFY(a != b);
    GpuPaletteModel palette(c);
    const int h200 = c.indexOf("h200");
    const QString text = palette.index(h200).data().toString();
    QVERIFY2(text.contains(QLocale().toString(c.types()[size_t(h200)].memory_bytes / (1024.0 * 1024 * 1024), 'f', 1) + " GiB"),
             qPrintable(text));
  }

  // A 16-stage plan: every block lies inside the view's size, so a scroll area reaches it.
  void deepPlanIsReachableByScrolling() {
    Plan plan;
    Template t;
    t.replicas = 1;
    for (int s = 0; s < 16; ++s) t.stages.push_back(Stage{s % 2 ? "h100" : "a6000", 1, 2 * s, 2 * s + 1, {s}, std::nullopt});
    plan.templates = {t};
    PlanView view(catalog_);
    view.setPlan(plan, std::nullopt);
    QVERIFY(view.minimumSizeHint().width() >= view.blockRect(0, 15).right());
    QScrollArea area;
    area.resize(500, 300);
    area.setWidget(&view);
    area.setWidgetResizable(true);
    area.show();
    QVERIFY(QTest::qWaitForWindowExposed(&area));
    QVERIFY(area.horizontalScrollBar()->maximum() > 0);
    area.ensureVisible(view.blockRect(0, 15).center().x(), view.blockRect(0, 15).center().y());
    const QRect visible(-view.pos(), area.viewport()->size());
    QVERIFY(visible.contains(view.blockRect(0, 15).center()));
    area.takeWidget();
  }

  void moeTooltipNamesTheExpertAllToAll() {
    Plan plan = fixturePlan();
    plan.templates[1].stages[0].tp = 1;
    plan.templates[1].stages[0].expert_tiling = ExpertTiling{8, 1, 4};
    // As the cost model reports a TP-1 MoE stage: no TP collectives, the all-to-all apart.
    PlanReport report = fixtureReport();
    StageTime& time = report.templates[1].stages[0].time;
    time.expert_comm = time.tp_comm;
    time.tp_comm = 0;
    PlanView view(catalog_);
    view.setPlan(plan, report);
    const QString tip = view.stageToolTip(1, 0);
    QVERIFY(tip.contains("expert all-to-all"));
    QVERIFY(!tip.contains("TP communication"));
    QVERIFY(view.stageToolTip(0, 0).contains("TP communication"));
    QVERIFY(!view.grab().toImage().isNull());
  }

  // Every item of the cost model's report has a name in the GUI (a new term must get one).
  void everyReportItemHasAName() {
    for (const char* k : timeItemKeys()) QVERIFY2(knowsTimeItem(k), k);
    for (const char* k : memoryItemKeys()) QVERIFY2(knowsMemoryItem(k), k);
  }

  void memoryLabelsDoNotOverlapAtSixteenStages() {
    const auto [plan, report] = oneStagePerLayerPlan(16, StageMemory{1e9, 1e9, 1e9, 1e9, 1e9, 48e9});
    MemoryChart chart;
    chart.resize(700, 400);
    chart.setPlan(plan, report);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.replot();
    QCOMPARE(chart.stageCount(), 16);
    QVERIFY2(chart.tickLabelExtent() < chart.slotWidth(),
             qPrintable(QString("%1 >= %2").arg(chart.tickLabelExtent()).arg(chart.slotWidth())));
  }

  void memoryChartNamesEveryFewBarsWhenTurnedLabelsWouldOverlap() {
    // 64 stages in a chart as narrow as the what-if editor's: turned labels one line high each
    // would still run into each other, so only every few bars are named; the tooltip names all.
    const double gib = 1024.0 * 1024 * 1024;
    const auto [plan, report] =
        oneStagePerLayerPlan(64, StageMemory{1 * gib, 2 * gib, 3 * gib, 4 * gib, 5 * gib, 48 * gib});
    MemoryChart chart;
    chart.resize(330, 400);
    chart.setPlan(plan, report);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.replot();
    QVERIFY(chart.labelsRotated());
    QVERIFY2(chart.labelStep() > 1, qPrintable(QString::number(chart.slotWidth())));
    QVERIFY2(chart.tickLabelExtent() < chart.slotWidth() * chart.labelStep(),
             qPrintable(QString("%1 >= %2 x %3").arg(chart.tickLabelExtent()).arg(chart.slotWidth()).arg(chart.labelStep())));
    const auto ticks = qSharedPointerDynamicCast<QCPAxisTickerText>(chart.xAxis->ticker());
    QVERIFY(ticks);
    QCOMPARE(ticks->ticks().size(), (64 + chart.labelStep() - 1) / chart.labelStep());
    QVERIFY(ticks->ticks().value(1).startsWith("T1 S1 "));
    // The bar under the pointer, and what its tooltip says.
    const QPoint sixth(chart.xAxis->coordToPixel(6), chart.axisRect()->center().y());
    QCOMPARE(chart.stageAt(sixth), 5);
    QCOMPARE(chart.stageAt(QPoint(1, 1)), -1);
    const QString tip = chart.stageToolTip(5);
    QVERIFY2(tip.startsWith("T1 S6 A6000\n"), qPrintable(tip));
    QVERIFY2(tip.contains("activations: 4.0 GiB") && tip.endsWith("total 15.0 GiB of 48.0 GiB"), qPrintable(tip));
    // Wide enough for every turned label: every bar is named again.
    chart.resize(1400, 400);
    chart.replot();
    QCOMPARE(chart.labelStep(), 1);
    QCOMPARE(qSharedPointerDynamicCast<QCPAxisTickerText>(chart.xAxis->ticker())->ticks().size(), 64);
  }

  void layerCountsSayWhatTheyCount() {
    const Model m = resolveModel("llama3-8b");
    QCOMPARE(modelLayerSummary(m), QString("32 transformer block(s) + embedding + head (34 pipeline layer(s))"));
    QCOMPARE(layerRangeText(m, 0, 4), QString("embedding + blocks 1–4"));
    QCOMPARE(layerRangeText(m, 5, 5), QString("block 5"));
    QCOMPARE(layerRangeText(m, 30, 33), QString("blocks 30–32 + head"));
  }
};

QTEST_MAIN(TestPlanViews)
#include "tst_plan_views.moc"
