// ScenarioTimelineView: axis with ticks, event markers by kind, drag, keys and context menu.
#include "scenario_timeline_view.h"

#include <QContextMenuEvent>
#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "core_text.h"
#include "time_format.h"

namespace arachne::gui {

namespace {

constexpr double kMargin = 24;
constexpr double kHit = 9;     // pixels around a marker that pick it
constexpr double kMarker = 7;  // half a marker's size
constexpr double kTickGap = 22;  // from the axis to the top of a tick's time

// Okabe-Ito colours (colour-blind safe); the marker shapes differ too.
QColor kindColor(ScenarioEventKind k) {
  switch (k) {
    case ScenarioEventKind::Join: return QColor(0x009E73);
    case ScenarioEventKind::Leave: return QColor(0xE69F00);
    case ScenarioEventKind::Fail: return QColor(0xD55E00);
  }
  return Qt::black;
}

// A round step for the axis: 1, 2, 5 x 10^k seconds, or minutes, hours, days.
double tickStep(double span, int wanted) {
  const double raw = span / std::max(1, wanted);
  static const double steps[] = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800,
                                 21600, 43200, 86400, 172800, 604800};
  for (double s : steps)
    if (s >= raw) return s;
  return std::pow(10, std::ceil(std::log10(raw)));
}

}  // namespace

QString shortEventLabel(const Scenario& s, const ScenarioEvent& e) {
  if (e.kind == ScenarioEventKind::Join) {
    QString t;
    for (const Node& n : e.nodes) t += (t.isEmpty() ? QStringLiteral("+") : QStringLiteral(" +")) +
                                      QString::fromStdString(n.gpu_type) + QLatin1Char(':') + QString::number(n.gpus);
    return t;
  }
  QString t;
  for (int id : e.node_ids) t += (t.isEmpty() ? QString() : QStringLiteral(" ")) + coreText(s.nodeLabelText(id));
  return (e.kind == ScenarioEventKind::Fail ? QStringLiteral("\u2715 ") : QStringLiteral("\u2212 ")) + t;
}

ScenarioTimelineView::ScenarioTimelineView(QWidget* parent) : QWidget(parent) {
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(false);
  setObjectName(QStringLiteral("ScenarioTimeline"));
}

// Tall enough for two label rows, the markers and the ticks' times below the axis: at a fixed
// 80 px and the axis at 45 % of the height, the upper row of labels was cut at the top.
QSize ScenarioTimelineView::minimumSizeHint() const {
  const double rows = 2 * labelRowHeight() + kMarker + 3 + kTickGap + labelRowHeight() + 4;
  return {300, std::max(80, static_cast<int>(std::ceil(rows)))};
}
QSize ScenarioTimelineView::sizeHint() const { return {800, std::max(96, minimumSizeHint().height() + 16)}; }

QFont ScenarioTimelineView::labelFont() const {
  QFont small = font();
  small.setPointSizeF(small.pointSizeF() * 0.85);
  return small;
}

double ScenarioTimelineView::labelRowHeight() const { return QFontMetricsF(labelFont()).height(); }

double ScenarioTimelineView::axisY() const {
  return std::max(height() * 0.45, 2 * labelRowHeight() + kMarker + 3);
}

QRectF ScenarioTimelineView::labelRect(int index) const {
  if (index < 0 || index >= static_cast<int>(scenario_.events.size())) return {};
  const ScenarioEvent& e = scenario_.events[static_cast<size_t>(index)];
  const double x = index == dragging_ ? dragX_ : xForTime(e.at_s);
  const double row = labelRowHeight();
  const double w = std::min<double>(width(), QFontMetricsF(labelFont()).horizontalAdvance(shortEventLabel(scenario_, e)) + 6);
  const double left = std::clamp(x - w / 2, 0.0, std::max(0.0, width() - w));
  const double top = axisY() - kMarker - 3 - (index % 2 == 0 ? 1 : 2) * row;
  return {left, top, w, row};
}

void ScenarioTimelineView::setScenario(const Scenario& s) {
  scenario_ = s;
  problem_.assign(s.events.size(), false);
  for (const ScenarioProblem& p : validateScenario(s)) {
    // Fields look like "events[3].nodes[0]"; mark event 3.
    if (p.field.rfind("events[", 0) != 0) continue;
    const size_t close = p.field.find(']');
    const int i = std::atoi(p.field.substr(7, close - 7).c_str());
    if (i >= 0 && i < static_cast<int>(problem_.size())) problem_[static_cast<size_t>(i)] = true;
  }
  if (selected_ >= static_cast<int>(s.events.size())) setSelectedEvent(-1);
  update();
}

