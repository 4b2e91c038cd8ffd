// arachne-cli's stdout: every write is checked, and what could not be written is kept.
#pragma once

#include <streambuf>
#include <string>

namespace arachne::cli {

// A stream buffer over file descriptor 1 for std::cout. A failed write (a full disk,
// /dev/full, a closed descriptor) never stops the command: the buffer records the error, stops
// writing, and keeps a copy of everything the command printed, so main() can report the error
// (exit 2) and save the output elsewhere instead of losing it. A closed pipe still ends the
// process through SIGPIPE, as for any command-line tool.
class StdoutSink : public std::streambuf {
 public:
  StdoutSink();
  ~StdoutSink() override;

  bool failed() const { return error_ != 0; }
  int error() const { return error_; }
  // Everything written, including what reached stdout (at most kMaxKept bytes).
  const std::string& kept() const { return kept_; }
  bool keptWhole() const { return !truncated_; }
  static constexpr size_t kMaxKept = 64u << 20;

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  void emit(const char* s, size_t n);
  void flushBuffer();
  char buf_[8192];
  std::string kept_;
  bool truncated_ = false;
  int error_ = 0;
};

// Writes `text` to a new file $TMPDIR/arachne-cli-COMMAND-XXXXXX.SUFFIX (or under /tmp) and
// returns its path, or "" when that fails too.
std::string rescueOutput(const std::string& command, const std::string& text, const std::string& suffix = ".txt");

}  // namespace arachne::cli
