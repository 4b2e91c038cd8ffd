// MainWindow: construction of actions, menus, docks and tabs, and their translations.
#include "main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include "alternatives_chart.h"
#include "alternatives_model.h"
#include "alternatives_runner.h"
#include "app_settings.h"
#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "composer_panel.h"
#include "composition_model.h"
#include "gpu_palette_model.h"
#include "io/load_error.h"
#include "language.h"
#include "launch_export_action.h"
#include "memory_chart.h"
#include "plan_view.h"
#include "planner_panel.h"
#include "scenario_panel.h"
#include "replay_panel.h"
#include "timeline_view.h"
#include "training_panel.h"
#include "what_if_editor.h"
#include "what_if_session.h"
#include "why_dropped_model.h"

namespace arachne::gui {

QStringList MainWindow::tabNames() {
  return {QStringLiteral("plan"), QStringLiteral("memory"), QStringLiteral("timeline"), QStringLiteral("replay"),
          QStringLiteral("alternatives"), QStringLiteral("dropped"), QStringLiteral("whatif"), QStringLiteral("summary")};
}

MainWindow::MainWindow(const GpuCatalog& catalog, const PlanningBackend& backend, QWidget* parent, bool useSettings)
    : QMainWindow(parent), catalog_(catalog), backend_(backend), useSettings_(useSettings),
      undo_(new QUndoStack(this)), composition_(new CompositionModel(catalog, undo_, this)),
      palette_(new GpuPaletteModel(catalog, this)) {
  setObjectName(QStringLiteral("MainWindow"));
  setAcceptDrops(true);
  alternativesRunner_ = new AlternativesRunner(this);
  whatIf_ = new WhatIfSession(catalog, this);
  createActions();
  createDocks();
  createCentral();
  createMenus();
  statusComposition_ = new QLabel(this);
  statusBar()->addPermanentWidget(statusComposition_);

  plannerPanel_->setAvailability([this](const std::string& name) { return backend_.availability(name); });
  plannerPanel_->setPlannerNames(backend_.plannerNames());
  if (!useSettings_ || !plannerPanel_->selectPlanner(AppSettings::defaultPlanner()))
    plannerPanel_->selectPlanner(QString::fromStdString(backend_.defaultPlanner()));
  plannerPanel_->setBudgetSeconds(useSettings_ ? AppSettings::budgetSeconds() : 10.0);
  QStringList names;
  for (const auto& n : backend_.plannerNames()) names << QString::fromStdString(n);
  alternativesModel_->setPlanners(names);

  connect(composition_, &CompositionModel::compositionChanged, this, [this] {
    updateCompositionStatus();
    markStale();
  });
  connect(training_, &TrainingPanel::changed, this, &MainWindow::markStale);
  connect(&runner_, &PlanningRunner::progress, this, &MainWindow::onProgress);
  connect(&runner_, &PlanningRunner::planReady, this, &MainWindow::onPlanReady);
  connect(&runner_, &PlanningRunner::failed, this, &MainWindow::onFailed);
  connect(&runner_, &PlanningRunner::finished, this, &MainWindow::onRunFinished);
  connect(&runner_, &PlanningRunner::staleDropped, this, [this] {
    if (runner_.isRunning()) return;  // a newer run reports for itself
    plannerPanel_->setStatus(tr("The result was dropped because the input changed during the run."));
    emit planningFinished(false);
  });
  connect(alternativesRunner_, &AlternativesRunner::runStarted, this, &MainWindow::onAlternativeStarted);
  connect(alternativesRunner_, &AlternativesRunner::runFinished, this, &MainWindow::onAlternativeFinished);
  connect(alternativesRunner_, &AlternativesRunner::allFinished, this, [this] {
    setCompareNote(CompareNote::Finished);
    updateAlternativesControls();
    emit comparisonFinished();
  });

  retranslate();
  updateCompositionStatus();
  resize(1400, 900);
  docksSized_ = useSettings_ && AppSettings::restoreWindow(this);
}

MainWindow::~MainWindow() {
  // The children are deleted after this body, the what-if session among them, and its undo
  // stack emits canUndoChanged as it clears itself: updateUndoTexts then read the tab widget and
  // the cluster's stack, already deleted (valgrind: invalid reads; a SEGFAULT in one test run).
  for (QUndoStack* stack : {undo_, whatIf_->undoStack()}) disconnect(stack, nullptr, this, nullptr);
  disconnect(tabs_, nullptr, this, nullptr);
}

void MainWindow::createActions() {
  openAction_ = new QAction(this);
  openAction_->setShortcut(QKeySequence::Open);
  connect(openAction_, &QAction::triggered, this, &MainWindow::openClusterDialog);
  saveAction_ = new QAction(this);
  // Spelled out: QKeySequence::SaveAs is empty on platforms other than GNOME and KDE.
  saveAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
  connect(saveAction_, &QAction::triggered, this, &MainWindow::saveClusterDialog);
  exportJsonAction_ = new QAction(this);
  exportJsonAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  connect(exportJsonAction_, &QAction::triggered, this, &MainWindow::exportPlanJson);
  exportPngAction_ = new QAction(this);
  connect(exportPngAction_, &QAction::triggered, this, [this] { exportCurrentView(QStringLiteral("png")); });
  exportPdfAction_ = new QAction(this);
  connect(exportPdfAction_, &QAction::triggered, this, [this] { exportCurrentView(QStringLiteral("pdf")); });
  copySummaryAction_ = new QAction(this);
  copySummaryAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
  connect(copySummaryAction_, &QAction::triggered, this, &MainWindow::copySummary);
  quitAction_ = new QAction(this);
  quitAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
  connect(quitAction_, &QAction::triggered, this, &QWidget::close);
  // Own actions rather than QUndoStack::createUndoAction(): those keep their text through a
  // language change until the stack changes again. Undo and redo act on the stack of what the
  // user is looking at: the what-if editor's edits while its tab is open, else the cluster's
  // (activeUndoStack), so Ctrl+Z in the editor never takes back a cluster edit behind it.
  undoAction_ = new QAction(this);
  undoAction_->setShortcut(QKeySequence::Undo);
  undoAction_->setEnabled(false);
  connect(undoAction_, &QAction::triggered, this, [this] { activeUndoStack()->undo(); });
  redoAction_ = new QAction(this);
  redoAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
  redoAction_->setEnabled(false);
  connect(redoAction_, &QAction::triggered, this, [this] { activeUndoStack()->redo(); });
  for (QUndoStack* stack : {undo_, whatIf_->undoStack()}) {
    connect(stack, &QUndoStack::canUndoChanged, this, &MainWindow::updateUndoTexts);
    connect(stack, &QUndoStack::canRedoChanged, this, &MainWindow::updateUndoTexts);
    connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoTexts);
    connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoTexts);
  }
  planAction_ = new QAction(this);
  planAction_->setShortcut(Qt::Key_F5);
  connect(planAction_, &QAction::triggered, this, &MainWindow::startPlanning);
  cancelAction_ = new QAction(this);
  cancelAction_->setShortcut(Qt::Key_Escape);
  cancelAction_->setEnabled(false);
  connect(cancelAction_, &QAction::triggered, this, &MainWindow::cancelPlanning);
  compareAction_ = new QAction(this);
  compareAction_->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
  compareAction_->setEnabled(false);
  connect(compareAction_, &QAction::triggered, this, &MainWindow::comparePlanners);
  for (QAction* a : {exportJsonAction_, exportPngAction_, exportPdfAction_, copySummaryAction_})
    a->setEnabled(false);
  languageGroup_ = new QActionGroup(this);
  for (const QString& code : Language::available()) {
    QAction* a = languageGroup_->addAction(Language::nativeName(code));
    a->setCheckable(true);
    a->setData(code);
    a->setChecked(code == Language::current());
  }
  connect(languageGroup_, &QActionGroup::triggered, this, [this](QAction* a) {
    if (Language::apply(a->data().toString()) && useSettings_) AppSettings::setLanguage(a->data().toString());
  });
}

