// Why a plan leaves GPUs out: every node with free GPUs gets a reason from the cost model,
// with numbers (what the node would add as its own template, or why it cannot hold one).
#pragma once

#include <vector>

#include "plan/plan.h"
#include "planning/construction_space.h"
#include "planning/free_gpus.h"

namespace arachne {

class TemplateFill;

class UnusedGpuExplainer {
 public:
  // `free` is the construction state after `plan` (every GPU the plan does not use). `plan`
  // must be priced (micro_batches written back) or empty. Nodes of the same GPU type with the
  // same number of free GPUs share one analysis.
  static std::vector<UnusedGpus> explain(const TemplateFill& fill, const ConstructionSpace& space,
                                         const Plan& plan, const FreeGpus& free);
};

}  // namespace arachne
