// Generates the default profile set from the catalogs with a documented roofline-style model.
#pragma once

#include <vector>

#include "profile/analytic_v2.h"
#include "profile/layer_costs.h"
#include "profile/profile_set.h"

namespace arachne {

class GpuCatalog;
struct GpuType;
struct Model;
struct TrainingSpec;

// The efficiency factors of the analytic model (docs/cost-model.md, "Analytic profiles").
struct AnalyticFactors {
  // Fixed cost per layer for forward + backward: kernel launches and the small element-wise
  // kernels that do not scale with the GEMMs (norms, rotary, residual adds).
  static constexpr double launch_overhead_s = 150e-6;
  // Fraction of the GEMM rate a whole transformer layer sustains: attention kernels, norms,
  // activations, rotary and residual adds run below the matmul rate. Set so that a large
  // layer runs at 60-65 % of peak, which with bubbles and communication gives the 40-55 %
  // end-to-end MFU of domain-facts §5.2 (Llama 3 on H100 38-43 %, Megatron on A100 52-56 %).
  static constexpr double layer_efficiency = 0.75;
  // Per-GPU forward FLOPs of one layer at which its GEMMs reach half of their large-size
  // efficiency: efficiency = matmul_efficiency * layer_efficiency * F / (F + this).
  static constexpr double half_efficiency_flops = 2e9;
  // Achieved fraction of the memory bandwidth for streaming kernels (gathers, Adam).
  static constexpr double memory_efficiency = 0.8;
};

struct AnalyticProfileOptions {
  // 2: analytic v2 (GEMMs, attention, element-wise traffic, TF32 / FP8; docs/cost-model.md
  // §2.5). 1: analytic-v1 (one layer efficiency, fixed launch overhead), kept so that the cost
  // model as it stood can be reproduced (CostTerms::legacy(), docs/cost-model.md §11).
  int version = 2;
  std::vector<int> tp_degrees = {1, 2, 4, 8};
  std::vector<int> micro_batches = {1, 2, 4, 8, 16, 32};
  ActivationAssumptions activations;  // FlashAttention and sequence parallelism by default
  AnalyticTuning tuning;              // v2's constants (varied only by calibration)
};

// One entry per (GPU type in gpuTypes, TP, micro-batch, layer type). A GPU type without a rate
// for the precision (V100 in bf16) gets no entries: it is outside the search space.
// Name of the analytic profile sets (appears in plan provenance).
inline constexpr const char* kAnalyticProfileName = "analytic-v1";
inline constexpr const char* kAnalyticProfileNameV2 = "analytic-v2";

ProfileSet makeAnalyticProfiles(const GpuCatalog& catalog, const std::vector<std::string>& gpuTypes,
                                const Model& model, const TrainingSpec& spec,
                                const AnalyticProfileOptions& options = {});

// One analytic entry (exposed for tests and the calibration tool).
ProfileEntry analyticEntry(const GpuType& gpu, const Model& model, const LayerType& layer,
                           const TrainingSpec& spec, int tp, int microBatch,
                           const ActivationAssumptions& activations = {});

}  // namespace arachne
