// Typed, range-checked reads over nlohmann::json that report the file and field path.
#include "io/json_cursor.h"

#include <cmath>
#include <limits>

#include "io/load_error.h"

namespace arachne {

namespace {

std::string shortValue(const nlohmann::json& v) {
  std::string s = v.dump();
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

}  // namespace

JsonCursor::JsonCursor(const nlohmann::json& value, std::string file, std::string path)
    : value_(&value), file_(std::move(file)), path_(std::move(path)) {}

nlohmann::json JsonCursor::parse(const std::string& text, const std::string& file) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // Translate the byte offset into line and column: what an editor shows.
    size_t line = 1, column = 1;
    const size_t end = std::min(e.byte > 0 ? e.byte - 1 : 0, text.size());
    for (size_t i = 0; i < end; ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    std::string what = e.what();
    const auto colon = what.rfind(": ");
    if (colon != std::string::npos) what = what.substr(colon + 2);
    throw LoadError(file, "", "invalid JSON at line " + std::to_string(line) + ", column " +
                                  std::to_string(column) + ": " + what);
  }
}

std::string JsonCursor::typeName(const nlohmann::json& v) {
  switch (v.type()) {
    case nlohmann::json::value_t::object: return "object";
    case nlohmann::json::value_t::array: return "array";
    case nlohmann::json::value_t::string: return "string";
    case nlohmann::json::value_t::boolean: return "boolean";
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float: return "number";
    default: return "unknown";
  }
}

void JsonCursor::fail(const std::string& problem) const { throw LoadError(file_, path_, problem); }

void JsonCursor::requireObject() const {
  if (!value_->is_object()) fail("must be an object, got " + typeName(*value_));
}

JsonCursor JsonCursor::required(const std::string& key) const {
  requireObject();
  const std::string childPath = path_.empty() ? key : path_ + "." + key;
  auto it = value_->find(key);
  if (it == value_->end()) throw LoadError(file_, childPath, "is missing");
  return JsonCursor(*it, file_, childPath);
}

std::optional<JsonCursor> JsonCursor::optional(const std::string& key) const {
  requireObject();
  auto it = value_->find(key);
  if (it == value_->end() || it->is_null()) return std::nullopt;
  return JsonCursor(*it, file_, path_.empty() ? key : path_ + "." + key);
}

size_t JsonCursor::arraySize(size_t maxSize) const {
  if (!value_->is_array()) fail("must be an array, got " + typeName(*value_));
  if (value_->size() > maxSize) {
    fail("has " + std::to_string(value_->size()) + " entries, more than the limit of " +
         std::to_string(maxSize));
  }
  return value_->size();
}

JsonCursor JsonCursor::operator[](size_t index) const {
  return JsonCursor((*value_)[index], file_, path_ + "[" + std::to_string(index) + "]");
}

long long JsonCursor::asInt(long long min, long long max) const {
  long long v = 0;
  if (value_->is_number_integer() && !value_->is_number_unsigned()) {
    v = value_->get<long long>();
  } else if (value_->is_number_unsigned()) {
    const auto u = value_->get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(max)) {
      fail("must be at most " + std::to_string(max) + ", got " + shortValue(*value_));
    }
    v = static_cast<long long>(u);
  } else if (value_->is_number_float()) {
    const double d = value_->get<double>();
    if (!std::isfinite(d) || d != std::floor(d)) {
      fail("must be an integer, got " + shortValue(*value_));
    }
    if (d < static_cast<double>(min)) {
      fail("must be at least " + std::to_string(min) + ", got " + shortValue(*value_));
    }
    if (d > static_cast<double>(max)) {
      fail("must be at most " + std::to_string(max) + ", got " + shortValue(*value_));
    }
    v = static_cast<long long>(d);
  } else {
    fail("must be an integer, got " + typeName(*value_) + " " + shortValue(*value_));
  }
  if (v < min) fail("must be at least " + std::to_string(min) + ", got " + std::to_string(v));
  if (v > max) fail("must be at most " + std::to_string(max) + ", got " + std::to_string(v));
  return v;
}

std::uint64_t JsonCursor::asUint64() const {
  if (value_->is_number_unsigned()) return value_->get<std::uint64_t>();
  if (value_->is_number_integer()) {
    fail("must be a non-negative integer, got " + shortValue(*value_));
  }
  if (value_->is_number_float()) {
    const double d = value_->get<double>();
    if (std::isfinite(d) && d == std::floor(d) && d >= 0 && d < 18446744073709551616.0) {
      return static_cast<std::uint64_t>(d);
    }
    fail("must be a non-negative integer, got " + shortValue(*value_));
  }
  fail("must be a non-negative integer, got " + typeName(*value_) + " " + shortValue(*value_));
}

double JsonCursor::asDouble() const {
  if (!value_->is_number()) fail("must be a number, got " + typeName(*value_));
  const double d = value_->get<double>();
  if (!std::isfinite(d)) fail("must be a finite number");
  return d;
}

std::string JsonCursor::asString(size_t maxLength) const {
  if (!value_->is_string()) {
    fail("must be a string, got " + typeName(*value_) + " " + shortValue(*value_));
  }
  const auto& s = value_->get_ref<const std::string&>();
  if (s.size() > maxLength) {
    fail("is " + std::to_string(s.size()) + " characters long, more than the limit of " +
         std::to_string(maxLength));
  }
  return s;
}

bool JsonCursor::asBool() const {
  if (!value_->is_boolean()) fail("must be true or false, got " + typeName(*value_));
  return value_->get<bool>();
}

}  // namespace arachne
