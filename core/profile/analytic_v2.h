// The analytic profile model v2 (docs/cost-model.md §2.5): a layer's time from its GEMMs (each
// at the GPU's measured matmul rate with a fixed cost per call, under a roofline), its
// attention kernel, its element-wise memory traffic and a fixed per-layer cost; fp32 matmuls on
// TF32 where the runtime enables it; FP8 matmuls on the GPUs that have them. TP collectives
// are left to the cost model (sizes and counts in the entry).
#pragma once

#include "profile/layer_costs.h"
#include "profile/profile_entry.h"

namespace arachne {

struct GpuType;
struct LayerType;
struct Model;
struct TrainingSpec;

// The constants of v2 and where each comes from are in analytic_v2.cpp (kept out of this
// header so that a recalibration recompiles one file) and docs/cost-model.md §2.5. Five of them
// were fitted by `arachne-cli validate --published tests/data/published/published_runs.json
// --calibrate` to the rows tests/data/published/roles.json marks "calibration".
struct AnalyticTuning {
  // A negative value takes the built-in constant.
  double framework_gemm_efficiency = -1;  // fraction of the GPU's MAMF a framework's GEMMs reach
  double gemm_overhead_s = -1;            // fixed cost of one GEMM call
  double layer_overhead_s = -1;           // fixed cost per layer and micro-batch, fwd + bwd
  double attention_efficiency = -1;       // FlashAttention's fraction of the 16-bit peak
  double fp8_matmul_ratio = -1;           // FP8 matmuls' efficiency relative to BF16's
  // The built-in constants.
  static AnalyticTuning builtin();
  // This tuning with every negative field replaced by the built-in constant.
  AnalyticTuning resolved() const;
};

// One v2 entry. `tuning` replaces the constants (calibration only).
ProfileEntry analyticEntryV2(const GpuType& gpu, const Model& model, const LayerType& layer,
                             const TrainingSpec& spec, int tp, int microBatch,
                             const ActivationAssumptions& activations,
                             const AnalyticTuning& tuning = {});

// The matmul rate v2 prices a precision at (TF32 for fp32 when enabled and present, FP8 for
// fp8), TFLOPS; 0 when the GPU cannot run it.
double matmulPeakTflops(const GpuType& gpu, const TrainingSpec& spec);

}  // namespace arachne
