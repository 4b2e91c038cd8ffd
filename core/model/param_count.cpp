// Closed-form parameter counts per layer (Megatron's layout; formulas in docs/catalogs.md).
#include "model/param_count.h"

namespace arachne::param_count {

double norm(const ModelShape& s) {
  // LayerNorm has a weight and a bias, RMSNorm a weight only.
  return s.norm == NormKind::LayerNorm ? 2.0 * s.hidden : 1.0 * s.hidden;
}

double attention(const ModelShape& s) {
  const double h = s.hidden, a = s.heads;
  if (s.attention == AttentionKind::Mla) {
    const double qkHead = double(s.qk_nope_head_dim) + s.qk_rope_head_dim;
    const double qr = s.q_lora_rank, kvr = s.kv_lora_rank;
    // Without q compression (q_lora_rank 0) Q is one h x a*(nope+rope) projection.
    double q = qr > 0 ? h * qr + qr + qr * a * qkHead : h * a * qkHead;
    double kv = h * (kvr + s.qk_rope_head_dim) + kvr + kvr * a * (double(s.qk_nope_head_dim) + s.v_head_dim);
    double o = a * s.v_head_dim * h;
    return q + kv + o;
  }
  const double d = s.head_dim, g = s.kv_heads;
  double p = h * a * d + 2.0 * h * g * d + a * d * h;
  if (s.biases) p += a * d + 2.0 * g * d + h;
  if (s.qk_norm) p += 2.0 * d;
  return p;
}

double mlp(const ModelShape& s, double f) {
  const double h = s.hidden;
  if (s.mlp == MlpKind::SwiGlu) return 3.0 * h * f + (s.biases ? 2.0 * f + h : 0.0);
  return 2.0 * h * f + (s.biases ? f + h : 0.0);
}

LayerParams denseBlock(const ModelShape& s, double ffnWidth) {
  return {attention(s) + mlp(s, ffnWidth) + 2.0 * norm(s), 0.0};
}

LayerParams moeBlock(const ModelShape& s) {
  const double routed = double(s.experts) * mlp(s, s.expert_ffn);
  const double shared = double(s.shared_experts) * mlp(s, s.expert_ffn);
  const double router = double(s.hidden) * s.experts;
  return {attention(s) + routed + shared + router + 2.0 * norm(s), routed};
}

LayerParams embedding(const ModelShape& s) {
  const double width = s.embed_proj_dim > 0 ? s.embed_proj_dim : s.hidden;
  double p = double(s.vocab) * width + double(s.positions) * s.hidden;
  if (s.embed_proj_dim > 0) p += double(s.embed_proj_dim) * s.hidden;  // project_in
  return {p, 0.0};
}

LayerParams head(const ModelShape& s) {
  // A tied head reuses the embedding matrix; only the final norm (and OPT's project_out) is new.
  const double width = s.embed_proj_dim > 0 ? s.embed_proj_dim : s.hidden;
  double p = norm(s);
  if (!s.tied_embeddings) p += double(s.vocab) * width;
  if (s.embed_proj_dim > 0) p += double(s.embed_proj_dim) * s.hidden;  // project_out
  return {p, 0.0};
}

LayerParams forKind(const ModelShape& s, LayerKind kind, bool usesDenseFfn) {
  switch (kind) {
    case LayerKind::Embedding: return embedding(s);
    case LayerKind::DenseBlock: return denseBlock(s, usesDenseFfn ? s.dense_ffn : s.ffn);
    case LayerKind::MoeBlock: return moeBlock(s);
    case LayerKind::Head: return head(s);
  }
  return {};
}

double nonEmbedding(const Model& m) {
  double total = 0;
  for (int i = 0; i < m.layerCount(); ++i) {
    const LayerType& t = m.layer(i);
    if (t.kind == LayerKind::DenseBlock || t.kind == LayerKind::MoeBlock) total += t.params;
  }
  return total;
}

double activePerToken(const Model& m) {
  const ModelShape& s = m.shape;
  double total = 0;
  for (int i = 0; i < m.layerCount(); ++i) {
    const LayerType& t = m.layer(i);
    total += t.params;
    if (t.kind == LayerKind::MoeBlock && s.experts > 0)
      total -= t.expert_params * (1.0 - double(s.top_k) / s.experts);
  }
  return total;
}

}  // namespace arachne::param_count
