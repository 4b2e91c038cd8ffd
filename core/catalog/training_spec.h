// How a model is trained: batch, sequence, precision, optimizer sharding, checkpointing.
#pragma once

#include "catalog/precision.h"

namespace arachne {

struct TrainingSpec {
  int global_batch = 512;        // sequences per iteration
  int sequence_length = 4096;    // tokens per sequence
  Precision precision = Precision::Bf16;  // bf16 mixed precision with fp32 Adam state by default
  bool activation_checkpointing = false;  // full recompute: only each layer's input is kept
  bool distributed_optimizer = false;     // optimizer state (and fp32 master) sharded over DP
  // How adjacent pipeline stages exchange activations and gradients. false (Megatron-LM): the
  // TP ranks split the tensor (scatter/gather), so a node's NIC carries it once per direction.
  // true (DeepSpeed's pipeline engine, the runtime of Sailor's measured runs): every TP rank sends
  // the whole tensor, and sends and receives block one after another, so a stage also waits on
  // the transfers with its previous stage (docs/cost-model.md, "Validation").
  bool p2p_full_copy_blocking = false;

  // Bytes per parameter held on a GPU (before any DP sharding) for weights, gradients and
  // optimizer state. bf16/fp16 follow Megatron (2 B weights, 4 B fp32 grads, 12 B fp32
  // master + Adam m + v = 18 B); fp32 is 4 + 4 + 8 = 16 B.
  double weightBytes() const { return precision == Precision::Fp32 ? 4.0 : 2.0; }
  double gradBytes() const { return 4.0; }
  double optimizerBytes() const { return precision == Precision::Fp32 ? 8.0 : 12.0; }
};

}  // namespace arachne
