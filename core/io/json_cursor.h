// A validating cursor over a parsed JSON document: every read names the file and field on error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace arachne {

// Wraps one JSON value together with where it sits ("templates[1].stages[0].layers") so a
// loader can check types and ranges in one call and every LoadError carries the full path.
class JsonCursor {
 public:
  JsonCursor(const nlohmann::json& value, std::string file, std::string path);

  // Parses text; throws LoadError(file, "", "invalid JSON at line L, column C: ...").
  static nlohmann::json parse(const std::string& text, const std::string& file);

  const nlohmann::json& value() const { return *value_; }
  const std::string& path() const { return path_; }
  const std::string& file() const { return file_; }

  // Object member access; `required` throws when absent, `optional` returns nullopt when
  // absent or null. Both throw when this value is not an object.
  JsonCursor required(const std::string& key) const;
  std::optional<JsonCursor> optional(const std::string& key) const;

  // Array access: the size (throws unless an array, or when above maxSize) and one element.
  size_t arraySize(size_t maxSize = 100000000) const;
  JsonCursor operator[](size_t index) const;

  // Typed reads with range checks; integral floats such as 4.0 are accepted as integers.
  long long asInt(long long min, long long max) const;
  std::uint64_t asUint64() const;
  double asDouble() const;
  std::string asString(size_t maxLength = 100000) const;
  bool asBool() const;

  // Throws LoadError(file, path, problem).
  [[noreturn]] void fail(const std::string& problem) const;

  // "object", "array", "string", "number", "boolean" or "null", for messages.
  static std::string typeName(const nlohmann::json& v);

 private:
  void requireObject() const;
  const nlohmann::json* value_;
  std::string file_;
  std::string path_;
};

}  // namespace arachne
