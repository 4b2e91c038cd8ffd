// runGuiSession: the interactive, screenshot and latency-benchmark modes of one binary.
#include "gui_session.h"

#include "catalog/precision.h"

#include <QApplication>
#include <QDockWidget>
#include <QEventLoop>
#include <QImage>
#include <QMessageBox>
#include <QPainter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextStream>
#include <QTimer>
#include <cstdio>

#include "app_settings.h"
#include "catalog/gpu_catalog.h"
#include "composition_model.h"
#include <QUndoStack>
#include "language.h"
#include "latency_probe.h"
#include "main_window.h"
#include "plan_exporter.h"
#include "planner_panel.h"
#include "scenario_panel.h"
#include "training_panel.h"
#include "alternatives_model.h"
#include "alternatives_runner.h"
#include "what_if_editor.h"
#include "what_if_option.h"
#include "what_if_session.h"
#include <QDoubleSpinBox>

namespace arachne::gui {

namespace {

// Notes the first paint of the window (start-to-first-paint measurement).
class FirstPaintFilter : public QObject {
 public:
  explicit FirstPaintFilter(const QElapsedTimer& clock) : clock_(clock) {}
  double ms = -1;
  bool eventFilter(QObject* o, QEvent* e) override {
    if (ms < 0 && e->type() == QEvent::Paint) ms = clock_.nsecsElapsed() / 1e6;
    return QObject::eventFilter(o, e);
  }

