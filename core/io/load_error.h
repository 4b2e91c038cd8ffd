// The one error type every loader throws: it names the file, the field and the problem.
#pragma once

#include <stdexcept>
#include <string>

namespace arachne {

class LoadError : public std::runtime_error {
 public:
  // file: a path or a label such as "<inline cluster spec>"; field: a JSON-pointer-like path
  // such as "nodes[3].gpus" (may be empty when the whole input is wrong).
  LoadError(std::string file, std::string field, std::string problem)
      : std::runtime_error(compose(file, field, problem)),
        file_(std::move(file)), field_(std::move(field)), problem_(std::move(problem)) {}

  const std::string& file() const { return file_; }
  const std::string& field() const { return field_; }
  const std::string& problem() const { return problem_; }

 private:
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
