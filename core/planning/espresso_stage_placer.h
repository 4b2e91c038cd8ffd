// Espresso's stage placer: given how many stages each GPU type gets, the order of the types along
// the pipeline and the blocks per stage. Re-expressed from the description in Espresso's paper and
// what its code does (Espresso111/Espresso, no licence: learned from, nothing copied):
// for every block count of the first stage it walks the stages in order and gives each the type
// whose compute share is least exceeded, with as many blocks as that stage's gradient all-reduce
// can hide behind the backward passes of the stages before it ("compute-memory ratio"), bounded
// by memory and compute share; the blocks left over go to the stages with the most headroom. Each
// walk is priced by EspressoEstimator; the fastest is kept.
#pragma once

#include <functional>
#include <vector>

#include "planning/espresso_estimator.h"

namespace arachne {

struct EspressoPlacement {
  std::vector<int> gpus;    // per stage: GPU type index
  std::vector<int> blocks;  // per stage
  double time_s = 0;        // the estimator's iteration time; +inf when no walk gives a plan
};

class EspressoStagePlacer {
 public:
  // `stagesOfType[t]`: stages of GPU type t. `evaluate` is called before each estimate (counted
  // as evaluations); when it returns false (budget spent, cancelled) the placer returns the best
  // walk so far.
  static EspressoPlacement place(const EspressoEstimator& est, const std::vector<int>& stagesOfType,
                                 const std::function<bool()>& evaluate);
};

}  // namespace arachne
