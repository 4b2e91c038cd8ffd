// The arachne executable's options: --screenshot FILE, --cluster SPEC, --model ID|FILE,
// --planner NAME, --budget S, --plan, --lang L, --tab NAME, --bench-latency, --global-batch N,
// --seq-len N, --checkpointing on|off, --precision P,
// --compare LIST, --whatif EDIT, --export-view FILE, --scenario SPEC, --scenario-planners LIST,
// --size WxH, and one FILE to open.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

namespace arachne::gui {

struct CommandLine {
  QString screenshot;
  QString exportView;  // --export-view FILE: the current tab's view, whole, as File → Export does
  QString cluster;
  QString model;
  QString planner;
  double budget = -1;  // seconds; < 0 keeps the saved budget
  bool plan = false;
  QString lang;
  QString tab;
  bool benchLatency = false;
  int globalBatch = 0;  // sequences; 0 keeps the model's default
  int seqLen = 0;       // tokens; 0 keeps the model's default
  int checkpointing = -1;  // --checkpointing: 1 on, 0 off, -1 keeps the model's default
  QString precision;    // --precision bf16|fp16|fp32|fp8; empty keeps the model's default
  QString compare;      // planners to run in the alternatives view after planning (comma list)
  QString whatIf;       // an edit for the what-if editor: "tp:T:S:N", "replicas:T:N", "depth:T:N", "mb:T:N"
  QString file;         // a *.cluster.json, *.plan.json or *.scenario.json to open (the desktop file's %f)
  QString scenario;          // --scenario FILE|PRESET: opens the scenario dock on it
  QStringList scenarioPlanners;  // --scenario-planners a,b: the planners it plays
  QSize size;          // --size WxH: the window's size; invalid keeps 1400 x 900 (pictures) or the saved one
  QString error;       // set when the options are wrong

  static CommandLine parse(const QStringList& arguments);
};

}  // namespace arachne::gui
