// Bounded reads of regular files for every loader.
#include "io/input_file.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/load_error.h"

namespace arachne {

namespace {

// strerror in lower case, as the rest of a message reads ("no such file or directory").
std::string reason(int err) {
  if (err == ENOENT) return "no such file";
  std::string s = std::strerror(err);
  if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

std::string fileKindName(unsigned mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

namespace {

// ARACHNE_MAX_INPUT_BYTES as a byte count; 0 when it is unset or not a count from 1 to 2^40.
std::uint64_t limitFromEnvironment() {
  if (const char* v = std::getenv("ARACHNE_MAX_INPUT_BYTES"); v && *v) {
    char* end = nullptr;
    errno = 0;
    const unsigned long long n = std::strtoull(v, &end, 10);
    if (errno == 0 && end && *end == '\0' && n >= 1 && n <= (1ull << 40) && v[0] != '-') return n;
  }
  return 0;
}

// What to do about a file over the limit. An invalid ARACHNE_MAX_INPUT_BYTES is ignored (reading
// every file would otherwise fail over a setting meant to loosen a limit), so the message names
// it: whoever set "100MB" to raise the limit learns why it did not.
std::string raiseHint() {
  const char* v = std::getenv("ARACHNE_MAX_INPUT_BYTES");
  if (v && *v && limitFromEnvironment() == 0)
    return "ARACHNE_MAX_INPUT_BYTES='" + std::string(v) +
           "' is ignored: it must be a whole number of bytes from 1 to 1099511627776";
  return "set ARACHNE_MAX_INPUT_BYTES to raise it";
}

}  // namespace

std::uint64_t inputSizeLimit() {
  const std::uint64_t n = limitFromEnvironment();
  return n > 0 ? n : kDefaultInputSizeLimit;
}

std::string readInputFile(const std::string& path, const std::string& what) {
  // O_NONBLOCK: opening a FIFO without a writer must not hang; it is refused below anyway.
  Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd.get() < 0) {
    const int err = errno;
    throw LoadError(path, "", "cannot be opened: " + reason(err));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw LoadError(path, "", "cannot be read: " + reason(errno));
  if (!S_ISREG(st.st_mode)) {
    throw LoadError(path, "", "is " + fileKindName(st.st_mode) + ", not a " + what +
                                  " file (only regular files are read)");
  }
  const std::uint64_t limit = inputSizeLimit();
  if (static_cast<std::uint64_t>(st.st_size) > limit) {
    throw LoadError(path, "", "is " + std::to_string(st.st_size) + " bytes, larger than the input limit of " +
                                  std::to_string(limit) + " bytes for a " + what +
                                  " file (" + raiseHint() + ")");
  }
  // Back to blocking reads for a regular file (O_NONBLOCK has no effect on them, but be plain).
  const int flags = ::fcntl(fd.get(), F_GETFL);
  if (flags >= 0) ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK);
  std::string out;
  out.reserve(static_cast<size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw LoadError(path, "", "cannot be read: " + reason(errno));
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
    // The file may grow while it is read: the limit holds for what is read, too.
    if (out.size() > limit) {
      throw LoadError(path, "", "grew past the input limit of " + std::to_string(limit) + " bytes for a " + what +
                                    " file while it was read (" + raiseHint() + ")");
    }
  }
  return out;
}

}  // namespace arachne
