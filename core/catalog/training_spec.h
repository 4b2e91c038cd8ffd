// How a model is trained: batch, sequence, precision, optimizer sharding, checkpointing.
#pragma once

#include "catalog/precision.h"

namespace arachne {

// The longest sequence any reader accepts (a bound against unit mistakes, not a model limit).
constexpr int kMaxSequenceLength = 10'000'000;
// The largest global batch any reader accepts, in sequences (plan files, model files, the command
// line; the explorer's field too, which stopped at 2^20 and showed a file's 10^8 as 1,048,576).
constexpr int kMaxGlobalBatch = 100'000'000;

struct TrainingSpec {
  int global_batch = 512;        // sequences per iteration
  int sequence_length = 4096;    // tokens per sequence
  Precision precision = Precision::Bf16;  // bf16 mixed precision with fp32 Adam state by default
  bool activation_checkpointing = false;  // full recompute: only each layer's input is kept
  bool distributed_optimizer = false;     // optimizer state (and fp32 master) sharded over DP
  // The training runtime, where it changes what the cost model charges (docs/cost-model.md,
  // "Validation"). Megatron-LM (default): the TP ranks split a stage's activation (scatter /
  // gather), so a node's NIC carries it once per direction; gradients live in the one fp32 buffer
  // counted by gradBytes(). DeepSpeed's pipeline engine (Megatron-DeepSpeed, the runtime of
  // Sailor's measured runs): a stage boundary is priced as tp whole activations on the NIC (an
  // empirical stand-in: the engine partitions the tensor too, but rebuilds the whole of it on
  // every receive, docs/cost-model.md §10.1), sends and receives block one after another, so a
  // stage also waits on its previous boundary; and the gradients are flattened into a contiguous
  // fp32 bucket for the all-reduce (gradBucketBytes()).
  enum class Runtime { Megatron, DeepSpeed };
  Runtime runtime = Runtime::Megatron;

  // Runtime settings that decide how much communication hides behind compute
  // (docs/cost-model.md §4.6). Defaults are a current Megatron-LM recipe.
  // --overlap-grad-reduce: gradient buckets reduce while the last micro-batch's backward runs.
  // DeepSpeed's pipeline engine reduces after the schedule, so it never overlaps there.
  bool overlap_grad_reduce = true;
  // --overlap-param-gather (with the distributed optimizer): the updated parameters are gathered
  // while the next iteration's first forward runs.
  bool overlap_param_gather = true;
  // --tp-comm-overlap (Transformer Engine userbuffers): TP all-gathers / reduce-scatters run in
  // chunks under the GEMMs they feed. Off by default: it needs TE and sequence parallelism.
  bool tp_comm_overlap = false;
  // Gradient bucket in parameters; 0 takes the runtime's default (Megatron-LM's DDP:
  // max(4e7, 1e6 x DP) parameters; DeepSpeed: 5e8 elements).
  double grad_bucket_params = 0;
  // fp32 matmuls on TF32 tensor cores where the GPU has them (Ampere and later), as NVIDIA's
  // PyTorch containers enable by default; off: plain FP32 rate.
  bool tf32 = true;
  // --interleave: the fill may give a pipeline virtual stages (Megatron's interleaved 1F1B,
  // --num-layers-per-virtual-pipeline-stage), 2 or 4 chunks per stage, when that prices faster;
  // off (the default, as Megatron-LM's): plain 1F1B. DeepSpeed's pipeline engine has no
  // interleaving, so it never applies there.
  bool interleave = false;
  // The fill may tile the experts of MoE stages (EP x ETP x EDP, docs/planners.md "Fill"); off:
  // every MoE stage the fill completes runs without tiling (EP 1, ETP = TP, EDP = replicas), the
  // paper's "same policy with the dimension without tiling" (Figure 9). Plans that name a tiling
  // are priced as given either way; only the fill's choice changes.
  bool expert_tiling = true;

  // Bytes per parameter held on a GPU (before any DP sharding) for weights, gradients and
  // optimizer state. bf16/fp16 follow Megatron (2 B weights, 4 B fp32 grads, 12 B fp32
  // master + Adam m + v = 18 B); fp32 is 4 + 4 + 8 = 16 B.
  // FP8 (Transformer Engine) keeps BF16 weights plus an FP8 copy cast for the matmuls.
  double weightBytes() const {
    return precision == Precision::Fp32 ? 4.0 : precision == Precision::Fp8 ? 3.0 : 2.0;
  }
  double gradBytes() const { return 4.0; }
  double optimizerBytes() const { return precision == Precision::Fp32 ? 8.0 : 12.0; }
  // Extra bytes per parameter for DeepSpeed's flattened all-reduce bucket (fp32 copy of the
  // gradients, at most kDeepSpeedBucketElements of them); 0 under Megatron-LM.
  static constexpr double kDeepSpeedBucketElements = 5e8;  // DeepSpeed's reduce_bucket_size
  // Parameters per gradient bucket for a data-parallel group of `dp` ranks.
  double gradBucketParams(int dp) const {
    if (grad_bucket_params > 0) return grad_bucket_params;
    if (runtime == Runtime::DeepSpeed) return kDeepSpeedBucketElements;
    const double megatron = 1e6 * dp;  // megatron/core/distributed: max(40M, 1M x DP)
    return megatron > 4e7 ? megatron : 4e7;
  }
  double gradBucketBytes(double params) const {
    if (runtime != Runtime::DeepSpeed) return 0;
    return 4.0 * (params < kDeepSpeedBucketElements ? params : kDeepSpeedBucketElements);
  }
};

}  // namespace arachne
