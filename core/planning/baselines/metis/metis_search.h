// Metis's search (Um et al., ATC'24; our implementation, see metis_planner.h): every inter-stage
// plan in Metis's order, the intra-stage strategies Metis tries for it, the load balancer's
// split, and Metis's cost of each, ranked. Polls `stop` between candidates (Metis's budget).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "plan/reason.h"
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
  long long seq = 0;            // position in the search (ties keep it)
};

// Empty when our plan model can hold the candidate (one DP for all stages, every layer placed,
// no empty stage, every TP group inside one node); else why not.
Reason metisInexpressible(const MetisCandidate& c, const MetisLayout& layout, int layers);

// Metis keeps every candidate; we keep the best kMetisKept by its estimate (memory stays bounded in
// long budgets) and, apart, the best kMetisKept that our plan model can hold, so a plan is found
// even when the top of the ranking is all plans no template holds.
constexpr size_t kMetisKept = 20000;

struct MetisSearch {
  std::vector<MetisCandidate> ranked;       // the best by Metis's estimate, ascending; ties in search order
  std::vector<MetisCandidate> expressible;  // the best of those metisInexpressible() accepts, ascending
  std::vector<MetisLayout> layouts;    // per GPU-type order met
  long long inter_plans = 0, costed = 0, out_of_memory = 0;
  // Strategies Metis skips before costing: a micro-batch under one sequence (the global batch
  // over DP and the batch count) or above the largest it profiled, or a TP degree above its
  // largest; and inter-stage plans it drops because a profile it needs is missing.
  long long outside_profiles = 0, missing_profile = 0;
  bool stopped = false;
};

// `stop` gets the number of candidates costed so far.
MetisSearch searchMetis(const CostModel& cost, const MetisModel& model, const Composition& composition,
                        const std::function<bool(long long)>& stop,
                        const std::function<void(const MetisSearch&)>& progress = {});

}  // namespace arachne
