// Reason: English rendering and the argument builders.
#include "plan/reason.h"

#include <cstdio>
#include <cstring>

namespace arachne {

bool ReasonArg::operator==(const ReasonArg& o) const {
  return kind == o.kind && value == o.value && decimals == o.decimals && text == o.text &&
         nested == o.nested;
}

bool Reason::operator==(const Reason& o) const {
  if ((text == nullptr) != (o.text == nullptr)) return false;
  if (text && std::strcmp(text, o.text) != 0) return false;
  return args == o.args;
}

namespace {
std::string renderEnglish(const ReasonArg& a) {
  switch (a.kind) {
    case ReasonArg::Kind::Integer: return std::to_string(static_cast<long long>(a.value));
    case ReasonArg::Kind::Number: {
      char buf[64];
      if (a.decimals >= 0)
        std::snprintf(buf, sizeof buf, "%.*f", a.decimals, a.value);
      else
        std::snprintf(buf, sizeof buf, "%.*g", -a.decimals, a.value);
      return buf;
    }
    case ReasonArg::Kind::Verbatim:
    case ReasonArg::Kind::Term: return a.text;
    case ReasonArg::Kind::Nested: return a.nested.empty() ? std::string() : a.nested.front().english();
  }
  return {};
}
}  // namespace

std::string Reason::english() const {
  if (!text) return {};
  return substitutePlaceholders(text, [this](size_t i) {
    return i < args.size() ? renderEnglish(args[i]) : std::string();
  });
}

ReasonArg integer(long long value) {
  ReasonArg a;
  a.kind = ReasonArg::Kind::Integer;
  a.value = static_cast<double>(value);
  return a;
}

ReasonArg number(double value, int decimals) {
  ReasonArg a;
  a.kind = ReasonArg::Kind::Number;
  a.value = value;
  a.decimals = decimals;
  return a;
}

ReasonArg verbatim(std::string text) {
  ReasonArg a;
  a.kind = ReasonArg::Kind::Verbatim;
  a.text = std::move(text);
  return a;
}

ReasonArg term(const char* text) {
  ReasonArg a;
  a.kind = ReasonArg::Kind::Term;
  a.text = text;
  return a;
}

ReasonArg nested(Reason reason) {
  ReasonArg a;
  a.kind = ReasonArg::Kind::Nested;
  a.nested.push_back(std::move(reason));
  return a;
}

Reason joinReasons(const char* joiner, const std::vector<Reason>& parts) {
  Reason out;
  for (const Reason& p : parts) {
    if (p.empty()) continue;
    out = out.empty() ? p : Reason(joiner, {nested(std::move(out)), nested(p)});
  }
  return out;
}

}  // namespace arachne
