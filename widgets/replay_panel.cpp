// ReplayPanel: slider + buttons over the construction steps, plan prefix, alternatives, rewards.
#include "replay_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSlider>
#include <QSplitter>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "core_text.h"
#include "plan_view.h"

namespace arachne::gui {

ReplayPanel::ReplayPanel(const GpuCatalog& catalog, QWidget* parent)
    : QWidget(parent), chart_(new QCustomPlot(this)), planView_(new PlanView(catalog, this)),
      scroll_(new QScrollArea(this)), slider_(new QSlider(Qt::Horizontal, this)),
      prev_(new QPushButton(this)), next_(new QPushButton(this)),
      prevKey_(new QShortcut(QKeySequence(Qt::ALT | Qt::Key_Left), this)),
      nextKey_(new QShortcut(QKeySequence(Qt::ALT | Qt::Key_Right), this)), label_(new QLabel(this)),
      alternatives_(new QLabel(this)) {
  auto* controls = new QHBoxLayout;
  controls->addWidget(prev_);
  controls->addWidget(slider_, 1);
  controls->addWidget(next_);
  scroll_->setWidget(planView_);
  scroll_->setWidgetResizable(true);
  auto* lower = new QWidget(this);
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  lowerLayout->addWidget(alternatives_);
  lowerLayout->addWidget(scroll_, 1);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(chart_);
  split->addWidget(lower);
  split->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(controls);
  layout->addWidget(label_);
  layout->addWidget(split, 1);
  label_->setWordWrap(true);
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  alternatives_->setWordWrap(true);
  alternatives_->setTextFormat(Qt::PlainText);  // rich text with wrapping costs tens of ms to lay out
  alternatives_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  chart_->setMinimumHeight(150);
  // The legend stands beside the bars: inside the axis rect it covered the first step's bar.
  auto* side = new QCPLayoutGrid;
  chart_->plotLayout()->addElement(0, 1, side);
  chart_->plotLayout()->setColumnStretchFactor(1, 0.001);
  side->addElement(0, 0, chart_->legend);
  side->setRowStretchFactor(0, 0.001);
  side->addElement(1, 0, new QCPLayoutElement(chart_));  // pushes the legend to the top
  side->setMargins(QMargins(0, 10, 8, 0));
  // Shortcuts of their own: a button's setText() replaces its shortcut by the text's mnemonic,
  // so keys set on the buttons would vanish at the first language change.
  for (QShortcut* k : {prevKey_, nextKey_}) k->setContext(Qt::WindowShortcut);
  connect(slider_, &QSlider::valueChanged, this, &ReplayPanel::setCurrentStep);
  connect(prev_, &QPushButton::clicked, this, [this] { setCurrentStep(current_ - 1); });
  connect(next_, &QPushButton::clicked, this, [this] { setCurrentStep(current_ + 1); });
  connect(prevKey_, &QShortcut::activated, this, [this] { setCurrentStep(current_ - 1); });
  connect(nextKey_, &QShortcut::activated, this, [this] { setCurrentStep(current_ + 1); });
  retranslate();
  setConstruction({});
}

void ReplayPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) {
    retranslate();
    rebuildChart();
  }
  QWidget::changeEvent(e);
}

void ReplayPanel::retranslate() {
  prev_->setText(tr("◀ Previous step"));
  next_->setText(tr("Next step ▶"));
  prev_->setToolTip(tr("Previous construction step (Alt+Left)"));
  next_->setToolTip(tr("Next construction step (Alt+Right)"));
  setCurrentStep(current_);
}

void ReplayPanel::setConstruction(const std::vector<ConstructionStep>& steps, const std::optional<Model>& model) {
  steps_ = steps;
  model_ = model;
  const QSignalBlocker block(slider_);
  slider_->setRange(0, std::max(0, stepCount() - 1));
  current_ = -1;
  setCurrentStep(stepCount() - 1);
  slider_->setEnabled(stepCount() > 1);
}

Plan ReplayPanel::planAt(int step) const {
  Plan prefix;
  if (step < 0 || step >= stepCount()) return prefix;
  const std::vector<int>& split = steps_[static_cast<size_t>(step)].plan_micro_batches;
  for (int i = 0; i <= step; ++i)
    if (!steps_[static_cast<size_t>(i)].placed.stages.empty() && steps_[static_cast<size_t>(i)].note != "STOP" &&
        steps_[static_cast<size_t>(i)].note.rfind("infeasible", 0) != 0) {
      Template t = steps_[static_cast<size_t>(i)].placed;
      // A template's micro-batches change as later templates join: this step's split.
      if (prefix.templates.size() < split.size()) t.micro_batches = split[prefix.templates.size()];
      prefix.templates.push_back(std::move(t));
    }
  return prefix;
}

