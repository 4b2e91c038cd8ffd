// FLOPs (Megatron's current formula), activations (Korthikanti with SwiGLU / GQA / no-dropout /
// FlashAttention adjustments) and parameter shares of one layer.
#include "profile/layer_costs.h"

#include "catalog/precision.h"

namespace arachne {

namespace {

double mlpMatrices(MlpKind k) { return k == MlpKind::SwiGlu ? 3.0 : 2.0; }

// Elements of the Q, K and V tensors per token, and of the attention output O.
double qkvElements(const ModelShape& m) {
  if (m.attention == AttentionKind::Mla) {
    double qk = m.qk_nope_head_dim + m.qk_rope_head_dim;
    return m.heads * (2.0 * qk + m.v_head_dim) + m.q_lora_rank + m.kv_lora_rank +
           m.qk_rope_head_dim;  // Q, K, V plus the low-rank latents kept for backward
  }
  return static_cast<double>(m.heads) * m.head_dim + 2.0 * m.kv_heads * m.head_dim;
}
double outElements(const ModelShape& m) {
  return m.attention == AttentionKind::Mla ? static_cast<double>(m.heads) * m.v_head_dim
                                           : static_cast<double>(m.heads) * m.head_dim;
}
// Forward FLOPs per token of the causal score and value products (s/2 keys on average).
double attentionCoreFlopsPerToken(const ModelShape& m, double s) {
  if (m.attention == AttentionKind::Mla)
    return m.heads * s * (m.qk_nope_head_dim + m.qk_rope_head_dim + m.v_head_dim);
  return 2.0 * m.heads * m.head_dim * s;
}

}  // namespace

double attentionProjectionParams(const ModelShape& m) {
  double h = m.hidden;
  if (m.attention == AttentionKind::Mla) {
    double qk = m.qk_nope_head_dim + m.qk_rope_head_dim;
    double q = m.q_lora_rank > 0 ? h * m.q_lora_rank + m.q_lora_rank * m.heads * qk
                                 : h * m.heads * qk;
    double kv = h * (m.kv_lora_rank + m.qk_rope_head_dim) +
                m.kv_lora_rank * m.heads * (m.qk_nope_head_dim + m.v_head_dim);
    return q + kv + m.heads * m.v_head_dim * h;
  }
  return h * qkvElements(m) + outElements(m) * h;
}

LayerCost layerCost(const ModelShape& m, const LayerType& layer, const TrainingSpec& spec,
                    int tp, int microBatch) {
  LayerCost c;
  const double t = tp;
  const double s = spec.sequence_length;
  const double b = microBatch;
  const double h = m.hidden;
  const double T = s * b;  // tokens of one micro-batch
  const double B = activationBytes(spec.precision);
  const double wB = spec.weightBytes();
  const bool ckpt = spec.activation_checkpointing;

  c.param_count = (layer.params - layer.expert_params) / t;
  c.output_bytes = T * h * B;

  switch (layer.kind) {
    case LayerKind::Embedding: {
      // A gather: no FLOPs unless OPT-style projection; memory-bound.
      double e = m.embed_proj_dim;
      c.fwd_flops = e > 0 ? 2.0 * T * e * h : 0.0;
      c.train_flops = 3.0 * c.fwd_flops;
      // Forward writes the gathered rows, backward reads their gradient and scatter-adds.
      c.traffic_bytes = (3.0 * T * (e > 0 ? e : h) * B + 2.0 * T * h * B) / t;
      c.tp_allreduces = 1;  // vocab-parallel lookup: one reduction of the output, forward
      c.activation_bytes = 8.0 * T + (e > 0 ? T * e * B / t : 0.0);  // token ids (+ proj input)
      break;
    }
    case LayerKind::Head: {
      double V = m.vocab;
      double e = m.embed_proj_dim;
      c.fwd_flops = 2.0 * T * h * V + (e > 0 ? 2.0 * T * h * e : 0.0);
      c.train_flops = 3.0 * c.fwd_flops;
      // fp32 logits for the vocab-parallel cross-entropy: written, read for softmax, gradient.
      c.traffic_bytes = 3.0 * 4.0 * T * V / t + 3.0 * c.param_count * wB;
      c.tp_allreduces = 1;  // input all-gather fwd + reduce-scatter bwd (SP) = one all-reduce
      c.activation_bytes = (2.0 * T * h * B + 4.0 * T * V) / t;
      c.output_bytes = 0;  // the loss: the head is always the last layer
      break;
    }
    case LayerKind::DenseBlock:
    case LayerKind::MoeBlock: {
      const bool moe = layer.kind == LayerKind::MoeBlock;
      double attnFlops = 2.0 * T * attentionProjectionParams(m) +
                         T * attentionCoreFlopsPerToken(m, s);
      double mlpFlops = 0;
      // Stashed elements per token: two norm inputs, QKV input, Q/K/V, attention output O.
      double actElems = 3.0 * h + qkvElements(m) + outElements(m);
      double actBytes = 4.0 * m.heads * T;  // fp32 log-sum-exp of FlashAttention
      if (moe) {
        double fe = m.expert_ffn;
        double k = m.top_k;
        double E = m.experts;
        mlpFlops = 2.0 * T * mlpMatrices(m.mlp) * h * fe * (k + m.shared_experts) +
                   2.0 * T * h * E;
        actElems += h + (m.mlp == MlpKind::SwiGlu ? 3.0 : 2.0) * fe * m.shared_experts;
        actBytes += 4.0 * T * E;  // fp32 router logits
        c.expert_param_count = layer.expert_params;
        c.dispatch_bytes = T * k * h * B;
        c.expert_activation_bytes =
            ckpt ? 0.0 : T * k * (h + (m.mlp == MlpKind::SwiGlu ? 3.0 : 2.0) * fe) * B;
        c.tp_allreduces = m.shared_experts > 0 ? 4 : 2;  // experts are priced by the tiling
      } else {
        double f = layer.uses_dense_ffn ? m.dense_ffn : m.ffn;
        mlpFlops = 2.0 * T * mlpMatrices(m.mlp) * h * f;
        actElems += h + (m.mlp == MlpKind::SwiGlu ? 3.0 : 2.0) * f;
        c.tp_allreduces = 4;
      }
      c.fwd_flops = attnFlops + mlpFlops;
      c.train_flops = (ckpt ? 4.0 : 3.0) * c.fwd_flops;
      double full = (actElems * T * B + actBytes) / t;
      c.activation_bytes = ckpt ? T * h * B / t : full;
      // Weights read in forward, dgrad and wgrad; stashed activations written and read back.
      c.traffic_bytes = 3.0 * (c.param_count + c.expert_param_count / t) * wB + 2.0 * full;
      break;
    }
  }
  if (tp <= 1) c.tp_allreduces = 0;
  return c;
}

}  // namespace arachne
