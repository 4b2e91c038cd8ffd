// A fabric name read from a JSON file (catalog, cluster file, published table), so the three
// readers fail with one message: the file, the field and the names accepted.
#pragma once

#include <string>

#include "catalog/fabric.h"

namespace arachne {

class JsonReader;

// The fabric named by the string member `key` of the object `r`; a LoadError naming the field
// and listing fabricNames() when the name is not one of them.
Fabric readFabric(const JsonReader& r, const std::string& key);

}  // namespace arachne
