// When two compositions are the same cluster: the same nodes (GPU type and size), in any order.
#pragma once

#include <string>

#include "cluster/composition.h"

namespace arachne {

// The composition's nodes as one canonical text, equal for two compositions exactly when they
// hold the same multiset of (GPU type, node size): types sorted by id, each type's node sizes
// from largest to smallest, in the inline form ("a6000:4x2+1x1,h100:8x4"). What it leaves out
// on purpose: the order of nodes and of types (a cluster listed in another order is the same
// cluster), node ids, names and descriptions, per-node link overrides and the network profile
// (the same machines on other links are still the same machines: a check of "never seen in
// training" must not be passed by changing only a link figure).
std::string canonicalNodes(const Composition& composition);

// canonicalNodes(a) == canonicalNodes(b).
bool sameNodes(const Composition& a, const Composition& b);

}  // namespace arachne
