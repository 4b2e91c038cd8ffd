// Linked into every test program (tests/CMakeLists.txt): at exit, waits until QtTest's watchdog
// thread has really ended.
//
// Why: Qt 6.4 starts every QThread detached. QThread::wait() returns once run() is over, before
// the thread's pthread-key destructor has dropped its reference to the thread's QThreadData (152
// bytes). QtTest stops its watchdog, a QThread, just before qExec() returns, and main() then
// returns at once. Qt Core's own exit handler deletes that pthread key; if it runs first, which a
// loaded machine allows, the destructor is never called and the QThreadData is never freed.
// LeakSanitizer (preset asan) then reports a direct leak allocated in libQt6Core that any test
// can show, by chance (tst_cli_train_distributed did, once, in CI on 2026-12-03, with the other
// tests passing). This object is destroyed before any shared library's exit handler, so waiting
// here lets the thread finish first. The thread is found by its name, which Qt gives it from
// its objectName ("QtTest Watchdog", exactly the 15 characters Linux keeps). The wait is bounded
// (5 s), so a thread that never ends costs time, never a hang; on a quiet machine it is over at
// the first look. With ARACHNE_WATCHDOG_EXIT_REPORT set, it says on stderr whether the thread was
// still there and how long it waited (tests/support/watchdog_probe.sh counts those lines).
#include <dirent.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

namespace {

bool aThreadIsNamed(const std::string& name) {
  DIR* tasks = opendir("/proc/self/task");
  if (!tasks) return false;
  bool found = false;
  while (const dirent* t = readdir(tasks)) {
    if (t->d_name[0] == '.') continue;
    std::ifstream comm(std::string("/proc/self/task/") + t->d_name + "/comm");
    std::string threadName;
    if (std::getline(comm, threadName) && threadName == name) found = true;
  }
  closedir(tasks);
  return found;
}

struct WaitForQtTestWatchdog {
  ~WaitForQtTestWatchdog() {
    const auto start = std::chrono::steady_clock::now();
    const bool aliveAtExit = aThreadIsNamed("QtTest Watchdog");
    bool alive = aliveAtExit;
    while (alive && std::chrono::steady_clock::now() < start + std::chrono::seconds(5)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      alive = aThreadIsNamed("QtTest Watchdog");
    }
    if (std::getenv("ARACHNE_WATCHDOG_EXIT_REPORT")) {
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(stderr, "watchdog at exit: %s, waited %.1f ms, %s after\n", aliveAtExit ? "alive" : "gone", ms,
                   alive ? "alive" : "gone");
    }
  }
} waitForQtTestWatchdog;

}  // namespace
