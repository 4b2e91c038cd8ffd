// Hardware-independent figures of one layer at (TP, micro-batch): FLOPs, memory traffic,
// parameters and activation bytes per GPU. The analytic profiler turns them into times.
#pragma once

#include "catalog/training_spec.h"
#include "model/layer_type.h"
#include "model/model_shape.h"

namespace arachne {

struct LayerCost {
  double fwd_flops = 0;        // forward FLOPs of the whole layer for one micro-batch
  double train_flops = 0;      // fwd + bwd (3x fwd) + recompute (1x fwd) when checkpointing
  double traffic_bytes = 0;    // per-GPU memory traffic, for the roofline's memory side
  int tp_allreduces = 0;       // all-reduce equivalents of b*s*h elements, fwd + bwd
  double param_count = 0;      // per GPU: non-expert parameters / tp
  double activation_bytes = 0; // per GPU, per micro-batch in flight
  double output_bytes = 0;     // whole output tensor (what a stage boundary sends)
  double expert_param_count = 0;
  double dispatch_bytes = 0;
  double expert_activation_bytes = 0;
};

// Sequence parallelism is assumed with TP > 1 (Megatron-Core's recommended setting), so every
// activation the layer stashes is divided by tp; FlashAttention is assumed (no s^2 scores).
LayerCost layerCost(const ModelShape& shape, const LayerType& layer, const TrainingSpec& spec,
                    int tp, int microBatch);

// Parameters of the attention projections (GQA or MLA) of one block.
double attentionProjectionParams(const ModelShape& shape);

}  // namespace arachne
