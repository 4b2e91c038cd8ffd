// MainWindow: construction of actions, menus, docks and tabs, and their translations.
#include "main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include "alternatives_chart.h"
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
#include "replay_panel.h"
#include "timeline_view.h"
#include "training_panel.h"
#include "why_dropped_model.h"

namespace arachne::gui {

MainWindow::MainWindow(const GpuCatalog& catalog, const PlanningBackend& backend, QWidget* parent)
    : QMainWindow(parent), catalog_(catalog), backend_(backend), undo_(new QUndoStack(this)),
      composition_(new CompositionModel(catalog, undo_, this)),
      palette_(new GpuPaletteModel(catalog, this)) {
  setObjectName(QStringLiteral("MainWindow"));
  setAcceptDrops(true);
  createActions();
  createDocks();
  createCentral();
  createMenus();
  statusComposition_ = new QLabel(this);
  statusBar()->addPermanentWidget(statusComposition_);

  plannerPanel_->setPlannerNames(backend_.plannerNames());
  if (!plannerPanel_->selectPlanner(AppSettings::defaultPlanner()))
    plannerPanel_->selectPlanner(QStringLiteral("greedy"));
  plannerPanel_->setBudgetSeconds(AppSettings::budgetSeconds());

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
  connect(&compareRunner_, &PlanningRunner::planReady, this, &MainWindow::onComparisonReady);
  connect(&compareRunner_, &PlanningRunner::failed, this, [this](quint64, const QString& msg) {
    compareResults_.push_back({comparePlanner_, false, 0, 0, 0, false, msg});
    runNextComparison();
  });
  connect(&compareRunner_, &PlanningRunner::staleDropped, this, [this] {
    compareQueue_.clear();
    compareStatus_->setText(tr("The input changed; the comparison was dropped."));
  });

  retranslate();
  updateCompositionStatus();
  resize(1400, 900);
  docksSized_ = AppSettings::restoreWindow(this);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
  openAction_ = new QAction(this);
  openAction_->setShortcut(QKeySequence::Open);
  connect(openAction_, &QAction::triggered, this, &MainWindow::openClusterDialog);
  saveAction_ = new QAction(this);
  saveAction_->setShortcut(QKeySequence::SaveAs);
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
  quitAction_->setShortcut(QKeySequence::Quit);
  connect(quitAction_, &QAction::triggered, this, &QWidget::close);
  // Own actions rather than QUndoStack::createUndoAction(): those keep their text through a
  // language change until the stack changes again.
  undoAction_ = new QAction(this);
  undoAction_->setShortcut(QKeySequence::Undo);
  undoAction_->setEnabled(false);
  connect(undoAction_, &QAction::triggered, undo_, &QUndoStack::undo);
  connect(undo_, &QUndoStack::canUndoChanged, undoAction_, &QAction::setEnabled);
  connect(undo_, &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoTexts);
  redoAction_ = new QAction(this);
  redoAction_->setShortcut(QKeySequence::Redo);
  redoAction_->setEnabled(false);
  connect(redoAction_, &QAction::triggered, undo_, &QUndoStack::redo);
  connect(undo_, &QUndoStack::canRedoChanged, redoAction_, &QAction::setEnabled);
  connect(undo_, &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoTexts);
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
  connect(languageGroup_, &QActionGroup::triggered, this, [](QAction* a) {
    if (Language::apply(a->data().toString())) AppSettings::setLanguage(a->data().toString());
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
  planScroll_->setWidgetResizable(true);
  memoryChart_ = new MemoryChart(tabs_);
  timeline_ = new TimelineView(catalog_, tabs_);
  replay_ = new ReplayPanel(catalog_, tabs_);
  alternativesPage_ = new QWidget(tabs_);
  alternatives_ = new AlternativesChart(alternativesPage_);
  compareButton_ = new QPushButton(alternativesPage_);
  compareStatus_ = new QLabel(alternativesPage_);
  compareStatus_->setWordWrap(true);
  auto* altLayout = new QVBoxLayout(alternativesPage_);
  altLayout->addWidget(compareButton_);
  altLayout->addWidget(compareStatus_);
  altLayout->addWidget(alternatives_, 1);
  connect(compareButton_, &QPushButton::clicked, compareAction_, &QAction::trigger);
  whyDropped_ = new WhyDroppedModel(this);
  whyDroppedView_ = new QTableView(tabs_);
  whyDroppedView_->setModel(whyDropped_);
  whyDroppedView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  whyDroppedView_->setSelectionMode(QAbstractItemView::SingleSelection);
  whyDroppedView_->horizontalHeader()->setStretchLastSection(true);
  whyDroppedView_->setWordWrap(true);
  whyDroppedView_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  whyDroppedView_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  whyDroppedView_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  whyDroppedView_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  connect(whyDroppedView_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &MainWindow::onWhyDroppedSelected);
  summary_ = new QPlainTextEdit(tabs_);
  summary_->setReadOnly(true);
  for (QWidget* page : std::initializer_list<QWidget*>{planScroll_, memoryChart_, timeline_, replay_,
                                                       alternativesPage_, whyDroppedView_, summary_})
    tabs_->addTab(page, QString());
  tabs_->hide();
  layout->addWidget(staleBanner_);
  layout->addWidget(resultLine_);
  layout->addWidget(emptyHint_, 1);
  layout->addWidget(tabs_, 1);
  setCentralWidget(central);
}

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
  compareButton_->setText(tr("Run the other planners on the same input (in the background)"));
  emptyHint_->setText(tr("No plan yet. Compose a cluster, choose a model and press Plan (F5)."));
  staleBanner_->setText(tr("The cluster or the training settings changed after this plan was made. Press F5 to plan again."));
  tabs_->setTabText(0, tr("Plan"));
  tabs_->setTabText(1, tr("Memory"));
  tabs_->setTabText(2, tr("1F1B timeline"));
  tabs_->setTabText(3, tr("Construction replay"));
  tabs_->setTabText(4, tr("Alternatives"));
  tabs_->setTabText(5, tr("Why dropped"));
  tabs_->setTabText(6, tr("Summary"));
  if (result_) showResult();
  updateCompositionStatus();
}

void MainWindow::updateUndoTexts() {
  // Command texts are made in the language of the moment they were pushed.
  undoAction_->setText(undo_->canUndo() ? tr("&Undo %1").arg(undo_->undoText()) : tr("&Undo"));
  redoAction_->setText(undo_->canRedo() ? tr("&Redo %1").arg(undo_->redoText()) : tr("&Redo"));
}

void MainWindow::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QMainWindow::changeEvent(e);
}

void MainWindow::updateCompositionStatus() {
  if (statusComposition_) statusComposition_->setText(composition_->summaryText());
}

void MainWindow::markStale() {
  runner_.invalidate();
  compareRunner_.invalidate();
  if (result_ && !stale_) {
    stale_ = true;
    staleBanner_->show();
  }
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
    resizeDocks({composerDock_, settingsDock_}, {280, 280}, Qt::Horizontal);
  }
}

void MainWindow::closeEvent(QCloseEvent* event) {
  AppSettings::saveWindow(this);
  AppSettings::setBudgetSeconds(plannerPanel_->budgetSeconds());
  if (!plannerPanel_->planner().isEmpty()) AppSettings::setDefaultPlanner(plannerPanel_->planner());
  runner_.stop();
  compareRunner_.stop();
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
