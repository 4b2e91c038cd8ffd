// MemoryChart: QCPBars stacked per memory item, capacity as a step-centre graph.
#include "memory_chart.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <QHelpEvent>
#include <QToolTip>

#include "core_text.h"
#include "cost/report_items.h"
#include "time_format.h"

namespace arachne::gui {

namespace {
// Okabe-Ito colours plus a pattern each, so components differ without colour; cycled when the
// cost model reports more items than there are styles.
constexpr std::array<std::pair<QRgb, Qt::BrushStyle>, 6> kStyles = {
    {{0x0072B2, Qt::SolidPattern}, {0x56B4E9, Qt::Dense4Pattern}, {0x009E73, Qt::BDiagPattern},
     {0xE69F00, Qt::Dense2Pattern}, {0x999999, Qt::FDiagPattern}, {0xCC79A7, Qt::CrossPattern}}};
}  // namespace

MemoryChart::MemoryChart(QWidget* parent) : QCustomPlot(parent) {
  setMinimumWidth(320);  // the height from minimumSizeHint, which knows where the legend is
  legend->setVisible(true);
  // The legend stands beside the bars (inside the axis it would hide the tallest ones), or under
  // them in a narrow chart (placeLegend).
  side_ = new QCPLayoutGrid;
  plotLayout()->addElement(0, 1, side_);
  plotLayout()->setColumnStretchFactor(1, 0.001);
  side_->addElement(0, 0, legend);
  side_->setRowStretchFactor(0, 0.001);
  side_->addElement(1, 0, new QCPLayoutElement(this));  // pushes the legend to the top
  side_->setMargins(QMargins(0, 10, 8, 0));
  legendFont_ = legend->font();
  legendIcon_ = legend->iconSize();
}

QSize MemoryChart::minimumSizeHint() const {
  // The plot's own minimum, the bars' axes with the legend beside or under them: under them its
  // rows need the height (the what-if editor's chart at 700 px squeezed them).
  return QCustomPlot::minimumSizeHint().expandedTo(QSize(0, 150));
}

int MemoryChart::legendColumnWidth() const {
  int widest = 0;
  for (int i = 0; i < legend->itemCount(); ++i) widest = std::max(widest, legend->item(i)->minimumOuterSizeHint().width());
  return widest;
}

void MemoryChart::placeLegend() {
  // Beside the bars while they keep kMinBarsWidth px, else under them, a size smaller, in as many
  // columns as fit: beside them in the what-if editor's chart of a 1,024 px window the legend
  // was cut off and the bars were a few pixels wide.
  constexpr int kMinBarsWidth = 220;
  legend->setFont(legendFont_);
  legend->setIconSize(legendIcon_);
  const int besideWidth = legendColumnWidth() + legend->margins().left() + legend->margins().right() + 8;
  const bool below = width() - besideWidth < kMinBarsWidth;
  if (below) {
    QFont small = legendFont_;
    small.setPointSizeF(small.pointSizeF() * 0.85);
    legend->setFont(small);
    legend->setIconSize(legendIcon_ / 2);
  }
  const int column = legendColumnWidth();
  const int columns = below ? std::max(1, (width() - 24) / (column + legend->columnSpacing())) : 0;
  if (below == legendBelow_ && columns == legend->wrap()) return;
  legendBelow_ = below;
  plotLayout()->take(side_);
  plotLayout()->simplify();
  if (below) {
    plotLayout()->addElement(1, 0, side_);
    plotLayout()->setRowStretchFactor(1, 0.001);
    side_->setMargins(QMargins(8, 0, 8, 4));
  } else {
    plotLayout()->addElement(0, 1, side_);
    plotLayout()->setColumnStretchFactor(1, 0.001);
    side_->setMargins(QMargins(0, 10, 8, 0));
  }
  legend->setWrap(columns);
  legend->setFillOrder(below ? QCPLayoutGrid::foColumnsFirst : QCPLayoutGrid::foRowsFirst, true);
  updateGeometry();  // another minimum height
}

void MemoryChart::showEvent(QShowEvent* e) {
  QCustomPlot::showEvent(e);
  replot();
  layoutLabels();  // the axis has its real width now
}

void MemoryChart::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) rebuild();
  QCustomPlot::changeEvent(e);
}

