// Strict parsing of declared options: anything undeclared or incomplete is a UsageError.
#include "args.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace arachne::cli {

namespace {

const OptionSpec* findOption(const CommandSpec& spec, const std::string& name) {
  for (const auto& o : spec.options)
    if (o.name == name) return &o;
  return nullptr;
}

}  // namespace

std::optional<std::string> ParsedArgs::value(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

ParsedArgs parseArgs(const CommandSpec& spec, const std::vector<std::string>& args) {
  ParsedArgs out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "-h" || arg == "--help") {
      out.help_ = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
      throw UsageError("unexpected argument '" + arg + "' (options start with --)");
    }
    std::string name = arg;
    std::optional<std::string> inlineValue;
    if (const auto eq = arg.find('='); eq != std::string::npos) {
      name = arg.substr(0, eq);
      inlineValue = arg.substr(eq + 1);
    }
    const OptionSpec* opt = findOption(spec, name);
    if (!opt) throw UsageError("unknown option '" + name + "'");
    if (out.values_.count(name)) throw UsageError("option '" + name + "' given twice");
    if (opt->value_name.empty()) {
      if (inlineValue) throw UsageError("option '" + name + "' takes no value");
      out.values_[name] = "";
      continue;
    }
    if (inlineValue) {
      out.values_[name] = *inlineValue;
    } else if (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
      out.values_[name] = args[++i];
    } else {
      throw UsageError("option '" + name + "' needs a value (" + opt->value_name + ")");
    }
    if (out.values_[name].empty()) {
      throw UsageError("option '" + name + "' needs a non-empty value (" +
                       opt->value_name + ")");
    }
  }
  if (!out.help_) {
    for (const auto& o : spec.options) {
      if (o.required && !out.has(o.name)) {
        throw UsageError("missing required option '" + o.name + " " + o.value_name + "'");
      }
    }
  }
  return out;
}

std::string helpText(const CommandSpec& spec) {
  // The usage line wraps at 90 columns, continuation lines indented under the first option.
  const std::string head = "usage: arachne-cli " + spec.name;
  std::string usage = head;
  size_t lineStart = 0;
  for (const auto& o : spec.options) {
    std::string part = o.name + (o.value_name.empty() ? "" : " " + o.value_name);
    if (!o.required) part = "[" + part + "]";
    if (usage.size() - lineStart + 1 + part.size() > 90) {
      usage += "\n";
      lineStart = usage.size();
      usage += std::string(head.size(), ' ');
    }
    usage += " " + part;
  }
  std::string s = usage + "\n\n" + spec.summary + "\n";
  if (!spec.details.empty()) s += "\n" + spec.details + "\n";
  if (!spec.options.empty()) {
    s += "\noptions:\n";
    size_t width = 0;
    for (const auto& o : spec.options)
      width = std::max(width, o.name.size() + (o.value_name.empty() ? 0 : o.value_name.size() + 1));
    width = std::max<size_t>(width, 10);
    for (const auto& o : spec.options) {
      std::string left = o.name + (o.value_name.empty() ? "" : " " + o.value_name);
      s += "  " + left + std::string(width - left.size() + 2, ' ') + o.help + "\n";
    }
    s += "  -h, --help" + std::string(width - 10 + 2, ' ') + "show this help\n";
  }
  return s;
}

int parseIntOption(const std::string& option, const std::string& text, int min, int max) {
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE || text.find_first_of(" \t") != std::string::npos) {
    throw UsageError("option '" + option + "' needs an integer, got '" + text + "'");
  }
  if (v < min || v > max) {
    throw UsageError("option '" + option + "' must be between " + std::to_string(min) + " and " +
                     std::to_string(max) + ", got " + text);
  }
  return static_cast<int>(v);
}

std::vector<std::string> parseListOption(const std::string& option, const std::string& text) {
  std::vector<std::string> items;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.empty()) {
      if (text.empty()) throw UsageError("option '" + option + "' needs at least one item");
      throw UsageError("option '" + option + "' has an empty item in '" + text + "'");
    }
    items.push_back(item);
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

double parseRealOption(const std::string& option, const std::string& text, const char* unit, double min,
                       bool minIncluded, double max, const std::string& maxText) {
  double v = 0;
  size_t used = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;  // not a number, or out of double's range
  }
  const bool above = minIncluded ? v >= min : v > min;  // false for NaN
  if (used != text.size() || !above || v > max) {
    char lo[32];
    std::snprintf(lo, sizeof lo, "%g", min);
    throw UsageError("option '" + option + "' needs a number" + (*unit ? std::string(" of ") + unit : std::string()) + " in " + (minIncluded ? "[" : "(") + lo +
                     ", " + maxText + "], got '" + text + "'");
  }
  return v;
}

bool parseOnOff(const std::string& option, const std::string& text) {
  if (text == "on" || text == "true" || text == "yes" || text == "1") return true;
  if (text == "off" || text == "false" || text == "no" || text == "0") return false;
  throw UsageError("option '" + option + "' needs on or off, got '" + text + "'");
}

}  // namespace arachne::cli
