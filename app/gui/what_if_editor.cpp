// WhatIfEditor: controls over the session's edits, the plan, memory bars and timeline.
#include "what_if_editor.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

#include "core_text.h"
#include "memory_chart.h"
#include "plan_view.h"
#include "time_format.h"
#include "timeline_view.h"
#include "what_if_session.h"

namespace arachne::gui {

WhatIfEditor::WhatIfEditor(const GpuCatalog& catalog, WhatIfSession* session, QWidget* parent)
    : QWidget(parent), session_(session), planView_(new PlanView(catalog, this)),
      memory_(new MemoryChart(this)), timeline_(new TimelineView(catalog, this)), hint_(new QLabel(this)),
      summary_(new QLabel(this)), violations_(new QLabel(this)), templateBox_(new QGroupBox(this)),
      stageBox_(new QGroupBox(this)), replicasLabel_(new QLabel(this)), microBatchLabel_(new QLabel(this)),
      depthLabel_(new QLabel(this)), tpLabel_(new QLabel(this)), layersLabel_(new QLabel(this)),
      replicas_(new QSpinBox(this)), microBatch_(new QComboBox(this)), depth_(new QSpinBox(this)),
      tp_(new QComboBox(this)), layers_(new QSpinBox(this)), undo_(new QToolButton(this)),
      redo_(new QToolButton(this)), reset_(new QPushButton(this)) {
  hint_->setWordWrap(true);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont bold = summary_->font();
  bold.setBold(true);
  summary_->setFont(bold);
  violations_->setWordWrap(true);
  violations_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  violations_->setStyleSheet(QStringLiteral("QLabel { color: #A0301A; }"));
  replicas_->setRange(1, WhatIfSession::kMaxReplicas);
  depth_->setRange(1, WhatIfSession::kMaxDepth);
  layers_->setRange(1, 1000);
  // Own actions with a fixed text (the stack's own would grow with each command's text); the
  // command's text is the tooltip.
  QUndoStack* stack = session_->undoStack();
  auto* undo = new QAction(this);
  auto* redo = new QAction(this);
  undo->setEnabled(false);
  redo->setEnabled(false);
  connect(undo, &QAction::triggered, stack, &QUndoStack::undo);
  connect(redo, &QAction::triggered, stack, &QUndoStack::redo);
  connect(stack, &QUndoStack::canUndoChanged, undo, &QAction::setEnabled);
  connect(stack, &QUndoStack::canRedoChanged, redo, &QAction::setEnabled);
  connect(stack, &QUndoStack::undoTextChanged, undo, &QAction::setToolTip);
  connect(stack, &QUndoStack::redoTextChanged, redo, &QAction::setToolTip);
  undo_->setDefaultAction(undo);
  redo_->setDefaultAction(redo);
  // As wide as the column, like the reset button below them; never narrower than their text.
  for (QToolButton* b : {undo_, redo_}) {
    b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  }

  auto* tform = new QFormLayout(templateBox_);
  tform->addRow(replicasLabel_, replicas_);
  tform->addRow(microBatchLabel_, microBatch_);
  tform->addRow(depthLabel_, depth_);
  auto* sform = new QFormLayout(stageBox_);
  sform->addRow(tpLabel_, tp_);
  sform->addRow(layersLabel_, layers_);
  auto* controls = new QVBoxLayout;
  controls->addWidget(hint_);
  controls->addWidget(templateBox_);
  controls->addWidget(stageBox_);
  // One above the other: side by side "Änderung rückgängig" and "Änderung wiederholen" needed
  // more than the column's width and were cut on both sides.
  controls->addWidget(undo_);
  controls->addWidget(redo_);
  controls->addWidget(reset_);
  controls->addStretch(1);
  controls_ = new QWidget(this);
  controls_->setLayout(controls);
  memory_->setMinimumWidth(200);

  auto* scroll = new QScrollArea(this);
  scroll->setWidget(planView_);
  scroll->setWidgetResizable(true);
  auto* timelineScroll = new QScrollArea(this);
  timelineScroll->setWidget(timeline_);
  timelineScroll->setWidgetResizable(true);
  // Memory bars and timeline take turns below the plan, each with the editor's whole width.
  // Each chart, or in its place why there is nothing to draw.
  auto note = [this] {
    auto* l = new QLabel(this);
    l->setWordWrap(true);
    l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setMargin(12);
    return l;
  };
  memoryNote_ = note();
  memoryPage_ = new QStackedWidget(this);
  memoryPage_->addWidget(memory_);
  memoryPage_->addWidget(memoryNote_);
  timelineNote_ = note();
  timelinePage_ = new QStackedWidget(this);
  timelinePage_->addWidget(timelineScroll);
  timelinePage_->addWidget(timelineNote_);
  charts_ = new QTabWidget(this);
  charts_->addTab(memoryPage_, QString());
  charts_->addTab(timelinePage_, QString());
  auto* charts = charts_;
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(scroll);
  split->addWidget(charts);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto* top = new QHBoxLayout;
  top->addWidget(controls_);
  top->addWidget(split, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(summary_);
  layout->addWidget(violations_);
  layout->addLayout(top, 1);

  connect(session_, &WhatIfSession::changed, this, &WhatIfEditor::refresh);
  connect(planView_, &PlanView::stageClicked, this, &WhatIfEditor::selectStage);
  connect(replicas_, &QSpinBox::valueChanged, this, [this](int v) {
    if (!syncing_) session_->setReplicas(template_, v);
  });
  connect(depth_, &QSpinBox::valueChanged, this, [this](int v) {
    if (!syncing_) session_->setDepth(template_, v);
  });
  connect(layers_, &QSpinBox::valueChanged, this, [this](int v) {
    if (!syncing_) session_->setStageLayers(template_, stage_, v);
  });
  connect(microBatch_, &QComboBox::currentIndexChanged, this, [this] {
    if (!syncing_) session_->setMicroBatch(template_, microBatch_->currentData().toInt());
  });
  connect(tp_, &QComboBox::currentIndexChanged, this, [this] {
    if (!syncing_) session_->setTp(template_, stage_, tp_->currentData().toInt());
  });
  connect(reset_, &QPushButton::clicked, session_, &WhatIfSession::resetToPlanner);
  retranslate();
  refresh();
}

void WhatIfEditor::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) {
    retranslate();
    refresh();
  }
  QWidget::changeEvent(e);
}