void MemoryChart::resizeEvent(QResizeEvent* e) {
  placeLegend();
  QCustomPlot::resizeEvent(e);
  layoutLabels();
}

void MemoryChart::setPlan(const Plan& plan, const PlanReport& report) {
  plan_ = plan;
  report_ = report;
  rebuild();
}

void MemoryChart::clearPlan() { setPlan(Plan{}, PlanReport{}); }

double MemoryChart::slotWidth() const {
  return stages_ > 0 ? static_cast<double>(axisRect()->width()) / (stages_ + 0.2) : 0;
}

int MemoryChart::tickLabelExtent() const {
  const QFontMetrics fm(xAxis->tickLabelFont());
  int widest = 0;
  for (const QString& l : rotated_ ? longLabels_ : shortLabels_)
    for (const QString& line : l.split(QLatin1Char('\n'))) widest = std::max(widest, fm.horizontalAdvance(line));
  // Rotated labels stand side by side one line high.
  return rotated_ ? fm.height() : widest;
}

void MemoryChart::layoutLabels() {
  if (stages_ == 0) return;
  const QFontMetrics fm(xAxis->tickLabelFont());
  int widest = 0;
  for (const QString& l : shortLabels_)
    for (const QString& line : l.split(QLatin1Char('\n'))) widest = std::max(widest, fm.horizontalAdvance(line));
  const double slot = slotWidth();
  const bool rotate = widest + 6 > slot;
  // Turned labels still need a line's height each: where the bars are narrower than that (38
  // stages in the what-if editor's chart ran into one black smear), only every step-th bar is
  // named, and the tooltip names every bar.
  labelStep_ = rotate && slot > 0 ? std::max(1, static_cast<int>(std::ceil((fm.height() + 2) / slot))) : 1;
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  const QVector<QString>& labels = rotate ? longLabels_ : shortLabels_;
  for (int i = 0; i < labels.size(); i += labelStep_) ticker->addTick(i + 1, labels[i]);
  xAxis->setTicker(ticker);
  xAxis->setTickLabelRotation(rotate ? -90 : 0);
  if (rotate != rotated_) {
    rotated_ = rotate;
    replot(QCustomPlot::rpQueuedReplot);
  }
}

int MemoryChart::stageAt(const QPoint& pos) const {
  if (stages_ == 0 || !axisRect()->rect().contains(pos)) return -1;
  const int i = static_cast<int>(std::lround(xAxis->pixelToCoord(pos.x()))) - 1;
  return i >= 0 && i < stages_ ? i : -1;
}

QString MemoryChart::stageToolTip(int i) const {
  if (i < 0 || i >= stages_) return {};
  // The bars count the stages over all templates in order, as rebuild() lays them out.
  const StageMemory* memory = nullptr;
  int k = i;
  for (size_t t = 0; t < report_.templates.size() && t < plan_.templates.size() && !memory; ++t) {
    const int n = static_cast<int>(std::min(report_.templates[t].stages.size(), plan_.templates[t].stages.size()));
    if (k < n) memory = &report_.templates[t].stages[static_cast<size_t>(k)].memory;
    k -= n;
  }
  if (!memory) return {};
  QStringList lines{longLabels_.value(i)};
  for (const MemoryItem& item : memoryItems(*memory))
    lines << tr("%1: %2").arg(memoryItemName(item.key), formatGibibytes(item.bytes));
  lines << tr("total %1 of %2").arg(formatGibibytes(memory->total()), formatGibibytes(memory->capacity));
  return lines.join(QLatin1Char('\n'));
}

bool MemoryChart::event(QEvent* e) {
  if (e->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(e);
    const QString tip = stageToolTip(stageAt(help->pos()));
    if (tip.isEmpty()) {
      QToolTip::hideText();
      e->ignore();
    } else {
      QToolTip::showText(help->globalPos(), tip, this);
    }
    return true;
  }
  return QCustomPlot::event(e);
}

