// arachne entry point: the desktop explorer (also --screenshot and --bench-latency).
#include <QApplication>
#include <QElapsedTimer>

#include "command_line.h"
#include "core_planning_backend.h"
#include "gui_session.h"
#include "policy/learned_planners.h"  // torch-free: registers arachne, arachne-untrained

int main(int argc, char** argv) {
  QElapsedTimer sinceStart;
  sinceStart.start();
  arachne::registerLearnedPlanners();
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Arachne"));
  QApplication::setApplicationName(QStringLiteral("Arachne Plan Explorer"));
  QApplication::setApplicationVersion(QStringLiteral(ARACHNE_VERSION));
  const arachne::gui::CorePlanningBackend backend;
  return arachne::gui::runGuiSession(arachne::gui::CommandLine::parse(QApplication::arguments()),
                                     backend, sinceStart);
}
