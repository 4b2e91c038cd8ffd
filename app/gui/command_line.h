// The arachne executable's options: --screenshot FILE, --cluster SPEC, --model ID|FILE,
// --planner NAME, --budget S, --plan, --lang L, --tab NAME, --bench-latency, and one FILE to open.
#pragma once

#include <QString>
#include <QStringList>

namespace arachne::gui {

struct CommandLine {
  QString screenshot;
  QString cluster;
  QString model;
  QString planner;
  double budget = -1;  // seconds; < 0 keeps the saved budget
  bool plan = false;
  QString lang;
  QString tab;
  bool benchLatency = false;
  QString file;        // a *.cluster.json, *.plan.json or *.scenario.json to open (the desktop file's %f)
  QString error;       // set when the options are wrong

  static CommandLine parse(const QStringList& arguments);
};

}  // namespace arachne::gui
