// AMP's candidate space and cost model (Li et al., NeurIPS'22) as Sailor's re-implementation
// runs them (eth-easl/sailor cf2c8e3, Planner/baselines/AMP, MIT; adapted there from
// DachengLi1/AMP, which carries no licence, so this is our own implementation of the algorithm):
// a uniform 3D grid of TP h (a divisor of the node size M), DP w and PP = M N / (h w), the
// micro-batch a divisor of gbs / w, the layers split as DeepSpeed does, and an estimate from one
// per-layer profile averaged over the GPU types present and the slowest link of the cluster.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "plan/reason.h"
#include "sailor/sailor_profile_import.h"

namespace arachne {

class BaselineNetwork;
class Composition;
class CostModel;

struct AmpCandidate {
  int tp = 1, dp = 1, pp = 1, mbs = 1;
  int micro_batches = 1;           // B = gbs / (dp * mbs)
  std::vector<int> stage_layers;   // layers per stage: DeepSpeed's uniform partition (pipe_ds)
  double cost = 0;                 // AMP's estimated iteration time, seconds
};

struct AmpSpace {
  int gpus_per_node = 0;           // M
  int nodes = 0;                   // N after AMP's batch rule
  int nodes_given = 0;             // N before it
  double slowest_bytes_per_s = 0;  // the slowest type's node-to-node peak rate
  int candidates = 0;              // enumerated (some skipped: no profile at that TP, PP > layers)
  std::vector<AmpCandidate> ranked;  // ascending cost; ties keep AMP's candidate order
  Reason note;                     // what AMP did to the cluster (nodes dropped), empty when nothing
  bool stopped = false;
};

// AMP's per-layer cost of one sample: [gpu index][tp] -> per layer (empty when not profiled).
struct AmpProfiles {
  std::vector<std::vector<std::vector<double>>> per_layer;
  const char* origin = nullptr;  // a text:: wording: where the per-layer costs come from
};
// From the cost model: fwd + bwd (+ TP communication) at micro-batch 1.
AmpProfiles ampProfilesFromCost(const CostModel& cost);
// From Sailor's per-index times: 3 x forward at micro-batch 1, as AMP models the backward
// (Sailor's AMP profiles are exactly those forward times); types the table lacks use the cost model.
AmpProfiles ampProfilesFromSailor(const CostModel& cost, const SailorLayerTimesTable& times);

// AMP's uniform partition: L / pp layers per stage, the remainder on the last (pipe_ds).
std::vector<int> ampPartition(int layers, int pp);

// Enumerates and ranks every candidate on `composition` (one node size for the whole cluster:
// the caller passes the one-GPU reading otherwise). `stop` is polled between candidates.
AmpSpace rankAmp(const CostModel& cost, const Composition& composition, const BaselineNetwork& net,
                 const AmpProfiles& profiles, const std::function<bool()>& stop);

}  // namespace arachne