void MainWindow::createMenus() {
  fileMenu_ = menuBar()->addMenu(QString());
  fileMenu_->addAction(openAction_);
  recentMenu_ = fileMenu_->addMenu(QString());
  fileMenu_->addAction(saveAction_);
  fileMenu_->addSeparator();
  fileMenu_->addAction(exportJsonAction_);
  new LaunchExportAction(this, fileMenu_, [this] {
    return result_ ? LaunchExportInput{&*result_, &resultRequest_} : LaunchExportInput{};
  });
  fileMenu_->addAction(exportPngAction_);
  fileMenu_->addAction(exportPdfAction_);
  fileMenu_->addAction(copySummaryAction_);
  fileMenu_->addSeparator();
  fileMenu_->addAction(quitAction_);
  editMenu_ = menuBar()->addMenu(QString());
  editMenu_->addAction(undoAction_);
  editMenu_->addAction(redoAction_);
  editMenu_->addSeparator();
  editMenu_->addActions(composer_->editActions());
  presetsMenu_ = menuBar()->addMenu(QString());
  for (const auto& name : presetNames()) {
    const QString preset = QString::fromStdString(name);
    presetsMenu_->addAction(preset, this, [this, preset] { loadCluster(preset); });
  }
  planMenu_ = menuBar()->addMenu(QString());
  planMenu_->addAction(planAction_);
  planMenu_->addAction(cancelAction_);
  planMenu_->addAction(compareAction_);
  viewMenu_ = menuBar()->addMenu(QString());
  viewMenu_->addAction(composerDock_->toggleViewAction());
  viewMenu_->addAction(settingsDock_->toggleViewAction());
  // The scenario dock (issue 16): its toggle in View, "Open scenario…" after the cluster's Save.
  scenario_ = addScenarioDock(this, catalog_, [this] { return composition_->composition(); }, viewMenu_, nullptr);
  fileMenu_->insertAction(exportJsonAction_, scenario_->menuOpenAction());
  languageMenu_ = viewMenu_->addMenu(QString());
  languageMenu_->addActions(languageGroup_->actions());
  addActions(composer_->editActions());
  updateRecentMenu();
}

