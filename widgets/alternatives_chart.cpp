// AlternativesChart: one QCPBars for the chosen plan, one for the others (pattern differs too).
#include "alternatives_chart.h"

#include "alternatives_model.h"
#include "time_format.h"

namespace arachne::gui {

AlternativesChart::AlternativesChart(QWidget* parent) : QCustomPlot(parent) {
  setMinimumSize(320, 150);  // the tab with its table fits a 900 px window under the Scenario dock
  legend->setVisible(true);
  // The legend in a row of its own above the bars: inside the axis rect it hid the bars of the
  // last planners and their values once twelve planners were compared.
  plotLayout()->insertRow(0);
  // Held one pixel in from the right: the legend draws its border on its outer rectangle, whose
  // right edge is the widget's, where the line fell outside.
  auto* holder = new QCPLayoutGrid;
  plotLayout()->addElement(0, 0, holder);
  holder->setAutoMargins(QCP::msNone);
  holder->setMargins(QMargins(0, 0, 1, 0));
  holder->addElement(0, 0, legend);
  plotLayout()->setRowStretchFactor(0, 0.001);
  legend->setFillOrder(QCPLegend::foColumnsFirst);
  legend->setMargins(QMargins(6, 2, 6, 2));
  legend->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
  // Turned labels leave the value axis short: its label is shortened when the long one would be
  // cut. Decided once the layout knows the axis's length; the label's thickness is the same
  // either way, so the layout stands.
  connect(this, &QCustomPlot::afterLayout, this, [this] {
    const QString full = tr("throughput (sequences/s)");
    const QFontMetrics fm(yAxis->labelFont());
    yAxis->setLabel(fm.horizontalAdvance(full) + 8 > axisRect()->height() ? tr("seq/s") : full);
  });
  // The empty state is the one setResults({}) gives: no numbers on either axis (the window showed
  // QCustomPlot's default 0 ... 5 axes until the first comparison).
  rebuild();
}

void AlternativesChart::showEvent(QShowEvent* e) {
  QCustomPlot::showEvent(e);
  replot();
  layoutLabels();  // the axis has its real width now
}

void AlternativesChart::resizeEvent(QResizeEvent* e) {
  QCustomPlot::resizeEvent(e);
  layoutLabels();
}

double AlternativesChart::slotWidth() const {
  return results_.empty() ? 0 : static_cast<double>(axisRect()->width()) / (static_cast<double>(results_.size()) + 0.2);
}

namespace {
// The widest line of the labels and the most lines one of them has.
int widestLine(const QVector<QString>& labels, const QFontMetrics& fm, int* mostLines = nullptr) {
  int w = 0, lines = 0;
  for (const QString& l : labels) {
    const QStringList parts = l.split(QLatin1Char('\n'));
    lines = std::max(lines, static_cast<int>(parts.size()));
    for (const QString& line : parts) w = std::max(w, fm.horizontalAdvance(line));
  }
  if (mostLines) *mostLines = lines;
  return w;
}

// A name turned vertical: the state in brackets on a line of its own and, when `hyphen`, a
// hyphenated name broken after its first hyphen ("arachne-" / "untrained"). Turned labels stand
// as tall as their longest line, and that height comes out of the bars'.
QString turnedLabel(const QString& name, bool hyphen) {
  QString s = name;
  const int bracket = s.indexOf(QLatin1String(" ("));
  if (bracket > 0) s[bracket] = QLatin1Char('\n');
  const int at = s.indexOf(QLatin1Char('-'));
  const int firstBreak = s.indexOf(QLatin1Char('\n'));
  if (hyphen && at > 0 && (firstBreak < 0 || at < firstBreak) && at + 1 < s.size()) s.insert(at + 1, QLatin1Char('\n'));
  return s;
}
}  // namespace

int AlternativesChart::tickLabelExtent() const {
  const QFontMetrics fm(xAxis->tickLabelFont());
  int lines = 0;
  if (rotated_) {
    // Turned labels stand side by side, as wide as their lines.
    widestLine(turned_, fm, &lines);
    return lines * fm.height();
  }
  return widestLine(shortened_ ? names_ : fullLabels_, fm);
}

int AlternativesChart::labelDepth() const {
  const QFontMetrics fm(xAxis->tickLabelFont());
  int lines = 0;
  if (rotated_) return widestLine(turned_, fm);
  widestLine(shortened_ ? names_ : fullLabels_, fm, &lines);
  return lines * fm.height();
}

void AlternativesChart::layoutLabels() {
  if (results_.empty()) {
    // No planner yet: no ticks (the default ticker numbered the empty axis 0.4 ... 0.55).
    xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    return;
  }
  // Names with iteration time and GPUs when they fit, else the names alone, else the names
  // turned vertical.
  const QFontMetrics fm(xAxis->tickLabelFont());
  const double slot = slotWidth();
  const bool shorten = widestLine(fullLabels_, fm) + 6 > slot;
  const bool rotate = shorten && widestLine(names_, fm) + 6 > slot;
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  const QVector<QString>& labels = rotate ? turned_ : shorten ? names_ : fullLabels_;
  for (int i = 0; i < labels.size(); ++i) ticker->addTick(i + 1, labels[i]);
  xAxis->setTicker(ticker);
  xAxis->setTickLabelRotation(rotate ? -90 : 0);
  if (rotate != rotated_ || shorten != shortened_) {
    rotated_ = rotate;
    shortened_ = shorten;
    replot(QCustomPlot::rpQueuedReplot);
  }
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
  fullLabels_.clear();
  names_.clear();
  turned_.clear();
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
    fullLabels_ << label;
    // Names alone still say why a planner has no bar.
    names_ << (r.found() ? r.planner : tr("%1 (%2)").arg(r.planner, AlternativesModel::stateName(r.state)));
  }
  // Turned, a name is broken at its hyphen only when it would otherwise be the tallest label
  // ("flat-rl" stays whole beside "exhaustive").
  const QFontMetrics fm(xAxis->tickLabelFont());
  QVector<QString> broken;
  for (const QString& n : names_) broken << turnedLabel(n, true);
  const int tallest = widestLine(broken, fm);
  for (const QString& n : names_) {
    const QString whole = turnedLabel(n, false);
    turned_ << (widestLine({whole}, fm) <= tallest ? whole : turnedLabel(n, true));
  }
  rotated_ = shortened_ = false;
  layoutLabels();
  xAxis->setRange(0.4, static_cast<double>(results_.size()) + 0.6);
  yAxis->setRange(0, top * 1.2);
  // Without a bar the value axis has no scale to show: numbered 0 ... 1.2 seq/s it read as
  // measured values.
  const bool anyBar = chosen->dataCount() + others->dataCount() > 0;
  if (!anyBar) yAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
  else if (qSharedPointerDynamicCast<QCPAxisTickerText>(yAxis->ticker())) yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  if (isVisible()) replot();  // a hidden chart is drawn when it is shown
}

}  // namespace arachne::gui
