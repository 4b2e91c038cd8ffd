// ScenarioPanel: actions, layout, translations, the reaction to edits, and the dock hook.
#include "scenario_panel.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include "catalog/gpu_catalog.h"
#include "model/model_catalog.h"
#include "plan_diff_model.h"
#include "scenario/scenario_json.h"
#include "scenario_document.h"
#include "scenario_steps_model.h"
#include "scenario_throughput_chart.h"
#include "scenario_timeline_view.h"
#include "wrapped_label.h"

namespace arachne::gui {

namespace {
QToolButton* toolButton(QAction* a, QWidget* parent) {
  auto* b = new QToolButton(parent);
  b->setDefaultAction(a);
  b->setToolButtonStyle(Qt::ToolButtonTextOnly);
  return b;
}

// A tool bar button that opens `menu` at once; in the tool bar's overflow it is a submenu.
void menuButton(QToolBar* bar, QMenu* menu) {
  bar->addAction(menu->menuAction());
  qobject_cast<QToolButton*>(bar->widgetForAction(menu->menuAction()))->setPopupMode(QToolButton::InstantPopup);
}

// Columns as wide as their cells and header on one line, the table scrolling sideways when the
// dock is narrower: fixed 100 px columns cut the German headers ("achher (Seq./s)") and the
// cells. Headers elide at worst, with the whole text as their tooltip (the models give it).
void fitColumnsToContents(QTableView* view) {
  view->verticalHeader()->hide();
  view->setWordWrap(false);
  view->horizontalHeader()->setTextElideMode(Qt::ElideRight);  // no stretched last section: it kept 100 px
  QAbstractItemModel* model = view->model();
  const auto fit = [view] { view->resizeColumnsToContents(); };
  QObject::connect(model, &QAbstractItemModel::modelReset, view, fit);
  QObject::connect(model, &QAbstractItemModel::headerDataChanged, view, fit);
  QObject::connect(model, &QAbstractItemModel::dataChanged, view, fit);
}

// The header and one row at the least (a scroll area's 70 px by default): with the dock shown,
// the window then still fits 1,400 x 900 with every label whole.
void oneRowAtLeast(QTableView* view) {
  view->setMinimumHeight(view->horizontalHeader()->sizeHint().height() + view->verticalHeader()->defaultSectionSize() +
                         2 * view->frameWidth());
}

// Framed like the panel's other buttons: a tool bar's flat buttons read as plain text.
void raiseButtons(QToolBar* bar) {
  for (QAction* a : bar->actions())
    if (auto* b = qobject_cast<QToolButton*>(bar->widgetForAction(a))) b->setAutoRaise(false);
}
}  // namespace

ScenarioPanel::ScenarioPanel(const GpuCatalog& catalog, std::function<Composition()> currentCluster, QWidget* parent)
    : QWidget(parent), catalog_(catalog), currentCluster_(std::move(currentCluster)), doc_(new ScenarioDocument(this)),
      undo_(new QUndoStack(this)) {
  setObjectName(QStringLiteral("ScenarioPanel"));
  createActions();
  createLayout();
  connect(doc_, &ScenarioDocument::changed, this, &ScenarioPanel::onDocumentChanged);
  connect(&runner_, &ScenarioRunner::progressed, this, &ScenarioPanel::onProgress);
  connect(&runner_, &ScenarioRunner::finished, this, &ScenarioPanel::onFinished);
  connect(&runner_, &ScenarioRunner::failed, this, &ScenarioPanel::onFailed);
  setPlannerNames(plannerNames());
  retranslate();
  openPreset(QStringLiteral("paper-growth"));
}

ScenarioPanel::~ScenarioPanel() = default;

void ScenarioPanel::createActions() {
  openAction_ = new QAction(this);
  connect(openAction_, &QAction::triggered, this, &ScenarioPanel::openDialog);
  menuOpenAction_ = new QAction(this);
  connect(menuOpenAction_, &QAction::triggered, this, [this] {
    if (auto* dock = qobject_cast<QDockWidget*>(parentWidget())) {
      dock->show();
      dock->raise();
    }
    openDialog();
  });
  saveAction_ = new QAction(this);
  connect(saveAction_, &QAction::triggered, this, [this] { saveDialog(false); });
  saveAsAction_ = new QAction(this);
  connect(saveAsAction_, &QAction::triggered, this, [this] { saveDialog(true); });
  undoAction_ = new QAction(this);
  undoAction_->setShortcut(QKeySequence::Undo);
  undoAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  undoAction_->setEnabled(false);
  connect(undoAction_, &QAction::triggered, undo_, &QUndoStack::undo);
  connect(undo_, &QUndoStack::canUndoChanged, undoAction_, &QAction::setEnabled);
  redoAction_ = new QAction(this);
  redoAction_->setShortcut(QKeySequence::Redo);
  redoAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  redoAction_->setEnabled(false);
  connect(redoAction_, &QAction::triggered, undo_, &QUndoStack::redo);
  connect(undo_, &QUndoStack::canRedoChanged, redoAction_, &QAction::setEnabled);
  addAction(undoAction_);
  addAction(redoAction_);
  auto lastTime = [this] {
    const Scenario& s = doc_->scenario();
    return s.events.empty() ? std::round(s.horizon() / 2) : std::round((s.events.back().at_s + s.horizon()) / 2);
  };
  addJoinAction_ = new QAction(this);
  connect(addJoinAction_, &QAction::triggered, this, [this, lastTime] { addEventDialog(ScenarioEventKind::Join, lastTime()); });
  addLeaveAction_ = new QAction(this);
  connect(addLeaveAction_, &QAction::triggered, this, [this, lastTime] { addEventDialog(ScenarioEventKind::Leave, lastTime()); });
  addFailAction_ = new QAction(this);
  connect(addFailAction_, &QAction::triggered, this, [this, lastTime] { addEventDialog(ScenarioEventKind::Fail, lastTime()); });
  moveAction_ = new QAction(this);
  connect(moveAction_, &QAction::triggered, this, [this] { moveEventDialog(timeline_->selectedEvent()); });
  deleteAction_ = new QAction(this);
  connect(deleteAction_, &QAction::triggered, this, [this] { deleteEvent(timeline_->selectedEvent()); });
  fromComposerAction_ = new QAction(this);
  fromComposerAction_->setEnabled(static_cast<bool>(currentCluster_));
  connect(fromComposerAction_, &QAction::triggered, this, &ScenarioPanel::startFromComposerCluster);
  playAction_ = new QAction(this);
  connect(playAction_, &QAction::triggered, this, &ScenarioPanel::play);
  stopAction_ = new QAction(this);
  stopAction_->setEnabled(false);
  connect(stopAction_, &QAction::triggered, this, &ScenarioPanel::stop);
}

void ScenarioPanel::createLayout() {
  // The title with the model and horizon on one line, the file and edit actions in a tool bar
  // below, whose overflow goes into its » menu: the actions, model and horizon on one line were
  // 1,500 px wide in German and forced the window wider than asked.
  auto* top = new QHBoxLayout;
  title_ = new QLabel(this);
  title_->setTextFormat(Qt::PlainText);
  title_->setWordWrap(true);
  top->addWidget(title_, 1);
  modelLabel_ = new QLabel(this);
  modelBox_ = new QComboBox(this);
  for (const auto& m : ModelCatalog::builtin().models()) modelBox_->addItem(QString::fromStdString(m.id));
  connect(modelBox_, &QComboBox::activated, this, [this](int i) { setModel(modelBox_->itemText(i)); });
  top->addWidget(modelLabel_);
  top->addWidget(modelBox_);
  horizonLabel_ = new QLabel(this);
  horizonBox_ = new QDoubleSpinBox(this);
  horizonBox_->setRange(1, 1e9);
  horizonBox_->setDecimals(0);
  horizonBox_->setKeyboardTracking(false);
  connect(horizonBox_, &QDoubleSpinBox::valueChanged, this, &ScenarioPanel::setHorizon);
  top->addWidget(horizonLabel_);
  top->addWidget(horizonBox_);

  presetMenu_ = new QMenu(this);
  for (const auto& n : scenarioPresetNames()) {
    const QString name = QString::fromStdString(n);
    presetMenu_->addAction(name, this, [this, name] { openPreset(name); });
  }
  addMenu_ = new QMenu(this);
  addMenu_->addAction(addJoinAction_);
  addMenu_->addAction(addLeaveAction_);
  addMenu_->addAction(addFailAction_);
  auto* bar = new QToolBar(this);
  bar->setObjectName(QStringLiteral("ScenarioActions"));
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  bar->addAction(openAction_);
  menuButton(bar, presetMenu_);
  bar->addAction(saveAction_);
  bar->addAction(saveAsAction_);
  bar->addSeparator();
  bar->addAction(undoAction_);
  bar->addAction(redoAction_);
  bar->addSeparator();
  menuButton(bar, addMenu_);
  bar->addAction(moveAction_);
  bar->addAction(deleteAction_);
  bar->addAction(fromComposerAction_);
  raiseButtons(bar);

  auto* play = new QHBoxLayout;
  plannersMenu_ = new QMenu(this);
  plannersButton_ = new QToolButton(this);
  plannersButton_->setMenu(plannersMenu_);
  plannersButton_->setPopupMode(QToolButton::InstantPopup);
  play->addWidget(plannersButton_);
  policyLabel_ = new QLabel(this);
  policyBox_ = new QComboBox(this);
  policyBox_->addItem(QString(), static_cast<int>(ReplanPolicy::Replan));
  policyBox_->addItem(QString(), static_cast<int>(ReplanPolicy::KeepIfBetter));
  // The policies are sentences: the box may show the start of one (the whole one in its list and
  // tooltip) rather than widen the dock, and with it the window, by their length.
  policyBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  policyBox_->setMinimumContentsLength(24);
  connect(policyBox_, &QComboBox::currentIndexChanged, this, [this] { policyBox_->setToolTip(policyBox_->currentText()); });
  play->addWidget(policyLabel_);
  play->addWidget(policyBox_);
  budgetLabel_ = new QLabel(this);
  budgetBox_ = new QDoubleSpinBox(this);
  budgetBox_->setRange(0.1, 3600);
  budgetBox_->setValue(10);
  budgetBox_->setDecimals(1);
  play->addWidget(budgetLabel_);
  play->addWidget(budgetBox_);
  play->addWidget(toolButton(playAction_, this));
  play->addWidget(toolButton(stopAction_, this));
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  play->addWidget(status_, 1);

  timeline_ = new ScenarioTimelineView(this);
  connect(timeline_, &ScenarioTimelineView::moveRequested, this, [this](int i, double t) { moveEvent(i, t); });
  connect(timeline_, &ScenarioTimelineView::nudgeRequested, this, [this](int i, double t) { moveEvent(i, t, true); });
  connect(timeline_, &ScenarioTimelineView::deleteRequested, this, [this](int i) { deleteEvent(i); });
  connect(timeline_, &ScenarioTimelineView::addRequested, this, &ScenarioPanel::addEventDialog);
  connect(timeline_, &ScenarioTimelineView::moveDialogRequested, this, &ScenarioPanel::moveEventDialog);
  connect(timeline_, &ScenarioTimelineView::selectionChanged, this, [this](int i) {
    moveAction_->setEnabled(i >= 0);
    deleteAction_->setEnabled(i >= 0);
  });
  problems_ = new QLabel(this);
  problems_->setWordWrap(true);
  problems_->setStyleSheet(QStringLiteral("color: #cc0000"));

  chart_ = new ScenarioThroughputChart(this);
  steps_ = new ScenarioStepsModel(this);
  stepsView_ = new QTableView(this);
  stepsView_->setObjectName(QStringLiteral("ScenarioSteps"));
  stepsView_->setModel(steps_);
  stepsView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  stepsView_->setSelectionMode(QAbstractItemView::SingleSelection);
  fitColumnsToContents(stepsView_);
  oneRowAtLeast(stepsView_);
  connect(stepsView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) { selectStep(current.row()); });
  diff_ = new PlanDiffModel(this);
  diffView_ = new QTableView(this);
  diffView_->setObjectName(QStringLiteral("ScenarioPlanDiff"));
  diffView_->setModel(diff_);
  fitColumnsToContents(diffView_);
  oneRowAtLeast(diffView_);
  diffLabel_ = new WrappedLabel(this);
  diffLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* right = new QWidget(this);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  auto* tables = new QSplitter(Qt::Vertical, right);
  tables->addWidget(stepsView_);
  auto* diffBox = new QWidget(tables);
  auto* diffLayout = new QVBoxLayout(diffBox);
  diffLayout->setContentsMargins(0, 0, 0, 0);
  diffLayout->addWidget(diffLabel_);
  diffLayout->addWidget(diffView_, 1);
  tables->addWidget(diffBox);
  rightLayout->addWidget(tables);
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(chart_);
  split->addWidget(right);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(bar);
  layout->addWidget(timeline_);
  layout->addWidget(problems_);
  layout->addLayout(play);
  layout->addWidget(split, 1);
}

void ScenarioPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void ScenarioPanel::retranslate() {
  openAction_->setText(tr("Open…"));
  menuOpenAction_->setText(tr("Open scenario…"));
  if (auto* dock = qobject_cast<QDockWidget*>(parentWidget())) dock->setWindowTitle(tr("Scenario"));
  saveAction_->setText(tr("Save"));
  saveAsAction_->setText(tr("Save as…"));
  undoAction_->setText(tr("Undo"));
  redoAction_->setText(tr("Redo"));
  addJoinAction_->setText(tr("Join…"));
  addLeaveAction_->setText(tr("Leave…"));
  addFailAction_->setText(tr("Failure…"));
  moveAction_->setText(tr("Move…"));
  deleteAction_->setText(tr("Delete"));
  fromComposerAction_->setText(tr("Start from the composer's cluster"));
  playAction_->setText(tr("Play"));
  stopAction_->setText(tr("Stop"));
  presetMenu_->setTitle(tr("Presets"));  // the title is its tool bar button's text
  addMenu_->setTitle(tr("Add event"));
  plannersButton_->setText(tr("Planners"));
  modelLabel_->setText(tr("Model"));
  horizonLabel_->setText(tr("Horizon"));
  horizonBox_->setSuffix(tr(" s"));
  policyLabel_->setText(tr("Policy"));
  policyBox_->setItemText(0, tr("replan at every event (the paper's protocol)"));
  policyBox_->setItemText(1, tr("keep the plan unless the gain repays the stall"));
  policyBox_->setToolTip(policyBox_->currentText());
  budgetLabel_->setText(tr("Budget per replan"));
  budgetBox_->setSuffix(tr(" s"));
  timeline_->setToolTip(tr("Drag an event to move it, right-click to add or delete, arrow keys nudge the selected one."));
  // The steps, the plan diff and its detail line hold the core's texts in the UI's language.
  steps_->retranslate();
  selectStep(stepsView_->currentIndex().row());
  // Only the title: onDocumentChanged would mark a finished run stale and drop a running one.
  showTitle();
}

