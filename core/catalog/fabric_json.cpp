#include "catalog/fabric_json.h"

#include "io/json_reader.h"

namespace arachne {

Fabric readFabric(const JsonReader& r, const std::string& key) {
  const auto f = fabricFromString(r.string(key));
  if (!f) r.fail(key, std::string("must be one of ") + fabricNames());
  return *f;
}

}  // namespace arachne
