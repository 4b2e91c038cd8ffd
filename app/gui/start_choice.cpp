// chooseStart: a scan of argv for the few options that decide how the process starts; the full
// parse (CommandLine::parse) runs afterwards on the application Qt made.
#include "start_choice.h"

namespace arachne::gui {
namespace {

bool set(const char* value) { return value != nullptr && *value != '\0'; }

bool isOption(const std::string& arg, const char* name) {
  const std::string n = name;
  return arg == n || arg.rfind(n + "=", 0) == 0;
}

}  // namespace

StartChoice chooseStart(const std::vector<std::string>& args, const char* display,
                        const char* waylandDisplay, const char* qpaPlatform) {
  StartChoice choice;
  bool batch = false;
  bool platformChosen = set(qpaPlatform);
  for (const std::string& a : args) {
    if (a == "--") break;  // what follows is a file name
    if (a == "--help" || a == "--help-all" || a == "-h" || a == "-?" || a == "--version" || a == "-v")
      choice.text_only = true;
    if (isOption(a, "--screenshot") || isOption(a, "--export-view") || a == "--bench-latency") batch = true;
    if (a == "-platform" || a == "--platform") platformChosen = true;  // Qt's own option
  }
  if (platformChosen || set(display) || set(waylandDisplay)) return choice;
  if (batch)
    choice.use_offscreen = true;
  else
    choice.refuse = true;
  return choice;
}

const char* noDisplayMessage() {
  return "arachne: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset).\n"
         "Run it in a desktop session (or over ssh -X), or draw the window to a file, which needs no\n"
         "display: arachne --screenshot out.png [--cluster SPEC --model ID --plan] (docs/gui.md).\n"
         "arachne-cli plans, evaluates and exports without a window.\n";
}

}  // namespace arachne::gui
