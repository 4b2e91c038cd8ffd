// A repeated layer structure of a model (embedding, dense block, MoE block, head).
#pragma once

#include <string>

namespace arachne {

enum class LayerKind { Embedding, DenseBlock, MoeBlock, Head };

std::string toString(LayerKind k);

struct LayerType {
  std::string id;  // unique within the model, e.g. "embedding", "dense", "moe", "head"
  LayerKind kind = LayerKind::DenseBlock;
  // Parameter counts of one layer of this type, computed from the model's shape.
  double params = 0;         // all parameters
  double expert_params = 0;  // of which held by routed experts (MoE blocks; sharded by EP x ETP)
  // True for the dense layers of an MoE model that precede the MoE stack (DeepSeek style):
  // they use shape.dense_ffn instead of shape.ffn.
  bool uses_dense_ffn = false;
};

}  // namespace arachne
