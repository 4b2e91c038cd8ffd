// HexiScale's own cost model, used only to rank its candidates (the chosen plan is priced by our
// CostModel). Ported from eth-easl/sailor (MIT) @ cf2c8e3,
// Planner/baselines/FlashFlex/src/cost_modeling.py (TimeCost, MemoryCost): a GPipe-style
// pipeline time from FLOP counts and bandwidths, a per-layer data-parallel gradient exchange
// among the pipelines, and a per-GPU memory estimate.
#pragma once

#include <vector>

#include "planning/hexiscale_problem.h"

namespace arachne {

// One of HexiScale's pipelines: per stage a TP group (device indices into HexiScaleProblem::devices)
// and the transformer blocks it holds.
struct HexiScalePipeline {
  std::vector<std::vector<int>> stages;
  std::vector<int> layers;  // blocks per stage; sums to HexiScaleProblem::L
};

class HexiScaleEstimator {
 public:
  // `microBatches`: N_MB, the micro-batches each pipeline runs (global batch / pipelines).
  HexiScaleEstimator(const HexiScaleProblem& problem, int microBatches);

  // mb_stage_cost: one micro-batch through `layers` blocks on a TP group (compute + TP traffic).
  double stageCost(const std::vector<int>& group, int layers) const;
  // mb_pp_comm_cost: activation to the next stage and its gradient back (0 for the last stage).
  double p2pCost(const std::vector<int>& pre, const std::vector<int>* post) const;
  // pipeline_cost: the GPipe schedule's column maxima summed over N_MB + stages - 1 columns.
  double pipelineCost(const HexiScalePipeline& pipeline) const;
  // dp_cost: per block, the gradient exchange among the TP ranks holding it in every pipeline.
  double dpCost(const std::vector<HexiScalePipeline>& pipelines) const;
  // overall_cost: slowest pipeline + gradient exchange, in seconds by HexiScale's reckoning.
  double overallCost(const std::vector<HexiScalePipeline>& pipelines) const;

  // MemoryCost.overall_memory in GiB of one GPU of a stage holding `layers` blocks at TP `tp`;
  // `first` adds the embedding, `last` the final norm and the output layer.
  double stageMemoryGib(int layers, int tp, bool first, bool last) const;

 private:
  double tpComm(const std::vector<int>& group) const;
  const HexiScaleProblem& p_;
  int n_mb_;
};

}  // namespace arachne
