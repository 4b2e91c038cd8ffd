// Megatron-LM's model-architecture arguments for a catalog model (GPT model of pretrain_gpt.py).
#pragma once

#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "launch/megatron_launch.h"

namespace arachne {

struct Model;

// --num-layers, --hidden-size, --ffn-hidden-size, --num-attention-heads, --kv-channels, GQA,
// positions, norm, activation, biases, tied embeddings, QK norm, MoE and MLA shape, and
// --seq-length / --max-position-embeddings. A feature Megatron-LM's GPT model cannot build
// (an embedding projection, a plain ReLU MLP) is appended to `blockers` instead.
std::vector<std::string> megatronModelArguments(const Model& model, const TrainingSpec& spec, int numLayers,
                                                std::vector<MegatronBlocker>& blockers);

}  // namespace arachne
