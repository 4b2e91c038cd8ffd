// The choices a construction step draws from: D_max, the TP set K, and which TP degrees each
// GPU type may use (a degree without profiles leaves the search space, as in the paper).
#pragma once

#include <string>
#include <vector>

#include "planning/template_choice.h"

namespace arachne {

class CostModel;
class FreeGpus;

constexpr int kDefaultDepthCap = 16;

struct ConstructionSpace {
  int max_depth = 1;                 // D_max = min(depth cap, layer count)
  std::vector<int> tp_choices;       // K = {1, 2, ..., 2^n}, 2^n <= largest node of the cluster
  // tp_allowed[type][i]: K[i] is profiled for the type at some micro-batch size.
  std::vector<std::vector<char>> tp_allowed;
  std::vector<int> min_tp;           // per type: smallest allowed TP, 0 when none is allowed
  // Per K[i]: why the model cannot be split over it (its heads or query groups), "" when it can;
  // such a degree is allowed for no type. Empty in a structural space.
  std::vector<std::string> tp_refused;
  std::vector<std::string> gpu_ids;  // per type, for messages

  int tpIndex(int tp) const;         // index into tp_choices, -1 when absent
  bool typeUsable(int type) const { return min_tp[static_cast<size_t>(type)] > 0; }

  // Every TP degree of K allowed for every type (no profiles consulted).
  static ConstructionSpace structural(const FreeGpus& free, int layerCount,
                                      int depthCap = kDefaultDepthCap);
  // K restricted per type to the TP degrees the cost model has profiles for (micro-batch 1 or
  // any other power of two it profiles).
  static ConstructionSpace fromCostModel(const CostModel& cost, const FreeGpus& free,
                                         int depthCap = kDefaultDepthCap);
};

// One stage of `type` at each TP degree the space allows it that its free GPUs hold (a node of
// that many free GPUs), in the space's TP order.
std::vector<StageChoice> ownStages(const ConstructionSpace& space, const FreeGpus& free, int type);

// Every template of GPU type `type` alone at one TP degree of K the type admits that the free
// GPUs hold (a TP group on one node; depth 1 up to D_max), by TP degree, then depth: the
// "template of their own" the unused-GPU explanation weighs and the template-append sweep tries.
std::vector<TemplateChoice> ownTemplates(const ConstructionSpace& space, const FreeGpus& free, int type);

}  // namespace arachne