void MainWindow::createDocks() {
  composer_ = new ComposerPanel(composition_, palette_, this);
  composerDock_ = new QDockWidget(this);
  composerDock_->setObjectName(QStringLiteral("ComposerDock"));
  composerDock_->setWidget(composer_);
  addDockWidget(Qt::LeftDockWidgetArea, composerDock_);

  auto* settings = new QWidget(this);
  training_ = new TrainingPanel(settings);
  plannerPanel_ = new PlannerPanel(planAction_, cancelAction_, settings);
  auto* layout = new QVBoxLayout(settings);
  layout->addWidget(training_);
  layout->addWidget(plannerPanel_);
  layout->addStretch(1);
  settingsDock_ = new QDockWidget(this);
  settingsDock_->setObjectName(QStringLiteral("SettingsDock"));
  settingsDock_->setWidget(settings);
  addDockWidget(Qt::RightDockWidgetArea, settingsDock_);
}

QWidget* MainWindow::createAlternativesPage() {
  auto* page = new QWidget(tabs_);
  alternativesModel_ = new AlternativesModel(this);
  alternativesTable_ = new QTableView(page);
  alternativesTable_->setModel(alternativesModel_);
  alternativesTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
  alternativesTable_->verticalHeader()->hide();
  alternativesTable_->horizontalHeader()->setStretchLastSection(true);
  alternativesTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  alternativesTable_->horizontalHeader()->setSectionResizeMode(AlternativesModel::NoteColumn, QHeaderView::Stretch);
  // One line per planner; the whole reason of the current row (or of the first planner without a
  // plan) is written out under the table.
  alternativesTable_->setWordWrap(false);
  alternativesTable_->setTextElideMode(Qt::ElideRight);
  alternativesTable_->horizontalHeader()->setMinimumSectionSize(60);
  alternativesDetail_ = new QLabel(page);
  alternativesDetail_->setObjectName(QStringLiteral("alternativesDetail"));
  alternativesDetail_->setWordWrap(true);
  alternativesDetail_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  alternatives_ = new AlternativesChart(page);
  compareHint_ = new QLabel(page);
  compareHint_->setWordWrap(true);
  compareBudgetLabel_ = new QLabel(page);
  compareBudget_ = new QDoubleSpinBox(page);
  compareBudget_->setObjectName(QStringLiteral("compareBudget"));
  compareBudget_->setRange(0.5, 3600);
  compareBudget_->setDecimals(1);
  compareBudget_->setValue(10);
  compareBudgetLabel_->setBuddy(compareBudget_);
  compareButton_ = new QPushButton(page);
  compareCancel_ = new QPushButton(page);
  compareStatus_ = new QLabel(page);
  compareStatus_->setWordWrap(true);
  // The budget on one line, the buttons on the next: on one line they made the tab 575 px wide
  // in German, more than half of a 1,024 px window.
  auto* budgetRow = new QHBoxLayout;
  budgetRow->addWidget(compareBudgetLabel_);
  budgetRow->addWidget(compareBudget_);
  budgetRow->addStretch(1);
  auto* buttonRow = new QHBoxLayout;
  buttonRow->addWidget(compareButton_);
  buttonRow->addWidget(compareCancel_);
  buttonRow->addStretch(1);
  auto* upper = new QWidget(page);
  auto* upperLayout = new QVBoxLayout(upper);
  upperLayout->setContentsMargins(0, 0, 0, 0);
  upperLayout->addWidget(alternativesTable_, 1);
  upperLayout->addWidget(alternativesDetail_);
  auto* split = new QSplitter(Qt::Vertical, page);
  split->addWidget(upper);
  split->addWidget(alternatives_);
  // The chart starts with two fifths of the height: from size hints alone the table took
  // nearly all of it (its rows scroll), and with twelve planners the chart's turned labels left
  // its bars a fifth of what remained.
  split->setSizes({600, 400});
  auto* layout = new QVBoxLayout(page);
  layout->addWidget(compareHint_);
  layout->addLayout(budgetRow);
  layout->addLayout(buttonRow);
  layout->addWidget(compareStatus_);
  layout->addWidget(split, 1);
  connect(compareButton_, &QPushButton::clicked, compareAction_, &QAction::trigger);
  connect(compareCancel_, &QPushButton::clicked, alternativesRunner_, &AlternativesRunner::cancel);
  connect(alternativesModel_, &AlternativesModel::selectionChanged, this, &MainWindow::updateAlternativesControls);
  connect(alternativesTable_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &MainWindow::updateAlternativesDetail);
  connect(alternativesModel_, &QAbstractItemModel::dataChanged, this, &MainWindow::updateAlternativesDetail);
  connect(alternativesModel_, &QAbstractItemModel::modelReset, this, &MainWindow::updateAlternativesDetail);
  return page;
}

