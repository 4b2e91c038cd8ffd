// JsonReader::parse: the one JSON parser of every loader, with the input limits of docs/reliability.md.
#include <cstring>
#include <vector>

#include "io/json_reader.h"
#include "io/load_error.h"

namespace arachne {

namespace {

using json = nlohmann::json;

// "line 3, column 14" of a byte offset, as an editor counts (columns in bytes, from 1).
std::string position(const std::string& text, size_t offset) {
  size_t line = 1, column = 1;
  const size_t end = std::min(offset, text.size());
  for (size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// At most `n` bytes of a token for a message, cut on a UTF-8 boundary.
std::string shortToken(const std::string& token, size_t n = 40) {
  if (token.size() <= n) return token;
  size_t cut = n;
  while (cut > 0 && (static_cast<unsigned char>(token[cut]) & 0xC0) == 0x80) --cut;
  return token.substr(0, cut) + "\xE2\x80\xA6 (" + std::to_string(token.size()) + " characters)";
}

// Builds the document like nlohmann's own DOM parser, but keeps the path of the value being
// read (for messages), refuses nesting beyond the limit before it is built (a deep document is
// what overflows the stack of recursive code later: copies, dump(), destructors of older
// libraries) and refuses duplicate keys, which the default parser would resolve silently.
class LimitedDomBuilder {
 public:
  LimitedDomBuilder(json& root, const std::string& text, const std::string& file)
      : root_(root), text_(text), file_(file) {}

  bool null() { return value(json(nullptr)); }
  bool boolean(bool v) { return value(json(v)); }
  bool number_integer(json::number_integer_t v) { return value(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return value(json(v)); }
  bool number_float(json::number_float_t v, const json::string_t&) { return value(json(v)); }
  bool string(json::string_t& v) { return value(json(std::move(v))); }
  bool binary(json::binary_t& v) { return value(json(json::binary_t(std::move(v)))); }

  bool start_object(std::size_t) { return open(json::object()); }
  bool key(json::string_t& k) {
    Frame& f = stack_.back();
    auto [it, fresh] = f.value->get_ref<json::object_t&>().emplace(k, json());
    f.key = k;
    if (!fresh) throw LoadError(file_, path(), "the key appears twice in one object");
    slot_ = &it->second;
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(json::array()); }
  bool end_array() { return close(); }

  bool parse_error(std::size_t byte, const std::string& lastToken, const nlohmann::detail::exception& ex) {
    // nlohmann's message: "[json.exception.parse_error.101] parse error at line 1, column 5:
    // syntax error while parsing value - invalid literal; last read: 'N'". Keep the reason,
    // put our own position in front (the byte is one past the offending character).
    std::string reason = ex.what();
    const auto at = reason.find("column ");
    const auto colon = at == std::string::npos ? std::string::npos : reason.find(": ", at);
    if (colon != std::string::npos) reason = reason.substr(colon + 2);
    const auto tag = reason.find("] ");
    if (reason.rfind("[json.exception.", 0) == 0 && tag != std::string::npos) reason = reason.substr(tag + 2);
    const size_t offset = byte > 0 ? byte - 1 : 0;
    if (ex.id == 406) {
      // A number beyond the range of a double (1e400): name the field it was meant for.
      throw LoadError(file_, pendingPath(), "number " + shortToken(lastToken) + " at " + position(text_, offset) +
                                                " is out of range (a JSON number here must fit a 64-bit double, "
                                                "at most about 1.8e308)");
    }
    const auto quoted = reason.find("last read: '");
    if (quoted != std::string::npos) {
      // The parser echoes the token it stopped on, however long: shorten it.
      const size_t from = quoted + 12;
      const size_t to = reason.rfind('\'');
      if (to != std::string::npos && to > from)
        reason = reason.substr(0, from) + shortToken(reason.substr(from, to - from)) + "'";
    }
    // What a C program or Python's json module writes for non-finite numbers.
    for (const char* word : {"NaN", "nan", "Infinity", "-Infinity", "inf", "-inf"}) {
      const size_t n = std::strlen(word);
      const size_t from = offset >= n ? offset - n + 1 : 0;
      if (text_.find(word, from) <= offset) {
        reason += " (JSON has no NaN or Infinity; write a number)";
        break;
      }
    }
    throw LoadError(file_, "", "invalid JSON at " + position(text_, offset) + ": " + shortToken(reason, 300));
  }

 private:
  struct Frame {
    json* value;
    std::string key;  // objects: the member being read
    size_t index = 0; // arrays: elements so far
  };

  // Where the next value lands: the root, the slot of the last key, or the array's end.
  json* place(json&& v) {
    if (stack_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Frame& f = stack_.back();
    if (f.value->is_array()) {
      auto& arr = f.value->get_ref<json::array_t&>();
      arr.push_back(std::move(v));
      ++f.index;
      return &arr.back();
    }
    *slot_ = std::move(v);
    return slot_;
  }

  bool value(json&& v) {
    place(std::move(v));
    return true;
  }

  bool open(json&& container) {
    if (static_cast<int>(stack_.size()) >= JsonReader::kMaxJsonDepth)
      throw LoadError(file_, shortPath(pendingPath()),
                      "JSON nested deeper than " + std::to_string(JsonReader::kMaxJsonDepth) +
                          " levels (objects and arrays inside each other); no file of this kind needs that");
    json* where = place(std::move(container));
    stack_.push_back(Frame{where, {}, 0});
    return true;
  }

  bool close() {
    stack_.pop_back();
    return true;
  }

  // Path of the container being read ("templates[0].stages").
  std::string path() const {
    std::string p;
    for (size_t i = 0; i < stack_.size(); ++i) {
      const Frame& f = stack_[i];
      if (i + 1 == stack_.size()) {
        if (f.value->is_object()) p += (p.empty() ? "" : ".") + f.key;
        break;
      }
      if (f.value->is_array()) {
        p += "[" + std::to_string(f.index - 1) + "]";
      } else {
        p += (p.empty() ? "" : ".") + f.key;
      }
    }
    return p;
  }

  // Path of the value about to be read (the next array element or the member of the last key).
  std::string pendingPath() const {
    if (stack_.empty()) return {};
    std::string p;
    for (size_t i = 0; i < stack_.size(); ++i) {
      const Frame& f = stack_[i];
      const bool last = i + 1 == stack_.size();
      if (f.value->is_array()) {
        p += "[" + std::to_string(last ? f.index : f.index - 1) + "]";
      } else {
        p += (p.empty() ? "" : ".") + f.key;
      }
    }
    return p;
  }

  static std::string shortPath(const std::string& p) {
    return p.size() <= 120 ? p : p.substr(0, 120) + "\xE2\x80\xA6";
  }

  json& root_;
  const std::string& text_;
  const std::string& file_;
  std::vector<Frame> stack_;
  json* slot_ = nullptr;
};

}  // namespace

json JsonReader::parse(const std::string& text, const std::string& file) {
  // nlohmann's lexer takes a NUL byte for the end of the input, so "{...}\0anything" would
  // parse as "{...}" and the rest be ignored in silence.
  if (const void* nul = std::memchr(text.data(), '\0', text.size())) {
    const size_t offset = static_cast<size_t>(static_cast<const char*>(nul) - text.data());
    throw LoadError(file, "", "invalid JSON at " + position(text, offset) + ": a NUL byte (byte " +
                                  std::to_string(offset) + " of " + std::to_string(text.size()) +
                                  "); a JSON text never holds one: is this a binary file?");
  }
  json root;
  LimitedDomBuilder builder(root, text, file);
  try {
    json::sax_parse(text, &builder, json::input_format_t::json, /*strict=*/true);
  } catch (const LoadError&) {
    throw;
  } catch (const nlohmann::json::exception& e) {
    // Not expected (parse errors arrive through parse_error), but never an "internal error".
    throw LoadError(file, "", std::string("invalid JSON: ") + shortToken(e.what(), 300));
  }
  return root;
}

}  // namespace arachne
