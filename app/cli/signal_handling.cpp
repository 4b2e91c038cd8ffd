// Signal handlers of arachne-cli: async-signal-safe (write, _exit and atomics only).
#include "signal_handling.h"

#include <csignal>
#include <cstring>
#include <unistd.h>

namespace arachne::cli {

namespace {

std::atomic<bool> gCancel{false};
std::atomic<int> gSignal{0};
std::atomic<bool> gCancelMode{false};

void say(const char* text) {
  const size_t n = std::strlen(text);
  ssize_t ignored = ::write(STDERR_FILENO, text, n);
  (void)ignored;
}

extern "C" void onSignal(int sig) {
  if (gCancelMode.load() && !gCancel.load()) {
    gSignal.store(sig);
    gCancel.store(true);
    return;
  }
  const bool again = gCancel.load();
  if (sig == SIGTERM)
    say(again ? "arachne-cli: SIGTERM again: exiting at once\n" : "arachne-cli: interrupted (SIGTERM)\n");
  else
    say(again ? "arachne-cli: interrupted again: exiting at once\n" : "arachne-cli: interrupted (SIGINT)\n");
  ::_exit(128 + sig);
}

void install(int sig) {
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  ::sigaction(sig, &sa, nullptr);
}

}  // namespace

void installSignalHandlers() {
  install(SIGINT);
  install(SIGTERM);
}

CancelOnSigint::CancelOnSigint() {
  gCancel.store(false);
  gSignal.store(0);
  installSignalHandlers();
  gCancelMode.store(true);
}

CancelOnSigint::~CancelOnSigint() { gCancelMode.store(false); }

const std::atomic<bool>* CancelOnSigint::flag() const { return &gCancel; }

bool CancelOnSigint::raised() const { return gCancel.load(); }

int CancelOnSigint::signal() const { return gSignal.load(); }

}  // namespace arachne::cli
