// Control bytes on stdout and stderr are written escaped.
#include "control_byte_filter.h"

namespace arachne::cli {

bool ControlByteFilter::put(char c) {
  const auto u = static_cast<unsigned char>(c);
  if ((u >= 0x20 && (u != 0x7f || !escapeDel_)) || c == '\n' || c == '\t')
    return target_->sputc(c) != traits_type::eof();
  static const char kHex[] = "0123456789abcdef";
  const char escaped[4] = {'\\', 'x', kHex[u >> 4], kHex[u & 15]};
  return target_->sputn(escaped, 4) == 4;
}

ControlByteFilter::int_type ControlByteFilter::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  return put(traits_type::to_char_type(ch)) ? ch : traits_type::eof();
}

std::streamsize ControlByteFilter::xsputn(const char* s, std::streamsize n) {
  for (std::streamsize i = 0; i < n; ++i)
    if (!put(s[i])) return i;
  return n;
}

}  // namespace arachne::cli
