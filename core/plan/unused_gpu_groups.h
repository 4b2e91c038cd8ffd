// Unused GPUs grouped for display: on tens of thousands of nodes a plan leaves thousands of
// nodes out for one reason, and a row per node buries the answer.
#pragma once

#include <string>
#include <vector>

#include "plan/plan.h"

namespace arachne {

// A run of unused_gpus entries on consecutive node ids with the same GPU type, free count and
// reason.
struct UnusedGpuGroup {
  std::string gpu_type;
  int first_node = 0;
  int last_node = 0;
  int count = 0;        // free GPUs on each node of the run
  std::string reason;
  int nodes() const { return last_node - first_node + 1; }
};

// Entries in their order; an entry joins the group before it when it continues it exactly.
std::vector<UnusedGpuGroup> groupUnusedGpus(const std::vector<UnusedGpus>& unused);

}  // namespace arachne
