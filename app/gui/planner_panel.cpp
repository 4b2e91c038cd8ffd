// PlannerPanel: a form over the planner registry and the run's progress.
#include "planner_panel.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cstring>
#include <utility>

#include "core_text.h"
#include "plan/texts.h"
#include "wrapped_label.h"

namespace arachne::gui {

PlannerPanel::PlannerPanel(QAction* plan, QAction* cancel, QWidget* parent)
    : QWidget(parent), plannerLabel_(new QLabel(this)), budgetLabel_(new QLabel(this)), planner_(new QComboBox(this)),
      budget_(new QDoubleSpinBox(this)), planButton_(new QToolButton(this)),
      cancelButton_(new QToolButton(this)), progress_(new QProgressBar(this)),
      message_(new WrappedLabel(this)), policyNote_(new WrappedLabel(this)), warning_(new WrappedLabel(this)) {
  budget_->setRange(0.5, 3600);
  budget_->setDecimals(1);
  budget_->setValue(10);
  planButton_->setDefaultAction(plan);
  cancelButton_->setDefaultAction(cancel);
  planButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  cancelButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  planButton_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  cancelButton_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(planButton_);
  buttons->addWidget(cancelButton_);
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  progress_->setTextVisible(false);
  progress_->hide();  // shown while a run is in progress
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  policyNote_->setWordWrap(true);
  policyNote_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  policyNote_->hide();
  // The warning must stand out from the status line above it: bold dark red.
  warning_->setWordWrap(true);
  warning_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  warning_->setStyleSheet(QStringLiteral("QLabel { color: #b00020; font-weight: bold; }"));
  warning_->hide();
  plannerLabel_->setBuddy(planner_);
  budgetLabel_->setBuddy(budget_);
  // Rows in a box layout, not a QFormLayout: a form gives a word-wrapped label that spans its
  // columns the height of another width (the policy note's second line was cut); a box layout
  // asks each label its height for the width it gets. retranslate() gives the two row labels
  // one width, so the fields line up as in a form.
  const auto row = [](QLabel* label, QWidget* field) {
    auto* r = new QHBoxLayout;
    r->addWidget(label);
    r->addWidget(field, 1);
    return r;
  };
  auto* column = new QVBoxLayout(this);
  column->addLayout(row(plannerLabel_, planner_));
  column->addWidget(policyNote_);
  column->addLayout(row(budgetLabel_, budget_));
  column->addLayout(buttons);
  column->addWidget(progress_);
  column->addWidget(message_);
  column->addWidget(warning_);
  connect(planner_, &QComboBox::currentTextChanged, this, &PlannerPanel::updatePolicyNote);
  retranslate();
}

void PlannerPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void PlannerPanel::retranslate() {
  plannerLabel_->setText(tr("P&lanner:"));
  budgetLabel_->setText(tr("&Budget:"));
  for (QLabel* l : {plannerLabel_, budgetLabel_}) l->setMinimumWidth(0);
  const int labelWidth = std::max(plannerLabel_->sizeHint().width(), budgetLabel_->sizeHint().width());
  for (QLabel* l : {plannerLabel_, budgetLabel_}) l->setMinimumWidth(labelWidth);
  budget_->setSuffix(tr(" s"));
  budget_->setToolTip(tr("Wall-clock limit of the planner"));
  updatePolicyNote();
  if (loadingPolicy_) message_->setText(tr("Loading the learned policy (LibTorch) for %1…").arg(planner()));
}

void PlannerPanel::setAvailability(std::function<PlannerAvailability(const std::string&)> availability) {
  availability_ = std::move(availability);
  updatePolicyNote();
}

void PlannerPanel::updatePolicyNote() {
  const PlannerAvailability a = availability_ ? availability_(planner().toStdString()) : PlannerAvailability{};
  QString note;
  switch (a.policy) {
    case PlannerAvailability::Policy::None: break;
    case PlannerAvailability::Policy::NotLoaded:
      note = tr("Learned planner: its policy (LibTorch) loads when it first plans, which takes a few seconds.");
      break;
    case PlannerAvailability::Policy::Loading: note = tr("Learned planner: its policy is loading."); break;
    case PlannerAvailability::Policy::Loaded: note = tr("Learned planner: its policy library (LibTorch) is loaded."); break;
    case PlannerAvailability::Policy::Unavailable:
      note = tr("Learned planner, but its policy cannot be used (%1): it will plan with greedy.")
                 .arg(QString::fromStdString(a.problem));
      break;
  }
  policyNote_->setText(note);
  policyNote_->setVisible(!note.isEmpty());
}

QString PlannerPanel::policyNote() const { return policyNote_->text(); }

void PlannerPanel::setWarning(const QString& text) {
  warning_->setText(text);
  warning_->setVisible(!text.isEmpty());
}

QString PlannerPanel::warning() const { return warning_->text(); }

void PlannerPanel::setPlannerNames(const std::vector<std::string>& names) {
  const QString current = planner();
  planner_->clear();
  for (const auto& n : names) planner_->addItem(QString::fromStdString(n));
  selectPlanner(current);
}

QString PlannerPanel::planner() const { return planner_->currentText(); }

bool PlannerPanel::selectPlanner(const QString& name) {
  const int i = planner_->findText(name);
  if (i >= 0) planner_->setCurrentIndex(i);
  return i >= 0;
}

double PlannerPanel::budgetSeconds() const { return budget_->value(); }
void PlannerPanel::setBudgetSeconds(double seconds) { budget_->setValue(seconds); }

void PlannerPanel::setRunning(bool running, double budgetSeconds) {
  runBudget_ = budgetSeconds;
  progress_->setVisible(running);
  planner_->setEnabled(!running);
  budget_->setEnabled(!running);
  if (running) {
    progress_->setRange(0, 0);  // busy until the planner can tell a fraction
    setWarning(QString());
    // A learned planner whose policy is not loaded yet spends its first seconds loading it, on
    // the worker; that state ends with the planner's first progress report.
    const PlannerAvailability a = availability_ ? availability_(planner().toStdString()) : PlannerAvailability{};
    loadingPolicy_ = a.policy == PlannerAvailability::Policy::NotLoaded || a.policy == PlannerAvailability::Policy::Loading;
    message_->setText(loadingPolicy_ ? tr("Loading the learned policy (LibTorch) for %1…").arg(planner())
                                     : tr("Starting the planner…"));
    if (loadingPolicy_) policyNote_->setText(tr("Learned planner: its policy is loading."));
  } else {
    loadingPolicy_ = false;
    updatePolicyNote();  // the policy may have loaded, or failed to
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setTextVisible(false);
  }
}

void PlannerPanel::setProgress(const PlannerProgress& p) {
  if (loadingPolicy_) {
    loadingPolicy_ = false;
    updatePolicyNote();
  }
  // A learned planner that cannot use its policy says so first: show it as the warning it is.
  if (p.message.rfind("warning:", 0) == 0) setWarning(tr("Warning: %1").arg(QString::fromStdString(p.message.substr(9))));
  // The planner's own fraction when it can tell one, else the share of the budget spent.
  const double fraction = p.fraction >= 0 ? p.fraction : runBudget_ > 0 ? p.elapsed_s / runBudget_ : -1;
  if (fraction >= 0) {
    progress_->setRange(0, 1000);
    progress_->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 1000));
    progress_->setFormat(p.fraction >= 0 ? tr("%p% of the search") : tr("%p% of the budget"));
    progress_->setTextVisible(true);
  }
  const QLocale l;
  QString text = p.best_sequences_per_s > 0
                     ? tr("%1 plans evaluated in %2 s, best %3 sequences/s")
                           .arg(l.toString(p.evaluations))
                           .arg(l.toString(p.elapsed_s, 'f', 1))
                           .arg(l.toString(p.best_sequences_per_s, 'f', 2))
                     : tr("%1 plans evaluated in %2 s, no feasible plan yet")
                           .arg(l.toString(p.evaluations))
                           .arg(l.toString(p.elapsed_s, 'f', 1));
  // The second line is the planner's own, in the user's language when it gave it as data; the
  // default "N plans, best X" line repeats the first and is left out.
  if (!p.reason.empty() && std::strcmp(p.reason.text, text::kProgressPlans) != 0)
    text += QLatin1Char('\n') + coreText(p.reason);
  else if (p.reason.empty() && !p.message.empty() && p.message.rfind("warning:", 0) != 0)
    text += QLatin1Char('\n') + QString::fromStdString(p.message);
  message_->setText(text);
}

void PlannerPanel::setStatus(const QString& text) { message_->setText(text); }
QString PlannerPanel::status() const { return message_->text(); }

}  // namespace arachne::gui
