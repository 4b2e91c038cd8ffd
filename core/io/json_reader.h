// Checked access to JSON fields: every failure becomes a LoadError naming file, field, problem.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "io/load_error.h"

namespace arachne {

// Wraps one JSON object together with the file label and the field path that leads to it, so
// nested loaders can report "types[3].memory_bytes" without threading strings by hand.
class JsonReader {
 public:
  JsonReader(const nlohmann::json& value, std::string file, std::string path = {})
      : v_(value), file_(std::move(file)), path_(std::move(path)) {}

  // Parses text; a syntax error is reported with its byte offset.
  static nlohmann::json parse(const std::string& text, const std::string& file);

  const nlohmann::json& value() const { return v_; }
  const std::string& file() const { return file_; }
  const std::string& path() const { return path_; }
  std::string fieldPath(const std::string& key) const;

  bool has(const std::string& key) const;
  JsonReader object(const std::string& key) const;  // required object member
  JsonReader array(const std::string& key) const;   // required array member
  JsonReader element(size_t i) const;               // element of this array
  size_t size() const;                              // of this array

  std::string string(const std::string& key) const;
  std::string string(const std::string& key, const std::string& fallback) const;
  // Finite number in [min, max].
  double number(const std::string& key, double min, double max) const;
  double number(const std::string& key, double min, double max, double fallback) const;
  // Integral number in [min, max] (1.0 is accepted, 1.5 is not).
  long long integer(const std::string& key, long long min, long long max) const;
  long long integer(const std::string& key, long long min, long long max, long long fallback) const;
  bool boolean(const std::string& key) const;
  bool boolean(const std::string& key, bool fallback) const;

  void requireObject() const;
  void requireArray() const;
  [[noreturn]] void fail(const std::string& key, const std::string& problem) const;

 private:
  const nlohmann::json& member(const std::string& key) const;
  const nlohmann::json& v_;
  std::string file_;
  std::string path_;
};

}  // namespace arachne