void ScenarioTimelineView::setSelectedEvent(int index) {
  if (index == selected_) return;
  selected_ = index;
  update();
  emit selectionChanged(index);
}

double ScenarioTimelineView::horizon() const {
  const double h = scenario_.horizon();
  return h > 0 ? h : 1.0;
}

QRectF ScenarioTimelineView::axisRect() const {
  return QRectF(kMargin, 0, std::max(10.0, width() - 2 * kMargin), height());
}

double ScenarioTimelineView::xForTime(double seconds) const {
  const QRectF r = axisRect();
  return r.left() + r.width() * std::clamp(seconds / horizon(), 0.0, 1.0);
}

double ScenarioTimelineView::timeForX(double x) const {
  const QRectF r = axisRect();
  return std::clamp((x - r.left()) / r.width(), 0.0, 1.0) * horizon();
}

int ScenarioTimelineView::eventAt(const QPoint& p) const {
  const double axisY = this->axisY();
  int best = -1;
  double bestD = kHit;
  for (size_t i = 0; i < scenario_.events.size(); ++i) {
    const double dx = std::abs(xForTime(scenario_.events[i].at_s) - p.x());
    if (dx <= bestD && std::abs(p.y() - axisY) <= 2 * kHit) {
      best = static_cast<int>(i);
      bestD = dx;
    }
  }
  return best;
}

void ScenarioTimelineView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.fillRect(rect(), palette().base());
  const QRectF r = axisRect();
  const double axisY = this->axisY();
  p.setPen(QPen(palette().text().color(), 1.5));
  p.drawLine(QPointF(r.left(), axisY), QPointF(r.right(), axisY));
  // Ticks with their time below the axis.
  const double step = tickStep(horizon(), std::max(2, static_cast<int>(r.width() / 110)));
  p.setFont(labelFont());
  for (double t = 0; t <= horizon() + 1e-9; t += step) {
    const double x = xForTime(t);
    p.drawLine(QPointF(x, axisY - 3), QPointF(x, axisY + 3));
    p.drawText(QRectF(x - 50, axisY + kTickGap, 100, labelRowHeight()), Qt::AlignHCenter | Qt::AlignTop, formatSeconds(t));
  }
  p.setPen(QPen(palette().text().color(), 1, Qt::DashLine));
  p.drawLine(QPointF(r.right(), axisY - 14), QPointF(r.right(), axisY + 14));

  for (size_t i = 0; i < scenario_.events.size(); ++i) {
    const ScenarioEvent& e = scenario_.events[i];
    const bool isDragged = static_cast<int>(i) == dragging_;
    const double x = isDragged ? dragX_ : xForTime(e.at_s);
    const QColor c = kindColor(e.kind);
    const bool bad = i < problem_.size() && problem_[i];
    const bool sel = static_cast<int>(i) == selected_;
    p.setPen(QPen(bad ? QColor(0xCC0000) : c.darker(140), sel ? 3 : 1.5));
    p.setBrush(c);
    QPainterPath shape;
    const double s = kMarker;
    if (e.kind == ScenarioEventKind::Join) {
      shape.moveTo(x, axisY - s);
      shape.lineTo(x + s, axisY + s * 0.8);
      shape.lineTo(x - s, axisY + s * 0.8);
      shape.closeSubpath();
      p.drawPath(shape);
    } else if (e.kind == ScenarioEventKind::Leave) {
      shape.moveTo(x, axisY + s);
      shape.lineTo(x + s, axisY - s * 0.8);
      shape.lineTo(x - s, axisY - s * 0.8);
      shape.closeSubpath();
      p.drawPath(shape);
    } else {
      p.setPen(QPen(bad ? QColor(0xCC0000) : c, sel ? 4 : 3));
      p.drawLine(QPointF(x - s, axisY - s), QPointF(x + s, axisY + s));
      p.drawLine(QPointF(x - s, axisY + s), QPointF(x + s, axisY - s));
    }
    p.setPen(bad ? QColor(0xCC0000) : palette().text().color());
    p.drawText(labelRect(static_cast<int>(i)), Qt::AlignHCenter | Qt::AlignBottom, shortEventLabel(scenario_, e));
  }
  if (hasFocus()) {
    p.setPen(QPen(palette().highlight().color(), 1, Qt::DotLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(rect().adjusted(0, 0, -1, -1));
  }
}

void ScenarioTimelineView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
  const int hit = eventAt(event->position().toPoint());
  setSelectedEvent(hit);
  if (hit >= 0) {
    dragging_ = hit;
    pressX_ = event->position().x();
    dragX_ = xForTime(scenario_.events[static_cast<size_t>(hit)].at_s);
  }
}

