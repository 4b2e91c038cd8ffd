// Tests of the main window on a fake planning backend: opening on a preset, planning, the
// why-dropped link to the composer, stale results on edits, language switching, screenshots.
#include <QAbstractButton>
#include <algorithm>
#include <optional>

#include "planning/planner.h"
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QVBoxLayout>
#include <QDockWidget>
#include <QGroupBox>
#include <QImage>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QMimeData>
#include <QDropEvent>
#include <QApplication>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

#include <QDoubleSpinBox>
#include <QProgressBar>
#include "plan/texts.h"
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTabBar>
#include <QTableView>
#include <QHeaderView>
#include <QStyle>

#include "alternative_result.h"
#include "alternatives_chart.h"
#include "alternatives_model.h"
#include "alternatives_runner.h"
#include "cluster/cluster_spec.h"
#include "gpu_colors.h"
#include "replay_panel.h"
#include "scenario_document.h"
#include "scenario_panel.h"
#include "scenario_timeline_view.h"
#include "timeline_view.h"
#include "why_dropped_model.h"
#include "app_settings.h"
#include "catalog/gpu_catalog.h"
#include "io/plan_json.h"
#include "memory_chart.h"
#include "plan_exporter.h"
#include "plan_view.h"
#include "composer_panel.h"
#include "composition_model.h"
#include "fake_planning_backend.h"
#include "gui_session.h"
#include "language.h"
#include "main_window.h"
#include "planner_panel.h"
#include "training_panel.h"
#include "what_if_editor.h"
#include "what_if_session.h"

using namespace arachne;
using namespace arachne::gui;

namespace {
// Every user-visible text of the window: labels, buttons, actions, menus, tabs, dock titles.
QStringList visibleTexts(MainWindow& w) {
  QStringList out;
  out << w.windowTitle();
  for (auto* l : w.findChildren<QLabel*>()) if (!l->text().isEmpty()) out << l->text();
  for (auto* b : w.findChildren<QAbstractButton*>()) if (!b->text().isEmpty()) out << b->text();
  for (auto* a : w.findChildren<QAction*>())
    if (!a->text().isEmpty() && !a->menu()) out << a->text();
  for (auto* m : w.findChildren<QMenu*>()) if (!m->title().isEmpty()) out << m->title();
  for (auto* d : w.findChildren<QDockWidget*>()) out << d->windowTitle();
  for (int i = 0; i < w.tabs()->count(); ++i) out << w.tabs()->tabText(i);
  return out;
}
// The Alt+letter mnemonics of the window's visible labels (with a buddy), buttons and group
// boxes, each with the text it came from; `inDocks` keeps those inside a dock widget only.
QMultiMap<QKeySequence, QString> visibleMnemonics(MainWindow& w, bool inDocks) {
  QMultiMap<QKeySequence, QString> out;
  const auto add = [&](QWidget* widget, const QString& text) {
    const QKeySequence key = QKeySequence::mnemonic(text);
    if (key.isEmpty() || !widget->isVisible()) return;
    bool docked = false;
    for (QWidget* p = widget->parentWidget(); p; p = p->parentWidget()) docked = docked || qobject_cast<QDockWidget*>(p);
    if (!inDocks || docked) out.insert(key, text);
  };
  for (auto* l : w.findChildren<QLabel*>()) if (l->buddy()) add(l, l->text());
  for (auto* b : w.findChildren<QAbstractButton*>()) add(b, b->text());
  for (auto* g : w.findChildren<QGroupBox*>()) add(g, g->title());
  return out;
}
// Plans `cluster` with the window's default planner and shows the window at `size` (the
// screenshot's by default): the layout checks need a window with a result, laid out.
bool planAndShow(MainWindow& w, const QString& cluster, QSize size = QSize(1400, 900)) {
  if (!w.loadCluster(cluster)) return false;
  QSignalSpy finished(&w, &MainWindow::planningFinished);
  w.startPlanning();
  if (!finished.wait(5000)) return false;
  w.resize(size);
  w.show();
  return QTest::qWaitForWindowExposed(&w);
}

// The word-wrapped labels of the window lower than their text needs at their width: dock and
// splitter layouts do not ask for height-for-width, so such a label lost its last lines.
QStringList cutWrappedLabels(QWidget& w) {
  QStringList out;
  for (auto* l : w.findChildren<QLabel*>())
    if (l->isVisible() && l->wordWrap() && !l->text().isEmpty() && l->height() < l->heightForWidth(l->width()))
      out << QStringLiteral("\"%1\": %2 px for %3 px").arg(l->text().left(60)).arg(l->height()).arg(l->heightForWidth(l->width()));
  return out;
}
}  // namespace

