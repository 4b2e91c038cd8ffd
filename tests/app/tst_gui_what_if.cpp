// The what-if editor on the product's planners and cost model: it starts from the plan on
// screen with the same numbers, every edit is one undo step priced at once (memory bars and
// timeline follow), infeasible edits show itemised violations, and one click goes back.
#include <QAction>
#include <QComboBox>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>
#include <cmath>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "model/model_catalog.h"
#include "core_planning_backend.h"
#include "language.h"
#include "composition_model.h"
#include "main_window.h"
#include "memory_chart.h"
#include "plan_view.h"
#include "planner_panel.h"
#include "timeline_view.h"
#include "training_panel.h"
#include "what_if_editor.h"
#include "what_if_option.h"
#include "what_if_session.h"

using namespace arachne;
using namespace arachne::gui;

class TestGuiWhatIf : public QObject {
  Q_OBJECT
  CorePlanningBackend backend_;
  std::unique_ptr<MainWindow> w_;

  WhatIfSession* session() { return w_->whatIfSession(); }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ArachneTestWhatIf"));
    QSettings().clear();
  }

  void init() {
    QVERIFY(Language::apply("en"));
    w_ = std::make_unique<MainWindow>(GpuCatalog::builtin(), backend_, nullptr, false);
    QVERIFY(w_->loadCluster(QStringLiteral("h100:8x2,a6000:4x4")));
    QVERIFY(w_->trainingPanel()->selectModel(QStringLiteral("llama3-8b")));
    QVERIFY(w_->plannerPanel()->selectPlanner(QStringLiteral("greedy")));
    QSignalSpy finished(w_.get(), &MainWindow::planningFinished);
    w_->startPlanning();
    QVERIFY(finished.wait(60000));
    QVERIFY(finished.first().at(0).toBool());
  }

  void cleanup() { w_.reset(); }

  void startsFromThePlanOnScreen() {
    QVERIFY(session()->loaded());
    QVERIFY(!session()->edited());
    QCOMPARE(session()->plan(), w_->result()->plan);
    QCOMPARE(session()->report().throughput.sequences_per_s, w_->result()->report.throughput.sequences_per_s);
    QVERIFY(w_->whatIfEditor()->summaryText().contains(QLocale().toString(w_->result()->report.throughput.sequences_per_s, 'f', 2)));
    QVERIFY(!w_->whatIfEditor()->resetButton()->isEnabled());
  }

  void everyEditIsOneUndoStepPricedAtOnce() {
    QUndoStack* undo = session()->undoStack();
    const Plan before = session()->plan();
    const double thrBefore = session()->report().throughput.sequences_per_s;
    const Template& t0 = before.templates.front();
    // Micro-batch size: one step, the report is the cost model's price of the edited plan.
    const int mb = t0.micro_batch == 1 ? 2 : 1;
    QVERIFY(session()->setMicroBatch(0, mb));
    QCOMPARE(undo->count(), 1);
    QCOMPARE(session()->plan().templates.front().micro_batch, mb);
    QVERIFY(session()->report().throughput.sequences_per_s != thrBefore || !session()->report().feasible);
    // The views follow the edit at once.
    auto* editor = w_->whatIfEditor();
    if (session()->report().feasible) {
      const double want = session()->report().iteration_time_s;
      QVERIFY(std::abs(editor->timeline()->schedule().makespan - want) <= 1e-9 * want);
    } else {
      // An infeasible edit shows why instead of a schedule.
      QVERIFY(!editor->violationsText().isEmpty());
    }
    QCOMPARE(editor->memoryChart()->stageCount(), [&] {
      int n = 0;
      for (const auto& t : session()->report().templates) n += int(t.stages.size());
      return n;
    }());
    // Replicas through the spin box: two steps of the same field merge into one undo step.
    QSpinBox* replicas = editor->replicasBox();
    const int r = replicas->value();
    replicas->setValue(r + 1);
    replicas->setValue(r + 2);
    QCOMPARE(undo->count(), 2);
    QCOMPARE(session()->plan().templates.front().replicas, r + 2);
    // A layer boundary.
    if (session()->plan().templates.front().depth() > 1) {
      const Stage& s0 = session()->plan().templates.front().stages[0];
      QVERIFY(session()->setStageLayers(0, 0, s0.last_layer - s0.first_layer));
      QCOMPARE(undo->count(), 3);
    }
    while (undo->canUndo()) undo->undo();
    QCOMPARE(session()->plan(), before);
    QCOMPARE(session()->report().throughput.sequences_per_s, thrBefore);
  }

  // Far more replicas than the cluster holds: the cost model's itemised violations are shown.
  void infeasibleEditShowsItsViolations() {
    auto* editor = w_->whatIfEditor();
    QVERIFY(session()->setReplicas(0, 64));
    QVERIFY(!session()->report().feasible);
    QVERIFY(!session()->report().violations.empty());
    const QString v = editor->violationsText();
    QVERIFY2(v.contains("too many"), qPrintable(v));
    QCOMPARE(v.count(QStringLiteral("• ")), std::min(6, int(session()->report().violations.size())));
    if (session()->report().violations.size() > 6) QVERIFY(v.contains("more"));
    QVERIFY(editor->summaryText().contains("cannot run"));
    // One click back to the planner's plan, itself one undo step.
    QVERIFY(editor->resetButton()->isEnabled());
    editor->resetButton()->click();
    QCOMPARE(session()->plan(), session()->plannerPlan());
    QVERIFY(session()->report().feasible);
    QCOMPARE(session()->undoStack()->count(), 2);
    session()->undoStack()->undo();
    QCOMPARE(session()->plan().templates.front().replicas, 64);
  }

  // An over-committed node stops the cost model before memory: the bars still show every
  // stage's memory against its capacity (they were empty), the timeline says why it is absent.
  void infeasibleEditStillShowsTheMemory() {
    auto* editor = w_->whatIfEditor();
    QVERIFY(session()->setReplicas(0, 64));
    QVERIFY(!session()->report().feasible);
    QVERIFY(session()->report().templates.empty());  // the case that drew an empty chart
    int stages = 0;
    for (const auto& t : session()->plan().templates) stages += t.depth();
    QVERIFY(editor->memoryBarsShown());
    QCOMPARE(editor->memoryChart()->stageCount(), stages);
    QVERIFY(session()->memoryFigures().has_value());
    for (const auto& t : session()->memoryFigures()->templates)
      for (const auto& s : t.stages) {
        QVERIFY(s.memory.total() > 0);
        QVERIFY(s.memory.capacity > 0);
      }
    QVERIFY(!editor->timelineShown());
    QVERIFY2(editor->timelineNoteText().contains("too many"), qPrintable(editor->timelineNoteText()));
  }

  // An edit the cost model stops before its batch split (an over-committed node) kept the count
  // of the plan before it: 8 replicas read "128 micro-batches", twice the batch of 512. A lone
  // template's split does not depend on its speed, so the editor makes it, and the memory bars
  // hold the micro-batches in flight of that split.
  void stoppedPricingStillSplitsALoneTemplate() {
    QCOMPARE(session()->plan().templates.size(), size_t(1));
    const Template before = session()->plan().templates.front();
    const long long batch = w_->trainingPanel()->spec().global_batch;
    const auto split = [&](int replicas) {
      const long long step = static_cast<long long>(replicas) * before.micro_batch;
      return static_cast<int>((batch + step - 1) / step);
    };
    QVERIFY(session()->setReplicas(0, 2 * before.replicas));
    QVERIFY(session()->report().templates.empty());  // priced no further than the placement
    const int want = split(2 * before.replicas);
    QVERIFY(want != before.micro_batches);
    QCOMPARE(session()->plan().templates.front().micro_batches, want);
    const QString head = w_->whatIfEditor()->planView()->templateHeaderText(0);
    QVERIFY2(head.contains(QString("\n%1 micro-batch").arg(want)), qPrintable(head));
    QVERIFY(!w_->whatIfEditor()->violationsText().contains("not split"));
    // So many replicas that each runs fewer micro-batches than the template has stages: the first
    // stage holds only those in flight (with the old count it held one per stage).
    const int many = static_cast<int>(batch / 2 / before.micro_batch);
    QVERIFY(session()->setReplicas(0, many));
    QCOMPARE(session()->plan().templates.front().micro_batches, 2);
    QVERIFY(before.depth() > 2);
    QVERIFY(session()->memoryFigures().has_value());
    QCOMPARE(session()->memoryFigures()->templates.front().stages.front().in_flight_micro_batches, 2);
  }

  // Several templates share the batch by their speeds, which a cost model stopped before timing
  // did not measure: no count is shown rather than the old one, the editor says why, and the
  // memory bars hold the most micro-batches in flight any split could give.
  void stoppedPricingSplitsNoSharedBatch() {
    const Composition c = parseInlineCluster("h100:8x2,a6000:4x4", GpuCatalog::builtin());
    const Model m = resolveModel("llama3-8b");
    Plan p = w_->result()->plan;
    Template a;  // the A6000 nodes, one TP-4 stage on each
    std::vector<int> a6000;
    for (const Node& n : c.nodes())
      if (n.gpu_type == "a6000") a6000.push_back(n.id);
    const int depth = static_cast<int>(a6000.size()), layers = m.layerCount();
    for (int s = 0; s < depth; ++s)
      a.stages.push_back(Stage{"a6000", 4, s * layers / depth, (s + 1) * layers / depth - 1, {a6000[size_t(s)]}, std::nullopt});
    p.templates.push_back(a);
    session()->load(c, m, m.default_training, p);
    QVERIFY2(session()->report().feasible, qPrintable(w_->whatIfEditor()->violationsText()));
    for (const Template& t : session()->plan().templates) QVERIFY(t.micro_batches > 0);
    auto* editor = w_->whatIfEditor();
    QVERIFY(session()->setReplicas(0, 2 * p.templates.front().replicas));
    QVERIFY(session()->report().templates.empty());
    for (const Template& t : session()->plan().templates) QCOMPARE(t.micro_batches, 0);
    for (int t = 0; t < 2; ++t) {
      const QString head = editor->planView()->templateHeaderText(t);
      QVERIFY2(head.contains("micro-batches not split") && !head.contains(QRegularExpression("\\d micro-batch")), qPrintable(head));
    }
    QVERIFY2(editor->violationsText().contains("Micro-batches not split: the cost model splits the global batch by the "
                                               "templates' speeds"),
             qPrintable(editor->violationsText()));
    QVERIFY(editor->memoryBarsShown());
    const auto& figures = session()->memoryFigures()->templates;
    QCOMPARE(figures[0].stages.front().in_flight_micro_batches, session()->plan().templates[0].depth());
    QCOMPARE(figures[1].stages.front().in_flight_micro_batches, depth);
    // Back to a plan the cost model splits: the counts are its own again.
    session()->undoStack()->undo();
    QVERIFY(session()->report().feasible);
    for (size_t t = 0; t < 2; ++t)
      QCOMPARE(session()->plan().templates[t].micro_batches, session()->report().templates[t].micro_batches);
  }

  // A stage out of memory: its bar is there, over the capacity line and marked.
  void outOfMemoryEditMarksTheStage() {
    const Composition c = parseInlineCluster("h100:8x2,a6000:4x4", GpuCatalog::builtin());
    const Model m = resolveModel("llama3-8b");
    Plan p;
    Template t;
    t.stages = {Stage{"h100", 1, 0, m.layerCount() - 1, {c.nodes().front().id}, std::nullopt}};
    p.templates = {t};
    session()->load(c, m, m.default_training, p);
    auto* editor = w_->whatIfEditor();
    QVERIFY(!session()->report().feasible);
    QVERIFY(session()->report().violations.front().kind == ViolationKind::OutOfMemory);
    QVERIFY(editor->memoryBarsShown());
    QCOMPARE(editor->memoryChart()->stageCount(), 1);
    QCOMPARE(editor->memoryChart()->overCapacityStages(), QList<int>{0});
    // The planner's plan fits: nothing is marked.
    session()->load(c, m, m.default_training, w_->result()->plan);
    QVERIFY(session()->report().feasible);
    QVERIFY(editor->memoryChart()->overCapacityStages().isEmpty());
    QVERIFY(editor->memoryChart()->stageCount() > 0);
  }

  // A stage without a profile (TP 3 tiles no node) has no memory figures: the violation stands
  // where the chart would be, not an empty chart.
  void noMemoryFiguresShowTheViolationInstead() {
    const Composition c = parseInlineCluster("h100:8x2,a6000:4x4", GpuCatalog::builtin());
    const Model m = resolveModel("llama3-8b");
    Plan p;
    Template t;
    t.stages = {Stage{"h100", 3, 0, m.layerCount() - 1, {c.nodes().front().id}, std::nullopt}};
    p.templates = {t};
    session()->load(c, m, m.default_training, p);
    auto* editor = w_->whatIfEditor();
    QVERIFY(!session()->report().feasible);
    QVERIFY(!session()->memoryFigures().has_value());
    QVERIFY(!editor->memoryBarsShown());
    const QString note = editor->memoryNoteText();
    QVERIFY2(note.contains("No memory figures"), qPrintable(note));
    QVERIFY2(note.contains(QString::fromStdString(session()->report().violations.front().message)), qPrintable(note));
    QCOMPARE(editor->memoryChart()->stageCount(), 0);
  }

  // A TP change re-places the template on nodes; a TP that no node holds is refused by the
  // cost model with its reason.
  void tpChangeIsPlacedAndPriced() {
    const auto choices = session()->tpChoices(0, 0);
    QVERIFY(choices.size() >= 2);
    const int tp = session()->plan().templates.front().stages.front().tp;
    const int other = tp == choices.front() ? choices[1] : choices.front();
    QVERIFY(session()->setTp(0, 0, other));
    QCOMPARE(session()->plan().templates.front().stages.front().tp, other);
    if (session()->report().feasible)
      QVERIFY2(w_->whatIfEditor()->summaryText().contains(
                   QLocale().toString(session()->report().throughput.sequences_per_s, 'f', 2)),
               qPrintable(w_->whatIfEditor()->summaryText()));
    else
      QVERIFY(!w_->whatIfEditor()->violationsText().isEmpty());
    // A GPU type's stage never takes a TP beyond its largest node.
    QVERIFY(!session()->setTp(0, 0, 1024));
  }

  // --whatif answered every refused edit with "changes nothing in this plan", even for a stage
  // that does not exist; each refusal now names the rule it breaks and pushes nothing, "changes
  // nothing" is left for a value already there, and an edit in range is made.
  void whatIfOptionNamesTheBrokenRule() {
    const Plan plan = session()->plan();
    const Template& t = plan.templates.front();
    const Stage& st = t.stages.front();
    const auto tpChoices = session()->tpChoices(0, 0);
    const int largest = tpChoices.back();  // a power of two: the cluster's nodes have 4 and 8 GPUs
    QCOMPARE(largest, st.gpu_type == "h100" ? 8 : 4);
    QStringList offered;
    for (int k : tpChoices) offered << QString::number(k);
    const auto counted = [](size_t n, const char* one) { return QString::number(n) + " " + one + (n == 1 ? "" : "s"); };
    const auto refused = [this](const QString& edit) { return applyWhatIfOption(*session(), edit); };
    const int n = static_cast<int>(plan.templates.size());
    QCOMPARE(refused(QString("tp:%1:1:2").arg(n + 1)),
             QString("template %1 does not exist: the plan has %2").arg(n + 1).arg(counted(plan.templates.size(), "template")));
    QCOMPARE(refused(QString("tp:1:%1:2").arg(t.depth() + 3)),
             QString("stage %1 does not exist: template 1 has %2").arg(t.depth() + 3).arg(counted(t.stages.size(), "stage")));
    QCOMPARE(refused(QString("tp:1:1:%1").arg(2 * largest)),
             QString("TP %1 is not offered for stage 1 of template 1: the largest %2 node has %3 GPUs (it can take TP %4)")
                 .arg(2 * largest).arg(QString::fromStdString(st.gpu_type)).arg(largest).arg(offered.join(", ")));
    QCOMPARE(refused("tp:1:1:3"), QString("TP 3 is not offered for stage 1 of template 1: TP is a power of two (it can take TP %1)")
                                      .arg(offered.join(", ")));
    QCOMPARE(refused("replicas:1:0"), QString("replica count 0 is out of range: a template has 1 to 4096 replicas"));
    QCOMPARE(refused("replicas:1:5000"), QString("replica count 5000 is out of range: a template has 1 to 4096 replicas"));
    QCOMPARE(refused("depth:1:40"), QString("depth 40 is out of range: a template has 1 to 16 stages here (the editor's limit "
                                            "is 16, and every stage holds at least one of llama3-8b's 34 layers)"));
    QCOMPARE(refused("mb:1:0"), QString("micro-batch 0 is out of range: a micro-batch holds at least one sequence"));
    QCOMPARE(refused(QString("replicas:1:%1").arg(t.replicas)),
             QString("template 1 already has %1, so it changes nothing in this plan").arg(counted(size_t(t.replicas), "replica")));
    QCOMPARE(refused(QString("tp:1:1:%1").arg(st.tp)),
             QString("stage 1 of template 1 already has TP %1, so it changes nothing in this plan").arg(st.tp));
    QCOMPARE(session()->undoStack()->count(), 0);
    QCOMPARE(session()->plan(), plan);
    // In range: made, one undo step.
    QCOMPARE(refused(QString("replicas:1:%1").arg(t.replicas + 1)), QString());
    QCOMPARE(session()->plan().templates.front().replicas, t.replicas + 1);
    QCOMPARE(session()->undoStack()->count(), 1);
  }

  // Edit > Undo (Ctrl+Z) acts on the what-if edits while the What-if tab is open and on the
  // cluster's edits elsewhere: it used to take back the cluster edit behind the plan.
  void undoFollowsTheOpenTab() {
    QUndoStack* cluster = w_->compositionModel()->undoStack();
    const int clusterSteps = cluster->index();
    QVERIFY(clusterSteps > 0);  // loading the cluster was an edit
    const int r = session()->plan().templates.front().replicas;
    QVERIFY(session()->setReplicas(0, r + 1));
    w_->tabs()->setCurrentIndex(MainWindow::WhatIfTab);
    QVERIFY(w_->undoAction()->isEnabled());
    QVERIFY(w_->undoAction()->text().contains(session()->undoStack()->undoText()));
    w_->undoAction()->trigger();
    QCOMPARE(session()->plan().templates.front().replicas, r);
    QCOMPARE(cluster->index(), clusterSteps);
    QVERIFY(!w_->undoAction()->isEnabled());  // nothing left to undo in the editor
    QVERIFY(w_->redoAction()->isEnabled());
    w_->redoAction()->trigger();
    QCOMPARE(session()->plan().templates.front().replicas, r + 1);
    // On another tab the same action is the cluster's.
    w_->tabs()->setCurrentIndex(MainWindow::PlanTab);
    QVERIFY(w_->undoAction()->isEnabled());
    QVERIFY(w_->undoAction()->text().contains(cluster->undoText()));
    w_->undoAction()->trigger();
    QCOMPARE(cluster->index(), clusterSteps - 1);
    QCOMPARE(session()->plan().templates.front().replicas, r + 1);
  }

  // A new plan starts the editor afresh.
  void aNewPlanReplacesTheEdits() {
    QVERIFY(session()->setReplicas(0, session()->plan().templates.front().replicas + 1));
    QSignalSpy finished(w_.get(), &MainWindow::planningFinished);
    w_->startPlanning();
    QVERIFY(finished.wait(60000));
    QVERIFY(!session()->edited());
    QCOMPARE(session()->undoStack()->count(), 0);
  }
};

QTEST_MAIN(TestGuiWhatIf)
#include "tst_gui_what_if.moc"
