// Architecture hyperparameters of a model, enough to count parameters, FLOPs and activations.
#pragma once

namespace arachne {

enum class MlpKind { SwiGlu, Gelu, Relu };
enum class NormKind { RmsNorm, LayerNorm };
enum class AttentionKind { Gqa, Mla };

struct ModelShape {
  int hidden = 0;        // h
  int ffn = 0;           // f of a dense block (0 in all-MoE models)
  int heads = 0;         // a
  int kv_heads = 0;      // g (== heads for MHA)
  int head_dim = 0;      // d; stored explicitly (Qwen3: a*d != h)
  int vocab = 0;         // V (as trained, i.e. padded)
  int positions = 0;     // learned position embeddings (0 for RoPE)
  bool tied_embeddings = false;
  bool qk_norm = false;
  bool biases = false;
  MlpKind mlp = MlpKind::SwiGlu;
  NormKind norm = NormKind::RmsNorm;
  AttentionKind attention = AttentionKind::Gqa;
  int embed_proj_dim = 0;  // OPT-350M embeds at 512 and projects to h (0 = none)
  // MoE
  int experts = 0;         // routed experts E
  int top_k = 0;           // k
  int expert_ffn = 0;      // f_e
  int shared_experts = 0;
  int dense_ffn = 0;       // f of the leading dense layers of an MoE model
  // MLA (DeepSeek)
  int q_lora_rank = 0, kv_lora_rank = 0, qk_nope_head_dim = 0, qk_rope_head_dim = 0, v_head_dim = 0;

  int queryGroups() const { return kv_heads > 0 ? kv_heads : heads; }
  // Whether a TP group of `tp` GPUs can split the attention: Megatron-LM gives every rank the
  // same number of heads and of query groups (TransformerConfig raises "num_query_groups must
  // be a multiple of tensor_model_parallel_size"; the attention divides the heads the same
  // way), so TP 8 cannot train a model of 4 query groups however the profiles price it.
  bool attentionSplitsOverTp(int tp) const {
    return tp >= 1 && (heads <= 0 || heads % tp == 0) && (queryGroups() <= 0 || queryGroups() % tp == 0);
  }
  // The first MLP width a TP group of `tp` does not divide, 0 when there is none: the dense MLP,
  // the leading dense layers of an MoE model and its shared experts are split over TP, and
  // Megatron-LM's row-parallel second matrix divides its input width evenly over the ranks.
  // (Routed experts split over ETP, which CostModel::tilingValid checks.)
  int mlpWidthNotSplitting(int tp) const {
    for (int w : {ffn, dense_ffn, shared_experts * expert_ffn})
      if (tp >= 1 && w > 0 && w % tp != 0) return w;
    return 0;
  }
  bool splitsOverTp(int tp) const { return attentionSplitsOverTp(tp) && mlpWidthNotSplitting(tp) == 0; }
};

}  // namespace arachne
