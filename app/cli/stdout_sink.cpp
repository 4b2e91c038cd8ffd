// The checked stdout of arachne-cli and the rescue file for output it could not write.
#include "stdout_sink.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>
#include <vector>


namespace arachne::cli {

StdoutSink::StdoutSink() { setp(buf_, buf_ + sizeof buf_); }

StdoutSink::~StdoutSink() { flushBuffer(); }

void StdoutSink::emit(const char* s, size_t n) {
  if (!truncated_) {
    if (kept_.size() + n <= kMaxKept) {
      kept_.append(s, n);
    } else {
      truncated_ = true;
    }
  }
  if (error_) return;
  while (n > 0) {
    const ssize_t w = ::write(STDOUT_FILENO, s, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      error_ = errno;
      return;
    }
    s += w;
    n -= static_cast<size_t>(w);
  }
}

void StdoutSink::flushBuffer() {
  const auto n = pptr() - pbase();
  if (n > 0) emit(pbase(), static_cast<size_t>(n));
  setp(buf_, buf_ + sizeof buf_);
}

StdoutSink::int_type StdoutSink::overflow(int_type ch) {
  flushBuffer();
  if (!traits_type::eq_int_type(ch, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(ch);
    pbump(1);
  }
  return traits_type::not_eof(ch);
}

std::streamsize StdoutSink::xsputn(const char* s, std::streamsize n) {
  if (n <= epptr() - pptr()) {
    std::copy(s, s + n, pptr());
    pbump(static_cast<int>(n));
    return n;
  }
  flushBuffer();
  emit(s, static_cast<size_t>(n));
  return n;
}

// Always "succeeds": a failure is recorded, not signalled to the stream, which would drop
// everything written after it (and with it the copy main() saves).
int StdoutSink::sync() {
  flushBuffer();
  return 0;
}

std::string rescueOutput(const std::string& command, const std::string& text, const std::string& suffix) {
  const char* tmp = std::getenv("TMPDIR");
  const std::string dir = tmp && *tmp ? tmp : "/tmp";
  // A fresh name created exclusively (mkstemps), never an existing file or a planted link.
  std::string name = dir + "/arachne-cli-" + command + "-XXXXXX" + suffix;
  std::vector<char> buf(name.begin(), name.end());
  buf.push_back('\0');
  const int fd = ::mkstemps(buf.data(), static_cast<int>(suffix.size()));
  if (fd < 0) return {};
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      ::close(fd);
      ::unlink(buf.data());
      return {};
    }
    done += static_cast<size_t>(w);
  }
  if (::close(fd) != 0) {
    ::unlink(buf.data());
    return {};
  }
  return buf.data();
}

}  // namespace arachne::cli
