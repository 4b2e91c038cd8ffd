// arachne entry point: the desktop explorer (also --screenshot and --bench-latency).
#include <QApplication>
#include <QElapsedTimer>

#include "command_line.h"
#include "core_planning_backend.h"
#include "gui_session.h"

int main(int argc, char** argv) {
  QElapsedTimer sinceStart;
  sinceStart.start();
  // LibTorch is not linked: it adds about 1.9 s to every start (measured with --screenshot: 0.4 s
  // without, 2.3 s with) and breaks the 1.5 s start-to-first-paint target. The core lists the
  // learned planners and loads the policy module when one is first made (plugin/policy_plugin.h).
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Arachne"));
  QApplication::setApplicationName(QStringLiteral("Arachne Plan Explorer"));
  QApplication::setApplicationVersion(QStringLiteral(ARACHNE_VERSION));
  const arachne::gui::CorePlanningBackend backend;
  return arachne::gui::runGuiSession(arachne::gui::CommandLine::parse(QApplication::arguments()),
                                     backend, sinceStart);
}