void MainWindow::createCentral() {
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  emptyHint_ = new QLabel(central);
  emptyHint_->setAlignment(Qt::AlignCenter);
  emptyHint_->setWordWrap(true);
  staleBanner_ = new QLabel(central);
  staleBanner_->setWordWrap(true);
  staleBanner_->setStyleSheet(QStringLiteral("QLabel { background: #F0E442; color: black; padding: 4px; }"));
  staleBanner_->hide();
  resultLine_ = new QLabel(central);
  resultLine_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  resultLine_->setWordWrap(true);
  QFont big = resultLine_->font();
  big.setPointSizeF(big.pointSizeF() * 1.2);
  big.setBold(true);
  resultLine_->setFont(big);
  resultLine_->hide();
  tabs_ = new QTabWidget(central);
  planView_ = new PlanView(catalog_, tabs_);
  planScroll_ = new QScrollArea(tabs_);
  planScroll_->setWidget(planView_);
  planScroll_->setWidgetResizable(true);  // fills the tab, scrolls when the plan is larger
  memoryChart_ = new MemoryChart(tabs_);
  timelinePage_ = new QWidget(tabs_);
  timeline_ = new TimelineView(catalog_, timelinePage_);
  timelineTemplateLabel_ = new QLabel(timelinePage_);
  timelineTemplate_ = new QComboBox(timelinePage_);
  timelineTemplateLabel_->setBuddy(timelineTemplate_);
  auto* timelineScroll = new QScrollArea(timelinePage_);
  timelineScroll->setWidget(timeline_);
  timelineScroll->setWidgetResizable(true);
  auto* timelineControls = new QHBoxLayout;
  timelineControls->addWidget(timelineTemplateLabel_);
  timelineControls->addWidget(timelineTemplate_);
  timelineControls->addStretch(1);
  auto* timelineLayout = new QVBoxLayout(timelinePage_);
  timelineLayout->setContentsMargins(0, 0, 0, 0);
  timelineLayout->addLayout(timelineControls);
  timelineLayout->addWidget(timelineScroll, 1);
  connect(timelineTemplate_, &QComboBox::currentIndexChanged, this,
          [this](int i) { timeline_->setTemplateShown(timelineTemplate_->itemData(i).toInt()); });
  replay_ = new ReplayPanel(catalog_, tabs_);
  alternativesPage_ = createAlternativesPage();
  whyDropped_ = new WhyDroppedModel(&catalog_, this);
  whyDroppedView_ = new QTableView(tabs_);
  whyDroppedView_->setModel(whyDropped_);
  whyDroppedView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  whyDroppedView_->setSelectionMode(QAbstractItemView::SingleSelection);
  whyDroppedView_->setWordWrap(true);
  whyDroppedView_->verticalHeader()->hide();
  whyDroppedView_->horizontalHeader()->setStretchLastSection(true);
  whyDroppedView_->horizontalHeader()->setSectionResizeMode(WhyDroppedModel::GpuTypeColumn, QHeaderView::ResizeToContents);
  whyDroppedView_->horizontalHeader()->setSectionResizeMode(WhyDroppedModel::NodesColumn, QHeaderView::Interactive);
  whyDroppedView_->horizontalHeader()->setSectionResizeMode(WhyDroppedModel::GpusColumn, QHeaderView::ResizeToContents);
  whyDroppedView_->setColumnWidth(WhyDroppedModel::NodesColumn, 170);
  whyDroppedView_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // Row heights follow the reason column's width, so a row is as tall as its wrapped reason.
  connect(whyDroppedView_->horizontalHeader(), &QHeaderView::sectionResized, whyDroppedView_,
          [this] { whyDroppedView_->resizeRowsToContents(); });
  connect(whyDroppedView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &MainWindow::onWhyDroppedSelected);
  whatIfEditor_ = new WhatIfEditor(catalog_, whatIf_, tabs_);
  summary_ = new QPlainTextEdit(tabs_);
  summary_->setReadOnly(true);
  for (QWidget* page : std::initializer_list<QWidget*>{planScroll_, memoryChart_, timelinePage_, replay_,
                                                       alternativesPage_, whyDroppedView_, whatIfEditor_, summary_})
    tabs_->addTab(page, QString());
  tabs_->setUsesScrollButtons(true);
  connect(tabs_, &QTabWidget::currentChanged, this, &MainWindow::updateUndoTexts);
  // The tabs are there from the start (laid out once, not at the first result, which would
  // block the event loop for tens of ms when a large plan arrives); they open with the plan.
  for (int t = 0; t < tabs_->count(); ++t) tabs_->setTabEnabled(t, t == PlanTab);
  layout->addWidget(staleBanner_);
  layout->addWidget(resultLine_);
  layout->addWidget(emptyHint_);
  layout->addWidget(tabs_, 1);
  setCentralWidget(central);
}