QString ReplayPanel::alternativesText() const { return alternatives_->text(); }

void ReplayPanel::setCurrentStep(int step) {
  if (steps_.empty()) {
    current_ = -1;
    planView_->clear();
    label_->setText(tr("The planner recorded no construction steps."));
    alternatives_->clear();
    alternatives_->hide();
    prev_->setEnabled(false);
    next_->setEnabled(false);
    rebuildChart();
    return;
  }
  step = std::clamp(step, 0, stepCount() - 1);
  current_ = step;
  {
    const QSignalBlocker block(slider_);
    slider_->setValue(step);
  }
  prev_->setEnabled(step > 0);
  next_->setEnabled(step + 1 < stepCount());
  planView_->setPlan(planAt(step), std::nullopt, model_);
  const ConstructionStep& s = steps_[static_cast<size_t>(step)];
  const QLocale l;
  QString text = tr("Step %1 of %2: throughput %3 → %4 sequences/s (reward %5)")
                     .arg(step + 1).arg(stepCount())
                     .arg(l.toString(s.throughput_before, 'f', 2))
                     .arg(l.toString(s.throughput_after, 'f', 2))
                     .arg(l.toString(s.reward, 'f', 2));
  QString note;
  if (s.note == "STOP") note = tr("the planner stopped");
  else if (s.note == "placed") note = tr("template placed");
  else if (!s.note.empty()) note = coreText(s.reason, s.note);
  if (!note.isEmpty()) text += QStringLiteral(" — ") + note;
  label_->setText(text);
  // What else the planner weighed at this step, so one step still teaches why it won.
  if (s.alternatives.empty()) {
    alternatives_->clear();
    alternatives_->hide();
  } else {
    QStringList rows;
    for (const StepAlternative& a : s.alternatives) {
      QStringList shape;
      for (const Stage& st : a.candidate.stages)
        shape << tr("%1 TP %2").arg(QString::fromStdString(st.gpu_type).toUpper()).arg(st.tp);
      const QString what = tr("depth %1: %2").arg(a.candidate.depth()).arg(shape.join(QStringLiteral(" → ")));
      QString verdict;
      if (a.why.empty()) {
        const double diff = s.throughput_after > 0 ? 100.0 * (a.throughput_after - s.throughput_after) / s.throughput_after : 0;
        verdict = tr("%1 × %n replica(s), %2 sequences/s (%3% against the template taken)", nullptr, a.candidate.replicas)
                      .arg(what, l.toString(a.throughput_after, 'f', 2), l.toString(diff, 'f', 1));
      } else {
        verdict = tr("%1: cannot be placed: %2").arg(what, coreText(a.why));
      }
      rows << QStringLiteral("  • ") + verdict;
    }
    alternatives_->setText(tr("Also weighed at this step:") + QLatin1Char('\n') + rows.join(QLatin1Char('\n')));
    alternatives_->show();
  }
  rebuildChart();
}

void ReplayPanel::rebuildChart() {
  chart_->clearPlottables();
  auto* bars = new QCPBars(chart_->xAxis, chart_->yAxis);
  bars->setName(tr("throughput after the step"));
  bars->setBrush(QColor(0x56B4E9));
  auto* current = new QCPBars(chart_->xAxis, chart_->yAxis);
  current->setName(tr("current step"));
  current->setBrush(QBrush(QColor(0xE69F00), Qt::SolidPattern));
  double top = 1;
  for (int i = 0; i < stepCount(); ++i) {
    const double v = steps_[static_cast<size_t>(i)].throughput_after;
    (i == current_ ? current : bars)->addData(i + 1, v);
    top = std::max(top, v);
  }
  QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
  ticker->setTickStep(1.0);
  ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  chart_->xAxis->setTicker(ticker);
  bars->setWidth(0.6);
  current->setWidth(0.6);
  chart_->xAxis->setLabel(tr("construction step"));
  chart_->yAxis->setLabel(tr("sequences/s"));
  chart_->xAxis->setRange(0.4, stepCount() + 0.6);
  chart_->yAxis->setRange(0, top * 1.15);
  chart_->legend->setVisible(true);
  // A hidden chart is drawn when it is shown, not with every result.
  if (isVisible()) chart_->replot();
}

void ReplayPanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  chart_->replot();
}

}  // namespace arachne::gui
