// ScenarioThroughputChart: a graph per planner with NaN breaks at stalls, bands and event lines.
#include "scenario_throughput_chart.h"

#include <algorithm>
#include <limits>

#include "scenario_timeline_view.h"

namespace arachne::gui {

namespace {
// Okabe-Ito, in an order that keeps neighbours apart.
const QColor kColors[] = {QColor(0x0072B2), QColor(0xD55E00), QColor(0x009E73), QColor(0xCC79A7),
                          QColor(0xE69F00), QColor(0x56B4E9), QColor(0xF0E442), QColor(Qt::black)};
}  // namespace

ScenarioThroughputChart::ScenarioThroughputChart(QWidget* parent) : QCustomPlot(parent) {
  setObjectName(QStringLiteral("ScenarioChart"));
  setMinimumSize(300, 150);  // with the dock shown the window still fits 1,400 x 900
  legend->setVisible(true);
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  rebuild();
}

void ScenarioThroughputChart::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) rebuild();
  QCustomPlot::changeEvent(e);
}

void ScenarioThroughputChart::setRun(const Scenario& scenario, const std::vector<ScenarioTrace>& traces) {
  scenario_ = scenario;
  traces_ = traces;
  rebuild();
}

void ScenarioThroughputChart::rebuild() {
  clearGraphs();
  clearItems();
  const double horizon = std::max(1.0, scenario_.horizon());
  unit_ = horizon > 2 * 86400 ? 86400 : horizon > 2 * 3600 ? 3600 : horizon > 600 ? 60 : 1;
  const QString unitName = unit_ == 86400 ? tr("days") : unit_ == 3600 ? tr("hours") : unit_ == 60 ? tr("minutes") : tr("seconds");
  double top = 0;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (size_t i = 0; i < traces_.size(); ++i) {
    const ScenarioTrace& t = traces_[i];
    const QColor c = kColors[i % (sizeof kColors / sizeof kColors[0])];
    QCPGraph* g = addGraph();
    g->setName(QString::fromStdString(t.planner));
    g->setPen(QPen(c, 2));
    QVector<double> keys, values;
    for (const ThroughputPiece& p : t.pieces) {
      if (p.phase == PiecePhase::Training) {
        keys << p.start_s / unit_ << p.end_s / unit_;
        values << p.sequences_per_s << p.sequences_per_s;
        top = std::max(top, p.sequences_per_s);
      } else {
        // A gap in the line, and a faint band over the stall.
        keys << p.start_s / unit_;
        values << nan;
        auto* band = new QCPItemRect(this);
        band->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
        band->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        band->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
        band->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        band->topLeft->setCoords(p.start_s / unit_, 0);
        band->bottomRight->setCoords(p.end_s / unit_, 1);
        QColor fill = c;
        fill.setAlpha(40);
        band->setBrush(fill);
        band->setPen(Qt::NoPen);
        band->setClipToAxisRect(true);
      }
    }
    g->setData(keys, values, true);
  }
  for (size_t i = 0; i < scenario_.events.size(); ++i) {
    const ScenarioEvent& e = scenario_.events[i];
    auto* line = new QCPItemStraightLine(this);
    line->point1->setCoords(e.at_s / unit_, 0);
    line->point2->setCoords(e.at_s / unit_, 1);
    line->setPen(QPen(QColor(0x777777), 1, Qt::DashLine));
    auto* label = new QCPItemText(this);
    label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    // Short labels at three heights, so that events close in time do not print over each other.
    label->position->setCoords(e.at_s / unit_, 0.02 + 0.06 * static_cast<double>(i % 3));
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setText(QStringLiteral(" ") + shortEventLabel(scenario_, e));
    label->setColor(QColor(0x555555));
    label->setClipToAxisRect(true);
  }
  xAxis->setLabel(tr("time since the start (%1)").arg(unitName));
  yAxis->setLabel(tr("throughput (sequences/s)"));
  xAxis->setRange(0, horizon / unit_);
  yAxis->setRange(0, top > 0 ? top * 1.15 : 1);
  legend->setVisible(!traces_.empty());
  replot();
}

}  // namespace arachne::gui
