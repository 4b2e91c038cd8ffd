// AlternativesChart: one QCPBars for the chosen plan, one for the others (pattern differs too).
#include "alternatives_chart.h"

#include "alternatives_model.h"
#include "time_format.h"

namespace arachne::gui {

AlternativesChart::AlternativesChart(QWidget* parent) : QCustomPlot(parent) {
  setMinimumSize(320, 200);
  legend->setVisible(true);
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
}

void AlternativesChart::showEvent(QShowEvent* e) {
  QCustomPlot::showEvent(e);
  replot();
}

void AlternativesChart::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) rebuild();
  QCustomPlot::changeEvent(e);
}

void AlternativesChart::setResults(const std::vector<AlternativeResult>& results) {
  results_ = results;
  rebuild();
}

void AlternativesChart::rebuild() {
  clearPlottables();
  clearItems();
  auto* chosen = new QCPBars(xAxis, yAxis);
  chosen->setName(tr("plan on screen"));
  chosen->setBrush(QColor(0xE69F00));
  chosen->setPen(QPen(QColor(0xE69F00).darker(150)));
  auto* others = new QCPBars(xAxis, yAxis);
  others->setName(tr("other planners"));
  others->setBrush(QBrush(QColor(0x56B4E9), Qt::Dense3Pattern));
  others->setPen(QPen(QColor(0x0072B2)));
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  double top = 1;
  for (size_t i = 0; i < results_.size(); ++i) {
    const auto& r = results_[i];
    const double key = static_cast<double>(i + 1);
    QString label = r.planner;
    if (r.found()) {
      (r.chosen ? chosen : others)->addData(key, r.sequences_per_s);
      top = std::max(top, r.sequences_per_s);
      label += QLatin1Char('\n') + tr("%1/iter · %n GPU(s)", nullptr, r.gpus_used).arg(formatSeconds(r.iteration_time_s));
      auto* text = new QCPItemText(this);
      text->position->setCoords(key, r.sequences_per_s);
      text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
      text->setText(QLocale().toString(r.sequences_per_s, 'f', 2));
    } else {
      label += QLatin1Char('\n') + AlternativesModel::stateName(r.state);
    }
    ticker->addTick(key, label);
  }
  xAxis->setTicker(ticker);
  xAxis->setRange(0.4, static_cast<double>(results_.size()) + 0.6);
  yAxis->setLabel(tr("throughput (sequences/s)"));
  yAxis->setRange(0, top * 1.2);
  if (isVisible()) replot();  // a hidden chart is drawn when it is shown
}

}  // namespace arachne::gui