QWidget* MainWindow::tabPage(Tab tab) const { return tabs_->widget(static_cast<int>(tab)); }

void MainWindow::retranslate() {
  setWindowTitle(tr("Arachne Plan Explorer"));
  composerDock_->setWindowTitle(tr("Cluster composer"));
  settingsDock_->setWindowTitle(tr("Model, training and planner"));
  fileMenu_->setTitle(tr("&File"));
  recentMenu_->setTitle(tr("Open &recent"));
  editMenu_->setTitle(tr("&Edit"));
  presetsMenu_->setTitle(tr("&Presets"));
  planMenu_->setTitle(tr("Pla&n"));
  viewMenu_->setTitle(tr("&View"));
  languageMenu_->setTitle(tr("&Language"));
  openAction_->setText(tr("&Open cluster…"));
  saveAction_->setText(tr("&Save cluster as…"));
  exportJsonAction_->setText(tr("&Export plan JSON…"));
  exportPngAction_->setText(tr("Export current view as &PNG…"));
  exportPdfAction_->setText(tr("Export current view as P&DF…"));
  copySummaryAction_->setText(tr("&Copy plan summary"));
  quitAction_->setText(tr("&Quit"));
  planAction_->setText(tr("&Plan (F5)"));
  cancelAction_->setText(tr("&Cancel (Esc)"));
  compareAction_->setText(tr("Compare with &other planners"));
  updateUndoTexts();
  compareHint_->setText(tr("Tick the planners to run on the input of the plan on screen. They run in the background, "
                           "in parallel on %n worker thread(s), each with the budget below.", nullptr,
                           alternativesRunner_->poolSize()));
  compareBudgetLabel_->setText(tr("Budget pe&r planner:"));  // Alt+P is the Presets menu
  compareBudget_->setSuffix(tr(" s"));
  compareButton_->setText(tr("Run the ticked planners (Shift+F5)"));
  compareCancel_->setText(tr("Stop"));
  timelineTemplateLabel_->setText(tr("&Template:"));
  emptyHint_->setText(tr("No plan yet. Compose a cluster, choose a model and press Plan (F5)."));
  staleBanner_->setText(tr("The cluster or the training settings changed after this plan was made. Press F5 to plan again."));
  // Short names: the eight tabs fit the window in every language.
  tabs_->setTabText(PlanTab, tr("Plan"));
  tabs_->setTabText(MemoryTab, tr("Memory"));
  tabs_->setTabText(TimelineTab, tr("Timeline"));
  tabs_->setTabText(ReplayTab, tr("Replay"));
  tabs_->setTabText(AlternativesTab, tr("Alternatives"));
  tabs_->setTabText(DroppedTab, tr("Why dropped"));
  tabs_->setTabText(WhatIfTab, tr("What if"));
  tabs_->setTabText(SummaryTab, tr("Summary"));
  tabs_->setTabToolTip(TimelineTab, tr("1F1B timeline of one iteration"));
  tabs_->setTabToolTip(ReplayTab, tr("Construction replay: the planner's steps"));
  tabs_->setTabToolTip(WhatIfTab, tr("What-if editor: change the plan by hand"));
  if (result_) updateResultTexts();
  else if (infeasible_) showInfeasible();
  updateCompositionStatus();
  updateAlternativesControls();
  setCompareNote(compareNote_, comparePlanners_);
}

