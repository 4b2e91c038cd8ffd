// Checked JSON field access with path-qualified LoadErrors.
#include "io/json_reader.h"

#include <cmath>
#include <sstream>

namespace arachne {

namespace {
std::string typeName(const nlohmann::json& j) {
  if (j.is_null()) return "null";
  if (j.is_boolean()) return "a boolean";
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_array()) return "an array";
  return "an object";
}
std::string fmt(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}
}  // namespace

nlohmann::json JsonReader::parse(const std::string& text, const std::string& file) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw LoadError(file, "", "not valid JSON (at byte " + std::to_string(e.byte) + ")");
  }
}

std::string JsonReader::fieldPath(const std::string& key) const {
  if (path_.empty()) return key;
  if (!key.empty() && key[0] == '[') return path_ + key;
  return path_ + "." + key;
}

bool JsonReader::has(const std::string& key) const {
  return v_.is_object() && v_.contains(key) && !v_.at(key).is_null();
}

void JsonReader::fail(const std::string& key, const std::string& problem) const {
  throw LoadError(file_, key.empty() ? path_ : fieldPath(key), problem);
}

void JsonReader::requireObject() const {
  if (!v_.is_object()) fail("", "must be an object, got " + typeName(v_));
}

void JsonReader::requireArray() const {
  if (!v_.is_array()) fail("", "must be an array, got " + typeName(v_));
}

const nlohmann::json& JsonReader::member(const std::string& key) const {
  requireObject();
  auto it = v_.find(key);
  if (it == v_.end() || it->is_null()) fail(key, "is missing");
  return *it;
}

JsonReader JsonReader::object(const std::string& key) const {
  const auto& m = member(key);
  if (!m.is_object()) fail(key, "must be an object, got " + typeName(m));
  return JsonReader(m, file_, fieldPath(key));
}

JsonReader JsonReader::array(const std::string& key) const {
  const auto& m = member(key);
  if (!m.is_array()) fail(key, "must be an array, got " + typeName(m));
  return JsonReader(m, file_, fieldPath(key));
}

JsonReader JsonReader::element(size_t i) const {
  requireArray();
  return JsonReader(v_.at(i), file_, path_ + "[" + std::to_string(i) + "]");
}

size_t JsonReader::size() const {
  requireArray();
  return v_.size();
}

std::string JsonReader::string(const std::string& key) const {
  const auto& m = member(key);
  if (!m.is_string()) fail(key, "must be a string, got " + typeName(m));
  return m.get<std::string>();
}

std::string JsonReader::string(const std::string& key, const std::string& fallback) const {
  return has(key) ? string(key) : fallback;
}

double JsonReader::number(const std::string& key, double min, double max) const {
  const auto& m = member(key);
  if (!m.is_number()) fail(key, "must be a number, got " + typeName(m));
  double v = m.get<double>();
  if (!std::isfinite(v)) fail(key, "must be finite");
  if (v < min || v > max) fail(key, "must be between " + fmt(min) + " and " + fmt(max) + ", got " + fmt(v));
  return v;
}

double JsonReader::number(const std::string& key, double min, double max, double fallback) const {
  return has(key) ? number(key, min, max) : fallback;
}

long long JsonReader::integer(const std::string& key, long long min, long long max) const {
  const auto& m = member(key);
  if (!m.is_number()) fail(key, "must be an integer, got " + typeName(m));
  double v = m.get<double>();
  if (!std::isfinite(v) || std::floor(v) != v) fail(key, "must be an integer, got " + fmt(v));
  if (v < static_cast<double>(min) || v > static_cast<double>(max))
    fail(key, "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " + fmt(v));
  return static_cast<long long>(v);
}

long long JsonReader::integer(const std::string& key, long long min, long long max,
                              long long fallback) const {
  return has(key) ? integer(key, min, max) : fallback;
}

bool JsonReader::boolean(const std::string& key) const {
  const auto& m = member(key);
  if (!m.is_boolean()) fail(key, "must be true or false, got " + typeName(m));
  return m.get<bool>();
}

bool JsonReader::boolean(const std::string& key, bool fallback) const {
  return has(key) ? boolean(key) : fallback;
}

}  // namespace arachne
