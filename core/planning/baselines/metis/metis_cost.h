// Metis's cost model (Um et al., ATC'24; our implementation of the estimator of SamsungLabs/Metis
// as Sailor's fork runs it, read and not copied, CC BY-NC): per-stage compute performance from
// whole-model profile times, memory demand and capacity per stage, and the iteration time Metis
// ranks with: (batches - 1) x the slowest stage + all stages + the slowest optimizer step + the
// slowest gradient all-reduce + every boundary's transfer, each link its slowest.
#pragma once

#include <map>
#include <utility>
#include <vector>

#include "sailor/sailor_profile_import.h"

namespace arachne {

class BaselineNetwork;
class Composition;
class CostModel;

// What Metis's profiler measures for one (GPU type, TP, micro-batch): per layer the fwd+bwd time
// (ms) and the memory (MB: weights, gradients, optimizer state, a gradient-sized buffer and the
// stashed activations, as Sailor's conversion of its measurements to Metis's format holds).
struct MetisProfile {
  std::vector<double> layer_ms;
  double total_ms = 0;
  std::vector<double> mem_mb;
};

// A (DP, TP) strategy per stage.
using MetisStrategies = std::vector<std::pair<int, int>>;

// The GPUs in Metis's rank order for one order of the GPU types: the nodes of the first type
// (composition order), then the second's ...
struct MetisLayout {
  std::vector<int> rank_type;  // cost-model GPU index per rank
  std::vector<int> rank_node;  // node slot per rank
  std::vector<int> node_id, node_type;
  std::vector<double> node_inter, node_intra;  // bytes/s (a one-GPU node: 2^40 inside, as Metis)
};

class MetisModel {
 public:
  MetisModel(const CostModel& cost, const Composition& composition, const BaselineNetwork& net,
             const SailorLayerTimesTable* layerTimes);

  MetisLayout layout(const std::vector<int>& typeOrder) const;
  const MetisProfile* profile(int gpu, int tp, int bs) const;
  int maxTp() const { return max_tp_; }
  int maxBs() const { return max_bs_; }
  int layers() const { return layers_; }
  int globalBatch() const { return gbs_; }
  const std::vector<double>& layerShare() const { return layer_share_; }

  // Normalised compute performance per stage; empty when a needed profile is missing.
  std::vector<double> stagePerformance(const MetisLayout& l, const std::vector<int>& groups,
                                       const MetisStrategies& st, int batches) const;
  // Memory capacity per stage (MB, every GPU of the stage) and Metis's demand (5 x the layers'
  // memory; empty when a profile is missing).
  std::vector<double> capacity(const MetisLayout& l, const std::vector<int>& groups) const;
  std::vector<double> demand(const MetisLayout& l, const std::vector<int>& groups, const MetisStrategies& st,
                             const std::vector<int>& partition, int batches) const;
  // Metis's iteration time in ms; negative when a needed profile is missing.
  double cost(const MetisLayout& l, const std::vector<int>& groups, const MetisStrategies& st,
              const std::vector<int>& partition, int batches) const;

 private:
  double ppBandwidth(const MetisLayout& l, int first, int last) const;
  double dpBandwidth(const MetisLayout& l, int first, int dp, int tp) const;
  double slowestInter(const MetisLayout& l, const std::vector<int>& types) const;
  double execution(const MetisLayout& l, int rank0, int ranks, int dp, int tp, int start, int end, int batches) const;

  int layers_ = 0, gbs_ = 0, max_tp_ = 1, max_bs_ = 1;
  double seq_ = 0, hidden_ = 0, vocab_ = 0, optimizer_ms_ = 0;
  double param_in_ = 0, param_block_ = 0, param_out_ = 0;  // whole-layer bytes
  std::vector<double> layer_share_;
  std::vector<double> memory_mb_;  // per GPU index
  std::map<std::tuple<int, int, int>, MetisProfile> profiles_;
  const Composition& composition_;
  const CostModel& cost_;
  const BaselineNetwork& net_;
};

}  // namespace arachne
