// A sentence of the core as data: its English wording (a text:: constant with %1..%9) and the
// typed values in it. The core renders it in English (the CLI, plan JSON); the GUI renders the
// same wording in the user's language with the same values, so no English sentence of the core
// reaches a translated window.
#pragma once

#include <string>
#include <vector>

namespace arachne {

struct Reason;

struct ReasonArg {
  enum class Kind {
    Integer,   // value, as a whole number
    Number,    // value with `decimals` digits after the point, or -decimals significant
               // digits when negative (%g); locale aware in the GUI
    Verbatim,  // text as is: ids, names, lists the core owns (never translated)
    Term,      // text is a text:: constant: a word the GUI translates
    Nested     // nested[0] is a whole reason
  };
  Kind kind = Kind::Verbatim;
  double value = 0;
  int decimals = 0;
  std::string text;
  std::vector<Reason> nested;
  bool operator==(const ReasonArg&) const;
};

struct Reason {
  const char* text = nullptr;  // a text:: constant; nullptr for no reason
  std::vector<ReasonArg> args;

  Reason() = default;
  Reason(const char* t, std::vector<ReasonArg> a = {}) : text(t), args(std::move(a)) {}
  bool empty() const { return text == nullptr; }
  // The English sentence: %1..%9 replaced by the arguments (numbers in the C locale).
  std::string english() const;
  bool operator==(const Reason& o) const;
};

ReasonArg integer(long long value);
ReasonArg number(double value, int decimals);
ReasonArg verbatim(std::string text);
ReasonArg term(const char* text);
ReasonArg nested(Reason reason);

// parts[0] joined with each later part by `joiner` (a text:: wording with %1 and %2, e.g.
// kJoinClauses "%1; %2"), as nested reasons, so the GUI translates every part. Empty parts are
// skipped; no parts gives an empty reason.
Reason joinReasons(const char* joiner, const std::vector<Reason>& parts);

// Replaces %1..%9 in `pattern` by render(index) in one pass (so a value holding "%1" stays as is).
template <class Render>
std::string substitutePlaceholders(const char* pattern, Render render) {
  std::string out;
  for (const char* p = pattern; *p; ++p) {
    if (*p == '%' && p[1] >= '1' && p[1] <= '9') {
      out += render(static_cast<size_t>(p[1] - '1'));
      ++p;
    } else {
      out += *p;
    }
  }
  return out;
}

}  // namespace arachne
