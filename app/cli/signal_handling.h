// SIGINT and SIGTERM in arachne-cli: exit promptly outside long work, cancel cleanly inside it.
#pragma once

#include <atomic>

namespace arachne::cli {

// Installed once by main() before anything is read: SIGINT or SIGTERM ends the process at
// once with exit code 130 or 143 and one line on stderr. Until a command enters its long work
// nothing has been written, so there is nothing to keep.
void installSignalHandlers();

// While alive (a planner's search, a training run, and the writing of their results), SIGINT
// and SIGTERM set the cancel flag instead: the planner returns its best plan so far, training
// writes its weights. A second signal ends the process at once, as outside.
class CancelOnSigint {
 public:
  CancelOnSigint();
  ~CancelOnSigint();
  CancelOnSigint(const CancelOnSigint&) = delete;
  CancelOnSigint& operator=(const CancelOnSigint&) = delete;
  const std::atomic<bool>* flag() const;
  bool raised() const;
  // The signal that set the flag (SIGINT or SIGTERM), 0 when none.
  int signal() const;
};

}  // namespace arachne::cli
