// Private state of CostModel: node table and per-(GPU type, TP, micro-batch) prefix sums.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/gpu_catalog.h"
#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "cost/link_set.h"
#include "profile/profile_set.h"

namespace arachne {

// Sums over layers [0, i) of one (GPU type, TP, micro-batch) configuration.
struct LayerPrefix {
  double compute = 0, tp_comm = 0, params = 0, activations = 0, optimizer = 0;
  double expert_params = 0, expert_activations = 0, dispatch = 0, etp_tokens = 0;
  double tp_collectives = 0;  // all-reduce equivalents the cost model prices (analytic v2)
};

struct ProfileTable {
  int gpu = 0, tp = 1, mbs = 1;
  std::vector<LayerPrefix> prefix;   // layerCount + 1 rows
  std::vector<double> output_bytes;  // per layer
  double tp_bytes = 0;               // size of each of those collectives at this configuration
  double tp_one_s = 0;               // and the time of one over the type's intra-node links
  // Inline: returned through memory from another translation unit, the sums were stored as
  // scalars and read back as pairs, which the processor cannot forward from its store buffer.
  LayerPrefix range(int first, int last) const {
    const LayerPrefix& a = prefix[static_cast<size_t>(first)];
    const LayerPrefix& b = prefix[static_cast<size_t>(last) + 1];
    return {b.compute - a.compute,           b.tp_comm - a.tp_comm,
            b.params - a.params,             b.activations - a.activations,
            b.optimizer - a.optimizer,       b.expert_params - a.expert_params,
            b.expert_activations - a.expert_activations, b.dispatch - a.dispatch,
            b.etp_tokens - a.etp_tokens,     b.tp_collectives - a.tp_collectives};
  }
};

struct NodeInfo {
  int id = 0;
  int gpu = -1;          // index into the cost model's GPU types
  int gpus = 0;
  double inter_gbps = 0;
  // Bit t set when a TP degree t < 64 fits the node but does not divide it (so the hot
  // validation loop needs no division per TP group).
  std::uint64_t untiled_tp = 0;
  // Bit t set when TP degree t < 64 does not tile the node (exceeds it or does not divide it):
  // one test tells validation that neither check can fail.
  std::uint64_t odd_tp = 0;
  double link_gbps = 0;  // LinkSet::nodeGbps of the node, beside the rest of what validation reads
};

// Where one stage's replicas sit, found while validation walks the plan's node ids.
struct StageNodes {
  bool oneNode = true;
  int distinct = 0;    // nodes
  int maxPerNode = 0;  // the most replicas on one node
  int slowSlot = -1;   // the stage's node with the slowest NIC
};

// One stage of a priced plan, as validation found it (and the timing pass summed it).
struct StagePlace {
  int start = 0;                       // where its node slots start in PlanPlacement::slots
  int gpu = -1;                        // its GPU type index
  const ProfileTable* table = nullptr;
  StageNodes nodes;
};

// What validation looked up for the timing pass, so that the plan's node ids are walked once.
// Complete (one entry per stage, one slot per replica) only when the plan is structurally valid.
struct PlanPlacement {
  std::vector<int> slots;          // every stage's node slots, replica by replica, in plan order
  std::vector<StagePlace> stages;  // in plan order (small: a new one is cleared per stage)
  // Every stage's layer sums, in plan order: written by the timing pass, read by the memory
  // pass. Only grows, so that no call clears it.
  std::vector<LayerPrefix> ranges;
  std::vector<int> slowestOfType;  // per GPU type, the plan's node of it with the slowest NIC
};

struct CostModel::Impl {
  Impl(const GpuCatalog& c, const Composition& comp, const Model& m, const TrainingSpec& s,
       const ProfileSet& p)
      : catalog(c), composition(comp), model(m), spec(s), profiles(p), cluster_price_per_hour(comp.pricePerHour(c)) {}

