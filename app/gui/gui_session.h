// One run of the explorer after QApplication exists: language, main window on the initial
// cluster and model, then either the interactive event loop, a --screenshot, or --bench-latency.
#pragma once

#include <QElapsedTimer>

#include "command_line.h"

namespace arachne::gui {

class PlanningBackend;

// The composition and model the window opens on when none is given.
inline constexpr const char* kDefaultCluster = "paper-3t-128";
inline constexpr const char* kDefaultModel = "llama3-8b";

// `sinceStart` runs from the top of main(); it times the first paint. Returns the exit code.
int runGuiSession(const CommandLine& options, const PlanningBackend& backend,
                  const QElapsedTimer& sinceStart);

}  // namespace arachne::gui