void ScenarioPanel::showTitle() {
  const Scenario& s = doc_->scenario();
  const QString cluster = QString::fromStdString(s.cluster_spec.empty() ? s.start.toInlineSpec() : s.cluster_spec);
  title_->setText(tr("%1: starts on %2 (%n GPU(s)), %3 event(s), horizon %4 s", nullptr, s.start.totalGpus())
                      .arg(QString::fromStdString(s.name.empty() ? std::string("unnamed") : s.name), cluster)
                      .arg(s.events.size())
                      .arg(s.horizon()));
}

void ScenarioPanel::onDocumentChanged() {
  const Scenario& s = doc_->scenario();
  timeline_->setScenario(s);
  showTitle();
  // A model file is not in the catalog's list: shown as its path, so the box never names a model
  // the scenario does not plan.
  int modelIndex = modelBox_->findText(QString::fromStdString(s.model));
  if (modelIndex < 0 && !s.model.empty()) {
    modelBox_->addItem(QString::fromStdString(s.model));
    modelIndex = modelBox_->count() - 1;
  }
  if (modelIndex >= 0) modelBox_->setCurrentIndex(modelIndex);
  {
    const QSignalBlocker block(horizonBox_);
    horizonBox_->setValue(s.horizon());
  }
  QStringList lines;
  for (const ScenarioProblem& p : doc_->problems())
    lines << QStringLiteral("%1: %2").arg(QString::fromStdString(p.field), QString::fromStdString(p.problem));
  problems_->setText(lines.join(QLatin1Char('\n')));
  problems_->setVisible(!lines.isEmpty());
  const int selected = timeline_->selectedEvent();
  moveAction_->setEnabled(selected >= 0);
  deleteAction_->setEnabled(selected >= 0);
  if (!traces_.empty() || runner_.isRunning()) {
    runner_.invalidate();
    stale_ = true;
    status_->setText(tr("The scenario changed: play it again to see the new run."));
  }
  chart_->setRun(s, traces_);
  updatePlayState();
}

