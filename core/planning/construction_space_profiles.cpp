// Restricting the choice sets to the TP degrees the profiles hold.
#include "cost/cost_model.h"
#include "cost/tp_split.h"
#include "planning/construction_space.h"
#include "planning/free_gpus.h"
#include "profile/profile_set.h"

namespace arachne {

ConstructionSpace ConstructionSpace::fromCostModel(const CostModel& cost, const FreeGpus& free,
                                                   int depthCap) {
  ConstructionSpace s = structural(free, cost.model().layerCount(), depthCap);
  s.tp_refused.resize(s.tp_choices.size());
  const Model& m = cost.model();
  for (size_t i = 0; i < s.tp_choices.size(); ++i)
    if (!m.shape.splitsOverTp(s.tp_choices[i])) s.tp_refused[i] = tpSplitWhy(m, s.tp_choices[i]).english();
  for (int t = 0; t < free.typeCount(); ++t) {
    const int g = cost.gpuIndex(free.typeId(t));
    s.min_tp[static_cast<size_t>(t)] = 0;
    for (size_t i = 0; i < s.tp_choices.size(); ++i) {
      const int tp = s.tp_choices[i];
      bool any = false;
      if (g >= 0) {
        for (int mbs : cost.profiles().microBatches(free.typeId(t), tp)) {
          if (cost.hasProfile(g, tp, mbs)) {
            any = true;
            break;
          }
        }
      }
      s.tp_allowed[static_cast<size_t>(t)][i] = any ? 1 : 0;
      if (any && s.min_tp[static_cast<size_t>(t)] == 0) s.min_tp[static_cast<size_t>(t)] = tp;
    }
  }
  return s;
}

}  // namespace arachne
