// ReplayPanel: slider + buttons over the construction steps, plan prefix and reward chart.
#include "replay_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSplitter>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "plan_view.h"

namespace arachne::gui {

ReplayPanel::ReplayPanel(const GpuCatalog& catalog, QWidget* parent)
    : QWidget(parent), chart_(new QCustomPlot(this)), planView_(new PlanView(catalog, this)),
      slider_(new QSlider(Qt::Horizontal, this)), prev_(new QPushButton(this)),
      next_(new QPushButton(this)), label_(new QLabel(this)) {
  auto* controls = new QHBoxLayout;
  controls->addWidget(prev_);
  controls->addWidget(slider_, 1);
  controls->addWidget(next_);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(planView_);
  scroll->setWidgetResizable(true);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(chart_);
  split->addWidget(scroll);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(controls);
  layout->addWidget(label_);
  layout->addWidget(split, 1);
  label_->setWordWrap(true);
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  chart_->setMinimumHeight(160);
  prev_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
  next_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
  connect(slider_, &QSlider::valueChanged, this, &ReplayPanel::setCurrentStep);
  connect(prev_, &QPushButton::clicked, this, [this] { setCurrentStep(current_ - 1); });
  connect(next_, &QPushButton::clicked, this, [this] { setCurrentStep(current_ + 1); });
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
  setCurrentStep(current_);
}

void ReplayPanel::setConstruction(const std::vector<ConstructionStep>& steps) {
  steps_ = steps;
  const QSignalBlocker block(slider_);
  slider_->setRange(0, std::max(0, stepCount() - 1));
  current_ = -1;
  setCurrentStep(stepCount() - 1);
  slider_->setEnabled(stepCount() > 1);
}

void ReplayPanel::setCurrentStep(int step) {
  if (steps_.empty()) {
    current_ = -1;
    planView_->clear();
    label_->setText(tr("The planner recorded no construction steps."));
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
  Plan prefix;
  for (int i = 0; i <= step; ++i)
    if (!steps_[static_cast<size_t>(i)].placed.stages.empty())
      prefix.templates.push_back(steps_[static_cast<size_t>(i)].placed);
  planView_->setPlan(prefix, std::nullopt);
  const ConstructionStep& s = steps_[static_cast<size_t>(step)];
  const QLocale l;
  QString text = tr("Step %1 of %2: throughput %3 → %4 sequences/s (reward %5)")
                     .arg(step + 1).arg(stepCount())
                     .arg(l.toString(s.throughput_before, 'f', 2))
                     .arg(l.toString(s.throughput_after, 'f', 2))
                     .arg(l.toString(s.reward, 'f', 2));
  if (!s.note.empty()) text += QStringLiteral(" — ") + QString::fromStdString(s.note);
  label_->setText(text);
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
  chart_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
  chart_->replot();
}

}  // namespace arachne::gui
