// The model-shape half of the Megatron-LM arguments.
#include "launch/megatron_model_args.h"

#include "model/model.h"

namespace arachne {

namespace {
std::string str(int v) { return std::to_string(v); }
}  // namespace

std::vector<std::string> megatronModelArguments(const Model& model, const TrainingSpec& spec, int numLayers,
                                                std::vector<MegatronBlocker>& blockers) {
  const ModelShape& m = model.shape;
  std::vector<std::string> a;
  if (m.embed_proj_dim > 0)
    blockers.push_back({"model", model.id + " embeds tokens at " + str(m.embed_proj_dim) + " and projects them to " +
                                     str(m.hidden) + "; Megatron-LM's GPT model has no embedding projection"});
  if (m.mlp == MlpKind::Relu)
    blockers.push_back({"model", model.id + " uses a ReLU MLP; Megatron-LM's GPT model offers GeLU, SwiGLU and squared ReLU"});

  // A dense FFN size for --ffn-hidden-size: the dense blocks', else the leading dense layers' of
  // an MoE model, else (all layers MoE, as Mixtral) the experts' size, as Megatron's examples do.
  const int ffn = m.ffn > 0 ? m.ffn : (m.dense_ffn > 0 ? m.dense_ffn : m.expert_ffn);
  a.insert(a.end(), {"--num-layers", str(numLayers), "--hidden-size", str(m.hidden), "--ffn-hidden-size", str(ffn),
                     "--num-attention-heads", str(m.heads)});
  if (m.attention == AttentionKind::Mla) {
    a.push_back("--multi-latent-attention");
    // q_lora_rank 0 is a model without query compression (DeepSeek-V2-Lite): Megatron-LM says so
    // by leaving --q-lora-rank unset (None, one h x a*(nope+rope) projection); "0" would build
    // a down projection of width 0 (multi_latent_attention.py, MLASelfAttention.__init__).
    if (m.q_lora_rank > 0) a.insert(a.end(), {"--q-lora-rank", str(m.q_lora_rank)});
    a.insert(a.end(), {"--kv-lora-rank", str(m.kv_lora_rank), "--qk-head-dim", str(m.qk_nope_head_dim),
                       "--qk-pos-emb-head-dim", str(m.qk_rope_head_dim), "--v-head-dim", str(m.v_head_dim)});
  } else {
    if (m.head_dim > 0 && m.head_dim * m.heads != m.hidden) a.insert(a.end(), {"--kv-channels", str(m.head_dim)});
    if (m.kv_heads > 0 && m.kv_heads != m.heads)
      a.insert(a.end(), {"--group-query-attention", "--num-query-groups", str(m.kv_heads)});
  }
  // --qk-layernorm: Qwen3's per-head Q/K norms; under MLA the norms of the query and KV latents
  // (DeepSeek's q_a_layernorm / kv_a_layernorm), which Megatron-LM builds only with this flag
  // (gpt_layer_specs.py:244-253, the up projections become layer-norm linears) and which the
  // cost model's MLA parameter count always includes (param_count.cpp).
  if (m.qk_norm || m.attention == AttentionKind::Mla) a.push_back("--qk-layernorm");
  a.insert(a.end(), {"--seq-length", str(spec.sequence_length)});
  if (m.positions > 0) {
    a.insert(a.end(), {"--position-embedding-type", "learned_absolute", "--max-position-embeddings", str(m.positions)});
    if (spec.sequence_length > m.positions)
      blockers.push_back({"sequence-length", "the sequence length " + str(spec.sequence_length) + " exceeds the " +
                                                 str(m.positions) + " learned positions of " + model.id});
  } else {
    a.insert(a.end(), {"--position-embedding-type", "rope", "--max-position-embeddings", str(spec.sequence_length)});
  }
  a.insert(a.end(), {"--normalization", m.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm"});
  if (m.mlp == MlpKind::SwiGlu) a.push_back("--swiglu");
  if (!m.tied_embeddings) a.push_back("--untie-embeddings-and-output-weights");
  if (!m.biases) a.push_back("--disable-bias-linear");

  if (m.experts > 0) {
    a.insert(a.end(), {"--num-experts", str(m.experts), "--moe-router-topk", str(m.top_k), "--moe-ffn-hidden-size",
                       str(m.expert_ffn)});
    // Top-1 routing: TransformerConfig refuses a softmax router that picks one expert after the
    // softmax ("Please use --moe-router-pre-softmax when topk is 1", transformer_config.py:2661-2669,
    // a [tokens, 1] softmax has no gradient); the Switch-style router takes the softmax first.
    if (m.top_k == 1) a.push_back("--moe-router-pre-softmax");
    if (m.shared_experts > 0)
      a.insert(a.end(), {"--moe-shared-expert-intermediate-size", str(m.shared_experts * m.expert_ffn)});
    // Leading dense layers (DeepSeek style) as a 0/1 pattern over the transformer blocks.
    int dense = 0, moe = 0;
    bool pattern = true;  // dense blocks only before the MoE blocks
    for (int i = 0; i < model.layerCount(); ++i) {
      const LayerKind k = model.layer(i).kind;
      if (k == LayerKind::DenseBlock) {
        if (moe > 0) pattern = false;
        ++dense;
      } else if (k == LayerKind::MoeBlock) {
        ++moe;
      }
    }
    if (!pattern)
      blockers.push_back({"model", model.id + " interleaves dense and MoE blocks in an order this export does not map"});
    else if (dense > 0)
      a.insert(a.end(), {"--moe-layer-freq", "([0]*" + str(dense) + "+[1]*" + str(moe) + ")"});
  }
  return a;
}

}  // namespace arachne
