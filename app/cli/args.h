// Command-line parsing for arachne-cli: declared options per command, strict errors, help text.
#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace arachne::cli {

// Bad command-line input (unknown option, missing value, malformed number ...): exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct OptionSpec {
  std::string name;        // "--cluster"
  std::string value_name;  // "SPEC"; empty for a flag that takes no value
  std::string help;
  bool required = false;
};

struct CommandSpec {
  std::string name;     // "evaluate"
  std::string summary;  // one line, for the command list
  std::string details;  // extra paragraphs for --help (may be empty)
  std::vector<OptionSpec> options;
};

class ParsedArgs {
 public:
  bool has(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> value(const std::string& name) const;
  bool help() const { return help_; }

 private:
  friend ParsedArgs parseArgs(const CommandSpec&, const std::vector<std::string>&);
  std::map<std::string, std::string> values_;  // flags map to ""
  bool help_ = false;
};

// Accepts "--name value" and "--name=value"; -h/--help anywhere sets help() and skips the
// required-option check. Throws UsageError on anything else that is not declared.
ParsedArgs parseArgs(const CommandSpec& spec, const std::vector<std::string>& args);

std::string helpText(const CommandSpec& spec);

// Number parsing for option values; UsageError names the option.
int parseIntOption(const std::string& option, const std::string& text, int min, int max);
// A real number of `unit` (e.g. "seconds"; "" for a bare number) in (min, max], or [min, max] when minIncluded; the
// message quotes the range as "(min, maxText]" so each option keeps its own spelling of the bound.
double parseRealOption(const std::string& option, const std::string& text, const char* unit, double min,
                       bool minIncluded, double max, const std::string& maxText);
bool parseOnOff(const std::string& option, const std::string& text);
// A comma-separated list ("a,b,c"); an empty list or an empty item ("a,,b", "a,") is refused,
// so a typo cannot silently drop an entry.
std::vector<std::string> parseListOption(const std::string& option, const std::string& text);

}  // namespace arachne::cli