class TestGuiMainWindow : public QObject {
  Q_OBJECT
  test::FakePlanningBackend backend_;

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("ArachneTest"));
    QSettings().clear();
  }

  // Every test starts in English, whatever the one before left behind.
  void init() { QVERIFY(Language::apply("en")); }

  void opensOnPresetAndPlans() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QString::fromLatin1(kDefaultCluster)));
    QVERIFY(w.trainingPanel()->selectModel(QString::fromLatin1(kDefaultModel)));
    QCOMPARE(w.compositionModel()->composition().totalGpus(), 128);
    QVERIFY(w.compositionModel()->summaryText().contains("128"));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(w.runner()->isRunning());
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.first().at(0).toBool(), true);
    QVERIFY(w.result().has_value());
    QCOMPARE(w.result()->plan.templates.size(), size_t(3));
    QCOMPARE(w.result()->plan.provenance.model, std::string("llama3-8b"));
    QVERIFY(!w.tabs()->isHidden());
    QVERIFY(w.plannerPanel()->status().contains("3"));
    // `arachne-cli plan`'s seed: the window and the CLI plan the same problem alike.
    QCOMPARE(backend_.lastSeed.load(), kDefaultPlanningSeed);
  }

  // In the whole window the composer's Delete is a window-wide shortcut: it took the key from the
  // Scenario dock's timeline and deleted the composer's selected node, not the selected event.
  void deleteInTheScenarioTimelineDeletesTheEvent() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QString::fromLatin1(kDefaultCluster)));
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    ScenarioPanel* panel = w.scenarioPanel();
    auto* dock = qobject_cast<QDockWidget*>(panel->parentWidget());
    QVERIFY(dock);
    dock->show();
    const int events = panel->document()->eventCount();
    QVERIFY(events > 0);
    const size_t nodes = w.compositionModel()->composition().nodes().size();
    QCOMPARE(w.composerPanel()->highlightNodes({0}), 1);  // the composer's Delete is enabled
    ScenarioTimelineView* v = panel->timeline();
    v->setSelectedEvent(0);
    v->setFocus();
    QTest::keyClick(v, Qt::Key_Delete);
    QCOMPARE(panel->document()->eventCount(), events - 1);
    QCOMPARE(w.compositionModel()->composition().nodes().size(), nodes);
  }

  // The learned planner without usable weights plans with greedy: the panel says so below "Done".
  void fallbackWarningShowsInTheStatus() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QString::fromLatin1(kDefaultCluster)));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    backend_.message = "warning: the arachne policy cannot be used (x.policy: cannot open the policy file); planned with greedy";
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    backend_.message.clear();
    QVERIFY(w.plannerPanel()->status().contains("Done"));
    // The warning has a line of its own, apart from the status, and says it planned with greedy.
    QVERIFY2(w.plannerPanel()->warning().contains("Warning: the arachne policy cannot be used"),
             qPrintable(w.plannerPanel()->warning()));
    QVERIFY(w.plannerPanel()->warning().endsWith("planned with greedy"));
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    QVERIFY(!w.plannerPanel()->status().contains("policy cannot be used"));
    QVERIFY(w.plannerPanel()->warning().isEmpty());
  }

  void whyDroppedSelectionHighlightsNode() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:4x3")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    const auto& unused = w.result()->plan.unused_gpus;
    QCOMPARE(unused.size(), size_t(2));
    auto* table = qobject_cast<QTableView*>(w.tabPage(MainWindow::DroppedTab));
    QVERIFY(table);
    // Two nodes with the same reason make one row; selecting it selects both nodes.
    QCOMPARE(table->model()->rowCount(), 1);
    table->setCurrentIndex(table->model()->index(0, 0));
    QCOMPARE(w.composerPanel()->selectedNodeIds(), QList<int>({unused[0].node_id, unused[1].node_id}));
    QCOMPARE(w.composerPanel()->selectedNodeId(), unused[0].node_id);
  }

  void editDuringRunDropsTheResult() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    backend_.gate = false;
    w.startPlanning();
    QVERIFY(w.compositionModel()->addNode(QStringLiteral("a6000"), 4));  // an edit mid-run
    backend_.gate = true;
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QVERIFY(!w.result().has_value());
    QVERIFY(w.plannerPanel()->status().contains("dropped"));
    // After a plan, an edit marks it stale but keeps it on screen.
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    QVERIFY(w.result().has_value());
    QVERIFY(!w.isResultStale());
    w.compositionModel()->undoStack()->undo();
    QVERIFY(w.isResultStale());
  }

  void cancelStopsTheRun() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x1")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    backend_.gate = false;
    w.startPlanning();
    w.cancelPlanning();
    QVERIFY(finished.wait(5000));
    backend_.gate = true;
    QVERIFY(!w.runner()->isRunning());
    QCOMPARE(finished.first().at(0).toBool(), false);  // the gate held it: no plan was found
    QVERIFY(!w.result());
    QVERIFY2(w.resultText().contains("Cancelled before any plan was found"), qPrintable(w.resultText()));
  }

  // A cancelled run that found nothing leaves the last good plan on screen, with every view.
  void cancelledRunKeepsTheLastGoodPlan() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x1")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    QVERIFY(w.result());
    const QString before = w.resultText();
    const int templates = static_cast<int>(w.result()->plan.templates.size());
    backend_.gate = false;
    w.startPlanning();
    w.cancelPlanning();
    QVERIFY(finished.wait(5000));
    backend_.gate = true;
    QCOMPARE(finished.last().at(0).toBool(), false);
    QVERIFY(w.result());
    QCOMPARE(static_cast<int>(w.result()->plan.templates.size()), templates);
    QCOMPARE(w.resultText(), before);
    QVERIFY(!w.infeasibleResult());
    QVERIFY2(w.plannerPanel()->status().contains("the last plan is still shown"), qPrintable(w.plannerPanel()->status()));
    const QList<QAction*> actions = w.findChildren<QAction*>();
    const auto exportJson = std::find_if(actions.begin(), actions.end(), [](QAction* a) {
      return a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_E);
    });
    QVERIFY(exportJson != actions.end());
    QVERIFY((*exportJson)->isEnabled());  // the kept plan can still be exported
  }

  void switchingLanguageRetranslates() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    const QStringList english = visibleTexts(w);
    // Names that are the same in every language: language names, planner, GPU and preset ids.
    auto same = [](const QString& s) {
      static const QStringList fixed = {"English", "Deutsch", "简体中文", "Plan", "&Budget:", "bf16", "fp16", "fp32"};
      // Planner ids and scenario preset ids (spot-a100, h100-purchase) are ids in every language.
      const auto planners = arachne::plannerNames();
      static const QRegularExpression presetId(QStringLiteral("^[a-z0-9]+(-[a-z0-9]+)+$"));
      const bool plannerId = std::find(planners.begin(), planners.end(), s.toStdString()) != planners.end();
      return fixed.contains(s) || s.startsWith("paper-") || s.startsWith("fake-") || plannerId ||
             (presetId.match(s).hasMatch() && s.contains(QRegularExpression("[0-9]"))) ||
             !s.contains(QRegularExpression("[A-Za-z]{3,}"));
    };
    for (const QString code : {"de", "zh_CN"}) {
      QVERIFY(Language::apply(code));
      const QStringList translated = visibleTexts(w);
      QStringList untranslated;
      for (const QString& s : english)
        if (translated.contains(s) && !same(s)) untranslated << s;
      QVERIFY2(untranslated.isEmpty(), qPrintable(code + ": " + untranslated.join(" | ")));
      QVERIFY(w.windowTitle() != english.first());
    }
    QVERIFY(Language::apply("en"));
    QCOMPARE(w.windowTitle(), QString("Arachne Plan Explorer"));
    QVERIFY(!Language::apply("xx"));
  }

  // A switch of language at run time re-formats the spin boxes and gives them the room of their
  // new text: the budget kept "10.0 s" in a German window (the spin boxes had the locale of their
  // creation), and the Tile GPUs box kept the width of "usual" and showed "iblich".
  void switchingLanguageReformatsSpinBoxes() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    for (const QString code : {"de", "zh_CN", "en"}) {
      QVERIFY(Language::apply(code));
      QApplication::processEvents();
      QLocale locale(code);
      locale.setNumberOptions(QLocale::OmitGroupSeparator);
      const auto boxes = w.findChildren<QDoubleSpinBox*>();
      QVERIFY(boxes.size() >= 4);  // the planner's budget, the comparison's, the scenario's horizon and budget
      for (QDoubleSpinBox* box : boxes) {
        // At its minimum a box with a special value text shows that, in the new language (the
        // composer's price reads "catalog" there).
        if (box->value() == box->minimum() && !box->specialValueText().isEmpty()) {
          QCOMPARE(box->text(), box->specialValueText());
          QCOMPARE(box->specialValueText(), code == "de" ? QString("Katalog") : code == "zh_CN" ? QString("目录") : QString("catalog"));
          continue;
        }
        QCOMPARE(box->text(), box->prefix() + locale.toString(box->value(), 'f', box->decimals()) + box->suffix());
      }
      // Each visible box's text fits its edit field.
      for (QAbstractSpinBox* box : w.findChildren<QAbstractSpinBox*>()) {
        const auto* edit = box->findChild<QLineEdit*>();
        if (!box->isVisible() || !edit) continue;
        const int need = edit->fontMetrics().horizontalAdvance(box->text()) + 4;  // the edit's text margins
        QVERIFY2(edit->width() >= need, qPrintable(QString("%1: \"%2\" %3 px for %4 px").arg(code, box->text()).arg(edit->width()).arg(need)));
      }
    }
    QCOMPARE(w.plannerPanel()->findChild<QDoubleSpinBox*>()->text(), QStringLiteral("10.0 s"));
  }

  // The ticked planners run in the background on the plan's input, each with its own budget;
  // a planner that finds nothing within its budget says it timed out.
  void comparisonRunsTheTickedPlanners() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2,a6000:4x1")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    auto* model = w.alternativesModel();
    QCOMPARE(model->selectedPlanners(), QStringList({"fake-random", "fake-slow"}));  // not the one on screen
    auto* budget = w.findChild<QDoubleSpinBox*>(QStringLiteral("compareBudget"));
    QVERIFY(budget);
    budget->setValue(0.5);
    QSignalSpy compared(&w, &MainWindow::comparisonFinished);
    w.comparePlanners();
    QVERIFY(w.alternativesRunner()->isRunning());
    QVERIFY(compared.wait(10000));
    const AlternativeResult* random = model->result("fake-random");
    const AlternativeResult* slow = model->result("fake-slow");
    QVERIFY(random && slow);
    QCOMPARE(random->state, AlternativeResult::State::Done);
    QCOMPARE(random->gpus_used, 12);
    QCOMPARE(slow->state, AlternativeResult::State::TimedOut);
    QVERIFY(slow->planning_s >= 0.49);  // its own budget, not a share of one
    QVERIFY(!slow->note.isEmpty());
    auto* chart = w.findChild<AlternativesChart*>();
    QCOMPARE(chart->results().size(), size_t(3));  // the plan on screen and the two runs
    QVERIFY(chart->results()[0].chosen);
  }

  // A refusal's reason that starts with "refused:" is written out under the table with the state once.
  void refusalIsWrittenOutOnce() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    w.alternativesModel()->setSelected("fake-slow", false);
    backend_.refusal = "refused: the space holds up to 1e7 plans";
    QSignalSpy compared(&w, &MainWindow::comparisonFinished);
    w.comparePlanners();
    QVERIFY(compared.wait(10000));
    backend_.refusal.clear();
    QCOMPARE(w.alternativesModel()->result("fake-random")->state, AlternativeResult::State::Refused);
    auto* detail = w.findChild<QLabel*>(QStringLiteral("alternativesDetail"));
    QVERIFY(detail);
    QCOMPARE(detail->text(), QString("fake-random — refused: the space holds up to 1e7 plans"));
  }

  // Editing the cluster during a comparison drops its results.
  void comparisonOfAChangedInputIsDropped() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    w.alternativesModel()->setSelected("fake-random", false);
    w.findChild<QDoubleSpinBox*>(QStringLiteral("compareBudget"))->setValue(60);
    w.comparePlanners();
    QTest::qWait(50);
    QVERIFY(w.compositionModel()->addNode(QStringLiteral("a6000"), 4));
    QTRY_VERIFY_WITH_TIMEOUT(!w.alternativesRunner()->isRunning(), 5000);
    QVERIFY(!w.alternativesModel()->result("fake-slow"));
    QVERIFY(w.alternativesModel()->shownResults().size() <= 1);  // only the (stale) plan on screen
  }

  // After a run that finds no plan, no view keeps the previous plan: the infeasibility report is
  // on screen instead (why-dropped rows and the summary with the cost model's numbers).
  void infeasibleRunShowsTheReportAndNothingStale() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    QVERIFY(w.findChild<PlanView*>()->hasPlan());
    backend_.infeasible = true;
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    backend_.infeasible = false;
    QCOMPARE(finished.last().at(0).toBool(), false);
    QVERIFY(!w.result().has_value());
    QVERIFY(w.infeasibleResult().has_value());
    for (PlanView* v : w.findChildren<PlanView*>()) QVERIFY(!v->hasPlan());
    for (MemoryChart* m : w.findChildren<MemoryChart*>()) QCOMPARE(m->stageCount(), 0);
    for (TimelineView* t : w.findChildren<TimelineView*>()) QCOMPARE(t->templateShown(), -1);
    QCOMPARE(w.findChild<ReplayPanel*>()->stepCount(), 0);
    QVERIFY(w.alternativesModel()->shownResults().empty());
    QVERIFY(w.resultText().contains("No feasible plan"));
    // The headline gives the reason (the first why-dropped row); the status line keeps the
    // planner's account of its search.
    QVERIFY2(w.resultText().contains("518.3 GiB"), qPrintable(w.resultText()));
    QVERIFY2(w.findChild<PlannerPanel*>()->status().startsWith("No feasible plan ("),
             qPrintable(w.findChild<PlannerPanel*>()->status()));
    auto* table = qobject_cast<QTableView*>(w.tabPage(MainWindow::DroppedTab));
    QVERIFY(table);
    QCOMPARE(table->model()->rowCount(), 1);  // both nodes: same type, same reason
    QVERIFY2(table->model()->index(0, 3).data().toString().contains("518.3 GiB"), qPrintable(table->model()->index(0, 3).data().toString()));
    auto* summary = qobject_cast<QPlainTextEdit*>(w.tabPage(MainWindow::SummaryTab));
    QVERIFY(summary->toPlainText().contains("518.3 GiB of 80.0 GiB"));
    QVERIFY(!w.tabs()->isTabEnabled(MainWindow::PlanTab));
    QVERIFY(w.tabs()->isTabEnabled(MainWindow::DroppedTab));
    // A planner that proved no plan exists leads the headline with its proof, before the
    // violation and the nodes' reasons (which the summary still lists).
    backend_.infeasible = true;
    backend_.proven = true;
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    backend_.infeasible = false;
    backend_.proven = false;
    QVERIFY2(w.resultText().startsWith("No feasible plan: stopped early: no plan can fit, since every plan needs at least 560.1 GiB"),
             qPrintable(w.resultText()));
    QVERIFY(summary->toPlainText().contains("518.3 GiB of 80.0 GiB"));
  }

  // Alt+Left/Right step the replay, also after the language changed twice (a button's setText
  // used to clear them).
  void replayShortcutsSurviveALanguageSwitch() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x1,a6000:4x1,a100-40:4x1")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    auto* replay = w.findChild<ReplayPanel*>();
    QCOMPARE(replay->stepCount(), 3);
    w.tabs()->setCurrentIndex(MainWindow::ReplayTab);
    w.show();
    QApplication::setActiveWindow(&w);
    QVERIFY(QTest::qWaitForWindowActive(&w));
    replay->setCurrentStep(0);
    for (const QString code : {"de", "zh_CN", "en"}) {
      QVERIFY(Language::apply(code));
      const int before = replay->currentStep();
      QTest::keyClick(&w, Qt::Key_Right, Qt::AltModifier);
      QCOMPARE(replay->currentStep(), before + 1);
      QTest::keyClick(&w, Qt::Key_Left, Qt::AltModifier);
      QCOMPARE(replay->currentStep(), before);
      replay->setCurrentStep(before + 1 < replay->stepCount() - 1 ? before + 1 : 0);
    }
  }

  // A 16-stage plan is whole in the exported PNG and PDF of the plan view.
  void deepPlanIsWholeInExports() {
    backend_.depth = 16;
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:16x1")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    backend_.depth = 1;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.tabs()->setCurrentIndex(MainWindow::PlanTab);
    auto* view = qobject_cast<PlanView*>(w.currentExportableView());
    QVERIFY(view);
    QCOMPARE(view->plan().templates.front().depth(), 16);
    const QRect last = view->blockRect(0, 15);
    auto* scroll = qobject_cast<QScrollArea*>(w.tabPage(MainWindow::PlanTab));
    QVERIFY(scroll->viewport()->width() < last.right());  // the view is larger than its tab ...
    scroll->ensureVisible(last.center().x(), last.center().y());
    QVERIFY(QRect(-view->pos(), scroll->viewport()->size()).contains(last.center()));  // ... and scrolls
    QTemporaryDir dir;
    const QString png = dir.filePath("deep.png");
    QVERIFY(PlanExporter::saveView(view, png).isEmpty());
    const QImage image(png);
    QVERIFY(image.width() > last.right() && image.height() > last.bottom());
    // The last block is drawn in the export: its colour at its centre (right of the pattern strip).
    const QColor inside = image.pixelColor(last.center());
    QCOMPARE(inside.rgb(), GpuColors::color(GpuCatalog::builtin(), "h100").rgb());
    const QString pdf = dir.filePath("deep.pdf");
    QVERIFY(PlanExporter::saveView(view, pdf).isEmpty());
    QFile f(pdf);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    const QRegularExpression box(R"(/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\])");
    const auto m = box.match(QString::fromLatin1(bytes));
    QVERIFY(m.hasMatch());
    QVERIFY(m.captured(1).toDouble() * 96 / 72 >= last.right() - 1);
  }

  // The bar shows the share of the budget spent when the planner tells no fraction, and the two
  // progress lines agree: the best throughput is quoted once, the planner's line in the UI's words.
  void progressShowsTheBudgetAndOneBest() {
    QAction plan, cancel;
    PlannerPanel panel(&plan, &cancel);
    panel.setRunning(true, 10.0);
    PlannerProgress p;
    p.evaluations = 1204;
    p.elapsed_s = 2.5;
    p.best_sequences_per_s = 516.75;
    p.reason = Reason(text::kGreedyProgress, {integer(1), integer(10), integer(24)});
    p.message = "step 1: 10/24 templates tried, best 0.00 seq/s";
    panel.setProgress(p);
    auto* bar = panel.findChild<QProgressBar*>();
    QVERIFY(bar);
    QCOMPARE(bar->maximum(), 1000);
    QCOMPARE(bar->value(), 250);
    const QString text = panel.status();
    QCOMPARE(text.count("516.75"), 1);
    QVERIFY2(!text.contains("0.00"), qPrintable(text));
    QVERIFY(text.contains("step 1: 10/24 templates tried"));
    QVERIFY(Language::apply("de"));
    panel.setProgress(p);
    QVERIFY(!panel.status().contains("templates tried"));
    QVERIFY(Language::apply("en"));
  }

  // FP8 is a choice of the training panel (the cost model prices it where the GPU has FP8 units).
  void trainingPanelOffersFp8() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QSignalSpy changed(w.trainingPanel(), &TrainingPanel::changed);
    w.trainingPanel()->setPrecision(Precision::Fp8);
    QVERIFY(w.trainingPanel()->spec().precision == Precision::Fp8);
    QCOMPARE(changed.count(), 1);
    w.trainingPanel()->setPrecision(Precision::Bf16);
    QVERIFY(w.trainingPanel()->spec().precision == Precision::Bf16);
  }

  // A long status line gets the height of all its lines at the width the settings dock gives
  // it once the layouts have settled, and the rows above it keep their own height (a screenshot
  // taken one event-loop pass after the status changed showed it cut after three lines).
  void longStatusIsShownWhole() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* panel = w.findChild<PlannerPanel*>();
    QVERIFY(panel);
    const QString text = QStringLiteral(
        "No feasible plan (530 policy rollouts (1 greedy, 19 greedy from another first depth, GPU "
        "type and TP, 255 sampled, 255 exploring, 0 with one decision changed, 0 with a depth and a "
        "TP degree changed; 0 stage orders, 0 stage edits, 0 appended templates)).");
    panel->setStatus(text);
    QLabel* status = nullptr;
    for (QLabel* l : panel->findChildren<QLabel*>())
      if (l->text() == text) status = l;
    QVERIFY(status);
    QLabel probe(text);
    probe.setWordWrap(true);
    probe.setFont(status->font());
    const auto needed = [&] { return probe.heightForWidth(status->width()); };
    // The layouts settle over a few event-loop passes: wait for them (50 ms was not enough on a
    // loaded machine, or under valgrind), then the label must hold every line.
    QTRY_VERIFY2_WITH_TIMEOUT(status->height() >= needed(),
                              qPrintable(QString("%1 < %2").arg(status->height()).arg(needed())), 10000);
    QVERIFY2(needed() > 3 * status->fontMetrics().lineSpacing(), qPrintable(QString::number(needed())));
    QVERIFY(status->geometry().bottom() <= panel->contentsRect().bottom());
    auto* box = panel->findChild<QComboBox*>();
    QVERIFY(box);
    QVERIFY(box->height() >= box->sizeHint().height());
  }

  // Ctrl+drag onto the cluster names the node it copies in the undo history.
  void duplicateByDropNamesTheSource() {
    QVERIFY(Language::apply("en"));
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    auto* model = w.compositionModel();
    const int id = model->composition().nodes().front().id;
    QMimeData* mime = model->mimeData({model->indexOfNode(id)});
    QVERIFY(model->dropMimeData(mime, Qt::CopyAction, -1, 0, model->indexOfGroup("h100")));
    delete mime;
    QCOMPARE(model->undoStack()->undoText(), QString("Duplicate node %1").arg(id));
    QCOMPARE(model->composition().totalGpus(), 24);
  }

  void saveHasItsShortcutAndTheFileItsName() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    bool found = false;
    for (QAction* a : w.findChildren<QAction*>())
      if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)) found = true;
    QVERIFY(found);
    QVERIFY(w.loadCluster(QStringLiteral("paper-2t-64")));
    QCOMPARE(w.compositionModel()->composition().name, std::string("paper-2t-64"));
    QVERIFY(w.compositionModel()->addNode(QStringLiteral("h100"), 8));  // no longer the preset
    QTemporaryDir dir;
    const QString file = dir.filePath("mine.cluster.json");
    QVERIFY(w.saveClusterFile(file));
    const Composition back = loadClusterFile(file.toStdString(), GpuCatalog::builtin());
    QCOMPARE(back.name, std::string("mine"));
  }

  // Every column header of the why-dropped table shows its whole text at the window's size, in
  // every language (the German reason header was cut off on both sides), in bold too (a header
  // section turns bold when its column is selected, and the rows select whole).
  void whyDroppedHeadersAreWhole() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(planAndShow(w, QStringLiteral("h100:4x3")));
    w.tabs()->setCurrentIndex(MainWindow::DroppedTab);
    auto* table = qobject_cast<QTableView*>(w.tabPage(MainWindow::DroppedTab));
    QVERIFY(table);
    QHeaderView* header = table->horizontalHeader();
    for (const QString code : {"en", "de", "zh_CN"}) {
      QVERIFY(Language::apply(code));
      QApplication::processEvents();
      QFont bold = header->font();
      bold.setBold(true);
      const int margins = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
      for (int c = 0; c < table->model()->columnCount(); ++c) {
        const QString text = table->model()->headerData(c, Qt::Horizontal).toString();
        QVERIFY(!text.isEmpty());
        int need = 0;
        for (const QString& line : text.split(QLatin1Char('\n')))
          need = std::max({need, header->fontMetrics().horizontalAdvance(line), QFontMetrics(bold).horizontalAdvance(line)});
        QVERIFY2(header->sectionSize(c) >= need + margins,
                 qPrintable(QString("%1, column %2 \"%3\": %4 px for %5 px").arg(code).arg(c).arg(text).arg(header->sectionSize(c)).arg(need + margins)));
      }
      // What the reason is, in full, on hover.
      QVERIFY(!table->model()->headerData(WhyDroppedModel::ReasonColumn, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    }
    QVERIFY(Language::apply("en"));
  }

  // The what-if editor's buttons show their whole text at the window's size in every language:
  // in German, side by side in a 260 px column, "Änderung rückgängig" and "Änderung wiederholen"
  // were cut on both sides ("nderung rückgängi").
  void whatIfButtonsShowTheirWholeText() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(planAndShow(w, QString::fromLatin1(kDefaultCluster)));
    w.tabs()->setCurrentIndex(MainWindow::WhatIfTab);
    for (const QString code : {"en", "de", "zh_CN"}) {
      QVERIFY(Language::apply(code));
      QApplication::processEvents();
      int buttons = 0;
      for (auto* b : w.whatIfEditor()->findChildren<QAbstractButton*>()) {
        if (!b->isVisible() || b->text().isEmpty() || qobject_cast<QTabBar*>(b->parentWidget())) continue;
        ++buttons;
        QVERIFY2(b->width() >= b->sizeHint().width(),
                 qPrintable(QString("%1: \"%2\" %3 px for %4 px").arg(code, b->text()).arg(b->width()).arg(b->sizeHint().width())));
      }
      QCOMPARE(buttons, 3);  // undo, redo, back to the planner's plan
    }
    QVERIFY(Language::apply("en"));
  }

  // The Scenario dock in German after playing spot-a100 leaves the window at the size asked for:
  // its row of buttons forced 1,521 px on a 1,400 px window, and its chart's and the alternatives
  // chart's minimum heights 917 px on a 900 px one. Its tables scroll sideways instead
  // of squeezing their columns: every header section is as wide as its text ("achher (Seq./s)",
  // "schobener Zust" were cut), with the whole text as its tooltip.
  void scenarioDockKeepsTheWindowWidth() {
    QVERIFY(Language::apply("de"));
    test::FakePlanningBackend learned;  // the default planner is learned: its note takes lines
    learned.learned = true;
    MainWindow w(GpuCatalog::builtin(), learned);
    ScenarioPanel* panel = w.scenarioPanel();
    QVERIFY(panel->openScenario(QStringLiteral("spot-a100")));
    panel->setSelectedPlanners({QStringLiteral("greedy"), QStringLiteral("sailor")});
    qobject_cast<QDockWidget*>(panel->parentWidget())->show();
    QSignalSpy played(panel, &ScenarioPanel::playFinished);
    panel->play();
    QVERIFY(played.wait(120000));
    panel->selectStep(1);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.resizeDocks({qobject_cast<QDockWidget*>(panel->parentWidget())}, {600}, Qt::Vertical);  // as --screenshot does
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    QCOMPARE(w.size(), QSize(1400, 900));
    const QStringList cut = cutWrappedLabels(w);
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join('\n')));
    // Narrower windows can have the dock too (the layout test of the main window takes 1,024 px).
    QVERIFY2(panel->minimumSizeHint().width() <= 1000, qPrintable(QString::number(panel->minimumSizeHint().width())));
    for (const char* name : {"ScenarioSteps", "ScenarioPlanDiff"}) {
      auto* table = panel->findChild<QTableView*>(QString::fromLatin1(name));
      QVERIFY(table);
      QHeaderView* header = table->horizontalHeader();
      const int margins = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
      for (int c = 0; c < table->model()->columnCount(); ++c) {
        const QString text = table->model()->headerData(c, Qt::Horizontal).toString();
        QCOMPARE(table->model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(), text);
        const int need = header->fontMetrics().horizontalAdvance(text) + margins;
        QVERIFY2(header->sectionSize(c) >= need,
                 qPrintable(QString("%1, column \"%2\": %3 px for %4 px").arg(name, text).arg(header->sectionSize(c)).arg(need)));
      }
    }
    QVERIFY(Language::apply("en"));
  }

  // The window at 1,024 x 700, in English and German: the size asked for (the side docks' rows of
  // buttons forced 1,228 px, 1,290 in German), half of it for the central tabs (the docks kept
  // 280-355 px each and the tabs had a third), every label and button of the what-if editor as
  // wide as its text ("Micro-bat", "TP degr" were cut), each memory legend inside its chart with
  // room for the bars (beside the what-if editor's bars it was cut off), and the composer's node
  // names whole (its first column stretched into what the others left, "K…").
  void usableAt1024x700_data() {
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << "en";
    QTest::newRow("de") << "de";
  }

  void usableAt1024x700() {
    QFETCH(QString, language);
    QVERIFY(Language::apply(language));
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(planAndShow(w, QString::fromLatin1(kDefaultCluster), QSize(1024, 700)));
    QApplication::processEvents();
    QCOMPARE(w.size(), QSize(1024, 700));
    QVERIFY2(w.centralWidget()->width() >= 480, qPrintable(QString::number(w.centralWidget()->width())));
    const QStringList cut = cutWrappedLabels(w);
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join('\n')));
    // The cluster's node names are whole in the narrower composer (the tree may scroll sideways).
    auto* tree = w.findChild<QTreeView*>();
    const QModelIndex type = tree->model()->index(0, 0);
    QVERIFY(tree->model()->rowCount(type) > 0);
    for (int r = 0; r < tree->model()->rowCount(type); ++r) {
      const QModelIndex node = tree->model()->index(r, 0, type);
      const int icon = tree->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, tree);
      const int need = tree->fontMetrics().horizontalAdvance(node.data().toString()) + icon + 8;
      QVERIFY2(tree->visualRect(node).width() >= need,
               qPrintable(QString("\"%1\": %2 px for %3 px").arg(node.data().toString()).arg(tree->visualRect(node).width()).arg(need)));
    }

    w.tabs()->setCurrentIndex(MainWindow::WhatIfTab);
    QApplication::processEvents();
    int checked = 0;
    for (auto* l : w.whatIfEditor()->findChildren<QLabel*>()) {
      if (!l->isVisible() || !l->buddy()) continue;  // the form's labels; the others wrap
      ++checked;
      QVERIFY2(l->width() >= l->sizeHint().width(),
               qPrintable(QString("\"%1\" %2 px for %3 px").arg(l->text()).arg(l->width()).arg(l->sizeHint().width())));
    }
    for (auto* b : w.whatIfEditor()->findChildren<QAbstractButton*>()) {
      if (!b->isVisible() || b->text().isEmpty() || qobject_cast<QTabBar*>(b->parentWidget())) continue;
      ++checked;
      QVERIFY2(b->width() >= b->sizeHint().width(),
               qPrintable(QString("\"%1\" %2 px for %3 px").arg(b->text()).arg(b->width()).arg(b->sizeHint().width())));
    }
    QCOMPARE(checked, 5 + 3);  // replicas, micro-batch, depth, TP, layers; undo, redo, back

    auto* whatIfChart = w.whatIfEditor()->findChild<MemoryChart*>();
    auto* memoryTab = qobject_cast<MemoryChart*>(w.tabPage(MainWindow::MemoryTab));
    QVERIFY(whatIfChart && memoryTab);
    for (auto [tab, chart] : {std::pair{MainWindow::WhatIfTab, whatIfChart}, std::pair{MainWindow::MemoryTab, memoryTab}}) {
      w.tabs()->setCurrentIndex(tab);
      QApplication::processEvents();
      chart->replot();
      const QRect legend = chart->legend->outerRect();
      QVERIFY2(QRect(QPoint(0, 0), chart->size()).contains(legend),
               qPrintable(QString("tab %1: legend (%2, %3, %4 x %5) in a %6 x %7 chart").arg(tab).arg(legend.x()).arg(legend.y())
                              .arg(legend.width()).arg(legend.height()).arg(chart->width()).arg(chart->height())));
      // Not squeezed: every entry whole.
      QVERIFY2(legend.width() >= chart->legend->minimumOuterSizeHint().width() &&
                   legend.height() >= chart->legend->minimumOuterSizeHint().height(),
               qPrintable(QString("tab %1: legend %2 x %3 for %4 x %5").arg(tab).arg(legend.width()).arg(legend.height())
                              .arg(chart->legend->minimumOuterSizeHint().width()).arg(chart->legend->minimumOuterSizeHint().height())));
      QVERIFY2(chart->axisRect()->width() >= 120, qPrintable(QString("tab %1: bars %2 px wide").arg(tab).arg(chart->axisRect()->width())));
    }
    QVERIFY(Language::apply("en"));
  }

  // The tab bar needs no scroll buttons at the window's size, in every language.
  void tabBarFitsInEveryLanguage() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(planAndShow(w, QStringLiteral("h100:8x2")));
    for (const QString code : {"en", "de", "zh_CN"}) {
      QVERIFY(Language::apply(code));
      QApplication::processEvents();
      QTabBar* bar = w.tabs()->tabBar();
      int sum = 0;
      for (int i = 0; i < bar->count(); ++i) sum += bar->tabRect(i).width();
      QVERIFY2(sum <= w.tabs()->width(), qPrintable(QString("%1: %2 > %3").arg(code).arg(sum).arg(w.tabs()->width())));
    }
    QVERIFY(Language::apply("en"));
  }

  // Alt+F focused "Open model &file…" instead of opening the File menu, Alt+P "&Precision"
  // instead of the Presets menu, and "P&lanner" and "De&lete" shared Alt+L (so Alt+L only
  // moved the focus, never pressed Delete). On every tab, in every language, no visible label,
  // button or group box takes a menu title's letter, and the docks' own letters are unique.
  void mnemonicsDoNotClash() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(planAndShow(w, QStringLiteral("h100:8x2")));
    // The tabs with their own labels are open to the check.
    for (const int t : {MainWindow::TimelineTab, MainWindow::AlternativesTab, MainWindow::WhatIfTab}) QVERIFY(w.tabs()->isTabEnabled(t));
    QStringList clashes;
    for (const QString code : {"en", "de", "zh_CN"}) {
      QVERIFY(Language::apply(code));
      QMap<QKeySequence, QString> menus;  // read with value(): QVERIFY2 builds its message every time
      for (QAction* a : w.menuBar()->actions()) {
        const QKeySequence key = QKeySequence::mnemonic(a->text());
        QVERIFY2(!key.isEmpty() && !menus.contains(key), qPrintable(code + ": " + a->text()));
        menus.insert(key, a->text());
      }
      for (int t = 0; t < w.tabs()->count(); ++t) {
        if (!w.tabs()->isTabEnabled(t)) continue;
        w.tabs()->setCurrentIndex(t);
        QApplication::processEvents();
        const auto widgets = visibleMnemonics(w, false);
        for (auto it = widgets.begin(); it != widgets.end(); ++it)
          QVERIFY2(!menus.contains(it.key()), qPrintable(QString("%1, tab %2: \"%3\" takes %4 of the menu \"%5\"")
                                                             .arg(code, MainWindow::tabNames()[t], it.value(), it.key().toString(), menus.value(it.key()))));
        // Two labels or buttons of one tab with one Alt letter: the letter only cycles between
        // them, so neither is reached in one key press. (A tab's letter may repeat one of the
        // docks', which hold more labels than the alphabet leaves free in every language; the
        // docks' own letters are unique, below.)
        const auto docks = visibleMnemonics(w, true);
        for (const QKeySequence& key : widgets.uniqueKeys())
          if (widgets.count(key) - docks.count(key) > 1)
            clashes << QString("%1, tab %2: %3 is taken by \"%4\"").arg(code, MainWindow::tabNames()[t], key.toString(), widgets.values(key).join("\", \""));
      }
      const auto docked = visibleMnemonics(w, true);
      QVERIFY(docked.size() >= 10);  // the composer, model and planner panels
      for (const QKeySequence& key : docked.uniqueKeys())
        QVERIFY2(docked.count(key) == 1, qPrintable(QString("%1: %2 is taken by \"%3\"").arg(code, key.toString(), docked.values(key).join("\", \""))));
    }
    QVERIFY(Language::apply("en"));
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join('\n')));
  }

  void exportsWriteFiles() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    QTemporaryDir dir;
    const QString json = dir.filePath("x.plan.json");
    QVERIFY(PlanExporter::savePlanJson(w.result()->plan, w.result()->report, json).isEmpty());
    const Plan back = loadPlanFile(json.toStdString());
    QCOMPARE(back.templates.size(), w.result()->plan.templates.size());
    QCOMPARE(back.provenance.planner, std::string("fake-greedy"));
    auto* memory = w.findChild<MemoryChart*>();
    auto* planView = w.findChild<PlanView*>();
    for (QWidget* view : std::initializer_list<QWidget*>{memory, planView})
      for (const char* suffix : {"png", "pdf"}) {
        const QString path = dir.filePath(QStringLiteral("view.") + suffix);
        QFile::remove(path);
        QVERIFY(PlanExporter::saveView(view, path).isEmpty());
        QVERIFY(QFileInfo(path).size() > 500);
      }
    QVERIFY(!PlanExporter::savePlanJson(w.result()->plan, w.result()->report, "/nonexistent/dir/x.json").isEmpty());
  }

  void settingsRemember() {
    QTemporaryDir dir;
    const QString file = dir.filePath("a.cluster.json");
    {
      MainWindow w(GpuCatalog::builtin(), backend_);
      QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
      QVERIFY(w.saveClusterFile(file));
      QVERIFY(AppSettings::recentFiles().contains(QFileInfo(file).absoluteFilePath()));
      w.plannerPanel()->selectPlanner("fake-random");
      w.plannerPanel()->setBudgetSeconds(42);
      w.close();
    }
    QCOMPARE(AppSettings::defaultPlanner(), QString("fake-random"));
    QCOMPARE(AppSettings::budgetSeconds(), 42.0);
    MainWindow again(GpuCatalog::builtin(), backend_);
    QCOMPARE(again.plannerPanel()->planner(), QString("fake-random"));
    QCOMPARE(again.plannerPanel()->budgetSeconds(), 42.0);
    QVERIFY(again.openClusterFile(file));
    QCOMPARE(again.compositionModel()->composition().totalGpus(), 16);
  }

  // The keyboard/menu way for every drag: add from the palette, duplicate, move, delete.
  void composerActionsEditWithoutTheMouse() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x1")));
    auto* model = w.compositionModel();
    QUndoStack* undo = model->undoStack();
    const int steps = undo->count();
    const QList<QAction*> actions = w.composerPanel()->editActions();  // add, dup, del, up, down
    QCOMPARE(actions.size(), 5);
    actions[0]->trigger();  // palette row 0, the type's usual node size
    const std::string firstType = GpuCatalog::builtin().types().front().id;
    QCOMPARE(model->composition().gpusOfType(firstType),
             firstType == "h100" ? 8 + GpuCatalog::builtin().types().front().usual_node_size
                                 : GpuCatalog::builtin().types().front().usual_node_size);
    const int h100 = model->composition().nodes().front().id;
    QVERIFY(w.composerPanel()->highlightNode(h100));
    QCOMPARE(w.composerPanel()->selectedNodeId(), h100);
    actions[1]->trigger();  // duplicate
    QCOMPARE(model->composition().gpusOfType("h100"), 16);
    actions[4]->trigger();  // move down
    QCOMPARE(model->positionOf(h100), 1);
    QCOMPARE(w.composerPanel()->selectedNodeId(), h100);
    actions[2]->trigger();  // delete
    QVERIFY(!model->composition().findNode(h100));
    QCOMPARE(undo->count(), steps + 4);
    for (int i = 0; i < 4; ++i) undo->undo();
    QCOMPARE(model->composition().totalGpus(), 8);
  }

  // The composer's price field sets the selected node's own price (one undo step), the cluster's
  // price follows, its minimum ("catalog") gives the catalog's price back, and a saved cluster
  // file carries the price.
  void composerPriceFieldPricesTheSelectedNode() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    auto* model = w.compositionModel();
    const int node = model->composition().nodes().front().id;
    auto* field = w.composerPanel()->findChild<QDoubleSpinBox*>();
    QVERIFY(field);
    QVERIFY(!field->isEnabled());
    QCOMPARE(field->text(), QStringLiteral("catalog"));
    QVERIFY(w.composerPanel()->highlightNode(node));
    QVERIFY(field->isEnabled());
    const double h100 = GpuCatalog::builtin().find("h100")->price_per_hour;
    const int steps = model->undoStack()->count();
    field->setValue(1.5);
    QCOMPARE(model->composition().findNode(node)->price_per_gpu_hour, 1.5);
    QCOMPARE(model->pricePerHour(), 8 * 1.5 + 8 * h100);
    QTemporaryDir dir;
    const QString file = dir.filePath("priced.cluster.json");
    QVERIFY(w.saveClusterFile(file));
    QFile saved(file);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QVERIFY(saved.readAll().contains("\"price_per_gpu_hour\": 1.5"));
    QCOMPARE(model->undoStack()->count(), steps + 1);
    model->undoStack()->undo();
    QCOMPARE(model->pricePerHour(), 16 * h100);
    QVERIFY(field->text().contains("catalog"));  // the field follows the undo
    model->undoStack()->redo();
    QCOMPARE(field->value(), 1.5);
    // Back to "catalog": the same edit run, so the step that set 1.5 and the one that takes it
    // back cancel out.
    field->setValue(field->minimum());
    QVERIFY(model->composition().findNode(node)->price_per_gpu_hour < 0);
    QCOMPARE(model->undoStack()->count(), steps);
    QCOMPARE(model->pricePerHour(), 16 * h100);
  }

  void droppingClusterFileOpensIt() {
    QTemporaryDir dir;
    const QString file = dir.filePath("drop.cluster.json");
    {
      MainWindow w(GpuCatalog::builtin(), backend_);
      QVERIFY(w.loadCluster(QStringLiteral("a6000:4x3")));
      QVERIFY(w.saveClusterFile(file));
    }
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x1")));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(file)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QCOMPARE(w.compositionModel()->composition().gpusOfType("a6000"), 12);
    QCOMPARE(w.compositionModel()->composition().gpusOfType("h100"), 0);
    w.compositionModel()->undoStack()->undo();  // the drop is one undoable edit
    QCOMPARE(w.compositionModel()->composition().gpusOfType("h100"), 8);
  }

  // A picture does not depend on what a user saved: not the language, not the planner, and the
  // run leaves the settings as they were.
  void screenshotIgnoresSavedSettings() {
    AppSettings::setLanguage("de");
    AppSettings::setDefaultPlanner("fake-slow");
    AppSettings::setBudgetSeconds(600);
    QSettings().remove("window");
    QTemporaryDir dir;
    CommandLine options;
    options.screenshot = dir.filePath("shot.png");
    options.cluster = QStringLiteral("h100:8x2");
    options.plan = true;
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(runGuiSession(options, backend_, clock), 0);
    QVERIFY(clock.elapsed() < 20000);          // not the saved slow planner with its 600 s budget
    QCOMPARE(Language::current(), QString("en"));  // not the saved German
    QCOMPARE(AppSettings::defaultPlanner(), QString("fake-slow"));
    QVERIFY(!QSettings().contains("window/geometry"));
    QSettings().clear();
  }

  void screenshotWritesWindowSizedPng() {
    QTemporaryDir dir;
    CommandLine options;
    options.screenshot = dir.filePath("shot.png");
    options.cluster = QStringLiteral("paper-2t-64");
    options.plan = true;
    options.lang = QStringLiteral("de");
    QElapsedTimer clock;
    clock.start();
    QCOMPARE(runGuiSession(options, backend_, clock), 0);
    QImage image(options.screenshot);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1400, 900));
    // Not blank: many distinct colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
      for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    Language::apply("en");
    options.error = "bad option";
    QCOMPARE(runGuiSession(options, backend_, clock), 2);
  }

  // An interactive run (no picture) ignored --compare and --whatif. Once its first plan is on
  // screen, the comparison now runs on its runner while the window's event loop turns (the edit
  // is made while it runs, and the user sees it on the Alternatives tab), then ends on its own.
  void interactiveRunComparesAndEdits() {
    CommandLine options;
    options.cluster = QStringLiteral("h100:8x2");
    options.planner = QStringLiteral("fake-greedy");
    options.lang = QStringLiteral("en");
    options.plan = true;
    options.compare = QStringLiteral("fake-slow");
    options.budget = 0.5;
    options.whatIf = QStringLiteral("replicas:1:2");
    bool editedWhileComparing = false, alternativesShown = false;
    int replicas = 0;
    std::optional<AlternativeResult::State> slow;
    QElapsedTimer clock;
    clock.start();
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
      MainWindow* w = nullptr;
      for (QWidget* top : QApplication::topLevelWidgets())
        if (auto* m = qobject_cast<MainWindow*>(top)) w = m;
      if (!w) return;
      if (w->alternativesRunner()->isRunning()) {
        editedWhileComparing = editedWhileComparing || w->whatIfSession()->undoStack()->count() > 0;
        alternativesShown = alternativesShown || w->tabs()->currentIndex() == MainWindow::AlternativesTab;
        return;
      }
      if (!w->alternativesModel()->result("fake-slow") && clock.elapsed() < 15000) return;  // not started yet
      poll.stop();
      if (const AlternativeResult* r = w->alternativesModel()->result("fake-slow")) slow = r->state;
      if (!w->whatIfSession()->plan().templates.empty()) replicas = w->whatIfSession()->plan().templates.front().replicas;
      w->close();
      QApplication::quit();
    });
    poll.start(10);
    QCOMPARE(runGuiSession(options, backend_, clock), 0);
    QVERIFY(slow.has_value());
    QCOMPARE(*slow, AlternativeResult::State::TimedOut);  // it ran its budget and reported
    QCOMPARE(replicas, 2);
    QVERIFY(editedWhileComparing);
    QVERIFY(alternativesShown);
    QSettings().clear();
  }

  // --plan --tab memory in an interactive run: the Memory tab is enabled only by the plan, so
  // the tab is chosen when the first plan is shown (chosen before it, a disabled tab was
  // current and showed an empty view); a later run (the user's F5) leaves the user's tab alone.
  void interactiveRunShowsTheTabOnceThePlanIsThere() {
    CommandLine options;
    options.plan = true;
    options.tab = QStringLiteral("memory");
    MainWindow w(GpuCatalog::builtin(), backend_, nullptr, false);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QVERIFY(!w.tabs()->isTabEnabled(MainWindow::MemoryTab));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    planInteractively(w, options);
    QVERIFY(finished.wait(5000));
    QVERIFY(finished.first().at(0).toBool());
    QCOMPARE(w.tabs()->currentIndex(), int(MainWindow::MemoryTab));
    w.tabs()->setCurrentIndex(MainWindow::SummaryTab);
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    QCOMPARE(w.tabs()->currentIndex(), int(MainWindow::SummaryTab));
  }

  // A --whatif the editor refuses leaves the interactive window open and says why in its status
  // bar. A first run without a plan applies neither step, nor does a later one (the user's F5).
  void interactiveRunReportsWhatItCannotApply() {
    CommandLine options;
    options.plan = true;
    options.whatIf = QStringLiteral("tp:1:1:16");
    {
      MainWindow w(GpuCatalog::builtin(), backend_, nullptr, false);
      QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
      QSignalSpy finished(&w, &MainWindow::planningFinished);
      planInteractively(w, options);
      QVERIFY(finished.wait(5000));
      QVERIFY(finished.first().at(0).toBool());
      QCOMPARE(w.whatIfSession()->undoStack()->count(), 0);  // no edit made
      const QString status = w.statusBar()->currentMessage();
      QVERIFY2(status.contains("--whatif tp:1:1:16") && status.contains("TP 16 is not offered"), qPrintable(status));
    }
    options.compare = QStringLiteral("fake-random");
    options.whatIf = QStringLiteral("replicas:1:2");
    MainWindow w(GpuCatalog::builtin(), backend_, nullptr, false);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    backend_.infeasible = true;
    planInteractively(w, options);
    QVERIFY(finished.wait(5000));
    backend_.infeasible = false;
    QVERIFY(!finished.first().at(0).toBool());
    QVERIFY(!w.alternativesRunner()->isRunning());
    w.startPlanning();
    QVERIFY(finished.wait(5000));
    QVERIFY(finished.last().at(0).toBool());
    QVERIFY(!w.alternativesRunner()->isRunning());
    QVERIFY(!w.alternativesModel()->result("fake-random"));
    QCOMPARE(w.whatIfSession()->undoStack()->count(), 0);  // no edit made
  }
};

QTEST_MAIN(TestGuiMainWindow)
#include "tst_gui_mainwindow.moc"