void WhatIfEditor::retranslate() {
  hint_->setText(tr("Click a stage, then change it or its template. Every change is priced by the cost model at "
                    "once and is one step on the undo stack."));
  replicasLabel_->setText(tr("&Replicas:"));
  replicasLabel_->setBuddy(replicas_);
  microBatchLabel_->setText(tr("&Micro-batch:"));
  microBatchLabel_->setBuddy(microBatch_);
  depthLabel_->setText(tr("&Depth:"));
  depthLabel_->setBuddy(depth_);
  tpLabel_->setText(tr("&TP degree:"));
  tpLabel_->setBuddy(tp_);
  layersLabel_->setText(tr("&Layers:"));
  layersLabel_->setBuddy(layers_);
  layers_->setToolTip(tr("Layers of this stage; the next stage gives or takes the difference"));
  reset_->setText(tr("&Back to the planner's plan"));
  charts_->setTabText(0, tr("Memory"));
  charts_->setTabText(1, tr("Timeline"));
  undo_->defaultAction()->setText(tr("Undo edit"));
  redo_->defaultAction()->setText(tr("Redo edit"));
  fitControlsWidth();
}

void WhatIfEditor::fitControlsWidth() {
  // A narrow column leaves the plan and the charts the room; but never narrower than what its
  // labels and buttons need in this language (a fixed 260 px cut the German ones).
  constexpr int kPreferredWidth = 260;
  controls_->setMaximumWidth(std::max(kPreferredWidth, controls_->minimumSizeHint().width()));
}

void WhatIfEditor::selectStage(int t, int s) {
  template_ = t;
  stage_ = s;
  planView_->setSelectedStage(t, s);
  syncControls();
}

QString WhatIfEditor::summaryText() const { return summary_->text(); }
QString WhatIfEditor::violationsText() const { return violations_->text(); }
bool WhatIfEditor::memoryBarsShown() const { return memoryPage_->currentWidget() == memory_; }
QString WhatIfEditor::memoryNoteText() const { return memoryBarsShown() ? QString() : memoryNote_->text(); }
bool WhatIfEditor::timelineShown() const { return timelinePage_->currentIndex() == 0; }
QString WhatIfEditor::timelineNoteText() const { return timelineShown() ? QString() : timelineNote_->text(); }

