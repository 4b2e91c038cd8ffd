// Checking that a plan file's stages sit on nodes of the cluster the file records.
#pragma once

#include <string>

namespace arachne {

class Composition;
struct Plan;

// A plan made on a cluster file with node ids of its own records that cluster in the inline
// form, which numbers the nodes from 0: priced on it, the plan reads as infeasible ("placed on
// node 7, which is not in the composition") although nothing is wrong but the cluster. When a
// stage sits on a node `composition` lacks, throws LoadError(file, "provenance.cluster", ...)
// naming the nodes, then `remedy` (what the user can do instead, e.g. "name that file with
// --cluster"). Call it only for the cluster the file records, not for one the user named.
void checkRecordedClusterNodes(const Plan& plan, const Composition& composition, const std::string& file,
                               const std::string& remedy);

}  // namespace arachne
