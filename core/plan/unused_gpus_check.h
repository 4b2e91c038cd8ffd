// Checking a plan file's unused_gpus list against the cluster it is priced on.
#pragma once

#include <string>

namespace arachne {

class Composition;
struct Plan;

// Every unused_gpus entry must name a node of the composition, of the entry's GPU type, and
// the entries of one node together with the GPUs the plan's stages place there may not exceed
// the node's size: otherwise a report would read "GPUs unused: 1004" on a 16-GPU cluster.
// Throws LoadError(file, "unused_gpus[i].node_id" or ".count" or ".gpu_type", problem).
void checkUnusedGpus(const Plan& plan, const Composition& composition, const std::string& file);

}  // namespace arachne
