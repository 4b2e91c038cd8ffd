// The explorer's scenario panel (a dock): a cluster that changes under the job. The events on a
// time axis (add, move and delete by drag, keys and menu, each an undoable edit), open and save
// *.scenario.json, Play replans event by event on the worker thread for each chosen planner,
// a chart of throughput over time per planner with the stalls as gaps, and for the selected
// step the plan diff (stages that moved, bytes migrated, why the plan was kept or changed).
#pragma once

#include <QWidget>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "scenario/scenario_run.h"
#include "scenario_runner.h"

class QAction;
class QComboBox;
class QDockWidget;
class QDoubleSpinBox;
class QLabel;
class QMainWindow;
class QMenu;
class QTableView;
class QToolButton;
class QUndoStack;

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class PlanDiffModel;
class ScenarioDocument;
class ScenarioStepsModel;
class ScenarioThroughputChart;
class ScenarioTimelineView;

class ScenarioPanel : public QWidget {
  Q_OBJECT
 public:
  // `currentCluster` gives the composer's cluster for "Start from the composer's cluster".
  ScenarioPanel(const GpuCatalog& catalog, std::function<Composition()> currentCluster, QWidget* parent = nullptr);
  ~ScenarioPanel() override;

  // Files: open replaces the scenario (and clears the undo history); save writes atomically.
  bool openFile(const QString& path, QString* error = nullptr);
  bool saveFile(const QString& path, QString* error = nullptr);
  void openPreset(const QString& name);
  // A *.scenario.json file (anything ending in .json) or a preset name.
  bool openScenario(const QString& fileOrPreset, QString* error = nullptr);
  QString filePath() const { return path_; }

  // Edits, each one undo command (false when nothing was done).
  bool addEvent(const ScenarioEvent& event, const std::map<int, std::string>& names = {});
  // `nudge`: a keyboard nudge, merged into the previous nudge of the same event.
  bool moveEvent(int index, double seconds, bool nudge = false);
  bool deleteEvent(int index);
  bool startFromComposerCluster();
  void setModel(const QString& id);
  void setHorizon(double seconds);

  // Planners offered and chosen; Play and Stop.
  void setPlannerNames(const std::vector<std::string>& names);
  void setSelectedPlanners(const QStringList& names);
  QStringList selectedPlanners() const;
  void setPolicy(ReplanPolicy policy);
  void setBudgetSeconds(double seconds);
  bool isPlaying() const;
  const std::vector<ScenarioTrace>& traces() const { return traces_; }
  // Shows the plan diff of a row of the steps table.
  void selectStep(int row);

  ScenarioDocument* document() const { return doc_; }
  QUndoStack* undoStack() const { return undo_; }
  ScenarioTimelineView* timeline() const { return timeline_; }
  ScenarioThroughputChart* chart() const { return chart_; }
  ScenarioStepsModel* stepsModel() const { return steps_; }
  PlanDiffModel* diffModel() const { return diff_; }
  QComboBox* modelBox() const { return modelBox_; }
  QLabel* diffLabel() const { return diffLabel_; }
  QLabel* problemsLabel() const { return problems_; }
  QAction* playAction() const { return playAction_; }
  QAction* openAction() const { return openAction_; }
  // "Open scenario…" for the main window's File menu: shows the panel's dock, then opens.
  QAction* menuOpenAction() const { return menuOpenAction_; }

 public slots:
  void play();
  void stop();

 signals:
  // A Play ended: every chosen planner ran (ok) or it failed or was stopped.
  void playFinished(bool ok);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  // scenario_panel.cpp
  void createActions();
  void createLayout();
  void retranslate();
  void showTitle();
  void onDocumentChanged();
  // scenario_panel_edits.cpp
  void openDialog();
  void saveDialog(bool askForName);
  void addEventDialog(ScenarioEventKind kind, double seconds);
  void moveEventDialog(int index);
  // scenario_panel_play.cpp (with isPlaying, play, stop and selectStep)
  void onProgress(quint64 job, const std::vector<ScenarioTrace>& traces);
  void onFinished(quint64 job, const std::vector<ScenarioTrace>& traces, bool cancelled);
  void onFailed(quint64 job, const QString& message);
  void showTraces(const std::vector<ScenarioTrace>& traces);
  void updatePlayState();

  const GpuCatalog& catalog_;
  std::function<Composition()> currentCluster_;
  ScenarioDocument* doc_;
  QUndoStack* undo_;
  ScenarioRunner runner_;
  std::vector<ScenarioTrace> traces_;
  bool stale_ = false;
  QString path_;

  ScenarioTimelineView* timeline_ = nullptr;
  ScenarioThroughputChart* chart_ = nullptr;
  ScenarioStepsModel* steps_ = nullptr;
  PlanDiffModel* diff_ = nullptr;
  QTableView* stepsView_ = nullptr;
  QTableView* diffView_ = nullptr;
  QLabel* title_ = nullptr;
  QLabel* problems_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* diffLabel_ = nullptr;
  QLabel* modelLabel_ = nullptr;
  QLabel* horizonLabel_ = nullptr;
  QLabel* policyLabel_ = nullptr;
  QLabel* budgetLabel_ = nullptr;
  QComboBox* modelBox_ = nullptr;
  QDoubleSpinBox* horizonBox_ = nullptr;
  QComboBox* policyBox_ = nullptr;
  QDoubleSpinBox* budgetBox_ = nullptr;
  QToolButton* plannersButton_ = nullptr;
  QMenu* plannersMenu_ = nullptr;
  QMenu* addMenu_ = nullptr;
  QMenu* presetMenu_ = nullptr;

  QAction* openAction_ = nullptr;
  QAction* menuOpenAction_ = nullptr;
  QAction* saveAction_ = nullptr;
  QAction* saveAsAction_ = nullptr;
  QAction* undoAction_ = nullptr;
  QAction* redoAction_ = nullptr;
  QAction* addJoinAction_ = nullptr;
  QAction* addLeaveAction_ = nullptr;
  QAction* addFailAction_ = nullptr;
  QAction* moveAction_ = nullptr;
  QAction* deleteAction_ = nullptr;
  QAction* fromComposerAction_ = nullptr;
  QAction* playAction_ = nullptr;
  QAction* stopAction_ = nullptr;
};

// The main window's hook: the panel in a bottom dock (hidden until asked for), its toggle in
// `viewMenu` and "Open scenario…" in `fileMenu` (either may be null). Returns the panel.
ScenarioPanel* addScenarioDock(QMainWindow* window, const GpuCatalog& catalog,
                               std::function<Composition()> currentCluster, QMenu* viewMenu, QMenu* fileMenu);

}  // namespace arachne::gui