void MemoryChart::rebuild() {
  clearPlottables();
  clearItems();
  const auto keys = memoryItemKeys();
  QVector<double> stageKeys, capacity;
  std::vector<QVector<double>> values(keys.size());
  shortLabels_.clear();
  longLabels_.clear();
  int k = 0;
  for (size_t t = 0; t < report_.templates.size() && t < plan_.templates.size(); ++t) {
    const auto& stages = report_.templates[t].stages;
    for (size_t s = 0; s < stages.size() && s < plan_.templates[t].stages.size(); ++s) {
      const auto items = memoryItems(stages[s].memory);
      stageKeys << ++k;
      for (size_t i = 0; i < items.size() && i < values.size(); ++i) values[i] << items[i].bytes / kGiB;
      capacity << stages[s].memory.capacity / kGiB;
      const QString type = QString::fromStdString(plan_.templates[t].stages[s].gpu_type).toUpper();
      shortLabels_ << tr("T%1 S%2\n%3").arg(t + 1).arg(s + 1).arg(type);
      longLabels_ << tr("T%1 S%2 %3").arg(t + 1).arg(s + 1).arg(type);
    }
  }
  stages_ = k;
  QCPBars* below = nullptr;
  for (size_t i = 0; i < keys.size(); ++i) {
    auto* bars = new QCPBars(xAxis, yAxis);
    bars->setName(memoryItemName(keys[i]));
    bars->setWidth(0.6);
    const auto& style = kStyles[i % kStyles.size()];
    QColor c(style.first);
    bars->setPen(QPen(c.darker(150)));
    bars->setBrush(QBrush(c, style.second));
    bars->setData(stageKeys, values[i]);
    if (below) bars->moveAbove(below);
    below = bars;
  }
  auto* cap = addGraph();
  cap->setName(tr("GPU memory capacity"));
  cap->setLineStyle(QCPGraph::lsStepCenter);
  cap->setPen(QPen(QColor(0xD55E00), 2, Qt::DashLine));
  if (!stageKeys.isEmpty()) {
    // Extend half a slot either side so the first and last stage get a full capacity line.
    QVector<double> ck = stageKeys, cv = capacity;
    ck.prepend(stageKeys.first() - 0.5);
    cv.prepend(capacity.first());
    ck.append(stageKeys.last() + 0.5);
    cv.append(capacity.last());
    cap->setData(ck, cv);
  }
  rotated_ = false;
  placeLegend();  // the names may be wider in another language
  layoutLabels();
  xAxis->setRange(0.4, k + 0.6);
  xAxis->setLabel(tr("template and stage"));
  yAxis->setLabel(tr("memory per GPU (GiB)"));
  double top = 1;
  for (int i = 0; i < k; ++i) {
    double sum = 0;
    for (const auto& v : values) sum += v[i];
    top = std::max({top, capacity[i], sum});
  }
  yAxis->setRange(0, top * 1.15);
  // A stage that does not fit: a red frame around its bar and the excess above it.
  over_.clear();
  const QColor red(0xD55E00);
  for (int i = 0; i < k; ++i) {
    double sum = 0;
    for (const auto& v : values) sum += v[i];
    if (sum <= capacity[i]) continue;
    over_ << i;
    auto* frame = new QCPItemRect(this);
    frame->topLeft->setCoords(stageKeys[i] - 0.36, sum);
    frame->bottomRight->setCoords(stageKeys[i] + 0.36, 0);
    frame->setPen(QPen(red, 2.5));
    frame->setBrush(Qt::NoBrush);
    auto* label = new QCPItemText(this);
    label->position->setCoords(stageKeys[i], sum);
    label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    label->setColor(red);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    label->setText(tr("+%1 over").arg(formatGibibytes((sum - capacity[i]) * kGiB)));
  }
  if (isVisible()) replot();  // a hidden chart is drawn when it is shown
}

}  // namespace arachne::gui
