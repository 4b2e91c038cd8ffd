// The policy's view of one construction episode: fixed-size state, summary and candidate vectors.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "plan/plan.h"
#include "policy/policy_config.h"
#include "policy/policy_layout.h"

namespace arachne {

class Composition;
class CostModel;
class GpuCatalog;
struct GpuType;
struct Model;

// A decision already fixed for an earlier stage of the template being built.
struct PolicyStageChoice {
  std::string gpu_type;  // catalog id
  int tp = 1;
};

// Built once per episode (composition, model and training spec do not change during one), then
// asked for vectors at every decision. Inputs are plain values, so any episode class can drive it:
// `free_gpus[i]` is the number of free GPUs of composition.nodes()[i] at the time of the decision.
//
// GPU types occupy slots ordered by achievable compute (then memory, then id), not by the order
// the composition lists them, so the same cluster written differently gives the same state.
class PolicyState {
 public:
  // Throws LoadError when the composition has more GPU types than config.t_max, or a type the
  // catalog does not know.
  PolicyState(const PolicyConfig& config, const GpuCatalog& catalog, const Composition& composition,
              const Model& model, const TrainingSpec& training);
  // The problem a cost model was built for (its composition, model, spec and GPU types).
  PolicyState(const PolicyConfig& config, const CostModel& cost);
  // The same problem restricted to the GPU types `types` (ids of the composition): the nodes of
  // the other types are left out of every feature, as if the composition had none of them (the
  // learned planner's reduction, gpu_type_reduction.h).
  PolicyState(const PolicyConfig& config, const CostModel& cost, const std::vector<std::string>& types);

  const PolicyConfig& config() const { return config_; }
  const PolicyLayout& layout() const { return layout_; }
  int typeCount() const { return static_cast<int>(slots_.size()); }
  const std::string& typeOfSlot(int slot) const { return slots_[static_cast<size_t>(slot)].id; }
  int slotOf(const std::string& gpuType) const;  // -1 when absent
  // Ids of the composition nodes the state reads, in the order of `free_gpus` below.
  const std::vector<int>& nodeIds() const { return node_ids_; }

  // The composition summary; it does not change during an episode.
  const std::vector<float>& summary() const { return summary_; }
  // The backbone's input at the start of step `step` (0-based) of at most `stepLimit` steps.
  std::vector<float> state(const std::vector<int>& free_gpus, const std::vector<Template>& placed,
                           int step, int stepLimit) const;
  // (d_max + 1) rows, row 0 = STOP, row d = depth d.
  std::vector<float> depthCandidates(const std::vector<int>& free_gpus,
                                     const std::vector<Template>& placed) const;
  // The decisions fixed before the device (and TP) choice of stage earlier.size() of a template
  // of depth `depth`.
  std::vector<float> stageContext(int depth, const std::vector<PolicyStageChoice>& earlier) const;
  // t_max rows, row s = the GPU type in slot s (zero rows for empty slots).
  std::vector<float> deviceCandidates(const std::vector<int>& free_gpus, int depth,
                                      const std::vector<PolicyStageChoice>& earlier) const;
  // One row of a candidates matrix, e.g. the chosen type's row for the TP head.
  static std::vector<float> row(const std::vector<float>& matrix, int rowSize, int index);

 private:
  struct Slot {
    std::string id;
    const GpuType* type = nullptr;
    std::vector<int> nodes;  // indices into composition.nodes()
    int gpus = 0;
    int largest_node = 0;
    std::vector<float> fixed;  // the per-type features that do not depend on free GPUs
  };
  using TypeLookup = std::function<const GpuType&(const std::string& id)>;
  void build(const Composition& composition, const Model& model, const TrainingSpec& training,
             const TypeLookup& typeOf);
  void checkFree(const std::vector<int>& free_gpus) const;
  std::vector<float> perType(int slot, const std::vector<int>& free_gpus) const;
  int freeTotal(const std::vector<int>& free_gpus) const;
  double largestFreeMemory(const std::vector<int>& free_gpus, bool smallest) const;

  PolicyConfig config_;
  PolicyLayout layout_;
  std::vector<int> node_ids_;   // id of each composition node read
  std::vector<int> node_slot_;  // slot of each composition node
  std::vector<Slot> slots_;
  std::vector<float> summary_;
  std::vector<float> model_cluster_;  // cluster-wide entries fixed for the episode
  int total_gpus_ = 0;
  int layers_ = 0;
  double model_state_bytes_ = 1;  // weights + gradients + optimizer state of the whole model
};

}  // namespace arachne
