// The explorer's main window: composer and settings docks, the plan views in tabs, menus and
// actions, planning through the worker facade, the alternatives and what-if views, exports,
// settings and language switching.
#pragma once

#include <QMainWindow>
#include <QPointer>
#include <optional>
#include <vector>

#include "planning/planner.h"
#include "planning_backend.h"

class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
class QDoubleSpinBox;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QTabWidget;
class QTableView;
class QUndoStack;

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class AlternativesChart;
class AlternativesModel;
class AlternativesRunner;
class ComposerPanel;
class CompositionModel;
class GpuPaletteModel;
class MemoryChart;
class PlannerPanel;
class PlanView;
class ReplayPanel;
class ScenarioPanel;
class TimelineView;
class TrainingPanel;
class WhatIfEditor;
class WhatIfSession;
class WhyDroppedModel;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // The tabs, in order (also the names --tab takes).
  enum Tab { PlanTab, MemoryTab, TimelineTab, ReplayTab, AlternativesTab, DroppedTab, WhatIfTab, SummaryTab };
  static QStringList tabNames();  // "plan", "memory", "timeline", "replay", "alternatives", "dropped", "whatif", "summary"

  // The backend must outlive the window. With useSettings false (screenshots, benchmarks) the
  // window neither reads nor writes QSettings, so its pictures do not depend on them.
  MainWindow(const GpuCatalog& catalog, const PlanningBackend& backend, QWidget* parent = nullptr,
             bool useSettings = true);
  ~MainWindow() override;

  // Loads a cluster SPEC (file, preset or inline form) as one undoable edit.
  bool loadCluster(const QString& spec, QString* error = nullptr);
  bool openClusterFile(const QString& path);
  bool saveClusterFile(const QString& path);
  // main_window_open.cpp: `arachne FILE` and the file manager's "open with". A cluster file is
  // loaded; a plan file is shown with its cluster, model and training spec, priced as
  // `arachne-cli evaluate` does; a scenario file is refused with a clear message (not built yet).
  bool openDocument(const QString& path, QString* error = nullptr);
  bool openPlanFile(const QString& path, QString* error = nullptr);
  bool openScenarioFile(const QString& path, QString* error = nullptr);
  TrainingPanel* trainingPanel() const { return training_; }
  PlannerPanel* plannerPanel() const { return plannerPanel_; }
  CompositionModel* compositionModel() const { return composition_; }
  ComposerPanel* composerPanel() const { return composer_; }
  ScenarioPanel* scenarioPanel() const { return scenario_; }
  QTabWidget* tabs() const { return tabs_; }
  QWidget* tabPage(Tab tab) const;
  PlanningRunner* runner() { return &runner_; }
  AlternativesRunner* alternativesRunner() const { return alternativesRunner_; }
  AlternativesModel* alternativesModel() const { return alternativesModel_; }
  WhatIfSession* whatIfSession() const { return whatIf_; }
  WhatIfEditor* whatIfEditor() const { return whatIfEditor_; }
  // Edit > Undo / Redo (Ctrl+Z, Ctrl+Shift+Z): they act on activeUndoStack().
  QAction* undoAction() const { return undoAction_; }
  QAction* redoAction() const { return redoAction_; }
  const std::optional<PlannerResult>& result() const { return result_; }
  // The last run that found no plan (its report is on screen), cleared by the next plan.
  const std::optional<PlannerResult>& infeasibleResult() const { return infeasible_; }
  bool isResultStale() const { return stale_; }
  QString resultText() const;
  // The widget an export of the current tab draws (whole, not only its visible part).
  QWidget* currentExportableView() const;

 public slots:
  void startPlanning();
  void cancelPlanning();
  void comparePlanners();

 signals:
  // The run ended: a plan is on screen (ok) or it failed / was dropped (not ok).
  void planningFinished(bool ok);
  // Every planner of a comparison has reported (or the comparison was dropped).
  void comparisonFinished();

 protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  // main_window.cpp
  void createActions();
  void createMenus();
  void createDocks();
  void createCentral();
  QWidget* createAlternativesPage();
  void retranslate();
  void followDefaultLocale();
  void keepHalfForTheCentre();
  void updateCompositionStatus();
  void markStale();
  void updateUndoTexts();
  // The undo stack Edit > Undo and Ctrl+Z act on: the what-if editor's while its tab is current,
  // else the cluster's.
  QUndoStack* activeUndoStack() const;
  // main_window_files.cpp
  void openClusterDialog();
  void saveClusterDialog();
  void updateRecentMenu();
  void exportPlanJson();
  void exportCurrentView(const QString& suffix);
  void copySummary();
  // main_window_planning.cpp
  PlanningRequest currentRequest() const;
  void onProgress(quint64 job, const PlannerProgress& p);
  void onPlanReady(quint64 job, const PlannerResult& result);
  void onFailed(quint64 job, const QString& message);
  void onRunFinished(quint64 job);
  void showResult();
  void updateResultTexts();  // the result's texts in the current language (views keep their state)
  void showInfeasible();
  QString runWarning(const PlannerStats& stats) const;  // the run's "warning:" in the window's words
  void clearViews();
  void onWhyDroppedSelected();
  // main_window_alternatives.cpp
  void onAlternativeStarted(quint64 generation, const QString& planner);
  void onAlternativeFinished(quint64 generation, const QString& planner, bool ok, const PlannerResult& r,
                             const QString& error, bool timedOut);
  void updateAlternativesChart();
  void updateAlternativesDetail();
  void updateAlternativesControls();
  // The status line of the alternatives view, kept as a state so a language change rewrites it.
  enum class CompareNote { None, PlanFirst, TickOne, Running, Finished, Dropped };
  void setCompareNote(CompareNote note, int planners = 0);

  const GpuCatalog& catalog_;
  const PlanningBackend& backend_;
  const bool useSettings_;
  QUndoStack* undo_;
  CompositionModel* composition_;
  GpuPaletteModel* palette_;
  ComposerPanel* composer_ = nullptr;
  TrainingPanel* training_ = nullptr;
  PlannerPanel* plannerPanel_ = nullptr;
  QDockWidget* composerDock_ = nullptr;
  QDockWidget* settingsDock_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  QLabel* emptyHint_ = nullptr;
  QLabel* staleBanner_ = nullptr;
  QLabel* resultLine_ = nullptr;
  QScrollArea* planScroll_ = nullptr;
  PlanView* planView_ = nullptr;
  MemoryChart* memoryChart_ = nullptr;
  QWidget* timelinePage_ = nullptr;
  QLabel* timelineTemplateLabel_ = nullptr;
  QComboBox* timelineTemplate_ = nullptr;
  TimelineView* timeline_ = nullptr;
  ReplayPanel* replay_ = nullptr;
  ScenarioPanel* scenario_ = nullptr;
  QWidget* alternativesPage_ = nullptr;
  AlternativesChart* alternatives_ = nullptr;
  AlternativesModel* alternativesModel_ = nullptr;
  AlternativesRunner* alternativesRunner_ = nullptr;
  QTableView* alternativesTable_ = nullptr;
  QLabel* compareHint_ = nullptr;
  QLabel* compareBudgetLabel_ = nullptr;
  QDoubleSpinBox* compareBudget_ = nullptr;
  QPushButton* compareButton_ = nullptr;
  QPushButton* compareCancel_ = nullptr;
  QLabel* compareStatus_ = nullptr;
  QLabel* alternativesDetail_ = nullptr;
  QTableView* whyDroppedView_ = nullptr;
  WhyDroppedModel* whyDropped_ = nullptr;
  WhatIfSession* whatIf_ = nullptr;
  WhatIfEditor* whatIfEditor_ = nullptr;
  QPlainTextEdit* summary_ = nullptr;
  QLabel* statusComposition_ = nullptr;

  QMenu* fileMenu_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QMenu* editMenu_ = nullptr;
  QMenu* presetsMenu_ = nullptr;
  QMenu* planMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QMenu* languageMenu_ = nullptr;
  QAction* openAction_ = nullptr;
  QAction* saveAction_ = nullptr;
  QAction* exportJsonAction_ = nullptr;
  QAction* exportPngAction_ = nullptr;
  QAction* exportPdfAction_ = nullptr;
  QAction* copySummaryAction_ = nullptr;
  QAction* quitAction_ = nullptr;
  QAction* undoAction_ = nullptr;
  QAction* redoAction_ = nullptr;
  QAction* planAction_ = nullptr;
  QAction* cancelAction_ = nullptr;
  QAction* compareAction_ = nullptr;
  QActionGroup* languageGroup_ = nullptr;

  PlanningRunner runner_;
  std::optional<PlannerResult> result_;
  std::optional<PlannerResult> infeasible_;
  PlanningRequest resultRequest_;   // the input the plan (or the infeasibility report) was made for
  PlanningRequest pendingRequest_;  // the input of the run in progress
  bool stale_ = false;
  bool docksSized_ = false;  // first show without saved state: give the plan views the room
  double compareBudgetUsed_ = 0;
  CompareNote compareNote_ = CompareNote::None;
  int comparePlanners_ = 0;
};

}  // namespace arachne::gui
