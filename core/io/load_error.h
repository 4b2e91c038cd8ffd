// The one error type every loader throws: it names the file, the field and the problem.
#pragma once

#include <stdexcept>
#include <string>

namespace arachne {

class LoadError : public std::runtime_error {
 public:
  // file: a path or a label such as "<inline cluster spec>"; field: a JSON-pointer-like path
  // such as "nodes[3].gpus" (may be empty when the whole input is wrong). Each part is cut to
  // a bounded length (see kMax*Chars), so a hostile file cannot make a message megabytes long
  // through a huge key or value that a message quotes.
  LoadError(std::string file, std::string field, std::string problem)
      : LoadError(Parts{cut(std::move(file), kMaxFileChars), cut(std::move(field), kMaxFieldChars),
                        cut(std::move(problem), kMaxProblemChars)}) {}

  const std::string& file() const { return file_; }
  const std::string& field() const { return field_; }
  const std::string& problem() const { return problem_; }

  static constexpr size_t kMaxFileChars = 1000;
  static constexpr size_t kMaxFieldChars = 200;
  static constexpr size_t kMaxProblemChars = 2000;

 private:
  struct Parts {
    std::string file, field, problem;
  };
  explicit LoadError(Parts p)
      : std::runtime_error(compose(p.file, p.field, p.problem)),
        file_(std::move(p.file)), field_(std::move(p.field)), problem_(std::move(p.problem)) {}

  // Cuts on a UTF-8 character boundary and says how long the text was.
  static std::string cut(std::string s, size_t max) {
    if (s.size() <= max) return s;
    size_t at = max;
    while (at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80) --at;
    const size_t whole = s.size();
    s.resize(at);
    return s + "\xE2\x80\xA6 (" + std::to_string(whole) + " characters in all)";
  }
  static std::string compose(const std::string& file, const std::string& field,
                             const std::string& problem) {
    std::string s = file;
    if (!field.empty()) s += ": field '" + field + "'";
    s += ": " + problem;
    return s;
  }
  std::string file_, field_, problem_;
};

}  // namespace arachne
