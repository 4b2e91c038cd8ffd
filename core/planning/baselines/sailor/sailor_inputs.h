// What Sailor's planner reads (its profile.json per GPU type, llm_info.json, the training config),
// taken from our cost model's profiles so that it plans on the same measurements it is judged by.
// Ported from eth-easl/sailor cf2c8e3 (MIT): training.cpp convertLLMInput, planner.cpp's
// constructor and build_structs.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sailor/sailor_profile_import.h"

namespace arachne {

class CostModel;
class Composition;

struct SailorGpuData {
  int gpu = 0;                   // cost-model GPU index
  std::string id;                // catalog id
  double memory_bytes = 0;       // Sailor's GPU_MEMORY, from the catalog
  int count = 0;                 // GPUs of the type in the composition planned on
  std::vector<int> tps;          // candidate TP degrees, ascending (Sailor: the network file's keys)
  std::vector<int> mbs;          // micro-batch sizes the profiles hold at some candidate TP
  struct Profile {
    std::vector<double> prefix;  // prefix sums of the per-layer fwd+bwd time
    double update = 0;           // the optimizer step of the whole model (Sailor repeats it per layer)
    std::vector<double> act_prefix;  // prefix sums of stashed activation bytes at this mbs
  };
  std::map<std::pair<int, int>, Profile> profiles;  // (mbs, tp)
  std::map<int, std::vector<double>> param_prefix;  // tp -> prefix sums of parameters per GPU
  const Profile* profile(int mbs, int tp) const;
  double execTime(int mbs, int tp, int first, int last) const;  // +inf when not profiled
};

struct SailorInputs {
  int layers = 0;
  int global_batch = 0;
  double float_size = 4;                 // bytes per parameter / activation element
  std::vector<SailorGpuData> types;      // Sailor's order: sorted by catalog id
  std::vector<double> param_tp1_prefix;  // prefix sums of whole-layer parameters (AR size)
  std::vector<double> out_bytes;         // per layer: activation handed on, per sample
  std::vector<int> all_mbs;              // union of the types' micro-batch sizes, ascending
  bool homogeneous = false;              // one GPU type (Sailor's `homogeneous`)

  // Sailor's check_stage_fits (planner_utils.cpp): 24 bytes per parameter (Adam states, fp32
  // copy, gradients, communication and DeepSpeed buffers), the stashed activations of
  // (depth - stage) micro-batches, and 2 GB (TP 1) or 3 GB of Megatron's own memory.
  bool stageFits(const SailorGpuData& g, int depth, int stage, int first, int last, int mbs, int tp) const;
  double paramBytesTp1(int first, int last) const;
};

// Builds the inputs for `composition` (the reading the planner plans on). TP candidates:
// {1, 2, 4} (Sailor's), at most the type's largest node, profiled at some micro-batch size.
// With `layerTimes` (Sailor's per-index measurements behind an imported profile set) the
// fwd+bwd and update times of the configurations it holds are Sailor's own, index by index;
// the rest come from the cost model's profiles.
SailorInputs buildSailorInputs(const CostModel& cost, const Composition& composition,
                               const SailorLayerTimesTable* layerTimes = nullptr);

// Sailor's uniform split (planner_utils.cpp get_stages): layers / pp per stage, the remainder
// one more on each of the last stages. Stage s is [first, last].
std::vector<std::pair<int, int>> sailorStages(int layers, int pp);

}  // namespace arachne