void WhatIfEditor::refresh() {
  const Plan& plan = session_->plan();
  const PlanReport& r = session_->report();
  if (!session_->loaded() || plan.templates.empty()) {
    planView_->clear();
    memory_->clearPlan();
    timeline_->clear();
    memoryPage_->setCurrentWidget(memory_);
    timelinePage_->setCurrentIndex(0);
    summary_->setText(tr("Plan first (F5): the editor starts from the plan on screen."));
    violations_->clear();
    violations_->hide();
    templateBox_->setEnabled(false);
    stageBox_->setEnabled(false);
    reset_->setEnabled(false);
    return;
  }
  template_ = std::clamp(template_, 0, static_cast<int>(plan.templates.size()) - 1);
  stage_ = std::clamp(stage_, 0, plan.templates[static_cast<size_t>(template_)].depth() - 1);
  // The report goes to the views even when infeasible: memory bars then show what is over.
  planView_->setPlan(plan, r.templates.empty() ? std::nullopt : std::optional<PlanReport>(r), session_->model());
  planView_->setSelectedStage(template_, stage_);
  // When the cost model stopped before memory (an over-committed node), the bars still show
  // every stage's memory from the cost model; without figures for a stage, the violations.
  QStringList why;
  for (const Violation& v : r.violations) why << QStringLiteral("• ") + coreText(v.reason, v.message);
  if (const auto& figures = session_->memoryFigures()) {
    memory_->setPlan(plan, *figures);
    memoryPage_->setCurrentWidget(memory_);
  } else {
    memory_->clearPlan();
    memoryNote_->setText(tr("No memory figures for this plan: the cost model cannot price a stage's memory.") +
                         QStringLiteral("\n") + why.join(QLatin1Char('\n')));
    memoryPage_->setCurrentWidget(memoryNote_);
  }
  timeline_->setPlan(plan, r);
  if (timeline_->templateShown() >= 0) {
    timelinePage_->setCurrentIndex(0);
  } else {
    timelineNote_->setText(tr("No timeline for this plan: the cost model stopped before timing it.") + QStringLiteral("\n") +
                           why.join(QLatin1Char('\n')));
    timelinePage_->setCurrentWidget(timelineNote_);
  }
  const QLocale l;
  const PlanReport& base = session_->plannerReport();
  int gpus = plan.gpusUsed();
  if (r.feasible) {
    QString text = tr("%1 sequences/s · iteration %2 · %3 GPUs")
                       .arg(l.toString(r.throughput.sequences_per_s, 'f', 2), formatSeconds(r.iteration_time_s))
                       .arg(gpus);
    if (session_->edited() && base.feasible && base.throughput.sequences_per_s > 0)
      text += QStringLiteral(" · ") +
              tr("%1% against the planner's plan (%2 sequences/s)")
                  .arg(l.toString(100.0 * (r.throughput.sequences_per_s - base.throughput.sequences_per_s) /
                                      base.throughput.sequences_per_s, 'f', 1),
                       l.toString(base.throughput.sequences_per_s, 'f', 2));
    else if (!session_->edited())
      text += QStringLiteral(" · ") + tr("the planner's plan");
    summary_->setText(text);
    violations_->clear();
    violations_->hide();
  } else {
    summary_->setText(tr("This plan cannot run (%n violation(s)); the planner's plan makes %1 sequences/s.", nullptr,
                         static_cast<int>(r.violations.size()))
                          .arg(l.toString(base.throughput.sequences_per_s, 'f', 2)));
    // The first few, then how many more: a replica too many over-commits every node it lands on.
    constexpr int kShown = 6;
    QStringList all;
    for (const Violation& v : r.violations) all << QStringLiteral("• ") + coreText(v.reason, v.message);
    QStringList lines = all.mid(0, kShown);
    if (all.size() > kShown) lines << tr("… and %n more (hover here to see all)", nullptr, static_cast<int>(all.size()) - kShown);
    // The plan view then says "micro-batches not split"; here is why the editor shows no count.
    if (std::any_of(plan.templates.begin(), plan.templates.end(), [](const Template& t) { return t.micro_batches < 1; }))
      lines << tr("Micro-batches not split: the cost model splits the global batch by the templates' speeds, and "
                  "the violations above stopped it before that.");
    violations_->setText(lines.join(QLatin1Char('\n')));
    violations_->setToolTip(all.size() > kShown ? all.join(QLatin1Char('\n')) : QString());
    violations_->show();
  }
  reset_->setEnabled(session_->edited());
  syncControls();
}

void WhatIfEditor::syncControls() {
  const Plan& plan = session_->plan();
  const bool have = template_ >= 0 && template_ < static_cast<int>(plan.templates.size());
  templateBox_->setEnabled(have);
  stageBox_->setEnabled(have);
  if (!have) return;
  syncing_ = true;
  const Template& t = plan.templates[static_cast<size_t>(template_)];
  const Stage& st = t.stages[static_cast<size_t>(stage_)];
  templateBox_->setTitle(tr("Template %1").arg(template_ + 1));
  stageBox_->setTitle(tr("Stage %1 · %2").arg(stage_ + 1).arg(QString::fromStdString(st.gpu_type).toUpper()));
  replicas_->setValue(t.replicas);
  depth_->setMaximum(session_->maxDepth());
  depth_->setValue(t.depth());
  microBatch_->clear();
  for (int m : session_->microBatchChoices()) microBatch_->addItem(QString::number(m), m);
  if (microBatch_->findData(t.micro_batch) < 0) microBatch_->addItem(QString::number(t.micro_batch), t.micro_batch);
  microBatch_->setCurrentIndex(microBatch_->findData(t.micro_batch));
  tp_->clear();
  for (int k : session_->tpChoices(template_, stage_)) tp_->addItem(QString::number(k), k);
  if (tp_->findData(st.tp) < 0) tp_->addItem(QString::number(st.tp), st.tp);
  tp_->setCurrentIndex(tp_->findData(st.tp));
  const bool last = stage_ + 1 >= t.depth();
  layers_->setEnabled(!last);
  if (!last) {
    const Stage& nx = t.stages[static_cast<size_t>(stage_) + 1];
    layers_->setRange(1, (st.last_layer - st.first_layer + 1) + (nx.last_layer - nx.first_layer));
  } else {
    layers_->setRange(1, 1000);
  }
  layers_->setValue(st.last_layer - st.first_layer + 1);
  syncing_ = false;
  fitControlsWidth();  // the group boxes' titles name the stage's GPU type
}

}  // namespace arachne::gui
