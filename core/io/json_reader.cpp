// Checked JSON field access with path-qualified LoadErrors (the parser is in json_parse.cpp).
#include "io/json_reader.h"

#include <cmath>
#include <sstream>

namespace arachne {

namespace {
// The keyed reads say "got a number"; the value reads say "got number" (the plan file's wording).
std::string withArticle(const nlohmann::json& j) {
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

std::string JsonReader::typeName(const nlohmann::json& v) {
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

std::string JsonReader::shortValue(const nlohmann::json& v, size_t maxChars) {
  std::string s;
  if (v.is_string()) {
    // Cut before dumping: a huge string is never copied whole into a message.
    const auto& raw = v.get_ref<const std::string&>();
    s = nlohmann::json(raw.substr(0, maxChars + 1)).dump(-1, ' ', false,
                                                         nlohmann::json::error_handler_t::replace);
    if (raw.size() > maxChars + 1) s.pop_back();  // the closing quote of a cut string
  } else {
    s = v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  if (s.size() > maxChars) {
    // Never cut inside a UTF-8 sequence.
    size_t cut = maxChars;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    s = s.substr(0, cut) + "\xE2\x80\xA6 (" + std::to_string(v.is_string() ? v.get_ref<const std::string&>().size()
                                                                             : s.size()) +
        (v.is_string() ? " characters)" : " characters of JSON)");
  }
  return s;
}

std::string JsonReader::fieldPath(const std::string& key) const {
  if (path_.empty()) return key;
  if (key.empty()) return path_;
  if (key[0] == '[') return path_ + key;
  return path_ + "." + key;
}

bool JsonReader::has(const std::string& key) const {
  if (!v_->is_object()) return false;
  auto it = v_->find(key);
  return it != v_->end() && !it->is_null();
}

void JsonReader::fail(const std::string& key, const std::string& problem) const {
  throw LoadError(file_, fieldPath(key), problem);
}

void JsonReader::requireObject() const {
  if (!v_->is_object()) fail("", "must be an object, got " + withArticle(*v_));
}

void JsonReader::requireArray() const {
  if (!v_->is_array()) fail("", "must be an array, got " + withArticle(*v_));
}

const nlohmann::json& JsonReader::member(const std::string& key) const {
  requireObject();
  auto it = v_->find(key);
  if (it == v_->end() || it->is_null()) fail(key, "is missing");
  return *it;
}

JsonReader JsonReader::object(const std::string& key) const {
  const auto& m = member(key);
  if (!m.is_object()) fail(key, "must be an object, got " + withArticle(m));
  return JsonReader(m, file_, fieldPath(key));
}

JsonReader JsonReader::array(const std::string& key) const {
  const auto& m = member(key);
  if (!m.is_array()) fail(key, "must be an array, got " + withArticle(m));
  return JsonReader(m, file_, fieldPath(key));
}

JsonReader JsonReader::element(size_t i) const {
  requireArray();
  if (i >= v_->size())
    fail("", "has " + std::to_string(v_->size()) + " entries, entry " + std::to_string(i) + " is missing");
  return JsonReader((*v_)[i], file_, path_ + "[" + std::to_string(i) + "]");
}

size_t JsonReader::size() const {
  requireArray();
  return v_->size();
}

std::string JsonReader::string(const std::string& key) const {
  const auto& m = member(key);
  if (!m.is_string()) fail(key, "must be a string, got " + withArticle(m));
  return m.get<std::string>();
}

std::string JsonReader::string(const std::string& key, const std::string& fallback) const {
  return has(key) ? string(key) : fallback;
}

double JsonReader::number(const std::string& key, double min, double max) const {
  const auto& m = member(key);
  if (!m.is_number()) fail(key, "must be a number, got " + withArticle(m));
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
  if (!m.is_number()) fail(key, "must be an integer, got " + withArticle(m));
  double v = m.get<double>();
  if (!std::isfinite(v) || std::floor(v) != v) fail(key, "must be an integer, got " + fmt(v));
  if (v < static_cast<double>(min) || v > static_cast<double>(max))
    fail(key, "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " + fmt(v));
  // An integer near the int64 limit rounds when read as a double: take it exactly.
  if (m.is_number_integer()) {
    if (m.is_number_unsigned()) {
      const auto u = m.get<std::uint64_t>();
      if (max < 0 || u > static_cast<std::uint64_t>(max))
        fail(key, "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " + std::to_string(u));
      return static_cast<long long>(u);
    }
    const auto i = m.get<long long>();
    if (i < min || i > max)
      fail(key, "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " + std::to_string(i));
    return i;
  }
  return static_cast<long long>(v);
}

long long JsonReader::integer(const std::string& key, long long min, long long max,
                              long long fallback) const {
  return has(key) ? integer(key, min, max) : fallback;
}

bool JsonReader::boolean(const std::string& key) const {
  const auto& m = member(key);
  if (!m.is_boolean()) fail(key, "must be true or false, got " + withArticle(m));
  return m.get<bool>();
}

bool JsonReader::boolean(const std::string& key, bool fallback) const {
  return has(key) ? boolean(key) : fallback;
}

// ---- The wrapped value itself ------------------------------------------------------------

JsonReader JsonReader::required(const std::string& key) const {
  if (!v_->is_object()) fail("", "must be an object, got " + typeName(*v_));
  auto it = v_->find(key);
  if (it == v_->end()) fail(key, "is missing");
  return JsonReader(*it, file_, fieldPath(key));
}

std::optional<JsonReader> JsonReader::optional(const std::string& key) const {
  if (!v_->is_object()) fail("", "must be an object, got " + typeName(*v_));
  auto it = v_->find(key);
  if (it == v_->end() || it->is_null()) return std::nullopt;
  return JsonReader(*it, file_, fieldPath(key));
}

size_t JsonReader::arraySize(size_t maxSize) const {
  if (!v_->is_array()) fail("", "must be an array, got " + typeName(*v_));
  if (v_->size() > maxSize) {
    fail("", "has " + std::to_string(v_->size()) + " entries, more than the limit of " +
                 std::to_string(maxSize));
  }
  return v_->size();
}

long long JsonReader::asInt(long long min, long long max) const {
  const nlohmann::json& j = *v_;
  long long v = 0;
  if (j.is_number_integer() && !j.is_number_unsigned()) {
    v = j.get<long long>();
  } else if (j.is_number_unsigned()) {
    const auto u = j.get<std::uint64_t>();
    if (max < 0 || u > static_cast<std::uint64_t>(max)) {
      fail("must be at most " + std::to_string(max) + ", got " + shortValue(j));
    }
    v = static_cast<long long>(u);
  } else if (j.is_number_float()) {
    const double d = j.get<double>();
    if (!std::isfinite(d) || d != std::floor(d)) fail("must be an integer, got " + shortValue(j));
    if (d < static_cast<double>(min)) fail("must be at least " + std::to_string(min) + ", got " + shortValue(j));
    if (d > static_cast<double>(max)) fail("must be at most " + std::to_string(max) + ", got " + shortValue(j));
    v = static_cast<long long>(d);
  } else {
    fail("must be an integer, got " + typeName(j) + " " + shortValue(j));
  }
  if (v < min) fail("must be at least " + std::to_string(min) + ", got " + std::to_string(v));
  if (v > max) fail("must be at most " + std::to_string(max) + ", got " + std::to_string(v));
  return v;
}

std::uint64_t JsonReader::asUint64() const {
  const nlohmann::json& j = *v_;
  if (j.is_number_unsigned()) return j.get<std::uint64_t>();
  if (j.is_number_integer()) fail("must be a non-negative integer, got " + shortValue(j));
  if (j.is_number_float()) {
    const double d = j.get<double>();
    if (std::isfinite(d) && d == std::floor(d) && d >= 0 && d < 18446744073709551616.0) {
      return static_cast<std::uint64_t>(d);
    }
    fail("must be a non-negative integer, got " + shortValue(j));
  }
  fail("must be a non-negative integer, got " + typeName(j) + " " + shortValue(j));
}

double JsonReader::asDouble() const {
  if (!v_->is_number()) fail("must be a number, got " + typeName(*v_));
  const double d = v_->get<double>();
  if (!std::isfinite(d)) fail("must be a finite number");
  return d;
}

std::string JsonReader::asString(size_t maxLength) const {
  if (!v_->is_string()) fail("must be a string, got " + typeName(*v_) + " " + shortValue(*v_));
  const auto& s = v_->get_ref<const std::string&>();
  if (s.size() > maxLength) {
    fail("is " + std::to_string(s.size()) + " characters long, more than the limit of " +
         std::to_string(maxLength));
  }
  return s;
}

bool JsonReader::asBool() const {
  if (!v_->is_boolean()) fail("must be true or false, got " + typeName(*v_));
  return v_->get<bool>();
}

}  // namespace arachne
