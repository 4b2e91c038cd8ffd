// The kind of network between nodes, which decides how fast a message of a given size reaches
// the link's rate where nothing is measured (docs/cost-model.md §3.1).
#pragma once

#include <optional>
#include <string>

namespace arachne {

// Unstated: the catalog's fabric for the type (on a node) or the measured cloud curve (on a
// type). Only InfiniBand has a curve of its own; the others share the curve measured on EFA.
enum class Fabric { Unstated, InfiniBand, Efa, Ethernet, Slingshot, OmniPath };

// "infiniband", "efa", "ethernet", "slingshot", "omni-path"; "" for Unstated.
std::string toString(Fabric f);
std::optional<Fabric> fabricFromString(const std::string& s);
// The accepted names, for error messages.
const char* fabricNames();

}  // namespace arachne
