// Prices a fully specified plan: per-stage time and memory, 1F1B iteration time, batch split,
// throughput. Precomputes per-(GPU type, TP, micro-batch) prefix sums so that pricing a plan
// costs O(stages), because the planners price millions of plans.
#pragma once

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cluster/composition.h"
#include "cost/cost_terms.h"
#include "cost/plan_report.h"
#include "model/model.h"
#include "catalog/training_spec.h"

namespace arachne {

class GpuCatalog;
class ProfileSet;
struct GpuType;

// Framework memory per GPU besides the model state: CUDA context, cuBLAS/NCCL workspaces and
// buffers (a constant), plus allocator fragmentation (a fraction of everything else).
// Calibrated against Sailor's measured GH200 peak memory (docs/cost-model.md, "Memory").
constexpr double kFrameworkOverheadBytes = 4.0 * 1024 * 1024 * 1024;
constexpr double kAllocatorSlack = 0.05;

class CostModel {
 public:
  // Keeps copies of the composition, the model and the spec; the catalog and profiles must
  // outlive the cost model. Throws LoadError when the composition names a GPU type the catalog
  // lacks, or when the profile set names another model (an empty model_id is accepted).
  CostModel(const GpuCatalog& catalog, const Composition& composition, const Model& model,
            const TrainingSpec& spec, const ProfileSet& profiles, const CostTerms& terms = {});
  ~CostModel();
  CostModel(const CostModel&) = delete;
  CostModel& operator=(const CostModel&) = delete;

  // Prices the plan as given. When rebalance is true the global batch is split across the
  // replicas in proportion to their speed (whole micro-batches) and the report's
  // micro_batches may differ from the plan's; when false the plan's micro_batches are used.
  PlanReport price(const Plan& plan, bool rebalance = true) const;
  // price() followed by writing the split back into plan.templates[i].micro_batches. A plan
  // with fixed_micro_batches is priced with its own micro-batches (rebalance = false).
  PlanReport priceAndUpdate(Plan& plan) const;
  // The iteration time price(plan, true) would report if stage `stage` of template `templ` took
  // `time` instead of what `priced` (price(plan, true) of this plan, with timings) holds, the
  // batch split again: O(stages), without pricing the plan. Exact, to the bit, for a change that
  // alters only that stage's own time items, as another expert tiling of the stage does (the
  // fill's tileExperts prices in full only the tilings this says are faster). Memory is not
  // looked at. +inf when `priced` has no timings for the plan (e.g. it was rejected).
  double iterationTimeWith(const Plan& plan, const PlanReport& priced, int templ, int stage,
                           const StageTime& time) const;

  // --- Low-level queries for the fill and the planners (all O(1) after construction). ---
  // GPU types of the composition, indexed 0..gpuTypeCount()-1 in order of first appearance.
  int gpuTypeCount() const;
  int gpuIndex(const std::string& gpuTypeId) const;  // -1 when not in the composition
  const GpuType& gpuType(int gpuIndex) const;
  // Whether profiles exist for every layer type at (gpu, tp, mbs); when not, `why` says which.
  bool hasProfile(int gpuIndex, int tp, int microBatch, std::string* why = nullptr) const;
  // Per-micro-batch compute + TP communication of layers [first, last] on one GPU of a TP
  // group (MoE stages assume the fastest-possible tiling is priced separately); +inf when a
  // profile is missing.
  double layersTime(int gpuIndex, int tp, int microBatch, int firstLayer, int lastLayer) const;
  // Itemised per-GPU memory of a stage holding [first, last] at position stageIndex of a
  // depth-deep pipeline with the given micro-batches in flight limit (min(depth - stageIndex,
  // microBatches) are held), replicas (for distributed-optimizer sharding) and tiling.
  // A default-constructed tiling on a MoE range means "without tiling" (effectiveTiling).
  // All zeros (capacity included) when the profile is missing.
  StageMemory stageMemory(int gpuIndex, int tp, int microBatch, int firstLayer, int lastLayer,
                          int stageIndex, int depth, int microBatches, int replicas,
                          const ExpertTiling& tiling = {}, int virtualStages = 1) const;
  // Micro-batches' worth of the stage's activations held at once: min(depth - i, M) under
  // 1F1B; under interleaved 1F1B with v chunks, Megatron's warm-up depth in chunks / v.
  static double inFlightStages(int stageIndex, int depth, int microBatches, int virtualStages);

  // --- MoE and links (for the fill's expert tiling and layer split). ---
  bool hasMoeLayers(int firstLayer, int lastLayer) const;
  // The tiling a MoE stage is priced with: the plan's, else the paper's "without tiling"
  // (EP 1, ETP = tp, EDP = replicas).
  static ExpertTiling effectiveTiling(const std::optional<ExpertTiling>& given, int tp,
                                      int replicas);
  // "" when EP x ETP x EDP = tp x replicas, ETP divides tp and EP divides the expert count;
  // else the reason with the numbers.
  std::string tilingProblem(const ExpertTiling& tiling, int tp, int replicas) const;
  Reason tilingWhy(const ExpertTiling& tiling, int tp, int replicas) const;  // the same as data
  // The same test without building the reason: the fill asks it for every candidate tiling of
  // every stage it tries, where a reason's text and arguments would cost more than the test.
  bool tilingValid(const ExpertTiling& tiling, int tp, int replicas) const;
  // Every valid tiling of a stage of tp x replicas GPUs (empty for a dense model).
  std::vector<ExpertTiling> expertTilings(int tp, int replicas) const;
  // Per-micro-batch all-to-all (4 per MoE layer) and ETP all-reduce time of the MoE layers in
  // [first, last]. The EP group stays in the node when EP x ETP <= tp; otherwise it crosses
  // nodes at interNodeGbps, with gpusSharingNic of the stage's GPUs pushing through one NIC.
  double expertCommTime(int gpuIndex, int tp, int microBatch, int firstLayer, int lastLayer,
                        const ExpertTiling& tiling, double interNodeGbps,
                        int gpusSharingNic) const;
  // Per-iteration gradient all-reduce of the expert shards over EDP ranks (0 when EDP = 1):
  // intra-node when the stage sits on one node, else over interNodeGbps shared by
  // gpusSharingNic GPUs.
  double expertGradSyncTime(int gpuIndex, int tp, int microBatch, int firstLayer, int lastLayer,
                            const ExpertTiling& tiling, bool oneNode, double interNodeGbps,
                            int gpusSharingNic) const;
  // Whole activation tensor layer `layer` hands to the next one at (gpu, tp, mbs); 0 when the
  // profile is missing.
  double outputBytes(int gpuIndex, int tp, int microBatch, int layer) const;
  // The component that is largest in the footprint (for "which component is over" messages).
  static std::string largestComponent(const StageMemory& m);

  // The node's whole rate to other nodes with all its GPUs sending (GB/s), from the network
  // profile or the catalog; 0 for an unknown node.
  double nodeInterGbps(int nodeId) const;
  // Where the link figures come from: "catalog" or the network profile's name.
  const std::string& networkOrigin() const;
  const CostTerms& terms() const;
  const Model& model() const;
  const TrainingSpec& spec() const;
  const Composition& composition() const;
  const ProfileSet& profiles() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> d;
};

}  // namespace arachne
