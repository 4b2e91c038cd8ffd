// arachne-cli's stdout and stderr: messages and reports echo what the user typed or a file held
// (a model id, a plan's planner, a cluster's name), and a control byte in it (an escape sequence,
// a carriage return) would act on the terminal instead of being read.
#pragma once

#include <streambuf>

namespace arachne::cli {

// A stream buffer that writes every byte to `target` except the C0 control bytes other than
// newline and tab, which it writes as "\xNN"; DEL too when `escapeDel`. Bytes of 0x80 and above
// (UTF-8) pass unchanged. stdout keeps DEL: JSON carries it raw inside strings, where "\x7f"
// would be invalid JSON, and it moves no cursor. The C0 bytes never appear raw in JSON (they
// are escaped as \u00NN), so JSON, the launch scripts and tables pass through unchanged.
// The terminal progress lines go through stdio (fprintf), not through this.
class ControlByteFilter : public std::streambuf {
 public:
  ControlByteFilter(std::streambuf* target, bool escapeDel) : target_(target), escapeDel_(escapeDel) {}

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override { return target_->pubsync(); }

 private:
  bool put(char c);
  std::streambuf* target_;
  bool escapeDel_;
};

}  // namespace arachne::cli
