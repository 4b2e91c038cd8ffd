// What the arachne executable decides before its QApplication exists. Qt's xcb platform aborts
// the process when there is no display, and --help needs none: so the text-only options run on
// a QCoreApplication, the batch modes (--screenshot, --export-view, --bench-latency) pick the
// offscreen platform themselves when there is no display, and the interactive window without a
// display is refused with a message instead of Qt's abort.
#pragma once

#include <string>
#include <vector>

namespace arachne::gui {

struct StartChoice {
  bool text_only = false;      // --help, --help-all, -h, -?, --version or -v: print, no window
  // Should the window start after all (the flag was another option's value):
  bool use_offscreen = false;  // a batch mode without a display: set QT_QPA_PLATFORM=offscreen
  bool refuse = false;         // the interactive window without a display
};

// args: argv[1..]; the three strings are the environment's DISPLAY, WAYLAND_DISPLAY and
// QT_QPA_PLATFORM (nullptr when unset). A platform the user chose (QT_QPA_PLATFORM or
// -platform) is always respected.
StartChoice chooseStart(const std::vector<std::string>& args, const char* display,
                        const char* waylandDisplay, const char* qpaPlatform);

// The message for a refused start.
const char* noDisplayMessage();

}  // namespace arachne::gui
