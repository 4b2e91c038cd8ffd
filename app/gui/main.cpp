// arachne entry point: the desktop explorer (also --screenshot and --bench-latency).
#include <QApplication>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "command_line.h"
#include "core_planning_backend.h"
#include "gui_session.h"
#include "start_choice.h"

namespace {

void nameApplication() {
  QCoreApplication::setOrganizationName(QStringLiteral("Arachne"));
  QCoreApplication::setApplicationName(QStringLiteral("Arachne Plan Explorer"));
  QCoreApplication::setApplicationVersion(QStringLiteral(ARACHNE_VERSION));
}

}  // namespace

int main(int argc, char** argv) {
  QElapsedTimer sinceStart;
  sinceStart.start();
  const arachne::gui::StartChoice start = arachne::gui::chooseStart(
      std::vector<std::string>(argv + 1, argv + argc), std::getenv("DISPLAY"),
      std::getenv("WAYLAND_DISPLAY"), std::getenv("QT_QPA_PLATFORM"));
  if (start.text_only) {
    // --help and --version print and exit inside parse(); if the flag was another option's
    // value, parse() returns and the window starts as usual.
    QCoreApplication text(argc, argv);
    nameApplication();
    (void)arachne::gui::CommandLine::parse(QCoreApplication::arguments());
  }
  if (start.refuse) {
    std::fputs(arachne::gui::noDisplayMessage(), stderr);
    return 1;
  }
  if (start.use_offscreen) qputenv("QT_QPA_PLATFORM", "offscreen");
  // LibTorch is not linked: it adds about 1.9 s to every start (measured with --screenshot: 0.4 s
  // without, 2.3 s with) and breaks the 1.5 s start-to-first-paint target. The core lists the
  // learned planners and loads the policy module when one is first made (plugin/policy_plugin.h).
  QApplication app(argc, argv);
  nameApplication();
  const arachne::gui::CorePlanningBackend backend;
  return arachne::gui::runGuiSession(arachne::gui::CommandLine::parse(QApplication::arguments()),
                                     backend, sinceStart);
}
