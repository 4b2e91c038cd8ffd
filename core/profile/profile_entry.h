// One profile entry: what one layer costs at (GPU type, TP degree, micro-batch size).
#pragma once

#include <string>

namespace arachne {

struct ProfileKey {
  std::string gpu_type;    // catalog id
  int tp = 1;
  int micro_batch = 1;
  std::string layer_type;  // LayerType::id of the model
  bool operator==(const ProfileKey&) const = default;
};

// The shortest time a profile may give a layer's forward + backward: kernels of several
// microseconds each, so less is a missing measurement (entries of 0 s priced an iteration at 0 s
// as a feasible plan of 0 seq/s).
constexpr double kMinComputeSeconds = 1e-6;

struct ProfileEntry {
  // Times are for one micro-batch on one GPU of the TP group.
  double compute_s = 0;    // forward + backward (+ recompute when checkpointing)
  double tp_comm_s = 0;    // TP collectives of the layer, when the entry prices them itself
  // TP collectives the cost model prices over the node's links (analytic v2): this many
  // all-reduce equivalents of tp_collective_bytes each per micro-batch, forward + backward.
  // 0 for measured entries, whose TP collectives are inside compute_s / tp_comm_s.
  double tp_collectives = 0;
  double tp_collective_bytes = 0;
  double optimizer_s = 0;  // optimizer step for the layer's parameter share (0 = not modelled)
  // Memory figures per GPU of the TP group.
  double param_count = 0;       // parameters held (dense part /tp; MoE: non-expert part /tp)
  double activation_bytes = 0;  // stashed until backward, per micro-batch in flight
  double output_bytes = 0;      // activation this layer hands to the next one, per micro-batch
                                // (whole tensor, i.e. what a stage boundary sends)
  // MoE blocks only.
  double expert_param_count = 0;   // all routed-expert parameters of the layer (to be tiled)
  double dispatch_bytes = 0;       // dispatch all-to-all payload per micro-batch (one direction)
  double expert_activation_bytes = 0;  // expert-side activations of one micro-batch, untiled
                                       // (a GPU of the stage holds 1/tp: tokens spread evenly)
  std::string origin;  // "analytic" or the file a measured entry came from
};

}  // namespace arachne
