// Places the TP groups of a template's replicas on free nodes by the allocation rule.
#pragma once

#include <vector>

#include "planning/free_gpus.h"
#include "planning/template_choice.h"

namespace arachne {

class NodeAllocator {
 public:
  // Takes `replicas` copies of the template's TP groups from `free` and returns the node of
  // every group as nodeIds[stage][replica]. Groups go replica by replica, stage by stage,
  // first, so that a replica's stages share nodes where they can (intra-node p2p); when that
  // order cannot place every group, all groups are placed largest first, which always succeeds
  // when FeasibilityMasks::maxReplicas admits `replicas`. Each group follows FreeGpus::take.
  // Returns false (and leaves `free` unchanged) when the groups do not fit.
  static bool allocate(FreeGpus& free, const TemplateChoice& choice, int replicas,
                       std::vector<std::vector<int>>& nodeIds);
};

}  // namespace arachne
