// Roofline-style analytic profiles: time = max(FLOPs / achieved rate, bytes / memory bandwidth)
// + launch overhead; TP all-reduces over the intra-node link.
#include "profile/analytic_profiler.h"

#include <algorithm>

#include "catalog/gpu_catalog.h"
#include "catalog/gpu_type.h"
#include "catalog/training_spec.h"
#include "cost/link_model.h"
#include "io/load_error.h"
#include "model/model.h"
#include "profile/analytic_v2.h"
#include "profile/layer_costs.h"

namespace arachne {

ProfileEntry analyticEntry(const GpuType& gpu, const Model& model, const LayerType& layer,
                           const TrainingSpec& spec, int tp, int microBatch,
                           const ActivationAssumptions& activations) {
  using F = AnalyticFactors;
  LayerCost c = layerCost(model.shape, layer, spec, tp, microBatch, activations);
  ProfileEntry e;
  const double peak = gpu.peakTflops(spec.precision) * 1e12;
  const double memBw = gpu.memory_bandwidth_gbps * 1e9 * F::memory_efficiency;
  const double gpuFwd = c.fwd_flops / tp;
  const double eff = gpu.matmul_efficiency * F::layer_efficiency * gpuFwd /
                     (gpuFwd + F::half_efficiency_flops);
  const double flopTime = gpuFwd > 0 ? (c.train_flops / tp) / (peak * eff) : 0.0;
  const double memTime = memBw > 0 ? c.traffic_bytes / memBw : 0.0;
  e.compute_s = std::max(flopTime, memTime) + F::launch_overhead_s;

  const double arBytes = spec.sequence_length * static_cast<double>(microBatch) *
                         model.shape.hidden * activationBytes(spec.precision);
  e.tp_comm_s = c.tp_allreduces * ringAllReduceTime(arBytes, tp, Link::intra(gpu.intra_node_gbps));

  // Adam is memory-bound: fp32 master, m and v read and written, the gradient read and the
  // working weight written, for this GPU's parameter share.
  const double bytesPerParam = 2.0 * spec.optimizerBytes() + spec.gradBytes() + spec.weightBytes();
  e.optimizer_s = memBw > 0 ? c.param_count * bytesPerParam / memBw : 0.0;

  e.param_count = c.param_count;
  e.activation_bytes = c.activation_bytes;
  e.output_bytes = c.output_bytes;
  e.expert_param_count = c.expert_param_count;
  e.dispatch_bytes = c.dispatch_bytes;
  e.expert_activation_bytes = c.expert_activation_bytes;
  e.origin = "analytic";
  return e;
}

ProfileSet makeAnalyticProfiles(const GpuCatalog& catalog, const std::vector<std::string>& gpuTypes,
                                const Model& model, const TrainingSpec& spec,
                                const AnalyticProfileOptions& options) {
  ProfileSet set;
  set.name = options.version >= 2 ? kAnalyticProfileNameV2 : kAnalyticProfileName;
  set.model_id = model.id;
  for (const std::string& id : gpuTypes) {
    const GpuType* gpu = catalog.find(id);
    if (!gpu) throw LoadError("<analytic profiles>", "gpu_types", "unknown GPU type '" + id + "'");
    if ((options.version >= 2 ? matmulPeakTflops(*gpu, spec) : gpu->peakTflops(spec.precision)) <= 0) {
      set.exclude(gpu->id, gpu->id + " has no " + toString(spec.precision) + " rate");
      continue;
    }
    for (int tp : options.tp_degrees) {
      if (tp < 1) continue;
      for (int mbs : options.micro_batches) {
        if (mbs < 1) continue;
        for (const LayerType& lt : model.layer_types)
          set.set({gpu->id, tp, mbs, lt.id},
                  options.version >= 2 ? analyticEntryV2(*gpu, model, lt, spec, tp, mbs, options.activations, options.tuning)
                                       : analyticEntry(*gpu, model, lt, spec, tp, mbs, options.activations));
      }
    }
  }
  return set;
}

}  // namespace arachne
