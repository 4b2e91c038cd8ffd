// Names of the inter-node fabrics as they appear in the catalog and in cluster files.
#include "catalog/fabric.h"

#include <algorithm>
#include <cctype>

namespace arachne {

std::string toString(Fabric f) {
  switch (f) {
    case Fabric::Unstated: return "";
    case Fabric::InfiniBand: return "infiniband";
    case Fabric::Efa: return "efa";
    case Fabric::Ethernet: return "ethernet";
    case Fabric::Slingshot: return "slingshot";
    case Fabric::OmniPath: return "omni-path";
  }
  return "";
}

std::optional<Fabric> fabricFromString(const std::string& s) {
  std::string l = s;
  std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return std::tolower(c); });
  for (Fabric f : {Fabric::InfiniBand, Fabric::Efa, Fabric::Ethernet, Fabric::Slingshot, Fabric::OmniPath})
    if (l == toString(f)) return f;
  return std::nullopt;
}

const char* fabricNames() { return "infiniband, efa, ethernet, slingshot, omni-path"; }

}  // namespace arachne
