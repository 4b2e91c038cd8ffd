// Every structurally admissible template at a construction state, in three stage-order
// granularities, with their counts (the exhaustive planner's search space and its estimate).
#pragma once

#include <functional>
#include <string>

#include "planning/construction_space.h"
#include "planning/free_gpus.h"
#include "planning/template_choice.h"

namespace arachne {

enum class StageOrders {
  Every,         // every distinct sequence of (GPU type, TP) stages
  TypeBlocks,    // the stages of one GPU type contiguous; every block order, every TP order
  SortedBlocks,  // as TypeBlocks, with TP degrees non-increasing inside a block
};

std::string toString(StageOrders o);

class TemplateEnumerator {
 public:
  // Calls visit(choice) for every template of depth 1..D_max whose TP groups fit the free
  // nodes (what the masks admit), each multiset of stages in the orders `orders` allows.
  // visit returns false to stop early; forEach then returns false.
  static bool forEach(const ConstructionSpace& space, const FreeGpus& free, StageOrders orders,
                      const std::function<bool(const TemplateChoice&)>& visit);
  // How many templates forEach visits, from the multisets alone (no enumeration of orders).
  static double count(const ConstructionSpace& space, const FreeGpus& free, StageOrders orders);
  // Plans of the construction tree of up to stepLimit templates, each taking the largest
  // replication count (the batch cap and memory are ignored, so this is an upper bound).
  // Counting stops once it passes `cap` and returns a value above it.
  static double countPlans(const ConstructionSpace& space, const FreeGpus& free,
                           StageOrders orders, int stepLimit, double cap);
};

}  // namespace arachne
