// Checked access to JSON fields: every failure becomes a LoadError naming file, field, problem.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "io/load_error.h"

namespace arachne {

// Wraps one JSON value together with the file label and the field path that leads to it, so
// nested loaders can report "types[3].memory_bytes" without threading strings by hand. It is
// the one reader of every JSON loader (plan, cluster, model, profile, Sailor, policy header).
//
// Two ways to read: by key from an object (`integer("tp", 1, 64)`: messages give the whole
// range, "must be between 1 and 64, got 0"), or the wrapped value itself after `required()`,
// `optional()` or `element()` (`asInt(1, 64)`: "must be at least 1, got 0"). The plan file's
// documented messages use the second form.
class JsonReader {
 public:
  JsonReader(const nlohmann::json& value, std::string file, std::string path = {})
      : v_(&value), file_(std::move(file)), path_(std::move(path)) {}

  // The one JSON parser of every loader (json_parse.cpp). Refuses, with a LoadError naming the
  // file: a NUL byte, nesting deeper than kMaxJsonDepth, a number beyond the range of a double
  // (with the field and the value, shortened), a key that appears twice in one object, and any
  // syntax error (with its line, column and reason).
  static nlohmann::json parse(const std::string& text, const std::string& file);
  static constexpr int kMaxJsonDepth = 64;

  const nlohmann::json& value() const { return *v_; }
  const std::string& file() const { return file_; }
  const std::string& path() const { return path_; }
  std::string fieldPath(const std::string& key) const;

  // ---- By key (this value must be an object) ----
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

  // ---- The wrapped value itself ----
  // Member of any type; `required` throws "is missing" when absent, `optional` returns
  // nullopt when absent or null. Both throw when this value is not an object.
  JsonReader required(const std::string& key) const;
  std::optional<JsonReader> optional(const std::string& key) const;
  // The size of this array; throws unless an array, or when above maxSize.
  size_t arraySize(size_t maxSize = 100000000) const;
  // Typed reads with range checks; integral floats such as 4.0 are accepted as integers.
  long long asInt(long long min, long long max) const;
  std::uint64_t asUint64() const;
  double asDouble() const;
  std::string asString(size_t maxLength = 100000) const;
  bool asBool() const;

  void requireObject() const;
  void requireArray() const;
  // Throws LoadError(file, path of key, problem); an empty key names this value.
  [[noreturn]] void fail(const std::string& key, const std::string& problem) const;
  [[noreturn]] void fail(const std::string& problem) const { fail(std::string(), problem); }

  // "object", "array", "string", "number", "boolean" or "null", for messages.
  static std::string typeName(const nlohmann::json& v);
  // The value as compact JSON, cut to about `maxChars` characters ("…" marks the cut), so a
  // message never echoes a 20 MB string.
  static std::string shortValue(const nlohmann::json& v, size_t maxChars = 40);

 private:
  const nlohmann::json& member(const std::string& key) const;
  const nlohmann::json* v_;
  std::string file_;
  std::string path_;
};

}  // namespace arachne
