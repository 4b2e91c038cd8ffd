// Metis's search (Um et al., ATC'24; our implementation, see metis_planner.h): every inter-stage
// plan in Metis's order, the intra-stage strategies Metis tries for it, the load balancer's
// split, and Metis's cost of each, ranked. Polls `stop` between candidates (Metis's budget).
#pragma once

#include <functional>
#include <vector>

#include "planning/baselines/metis/metis_cost.h"

namespace arachne {

class CostModel;
class Composition;

struct MetisCandidate {
  int order = 0;                // index into MetisSearch::layouts
  std::vector<int> groups;      // GPUs per stage
  int batches = 1;              // micro-batches
  MetisStrategies strategies;   // (DP, TP) per stage
  std::vector<int> partition;   // [0, ..., layers] (may fall short: Metis drops a split layer)
  double cost_ms = 0;           // Metis's estimate
};

struct MetisSearch {
  std::vector<MetisCandidate> ranked;  // ascending cost; ties keep search order
  std::vector<MetisLayout> layouts;    // per GPU-type order met
  long long inter_plans = 0, costed = 0, out_of_memory = 0;
  bool stopped = false;
};

// `stop` gets the number of candidates costed so far.
MetisSearch searchMetis(const CostModel& cost, const MetisModel& model, const Composition& composition,
                        const std::function<bool(long long)>& stop,
                        const std::function<void(const MetisSearch&)>& progress = {});

}  // namespace arachne
