// MemoryChart: QCPBars stacked per component, capacity as a step-centre graph.
#include "memory_chart.h"

#include <array>

namespace arachne::gui {

MemoryChart::MemoryChart(QWidget* parent) : QCustomPlot(parent) {
  setMinimumSize(320, 220);
  legend->setVisible(true);
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
}

void MemoryChart::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) rebuild();
  QCustomPlot::changeEvent(e);
}

void MemoryChart::setPlan(const Plan& plan, const PlanReport& report) {
  plan_ = plan;
  report_ = report;
  rebuild();
}

void MemoryChart::clearPlan() { setPlan(Plan{}, PlanReport{}); }

void MemoryChart::rebuild() {
  clearPlottables();
  clearItems();
  QVector<double> keys, params, grads, optim, acts, other, capacity;
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  int k = 0;
  for (size_t t = 0; t < report_.templates.size() && t < plan_.templates.size(); ++t) {
    const auto& stages = report_.templates[t].stages;
    for (size_t s = 0; s < stages.size() && s < plan_.templates[t].stages.size(); ++s) {
      const StageMemory& m = stages[s].memory;
      keys << ++k;
      params << m.params / 1e9;
      grads << m.grads / 1e9;
      optim << m.optimizer / 1e9;
      acts << m.activations / 1e9;
      other << m.other / 1e9;
      capacity << m.capacity / 1e9;
      ticker->addTick(k, tr("T%1 S%2\n%3").arg(t + 1).arg(s + 1)
                             .arg(QString::fromStdString(plan_.templates[t].stages[s].gpu_type).toUpper()));
    }
  }
  stages_ = k;
  // Colours from the Okabe-Ito set plus a pattern each, so components differ without colour.
  struct Part { QString name; QVector<double>* values; QRgb color; Qt::BrushStyle style; };
  const std::array<Part, 5> parts = {{
      {tr("parameters"), &params, 0x0072B2, Qt::SolidPattern},
      {tr("gradients"), &grads, 0x56B4E9, Qt::Dense4Pattern},
      {tr("optimizer state"), &optim, 0x009E73, Qt::BDiagPattern},
      {tr("activations"), &acts, 0xE69F00, Qt::Dense2Pattern},
      {tr("overhead"), &other, 0x999999, Qt::FDiagPattern},
  }};
  QCPBars* below = nullptr;
  for (const auto& part : parts) {
    auto* bars = new QCPBars(xAxis, yAxis);
    bars->setName(part.name);
    bars->setWidth(0.6);
    QColor c(part.color);
    bars->setPen(QPen(c.darker(150)));
    bars->setBrush(QBrush(c, part.style == Qt::SolidPattern ? Qt::SolidPattern : part.style));
    bars->setData(keys, *part.values);
    if (below) bars->moveAbove(below);
    below = bars;
  }
  auto* cap = addGraph();
  cap->setName(tr("GPU memory capacity"));
  cap->setLineStyle(QCPGraph::lsStepCenter);
  cap->setPen(QPen(QColor(0xD55E00), 2, Qt::DashLine));
  if (!keys.isEmpty()) {
    // Extend half a slot either side so the first and last stage get a full capacity line.
    QVector<double> ck = keys, cv = capacity;
    ck.prepend(keys.first() - 0.5);
    cv.prepend(capacity.first());
    ck.append(keys.last() + 0.5);
    cv.append(capacity.last());
    cap->setData(ck, cv);
  }
  xAxis->setTicker(ticker);
  xAxis->setRange(0.4, k + 0.6);
  xAxis->setLabel(tr("template and stage"));
  yAxis->setLabel(tr("memory per GPU (GB)"));
  double top = 1;
  for (int i = 0; i < k; ++i)
    top = std::max({top, capacity[i], params[i] + grads[i] + optim[i] + acts[i] + other[i]});
  yAxis->setRange(0, top * 1.15);
  replot();
}

}  // namespace arachne::gui
