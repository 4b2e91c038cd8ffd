// Helpers shared by the Sailor readers.
#include "sailor/sailor_json.h"

#include <charconv>

#include "io/input_file.h"
#include "io/json_reader.h"
#include "io/load_error.h"

namespace arachne {

std::string readSailorFile(const std::string& path) { return readInputFile(path, "Sailor"); }

int parseSailorInt(const JsonReader& parent, const std::string& key, int min, int max,
                   const std::string& what) {
  // The key is the file's text: quote at most 40 bytes of it.
  const std::string shown = key.size() > 40 ? key.substr(0, 40) + "\xE2\x80\xA6" : key;
  int v = 0;
  const char* b = key.data();
  const char* e = key.data() + key.size();
  auto [p, ec] = std::from_chars(b, e, v);
  if (key.empty() || ec != std::errc() || p != e)
    parent.fail(key, "key must be a " + what + " (a whole number), got '" + shown + "'");
  if (v < min || v > max)
    parent.fail(key, what + " " + shown + " is out of range [" + std::to_string(min) + ", " +
                         std::to_string(max) + "]");
  return v;
}

std::vector<std::string> layerIndexKeys(const JsonReader& object) {
  object.requireObject();
  const size_t n = object.value().size();
  if (n == 0) object.fail("", "holds no layer");
  if (n > 100000) object.fail("", "holds " + std::to_string(n) + " layers, more than any model");
  // The file's own spelling of each index: "015" reads as 15, and looking it up again as "15"
  // would miss it.
  std::vector<std::string> keys(n);
  for (auto it = object.value().begin(); it != object.value().end(); ++it) {
    const int idx = parseSailorInt(object, it.key(), 0, static_cast<int>(n) - 1, "layer index");
    std::string& slot = keys[static_cast<size_t>(idx)];
    if (!slot.empty())
      object.fail(it.key(), "layer index " + std::to_string(idx) + " appears twice (keys '" +
                                slot + "' and '" + it.key() + "')");
    slot = it.key();
  }
  for (size_t i = 0; i < n; ++i)
    if (keys[i].empty())
      object.fail(std::to_string(i), "layer index is missing (indices must run 0.." +
                                         std::to_string(n - 1) + ")");
  return keys;
}

}  // namespace arachne
