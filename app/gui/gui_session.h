// One run of the explorer after QApplication exists: language, main window on the initial
// cluster and model, then either the interactive event loop, a --screenshot, or --bench-latency.
#pragma once

#include <QElapsedTimer>

#include "command_line.h"

namespace arachne::gui {

class MainWindow;
class PlanningBackend;

// The composition and model the window opens on when none is given.
inline constexpr const char* kDefaultCluster = "paper-3t-128";
inline constexpr const char* kDefaultModel = "llama3-8b";

// The interactive run's --plan: starts planning, and once that first run ends with a plan, starts
// the --compare planners in the background (the window stays responsive and shows them run) and
// makes the --whatif edit. An edit that cannot be made is printed on stderr, as the picture modes
// do, and shown in the status bar; the window stays open. A run without a plan prints that
// neither step was applied.
void planInteractively(MainWindow& window, const CommandLine& options);

// `sinceStart` runs from the top of main(); it times the first paint. Returns the exit code.
int runGuiSession(const CommandLine& options, const PlanningBackend& backend,
                  const QElapsedTimer& sinceStart);

}  // namespace arachne::gui