void ScenarioPanel::setPlannerNames(const std::vector<std::string>& names) {
  const QStringList chosen = selectedPlanners();
  plannersMenu_->clear();
  for (const auto& n : names) {
    QAction* a = plannersMenu_->addAction(QString::fromStdString(n));
    a->setCheckable(true);
    // By default every planner but exhaustive (which refuses all but tiny clusters).
    a->setChecked(chosen.isEmpty() ? n != "exhaustive" : chosen.contains(QString::fromStdString(n)));
  }
  updatePlayState();
}

void ScenarioPanel::setSelectedPlanners(const QStringList& names) {
  for (QAction* a : plannersMenu_->actions()) a->setChecked(names.contains(a->text()));
  updatePlayState();
}

QStringList ScenarioPanel::selectedPlanners() const {
  QStringList out;
  if (!plannersMenu_) return out;
  for (QAction* a : plannersMenu_->actions())
    if (a->isChecked()) out << a->text();
  return out;
}

void ScenarioPanel::setPolicy(ReplanPolicy policy) { policyBox_->setCurrentIndex(policy == ReplanPolicy::Replan ? 0 : 1); }

void ScenarioPanel::setBudgetSeconds(double seconds) { budgetBox_->setValue(seconds); }

ScenarioPanel* addScenarioDock(QMainWindow* window, const GpuCatalog& catalog, std::function<Composition()> currentCluster,
                               QMenu* viewMenu, QMenu* fileMenu) {
  auto* panel = new ScenarioPanel(catalog, std::move(currentCluster), window);
  auto* dock = new QDockWidget(window);
  dock->setObjectName(QStringLiteral("ScenarioDock"));
  dock->setWidget(panel);  // reparents the panel: its title now names the dock
  dock->setWindowTitle(ScenarioPanel::tr("Scenario"));
  window->addDockWidget(Qt::BottomDockWidgetArea, dock);
  dock->hide();
  if (viewMenu) viewMenu->addAction(dock->toggleViewAction());
  if (fileMenu) fileMenu->addAction(panel->menuOpenAction());
  return panel;
}

}  // namespace arachne::gui
