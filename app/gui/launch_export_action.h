// File → Export launch files…: the plan on screen as Megatron-LM or torchrun launch files or a
// rank map (core/launch), written into a chosen directory. Self-contained: the window only adds
// the action to its menu and tells it where the plan on screen is.
#pragma once

#include <QAction>
#include <functional>

#include "planning/planner.h"
#include "planning_backend.h"

class QMenu;

namespace arachne::gui {

struct LaunchExportInput {
  const PlannerResult* result = nullptr;  // null: no plan on screen
  const PlanningRequest* request = nullptr;
};

class LaunchExportAction : public QAction {
  Q_OBJECT
 public:
  // `menu` gets the action; it is enabled whenever the menu opens with a plan on screen.
  LaunchExportAction(QWidget* window, QMenu* menu, std::function<LaunchExportInput()> input);

  // Writes the files of `format` ("megatron", "torchrun", "rankmap") into `directory` with
  // QSaveFile; returns the message the user is shown (what was written, or why not).
  static QString exportTo(const LaunchExportInput& in, const QString& format, const QString& directory, bool* ok);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void retranslate();
  void run();
  QWidget* window_;
  std::function<LaunchExportInput()> input_;
};

}  // namespace arachne::gui
