// The construction state a finished plan leaves: every node's GPUs minus those the plan places
// on it (for planners that choose node ids themselves instead of driving an episode).
#pragma once

#include "plan/plan.h"
#include "planning/free_gpus.h"

namespace arachne {

class Composition;

// Nodes the plan overfills or does not know are left as they are (the cost model reports those
// plans as violations; this is only the bookkeeping for the unused-GPU reasons).
FreeGpus freeGpusAfter(const Composition& composition, const Plan& plan);

}  // namespace arachne