void ScenarioTimelineView::mouseMoveEvent(QMouseEvent* event) {
  if (dragging_ < 0) return;
  const QRectF r = axisRect();
  dragX_ = std::clamp(event->position().x(), r.left(), r.right());
  update();
}

void ScenarioTimelineView::mouseReleaseEvent(QMouseEvent* event) {
  if (dragging_ < 0 || event->button() != Qt::LeftButton) return;
  const int index = dragging_;
  dragging_ = -1;
  update();
  if (std::abs(event->position().x() - pressX_) < 3) return;  // a click, not a drag
  // Whole seconds, and never at the start itself.
  const double t = std::max(1.0, std::round(timeForX(dragX_)));
  emit moveRequested(index, t);
}

void ScenarioTimelineView::keyPressEvent(QKeyEvent* event) {
  if (selected_ < 0 || selected_ >= static_cast<int>(scenario_.events.size())) return QWidget::keyPressEvent(event);
  const double at = scenario_.events[static_cast<size_t>(selected_)].at_s;
  // One pixel's worth of time, at least a second; Shift moves ten times as far.
  const double step = std::max(1.0, std::round(horizon() / std::max(1.0, axisRect().width()))) *
                      ((event->modifiers() & Qt::ShiftModifier) ? 10 : 1);
  switch (event->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace: emit deleteRequested(selected_); return;
    case Qt::Key_Left: emit nudgeRequested(selected_, std::max(1.0, at - step)); return;
    case Qt::Key_Right: emit nudgeRequested(selected_, at + step); return;
    default: QWidget::keyPressEvent(event);
  }
}

bool ScenarioTimelineView::event(QEvent* event) {
  // In the window, the composer's Delete (a window-wide shortcut) took the key before
  // keyPressEvent saw it and deleted the composer's selected node instead of this event: claim
  // the keys the timeline handles while one of its events is selected.
  if (event->type() == QEvent::ShortcutOverride && selected_ >= 0 &&
      selected_ < static_cast<int>(scenario_.events.size())) {
    const auto* key = static_cast<QKeyEvent*>(event);
    const Qt::KeyboardModifiers mods = key->modifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier);
    switch (key->key()) {
      case Qt::Key_Delete:
      case Qt::Key_Backspace:
      case Qt::Key_Left:
      case Qt::Key_Right:
        if (mods == Qt::NoModifier) {
          event->accept();
          return true;
        }
        break;
      default: break;
    }
  }
  return QWidget::event(event);
}

void ScenarioTimelineView::contextMenuEvent(QContextMenuEvent* event) {
  const int hit = eventAt(event->pos());
  const double t = std::max(1.0, std::round(timeForX(event->pos().x())));
  QMenu menu(this);
  if (hit >= 0) {
    setSelectedEvent(hit);
    menu.addAction(tr("Move event to…"), this, [this, hit] { emit moveDialogRequested(hit); });
    menu.addAction(tr("Delete event"), this, [this, hit] { emit deleteRequested(hit); });
    menu.addSeparator();
  }
  const QString at = formatSeconds(t);
  menu.addAction(tr("Add a join at %1…").arg(at), this, [this, t] { emit addRequested(ScenarioEventKind::Join, t); });
  menu.addAction(tr("Add a leave at %1…").arg(at), this, [this, t] { emit addRequested(ScenarioEventKind::Leave, t); });
  menu.addAction(tr("Add a failure at %1…").arg(at), this, [this, t] { emit addRequested(ScenarioEventKind::Fail, t); });
  menu.exec(event->globalPos());
}

}  // namespace arachne::gui
