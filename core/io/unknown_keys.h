// Refusing the keys a JSON object should not have: a misspelt optional key ("kv_head",
// "inter_node_gbs") would otherwise be ignored in silence and its default used.
#pragma once

#include <set>
#include <string>

#include "io/json_reader.h"

namespace arachne {

// Throws LoadError (through r.fail) naming the first key of r's object not in `known`, with the
// list of known keys.
void rejectUnknownKeys(const JsonReader& r, const std::set<std::string>& known);

}  // namespace arachne