QUndoStack* MainWindow::activeUndoStack() const {
  return tabs_ && tabs_->currentIndex() == WhatIfTab ? whatIf_->undoStack() : undo_;
}

void MainWindow::updateUndoTexts() {
  // Command texts are made in the language of the moment they were pushed.
  const QUndoStack* stack = activeUndoStack();
  undoAction_->setEnabled(stack->canUndo());
  redoAction_->setEnabled(stack->canRedo());
  undoAction_->setText(stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
  redoAction_->setText(stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
}

void MainWindow::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) {
    followDefaultLocale();
    retranslate();
  }
  QMainWindow::changeEvent(e);
}

void MainWindow::followDefaultLocale() {
  // Language::apply sets QLocale's default, which only widgets made later take: the spin boxes
  // kept their old locale ("10.0 s" in a German window). The window's locale reaches every
  // child that has none of its own, and each re-formats its value.
  setLocale(QLocale());
}

void MainWindow::updateCompositionStatus() {
  if (statusComposition_) statusComposition_->setText(composition_->summaryText());
}

void MainWindow::markStale() {
  runner_.invalidate();
  // A comparison belongs to the input of the plan on screen: its results go with it.
  if (alternativesRunner_->isRunning() || !alternativesModel_->shownResults().empty()) {
    alternativesRunner_->invalidate();
    if (result_) {
      alternativesModel_->clearResults(tr("input changed"));
      setCompareNote(CompareNote::Dropped);
      updateAlternativesChart();
    }
  }
  if ((result_ || infeasible_) && !stale_) {
    stale_ = true;
    staleBanner_->show();
  }
  updateAlternativesControls();
}

