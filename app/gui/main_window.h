// The explorer's main window: composer and settings docks, the plan views in tabs, menus and
// actions, planning through the worker facade, exports, settings and language switching.
#pragma once

#include <QMainWindow>
#include <QPointer>
#include <optional>
#include <vector>

#include "alternatives_chart.h"
#include "planning/planner.h"
#include "planning_backend.h"

class QAction;
class QActionGroup;
class QDockWidget;
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
class ComposerPanel;
class CompositionModel;
class GpuPaletteModel;
class MemoryChart;
class PlannerPanel;
class PlanView;
class ReplayPanel;
class TimelineView;
class TrainingPanel;
class WhyDroppedModel;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // The backend must outlive the window.
  MainWindow(const GpuCatalog& catalog, const PlanningBackend& backend, QWidget* parent = nullptr);
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
  QTabWidget* tabs() const { return tabs_; }
  PlanningRunner* runner() { return &runner_; }
  const std::optional<PlannerResult>& result() const { return result_; }
  bool isResultStale() const { return stale_; }

 public slots:
  void startPlanning();
  void cancelPlanning();
  void comparePlanners();

 signals:
  // The run ended: a plan is on screen (ok) or it failed / was dropped (not ok).
  void planningFinished(bool ok);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void changeEvent(QEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  // main_window.cpp
  void createActions();
  void createMenus();
  void createDocks();
  void createCentral();
  void retranslate();
  void updateCompositionStatus();
  void markStale();
  void updateUndoTexts();
  // main_window_files.cpp
  void openClusterDialog();
  void saveClusterDialog();
  void updateRecentMenu();
  void exportPlanJson();
  void exportCurrentView(const QString& suffix);
  void copySummary();
  QWidget* currentExportableView() const;
  // main_window_planning.cpp
  PlanningRequest currentRequest() const;
  void onProgress(quint64 job, const PlannerProgress& p);
  void onPlanReady(quint64 job, const PlannerResult& result);
  void onFailed(quint64 job, const QString& message);
  void onRunFinished(quint64 job);
  void showResult();
  void onComparisonReady(quint64 job, const PlannerResult& result);
  void runNextComparison();
  void onWhyDroppedSelected();

  const GpuCatalog& catalog_;
  const PlanningBackend& backend_;
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
  TimelineView* timeline_ = nullptr;
  ReplayPanel* replay_ = nullptr;
  QWidget* alternativesPage_ = nullptr;
  AlternativesChart* alternatives_ = nullptr;
  QPushButton* compareButton_ = nullptr;
  QLabel* compareStatus_ = nullptr;
  QTableView* whyDroppedView_ = nullptr;
  WhyDroppedModel* whyDropped_ = nullptr;
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
  PlanningRunner compareRunner_;
  std::optional<PlannerResult> result_;
  PlanningRequest resultRequest_;   // the input the plan on screen was made for
  PlanningRequest pendingRequest_;  // the input of the run in progress
  bool stale_ = false;
  bool docksSized_ = false;  // first show without saved state: give the plan views the room
  std::vector<std::string> compareQueue_;
  std::vector<AlternativeResult> compareResults_;
  QString comparePlanner_;
};

}  // namespace arachne::gui