  const CostModel* owner = nullptr;  // for the public queries price() shares
  const GpuCatalog& catalog;
  Composition composition;
  Model model;
  TrainingSpec spec;
  const ProfileSet& profiles;
  double cluster_price_per_hour;  // every GPU of the composition, USD (the report carries it)
  CostTerms terms;
  LinkSet links;

  std::vector<const GpuType*> gpus;
  std::vector<std::string> gpuIds;
  std::vector<NodeInfo> nodes;           // in composition order ("slots")
  std::vector<int> slotById;             // node id -> slot, -1 when absent (ids < 2^20)
  std::unordered_map<int, int> slotByBigId;
  std::vector<ProfileTable> tables;
  std::unordered_map<std::uint64_t, int> tableIndex;
  // The same index as a dense array over (GPU type, TP < denseTp, micro-batch < denseMbs),
  // -1 where there is no table: the planners' and price()'s lookup, without hashing.
  std::vector<int> tableAt;
  int denseTp = 0, denseMbs = 0;
  std::vector<int> moePrefix;            // MoE layers among [0, i)
  double adamBytesPerParam = 0;          // memory traffic of one parameter's optimizer step

  static std::uint64_t key(int g, int tp, int mbs) {
    return (static_cast<std::uint64_t>(g) << 48) | (static_cast<std::uint64_t>(tp) << 24) |
           static_cast<std::uint64_t>(mbs);
  }
  const ProfileTable* table(int g, int tp, int mbs) const {
    if (g < 0 || tp < 1 || mbs < 1) return nullptr;
    if (g < static_cast<int>(gpus.size()) && tp < denseTp && mbs < denseMbs) {
      const int i = tableAt[static_cast<size_t>((g * denseTp + tp) * denseMbs + mbs)];
      return i < 0 ? nullptr : &tables[static_cast<size_t>(i)];
    }
    auto it = tableIndex.find(key(g, tp, mbs));
    return it == tableIndex.end() ? nullptr : &tables[static_cast<size_t>(it->second)];
  }
  int slot(int nodeId) const {
    if (nodeId >= 0 && nodeId < static_cast<int>(slotById.size())) return slotById[static_cast<size_t>(nodeId)];
    auto it = slotByBigId.find(nodeId);
    return it == slotByBigId.end() ? -1 : it->second;
  }
  int gpuIndex(const std::string& id) const {
    for (size_t i = 0; i < gpuIds.size(); ++i)
      if (gpuIds[i] == id) return static_cast<int>(i);
    return -1;
  }
  int moeLayers(int first, int last) const { return moePrefix[static_cast<size_t>(last) + 1] - moePrefix[static_cast<size_t>(first)]; }
  std::string missingReason(int g, int tp, int mbs) const { return missingWhy(g, tp, mbs).english(); }
  Reason missingWhy(int g, int tp, int mbs) const;
  PlanReport price(const Plan& plan, bool rebalance) const;
  // Fills the time items of every stage of a structurally valid plan and, per template, the
  // per-micro-batch pace and the M-independent rest of its iteration (plan_timing.cpp), from
  // what validation looked up; leaves every stage's layer sums in placement.ranges.
  void timeTemplates(const Plan& plan, PlanReport& r, double* perMb, double* fixed,
                     PlanPlacement& placement) const;
  double iterationTimeWith(const Plan& plan, const PlanReport& priced, int templ, int stage,
                           const StageTime& time) const;  // plan_timing.cpp
  StageMemory memory(const ProfileTable& t, int first, int last, int stageIndex, int depth,
                     int microBatches, int replicas, const ExpertTiling& tiling,
                     int virtualStages = 1) const;
  // The same from the stage's layer sums and its micro-batches in flight (inFlightStages),
  // written into m (every field): a returned copy was stored as scalars and read back as pairs.
  void memory(const ProfileTable& t, const LayerPrefix& r, int replicas, const ExpertTiling& tiling,
              double inFlight, StageMemory& m) const;
};

}  // namespace arachne
