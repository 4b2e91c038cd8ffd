// rejectUnknownKeys: one rule for the cluster, scenario and model readers.
#include "io/unknown_keys.h"

namespace arachne {

void rejectUnknownKeys(const JsonReader& r, const std::set<std::string>& known) {
  for (auto it = r.value().begin(); it != r.value().end(); ++it) {
    if (known.count(it.key())) continue;
    std::string list;
    for (const auto& k : known) {
      if (!list.empty()) list += ", ";
      list += k;
    }
    r.fail(it.key(), "unknown field (known: " + list + ")");
  }
}

}  // namespace arachne
