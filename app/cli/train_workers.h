// `train --workers N` on one machine: the master address, a free port, and the N-1 local
// processes (ranks 1 … N-1) this one starts and waits for as rank 0.
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace arachne::cli {

struct MasterAddress {
  std::string host;
  int port = 0;
};

// "HOST:PORT" or "[IPv6]:PORT"; the host must resolve. Throws UsageError naming --master.
MasterAddress parseMasterAddress(const std::string& text);

// A TCP port on the loopback interface that nothing listens on now (the kernel's pick). Rank 0
// listens there a moment later; throws std::runtime_error when no socket can be bound.
int freeLoopbackPort();

// The other local ranks: this executable again with the same arguments plus --rank R and
// --master 127.0.0.1:PORT, stdout to /dev/null (rank 0 reports), stderr shared. Each child ends
// with its parent (PR_SET_PDEATHSIG). The destructor stops and reaps every child still running.
class LocalWorkers {
 public:
  LocalWorkers(const std::vector<std::string>& trainArgs, int workers, int port);
  ~LocalWorkers();
  LocalWorkers(const LocalWorkers&) = delete;
  LocalWorkers& operator=(const LocalWorkers&) = delete;

  // Waits up to `seconds` for every child; SIGTERM, then SIGKILL, for those still running.
  // Returns one line per child that did not exit 0 ("rank 1 (pid 123) exited with code 4").
  std::vector<std::string> wait(double seconds);

 private:
  struct Child {
    int rank;
    pid_t pid;
    bool done = false;
  };
  std::vector<Child> children_;
};

}  // namespace arachne::cli
