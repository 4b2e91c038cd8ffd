// Local ranks of `train --workers N`: address parsing, a free port, spawning and reaping children.
#include "train_workers.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "args.h"

namespace arachne::cli {

MasterAddress parseMasterAddress(const std::string& text) {
  auto bad = [&](const std::string& why) {
    return UsageError("option '--master' needs ADDR:PORT (e.g. 10.0.0.1:29500 or [::1]:29500): " + why + ", got '" +
                      text + "'");
  };
  MasterAddress m;
  std::string portText;
  if (!text.empty() && text.front() == '[') {
    const size_t close = text.find(']');
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':') throw bad("no ']:PORT'");
    m.host = text.substr(1, close - 1);
    portText = text.substr(close + 2);
  } else {
    const size_t colon = text.rfind(':');
    if (colon == std::string::npos) throw bad("no ':PORT'");
    m.host = text.substr(0, colon);
    portText = text.substr(colon + 1);
    if (m.host.find(':') != std::string::npos) throw bad("an IPv6 address goes in brackets");
  }
  if (m.host.empty()) throw bad("no address before the port");
  size_t used = 0;
  long port = 0;
  try {
    port = std::stol(portText, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (portText.empty() || used != portText.size() || port < 1 || port > 65535) throw bad("the port must be 1-65535");
  m.port = static_cast<int>(port);
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int rc = ::getaddrinfo(m.host.c_str(), nullptr, &hints, &found);
  if (rc != 0) throw bad("the address '" + m.host + "' does not resolve (" + ::gai_strerror(rc) + ")");
  ::freeaddrinfo(found);
  return m;
}

int freeLoopbackPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw std::runtime_error(std::string("cannot open a socket: ") + std::strerror(errno));
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  socklen_t len = sizeof a;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd);
    throw std::runtime_error("cannot find a free port on 127.0.0.1: " + why);
  }
  ::close(fd);
  return ntohs(a.sin_port);
}

LocalWorkers::LocalWorkers(const std::vector<std::string>& trainArgs, int workers, int port) {
  const std::string master = "127.0.0.1:" + std::to_string(port);
  const pid_t parent = ::getpid();
  for (int rank = 1; rank < workers; ++rank) {
    std::vector<std::string> args = {"arachne-cli", "train"};
    args.insert(args.end(), trainArgs.begin(), trainArgs.end());
    args.insert(args.end(), {"--rank", std::to_string(rank), "--master", master});
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error(std::string("cannot start local rank ") + std::to_string(rank) + ": " + std::strerror(errno));
    if (pid == 0) {
      // Only async-signal-safe calls until exec.
      ::prctl(PR_SET_PDEATHSIG, SIGTERM);
      if (::getppid() != parent) ::_exit(127);  // the parent is already gone
      const int null = ::open("/dev/null", O_WRONLY);
      if (null >= 0) ::dup2(null, STDOUT_FILENO);
      ::execv("/proc/self/exe", argv.data());
      ::_exit(127);
    }
    children_.push_back({rank, pid});
  }
}

std::vector<std::string> LocalWorkers::wait(double seconds) {
  std::vector<std::string> failed;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  auto describe = [](const Child& c, int status) {
    const std::string who = "rank " + std::to_string(c.rank) + " (pid " + std::to_string(c.pid) + ")";
    if (WIFEXITED(status)) return WEXITSTATUS(status) == 0 ? std::string() : who + " exited with code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return who + " was ended by signal " + std::to_string(WTERMSIG(status)) + " (" + ::strsignal(WTERMSIG(status)) + ")";
    return who + " ended";
  };
  for (int phase = 0; phase < 3; ++phase) {
    // Phase 0: wait for a clean end; 1: SIGTERM (they cancel and leave); 2: SIGKILL.
    const auto until = phase == 0 ? deadline : std::chrono::steady_clock::now() + std::chrono::seconds(5);
    bool left = false;
    for (auto& c : children_)
      if (!c.done) {
        if (phase == 1) ::kill(c.pid, SIGTERM);
        if (phase == 2) ::kill(c.pid, SIGKILL);
        left = true;
      }
    if (!left) break;
    while (true) {
      bool running = false;
      for (auto& c : children_) {
        if (c.done) continue;
        int status = 0;
        const pid_t r = ::waitpid(c.pid, &status, WNOHANG);
        if (r == c.pid || (r < 0 && errno == ECHILD)) {
          c.done = true;
          if (r == c.pid) {
            std::string line = describe(c, status);
            if (phase > 0 && line.empty()) line = "rank " + std::to_string(c.rank) + " had to be stopped";
            if (!line.empty()) failed.push_back(line);
          }
        } else {
          running = true;
        }
      }
      if (!running || std::chrono::steady_clock::now() >= until) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  return failed;
}

LocalWorkers::~LocalWorkers() {
  bool left = false;
  for (const auto& c : children_) left = left || !c.done;
  if (left) wait(0);
}

}  // namespace arachne::cli