bool MainWindow::loadCluster(const QString& spec, QString* error) {
  try {
    Composition c = resolveCluster(spec.toStdString(), catalog_);
    composition_->loadComposition(c, c.name.empty() ? spec : QString::fromStdString(c.name));
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    statusBar()->showMessage(QString::fromStdString(e.what()), 10000);
    return false;
  }
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (!docksSized_) {
    docksSized_ = true;
    // As wide as their rows want (280 px at least), but a quarter of the window at most: the
    // centre starts with half of it. Narrower, their rows wrap.
    const auto start = [this](QDockWidget* d) { return std::min(std::max(280, d->sizeHint().width()), width() / 4 - 4); };
    resizeDocks({composerDock_, settingsDock_}, {start(composerDock_), start(settingsDock_)}, Qt::Horizontal);
  }
}

void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  if (isVisible()) keepHalfForTheCentre();
}

void MainWindow::keepHalfForTheCentre() {
  // A shrinking window takes its width from the centre while the side docks keep theirs: at
  // 1,024 px the tabs had a third of it. What the centre lacks of half the window comes out of
  // the docks instead, each down to its minimum; a dock the user widened in a large window
  // stays as it is until the window is made smaller.
  const int lack = width() / 2 - centralWidget()->width();
  QList<QDockWidget*> docks;
  for (QDockWidget* d : {composerDock_, settingsDock_})
    if (d->isVisible() && !d->isFloating() &&
        (dockWidgetArea(d) == Qt::LeftDockWidgetArea || dockWidgetArea(d) == Qt::RightDockWidgetArea))
      docks << d;
  if (lack <= 0 || docks.isEmpty()) return;
  const int share = (lack + static_cast<int>(docks.size()) - 1) / static_cast<int>(docks.size());
  QList<int> widths;
  for (QDockWidget* d : docks) widths << std::max(d->minimumSizeHint().width(), d->width() - share);
  resizeDocks(docks, widths, Qt::Horizontal);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (useSettings_) {
    AppSettings::saveWindow(this);
    AppSettings::setBudgetSeconds(plannerPanel_->budgetSeconds());
    if (!plannerPanel_->planner().isEmpty()) AppSettings::setDefaultPlanner(plannerPanel_->planner());
  }
  runner_.stop();
  alternativesRunner_->cancel();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls())
    for (const QUrl& url : event->mimeData()->urls())
      if (url.isLocalFile() && url.toLocalFile().endsWith(QLatin1String(".json"))) {
        event->acceptProposedAction();
        return;
      }
}

void MainWindow::dropEvent(QDropEvent* event) {
  for (const QUrl& url : event->mimeData()->urls())
    if (url.isLocalFile() && url.toLocalFile().endsWith(QLatin1String(".json"))) {
      openClusterFile(url.toLocalFile());
      event->acceptProposedAction();
      return;
    }
}

}  // namespace arachne::gui
