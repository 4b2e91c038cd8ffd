// The inline form that numbers the nodes as the composition does, for what records a plan's
// cluster (its provenance, the rank map): a plan names its nodes by id, and
// Composition::toInlineSpec() groups nodes by type, so an interleaved cluster
// ("h100:4x2,a100-40:4x2,h100:4x1", or paper-growth-15's A6000 and A5000 joins) read back from
// it numbered its nodes differently and export placed stages on the wrong nodes or refused.
#pragma once

#include <string>

#include "cluster/composition.h"

namespace arachne {

// Runs of consecutive nodes of one type and size, in node order, a type's runs joined with '+'
// while they follow each other ("h100:4x2,a100-40:4x2,h100:4x1"), "@NETWORK" as toInlineSpec
// writes it. Equal to toInlineSpec() when every type's nodes are contiguous. Node ids other than
// 0, 1, 2, … (a cluster file's own ids) cannot be written inline: then toInlineSpec(), and the
// plan needs its cluster file to be exported.
std::string nodeOrderSpec(const Composition& c);

}  // namespace arachne
