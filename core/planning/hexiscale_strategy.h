// HexiScale's rules that turn a pipeline's GPU groups into stages: the order of the groups
// (stage_order.py), the TP split of each group's GPUs on one machine (strategy.py) and the block
// quota per stage by memory (layer_partition.py). Ported from eth-easl/sailor (MIT) @ cf2c8e3,
// Planner/baselines/FlashFlex/src/.
#pragma once

#include <functional>
#include <vector>

#include "planning/hexiscale_estimator.h"

namespace arachne {

class HexiScaleStrategy {
 public:
  // get_considered_stragegies with TP: the TP splits tried for n GPUs of one machine in one group
  // (n = 1 .. 8, e.g. 5 -> {4,1} and {2,2,1}). HexiScale has no entry above 8 GPUs; we split such
  // a count into pieces of 8 first (see docs/baselines.md).
  static std::vector<std::vector<int>> tpSplits(int gpus);

  // merge_subgraph on the step-2 graph: [a][b] is the summed bandwidth (each pair's rounded to an
  // integer, as construct_graph does) between the devices of groups a and b; 0 on the diagonal.
  static std::vector<std::vector<double>> mergedBandwidths(const HexiScaleProblem& problem,
                                                           const std::vector<std::vector<int>>& groups);

  // get_stage_order on the graph of `groups` merged into single vertices (edge weight: the summed
  // bandwidth between two groups, `merged[a][b]`): for each start the path its k-way greedy walk
  // (kway 3) returns, then the start whose path has the least summed weight. Returns, per group,
  // its key: the groups are sorted by it to give the stage order (gen_strategy).
  static std::vector<int> stageOrderKeys(const std::vector<std::vector<double>>& merged);

  // gen_strategy + refine_strategies (tp_pp_tradeoff): the groups in stage order; each group's
  // GPUs taken machine by machine (ascending), each machine's share split by the TP split whose
  // one-machine pipeline (fake layer partition) `cost` finds fastest. `evaluate` is called before
  // each split is costed (the estimator calls, counted as evaluations); when it returns false
  // (budget spent, cancelled) the result is empty.
  static std::vector<std::vector<int>> stages(const HexiScaleProblem& problem,
                                              const std::vector<std::vector<int>>& orderedGroups,
                                              const HexiScaleEstimator& cost,
                                              const std::function<bool()>& evaluate);

  // create_layer_partition: blocks per stage, round robin within each stage's share of the
  // pipeline's memory, then (when every stage is over its share) by memory rank. Empty when a
  // stage is out of memory by HexiScale's MemoryCost (the pipeline is then infeasible).
  static std::vector<int> layerQuota(const HexiScaleProblem& problem, const HexiScaleEstimator& cost,
                                     const std::vector<std::vector<int>>& stages);
};

}  // namespace arachne