 private:
  const QElapsedTimer& clock_;
};

void printErr(const QString& s) { std::fprintf(stderr, "arachne: %s\n", qPrintable(s)); }

// A disabled tab is left alone with a note: selected, it showed an empty, greyed view (the
// "Why dropped" tab of a plan that uses every GPU, or any result tab before a plan).
int selectTab(MainWindow& w, const QString& name) {
  const int i = MainWindow::tabNames().indexOf(name);
  if (i < 0) return i;
  if (!w.tabs()->isTabEnabled(i)) {
    printErr(QStringLiteral("tab '%1' has nothing to show for this plan (it is disabled); showing '%2'")
                 .arg(name, MainWindow::tabNames().value(w.tabs()->currentIndex())));
    return i;
  }
  w.tabs()->setCurrentIndex(i);
  return i;
}

// --compare: ticks the listed planners (all: every other) in the alternatives view and starts
// them on its runner, without waiting. True when they are running.
bool startComparison(MainWindow& w, const CommandLine& o) {
  const QStringList wanted = o.compare.split(QLatin1Char(','), Qt::SkipEmptyParts);
  AlternativesModel* m = w.alternativesModel();
  for (const QString& p : m->planners())
    m->setSelected(p, o.compare == QLatin1String("all") ? p != w.plannerPanel()->planner() : wanted.contains(p));
  if (o.budget > 0) w.findChild<QDoubleSpinBox*>(QStringLiteral("compareBudget"))->setValue(o.budget);
  w.comparePlanners();
  return w.alternativesRunner()->isRunning();
}

// --whatif: the edit in the what-if editor, its stage selected. Empty when it was made, else why not.
QString applyWhatIf(MainWindow& w, const QString& edit) {
  if (QString why = applyWhatIfOption(*w.whatIfSession(), edit); !why.isEmpty()) return why;
  const QStringList f = edit.split(QLatin1Char(':'));
  w.whatIfEditor()->selectStage(f[1].toInt() - 1, f[0] == QLatin1String("tp") ? f[2].toInt() - 1 : 0);
  return {};
}

// The --compare and --whatif steps after a plan (picture modes): run the listed planners in the
// alternatives view and wait for them; apply one edit in the what-if editor.
bool afterPlan(MainWindow& w, const CommandLine& o) {
  if (!o.compare.isEmpty()) {
    QEventLoop loop;
    QObject::connect(&w, &MainWindow::comparisonFinished, &loop, &QEventLoop::quit);
    if (startComparison(w, o)) loop.exec();
  }
  if (!o.whatIf.isEmpty()) {
    if (const QString why = applyWhatIf(w, o.whatIf); !why.isEmpty()) {
      printErr(QStringLiteral("--whatif %1: %2").arg(o.whatIf, why));
      return false;
    }
  }
  return true;
}

// The --compare names the alternatives view does not list ('all' stands alone for every other
// planner); they used to be skipped, so a typo ran fewer planners and still exited 0.
QStringList unknownComparePlanners(MainWindow& w, const QString& compare) {
  if (compare.isEmpty() || compare == QLatin1String("all")) return {};
  const QStringList known = w.alternativesModel()->planners();
  QStringList unknown;
  for (const QString& p : compare.split(QLatin1Char(','), Qt::SkipEmptyParts))
    if (!known.contains(p)) unknown << p;
  return unknown;
}

// Plans once and waits for the result (screenshot and benchmark modes).
bool planAndWait(MainWindow& w) {
  QEventLoop loop;
  bool ok = false;
  QObject::connect(&w, &MainWindow::planningFinished, &loop, [&](bool success) {
    ok = success;
    loop.quit();
  });
  w.startPlanning();
  if (!w.runner()->isRunning()) return false;
  loop.exec();
  return ok;
}

// --scenario: the scenario dock, shown, on the file or preset (and --scenario-planners).
bool openScenarioDock(MainWindow& w, const CommandLine& options, bool batch) {
  ScenarioPanel* panel = w.scenarioPanel();
  QString error;
  if (!panel->openScenario(options.scenario, &error)) {
    printErr(error);
    return false;
  }
  if (!options.scenarioPlanners.isEmpty()) {
    panel->setSelectedPlanners(options.scenarioPlanners);
    if (panel->selectedPlanners().size() != options.scenarioPlanners.size()) {
      printErr(QStringLiteral("unknown planner in --scenario-planners '%1'").arg(options.scenarioPlanners.join(QLatin1Char(','))));
      return false;
    }
  }
  if (auto* dock = qobject_cast<QDockWidget*>(panel->parentWidget())) {
    dock->show();
    if (batch) w.resizeDocks({dock}, {600}, Qt::Vertical);  // room for the chart in the picture
  }
  return true;
}

// Plays the scenario panel's scenario and waits for the end of the run (screenshot mode).
bool playAndWait(ScenarioPanel& panel) {
  QEventLoop loop;
  bool ok = false;
  QObject::connect(&panel, &ScenarioPanel::playFinished, &loop, [&](bool success) {
    ok = success;
    loop.quit();
  });
  panel.play();
  if (!panel.isPlaying()) return false;
  loop.exec();
  panel.selectStep(1);  // the first event's plan diff, so the picture shows one
  return ok;
}

}  // namespace

void planInteractively(MainWindow& window, const CommandLine& options) {
  QStringList steps;
  if (!options.compare.isEmpty()) steps << QStringLiteral("--compare");
  if (!options.whatIf.isEmpty()) steps << QStringLiteral("--whatif");
  const auto notApplied = [steps] {
    printErr(QStringLiteral("planning ended without a plan; %1 %2 not applied")
                 .arg(steps.join(QStringLiteral(" and ")), QLatin1String(steps.size() > 1 ? "were" : "was")));
  };
  QMetaObject::Connection once;
  if (!options.tab.isEmpty())
    // The result tabs are enabled by the plan, so --tab waits for it (only the first run).
    QObject::connect(&window, &MainWindow::planningFinished, &window, [&window, options] {
      if (options.compare.isEmpty() && options.whatIf.isEmpty()) selectTab(window, options.tab);
    }, Qt::SingleShotConnection);
  if (!steps.isEmpty())
    // Only the first run: a later F5 is the user's, and an edit made then would overwrite theirs.
    once = QObject::connect(&window, &MainWindow::planningFinished, &window, [&window, options, notApplied](bool ok) {
      if (!ok) {
        notApplied();
        return;
      }
      if (!options.compare.isEmpty()) startComparison(window, options);
      if (!options.whatIf.isEmpty()) {
        if (const QString why = applyWhatIf(window, options.whatIf); !why.isEmpty()) {
          // The window is open, so it is told there too; and it stays open, as after any refused edit.
          printErr(QStringLiteral("--whatif %1: %2").arg(options.whatIf, why));
          window.statusBar()->showMessage(MainWindow::tr("--whatif %1 was not applied: %2").arg(options.whatIf, why));
        }
      }
      // The comparison brings its own tab forward; --tab is what the user asked to see.
      if (!options.tab.isEmpty()) selectTab(window, options.tab);
    }, Qt::SingleShotConnection);
  window.startPlanning();
  if (!window.runner()->isRunning() && !steps.isEmpty()) {  // nothing to plan (an empty cluster)
    QObject::disconnect(once);
    notApplied();
  }
}

int runGuiSession(const CommandLine& options, const PlanningBackend& backend,
                  const QElapsedTimer& sinceStart) {
  if (!options.error.isEmpty()) {
    printErr(options.error);
    return 2;
  }
  if (!options.tab.isEmpty() && !MainWindow::tabNames().contains(options.tab)) {
    printErr(QStringLiteral("unknown tab '%1' (known: %2)").arg(options.tab, MainWindow::tabNames().join(QStringLiteral(", "))));
    return 2;
  }
  // Pictures and measurements do not depend on what a user saved: no settings are read or written.
  const bool batch = !options.screenshot.isEmpty() || !options.exportView.isEmpty() || options.benchLatency;
  const QString lang = !options.lang.isEmpty() ? options.lang : batch ? QString() : AppSettings::language();
  if (!lang.isEmpty() && !Language::apply(lang)) {
    printErr(QStringLiteral("unknown language '%1' (known: %2)").arg(lang, Language::available().join(QStringLiteral(", "))));
    if (!options.lang.isEmpty()) return 2;
  }
  const GpuCatalog& catalog = GpuCatalog::builtin();
  MainWindow window(catalog, backend, nullptr, !batch);
  FirstPaintFilter firstPaint(sinceStart);
  window.installEventFilter(&firstPaint);
  if (options.size.isValid()) window.resize(options.size);
  else if (batch) window.resize(1400, 900);  // a reproducible picture

  QString error;
  if (!window.loadCluster(options.cluster.isEmpty() ? QString::fromLatin1(kDefaultCluster) : options.cluster, &error)) {
    printErr(error);
    if (batch) return 1;
  }
  if (!window.trainingPanel()->selectModel(options.model.isEmpty() ? QString::fromLatin1(kDefaultModel) : options.model, &error)) {
    printErr(error);
    if (batch) return 1;
  }
  if (!options.planner.isEmpty() && !window.plannerPanel()->selectPlanner(options.planner)) {
    printErr(QStringLiteral("unknown planner '%1'").arg(options.planner));
    if (batch) return 2;
  }
  if (const QStringList unknown = unknownComparePlanners(window, options.compare); !unknown.isEmpty()) {
    printErr(QStringLiteral("unknown planner '%1' in --compare (known: %2; or 'all' alone)")
                 .arg(unknown.join(QStringLiteral("', '")), window.alternativesModel()->planners().join(QStringLiteral(", "))));
    if (batch) return 2;
  }
  if (options.budget > 0) window.plannerPanel()->setBudgetSeconds(options.budget);
  if (options.globalBatch > 0 || options.seqLen > 0 || options.checkpointing >= 0) {
    TrainingSpec spec = window.trainingPanel()->spec();
    if (options.globalBatch > 0) spec.global_batch = options.globalBatch;
    if (options.seqLen > 0) spec.sequence_length = options.seqLen;
    if (options.checkpointing >= 0) spec.activation_checkpointing = options.checkpointing == 1;
    window.trainingPanel()->setSpec(spec);
  }
  if (!options.precision.isEmpty())
    window.trainingPanel()->setPrecision(*precisionFromString(options.precision.toStdString()));
  // A file from the command line (the desktop file's %f): its cluster, or its plan with the
  // plan's cluster and model. A batch run stops on a file it cannot open (exit 2: bad input).
  QString fileError;
  if (!options.file.isEmpty() && !window.openDocument(options.file, &fileError)) {
    printErr(fileError);
    if (batch) return 2;
  }
  window.compositionModel()->undoStack()->clear();  // the initial load is not an edit
  window.show();
  if (!fileError.isEmpty())
    QTimer::singleShot(0, &window, [&window, fileError] {
      QMessageBox::warning(&window, MainWindow::tr("Cannot open file"), fileError);
    });

  if (options.benchLatency) {
    // Let the first paint happen, then plan while the probe watches the event loop.
    while (firstPaint.ms < 0) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    LatencyProbe probe;
    probe.start();
    QElapsedTimer run;
    run.start();
    bool ok = false;
    double resultAtMs = -1;
    {
      QEventLoop loop;
      QObject::connect(&window, &MainWindow::planningFinished, &loop, [&](bool success) {
        ok = success;
        resultAtMs = run.nsecsElapsed() / 1e6;
        loop.quit();
      });
      window.startPlanning();
      if (window.runner()->isRunning()) loop.exec();
    }
    // Keep watching briefly: the views are filled when the result arrives.
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 200) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    const double planningGap = probe.maxGapMs();
    const double planningCpu = probe.maxGapCpuMs();
    // Then draw every view of the result once, as a user clicking through the tabs would.
    LatencyProbe views;
    views.start();
    QStringList perTab;
    for (int t = 0; t < window.tabs()->count(); ++t) {
      if (!window.tabs()->isTabEnabled(t)) continue;
      LatencyProbe tab;
      tab.start();
      window.tabs()->setCurrentIndex(t);
      settle.restart();
      while (settle.elapsed() < 100) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
      tab.stop();
      perTab << QStringLiteral("%1=%2/%3").arg(MainWindow::tabNames()[t]).arg(tab.maxGapMs(), 0, 'f', 1).arg(tab.maxGapCpuMs(), 0, 'f', 1);
    }
    views.stop();
    probe.stop();
    QTextStream out(stdout);
    out << "first_paint_ms " << firstPaint.ms << "\n"
        << "planning_ok " << (ok ? 1 : 0) << "\n"
        << "ticks " << probe.ticks() << "\n"
        << "mean_tick_gap_ms " << probe.meanGapMs() << "\n"
        << "max_event_loop_gap_ms " << probe.maxGapMs() << "\n"
        << "max_gap_planning_ms " << planningGap << "\n"
        << "max_gap_planning_cpu_ms " << planningCpu << "\n"
        << "max_gap_drawing_views_ms " << views.maxGapMs() << "\n"
        << "max_gap_drawing_views_cpu_ms " << views.maxGapCpuMs() << "\n"
        << "max_gap_per_view_ms_wall/cpu " << perTab.join(QLatin1Char(' ')) << "\n"
        << "max_gap_ended_at_ms " << probe.maxGapAtMs() << "\n"
        << "result_shown_at_ms " << resultAtMs << "\n"
        << "gaps_over_50ms " << probe.gapsOver50Ms() << "\n";
    return ok ? 0 : 1;
  }
  if (!options.scenario.isEmpty() && !openScenarioDock(window, options, batch)) return batch ? 1 : 2;
  if (!options.exportView.isEmpty()) {
    if (options.plan && !planAndWait(window)) printErr(QStringLiteral("planning failed; nothing to export"));
    else if (options.plan && !afterPlan(window, options)) return 2;
    if (!options.scenario.isEmpty() && !playAndWait(*window.scenarioPanel()))
      printErr(QStringLiteral("the scenario did not play to its end; the picture shows where it stopped"));
    if (!options.tab.isEmpty() && selectTab(window, options.tab) < 0) printErr(QStringLiteral("unknown tab '%1'").arg(options.tab));
    QApplication::processEvents();
    const QString error = PlanExporter::saveView(window.currentExportableView(), options.exportView);
    if (!error.isEmpty()) {
      printErr(error);
      return 1;
    }
    return 0;
  }
  if (!options.screenshot.isEmpty()) {
    if (options.plan && !planAndWait(window)) printErr(QStringLiteral("planning failed; the picture shows the error"));
    else if (options.plan && !afterPlan(window, options)) return 2;
    if (!options.scenario.isEmpty() && !playAndWait(*window.scenarioPanel()))
      printErr(QStringLiteral("the scenario did not play to its end; the picture shows where it stopped"));
    if (!options.tab.isEmpty() && selectTab(window, options.tab) < 0) printErr(QStringLiteral("unknown tab '%1'").arg(options.tab));
    // Chained layout requests (a status line that grew asks its panel, the panel its dock) take
    // more than one pass of the event loop; a user sees the window after they have settled.
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 100) QApplication::processEvents(QEventLoop::AllEvents, 20);
    const QImage image = window.grab().toImage();
    if (image.isNull() || !image.save(options.screenshot, "PNG")) {
      printErr(QStringLiteral("cannot write %1").arg(options.screenshot));
      return 1;
    }
    return 0;
  }
  if (options.plan) QTimer::singleShot(0, &window, [&window, &options] { planInteractively(window, options); });
  else if (!options.tab.isEmpty()) selectTab(window, options.tab);
  return QApplication::exec();
}

}  // namespace arachne::gui
