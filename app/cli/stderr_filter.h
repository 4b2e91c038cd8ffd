// arachne-cli's stderr: messages echo what the user typed or a file held, and a control byte in
// it (an escape sequence, a carriage return) would act on the terminal instead of being read.
#pragma once

#include <streambuf>

namespace arachne::cli {

// A stream buffer for std::cerr that writes every byte to `target` except the C0 control bytes
// other than newline and tab, and DEL, which it writes as "\xNN". Bytes of 0x80 and above (UTF-8)
// pass unchanged. The terminal progress lines go through stdio (fprintf), not through this.
class StderrFilter : public std::streambuf {
 public:
  explicit StderrFilter(std::streambuf* target) : target_(target) {}

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override { return target_->pubsync(); }

 private:
  bool put(char c);
  std::streambuf* target_;
};

}  // namespace arachne::cli
