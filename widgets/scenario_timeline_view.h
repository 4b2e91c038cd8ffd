// The scenario's events on a time axis from the start to the horizon: joins, leaves and
// failures as markers that can be selected, dragged to another time, nudged with the arrow keys
// and deleted, plus a context menu to add an event at the clicked time. It only asks; the
// panel turns each request into an undo command.
#pragma once

#include <QWidget>

#include "scenario/scenario.h"

namespace arachne::gui {

// "+a6000:4", "− node 3", "✕ node 3": an event in a few characters (the axis and the chart).
QString shortEventLabel(const Scenario& s, const ScenarioEvent& e);

class ScenarioTimelineView : public QWidget {
  Q_OBJECT
 public:
  explicit ScenarioTimelineView(QWidget* parent = nullptr);

  void setScenario(const Scenario& s);
  int selectedEvent() const { return selected_; }
  void setSelectedEvent(int index);

  // Geometry of the axis, for the panel and the tests.
  double xForTime(double seconds) const;
  double timeForX(double x) const;
  int eventAt(const QPoint& p) const;  // -1 when no marker is there
  // Where an event's label is drawn: above its marker, alternating between two rows, always
  // inside the widget.
  QRectF labelRect(int index) const;
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 signals:
  void selectionChanged(int index);
  void moveRequested(int index, double seconds);
  // The arrow keys: a small move that merges with the next nudge of the same event.
  void nudgeRequested(int index, double seconds);
  void deleteRequested(int index);
  void addRequested(arachne::ScenarioEventKind kind, double seconds);
  void moveDialogRequested(int index);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  bool event(QEvent* event) override;

 private:
  double horizon() const;
  QRectF axisRect() const;
  QFont labelFont() const;
  double labelRowHeight() const;
  // The axis' height: low enough for two rows of labels above the markers.
  double axisY() const;
  Scenario scenario_;
  std::vector<bool> problem_;  // per event: validateScenario names it
  int selected_ = -1;
  int dragging_ = -1;
  double dragX_ = 0;
  double pressX_ = 0;
};

}  // namespace arachne::gui
