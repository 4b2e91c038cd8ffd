// Analytic profiles v2: GEMMs, attention, element-wise traffic and fixed costs of one layer.
#include "profile/analytic_v2.h"

#include <algorithm>
#include <cmath>

#include "catalog/gpu_type.h"
#include "catalog/training_spec.h"
#include "model/model.h"

namespace arachne {

namespace {

// Fitted (validate --published --calibrate, roles.json's calibration rows; see the header).
// Fraction of the GPU's measured best matmul rate (matmul_efficiency, MAMF) that a training
// framework's GEMMs reach: real layer shapes, library heuristics, gaps between kernels.
constexpr double kFrameworkGemmEfficiency = 0.84;
// Fixed cost of one GEMM call: launch and the tail of its last wave (the fit sits at the lower
// end of its 1-20 us range: the calibration rows' GEMMs are large).
constexpr double kGemmOverheadS = 1e-6;
// Fixed cost per layer and micro-batch, forward + backward, of the small kernels beyond their
// memory traffic (also at the lower end of its 10-300 us range).
constexpr double kLayerOverheadS = 10e-6;
// FlashAttention's achieved fraction of the 16-bit matmul peak, forward and backward together
// (FlashAttention-2 reports 50-73 % forward on A100 and about a third of H100's peak).
constexpr double kAttentionEfficiency = 0.30;
// FP8 matmuls reach this fraction of the GPU's BF16 matmul efficiency.
constexpr double kFp8MatmulRatio = 0.9;

// Not fitted.
// Achieved fraction of memory bandwidth for streaming kernels (as v1).
constexpr double kMemoryEfficiency = 0.8;
// FlashAttention's backward pass does 2.5 times its forward FLOPs (it recomputes the scores).
constexpr double kAttentionBackwardRatio = 2.5;
// Under Megatron-DeepSpeed (Runtime::DeepSpeed: unfused fp32 kernels, each TP collective a
// host-side sync) a block never takes less than this per micro-batch, forward + backward, however
// little GPU work it holds: the host launches its kernels no faster. Set to the fastest block
// Sailor measured for OPT-350 on any GPU and configuration (3.13 ms: GH200, TP 2, micro-batch 1,
// profiles_tmp.json); GPT-Neo's profiles and every measured end-to-end run are held out.
constexpr double kDeepSpeedBlockFloorS = 3.13e-3;

struct Gemm {
  double m = 0, n = 0, k = 0;  // per GPU: (m x k) times (k x n)
};

// What one layer does on one GPU of its TP group in one forward pass.
struct LayerWork {
  std::vector<Gemm> gemms;
  double attentionFlops = 0;    // FlashAttention forward FLOPs (causal)
  std::vector<Gemm> attentionGemms;  // without FlashAttention: the batched score and value GEMMs
  double attentionBatch = 0;    // how many of each (heads x sequences)
  double elementwiseBytes = 0;  // forward memory traffic of the small kernels
  double fixedTrafficBytes = 0; // traffic not repeated in backward the same way (embedding, loss)
  double tpCollectives = 0;     // all-reduce equivalents of T h B per micro-batch, fwd + bwd
};

double mlpIn(const ModelShape& m) { return m.mlp == MlpKind::SwiGlu ? 2.0 : 1.0; }

LayerWork layerWork(const ModelShape& m, const LayerType& layer, const TrainingSpec& spec, int tp,
                    int mbs, const ActivationAssumptions& act) {
  LayerWork w;
  const double t = tp, s = spec.sequence_length, b = mbs, h = m.hidden;
  const double T = s * b;
  const double B = activationBytes(spec.precision);
  const double Tsp = act.sequence_parallel ? T / t : T;  // tokens of the norms and residuals
  const bool ckpt = spec.activation_checkpointing;
  switch (layer.kind) {
    case LayerKind::Embedding: {
      const double e = m.embed_proj_dim;
      if (e > 0) w.gemms.push_back({T, h / t, e});
      // The gathered rows written; in backward their gradient read and scattered.
      w.fixedTrafficBytes = (3.0 * T * (e > 0 ? e : h) * B + 2.0 * T * h * B) / t;
      w.tpCollectives = tp > 1 ? 1 : 0;
      break;
    }
    case LayerKind::Head: {
      w.gemms.push_back({T, m.vocab / t, h});
      if (m.embed_proj_dim > 0) w.gemms.push_back({T, m.embed_proj_dim / t, h});
      w.elementwiseBytes = 2.0 * Tsp * h * B;  // the final norm
      // fp32 logits of the vocab-parallel cross-entropy: written, read for softmax, gradient.
      w.fixedTrafficBytes = 3.0 * 4.0 * T * m.vocab / t;
      w.tpCollectives = tp > 1 ? 1 : 0;
      break;
    }
    case LayerKind::DenseBlock:
    case LayerKind::MoeBlock: {
      const bool moe = layer.kind == LayerKind::MoeBlock;
      // Attention projections: QKV (or MLA's low-rank path, as one GEMM of the same FLOPs) and
      // the output projection.
      const double attnParams = attentionProjectionParams(m);
      const double outWidth = m.attention == AttentionKind::Mla ? double(m.heads) * m.v_head_dim
                                                                : double(m.heads) * m.head_dim;
      const double qkvParams = attnParams - outWidth * h;
      w.gemms.push_back({T, qkvParams / h / t, h});
      w.gemms.push_back({T, h, outWidth / t});
      double ffnTokens = T;
      if (moe) {
        // Router (replicated, tiny), then the experts as one grouped GEMM over the routed
        // tokens (their FLOPs split evenly over the stage's GPUs) and any shared experts.
        w.gemms.push_back({T, double(m.experts), h});
        const double routed = T * m.top_k / t;
        w.gemms.push_back({routed, m.expert_ffn * mlpIn(m), h});
        w.gemms.push_back({routed, h, double(m.expert_ffn)});
        if (m.shared_experts > 0) {
          const double fs = double(m.expert_ffn) * m.shared_experts;
          w.gemms.push_back({T, fs * mlpIn(m) / t, h});
          w.gemms.push_back({T, h, fs / t});
        }
        ffnTokens = T * m.top_k;
        w.tpCollectives = tp > 1 ? (m.shared_experts > 0 ? 4 : 2) : 0;
      } else {
        const double f = layer.uses_dense_ffn ? m.dense_ffn : m.ffn;
        w.gemms.push_back({T, f * mlpIn(m) / t, h});
        w.gemms.push_back({T, h, f / t});
        w.tpCollectives = tp > 1 ? 4 : 0;
      }
      // With full recompute the forward's two TP all-reduces run again in the backward.
      if (ckpt && tp > 1) w.tpCollectives += moe ? 1 : 2;
      const double heads = double(m.heads) / t;
      const double qkDim = m.attention == AttentionKind::Mla ? m.qk_nope_head_dim + m.qk_rope_head_dim : m.head_dim;
      const double vDim = m.attention == AttentionKind::Mla ? m.v_head_dim : m.head_dim;
      if (act.flash_attention && spec.precision != Precision::Fp32) {
        // Causal: every query sees s/2 keys on average.
        w.attentionFlops = 2.0 * T * heads * (s / 2) * (qkDim + vDim);
      } else {
        // Scores and values as batched GEMMs over the whole s x s (the mask does not skip
        // work), then a fused masked softmax (and attention dropout in GPT-style models) over
        // the scores.
        w.attentionGemms = {{s, s, qkDim}, {s, vDim, s}};
        w.attentionBatch = heads * b;
        const double scores = heads * b * s * s;
        w.elementwiseBytes += scores * B * (m.biases ? 4.0 : 2.0);
      }
      // Norms (read + write), residual adds (two reads, one write), bias and activation, rotary.
      w.elementwiseBytes += 2.0 * 2.0 * Tsp * h * B + 2.0 * 3.0 * Tsp * h * B;
      // The activation reads its mlpIn inputs and writes one output per FFN element.
      const double ffnWidth = moe ? m.expert_ffn : (layer.uses_dense_ffn ? m.dense_ffn : m.ffn);
      w.elementwiseBytes += ffnTokens * ffnWidth / t * B * (mlpIn(m) + 1.0);
      if (m.positions == 0 && m.attention != AttentionKind::Mla)
        w.elementwiseBytes += 2.0 * T * (double(m.heads) + m.kv_heads) * m.head_dim / t * B;
      if (m.biases) w.elementwiseBytes += 2.0 * 3.0 * Tsp * h * B;  // GPT-style hidden dropouts
      break;
    }
  }
  return w;
}

}  // namespace

AnalyticTuning AnalyticTuning::builtin() {
  return {kFrameworkGemmEfficiency, kGemmOverheadS, kLayerOverheadS, kAttentionEfficiency, kFp8MatmulRatio};
}

AnalyticTuning AnalyticTuning::resolved() const {
  const AnalyticTuning b = builtin();
  auto pick = [](double v, double fallback) { return v < 0 ? fallback : v; };
  return {pick(framework_gemm_efficiency, b.framework_gemm_efficiency), pick(gemm_overhead_s, b.gemm_overhead_s),
          pick(layer_overhead_s, b.layer_overhead_s), pick(attention_efficiency, b.attention_efficiency),
          pick(fp8_matmul_ratio, b.fp8_matmul_ratio)};
}

double matmulPeakTflops(const GpuType& gpu, const TrainingSpec& spec) {
  switch (spec.precision) {
    case Precision::Fp32:
      return spec.tf32 && gpu.tf32_tflops > 0 ? gpu.tf32_tflops : gpu.fp32_tflops;
    case Precision::Fp8:
      return gpu.fp8_tflops;
    default:
      return gpu.peakTflops(spec.precision);
  }
}

ProfileEntry analyticEntryV2(const GpuType& gpu, const Model& model, const LayerType& layer,
                             const TrainingSpec& spec, int tp, int microBatch,
                             const ActivationAssumptions& activations, const AnalyticTuning& tuning) {
  const AnalyticTuning k = tuning.resolved();
  const LayerCost c = layerCost(model.shape, layer, spec, tp, microBatch, activations);
  const LayerWork w = layerWork(model.shape, layer, spec, tp, microBatch, activations);
  ProfileEntry e;
  const bool fp8 = spec.precision == Precision::Fp8;
  const double mmPeak = matmulPeakTflops(gpu, spec) * 1e12;
  const double mmEff = gpu.matmul_efficiency * k.framework_gemm_efficiency * (fp8 ? k.fp8_matmul_ratio : 1.0);
  // Attention runs in 16-bit (FlashAttention) even in FP8 training.
  const double halfPeak = std::max(gpu.bf16_tflops, gpu.fp16_tflops) * 1e12;
  const double memBw = gpu.memory_bandwidth_gbps * 1e9 * kMemoryEfficiency;
  const double B = activationBytes(spec.precision);
  const double wB = fp8 ? 1.0 : spec.weightBytes();
  const bool ckpt = spec.activation_checkpointing;
  // Forward, data gradient, weight gradient, and the recomputed forward with checkpointing.
  const double passes = ckpt ? 4.0 : 3.0;

  auto gemmTime = [&](const Gemm& g, double peak, double eff, double inB, double weightB) {
    if (g.m <= 0 || g.n <= 0 || g.k <= 0) return 0.0;
    const double flops = 2.0 * g.m * g.n * g.k;
    const double bytes = inB * (g.m * g.k + g.m * g.n) + weightB * g.k * g.n;
    const double compute = peak > 0 && eff > 0 ? flops / (peak * eff) : 1e30;
    return std::max(compute, memBw > 0 ? bytes / memBw : 0.0) + k.gemm_overhead_s;
  };
  double time = 0;
  double castBytes = 0;
  for (const Gemm& g : w.gemms) {
    time += passes * gemmTime(g, mmPeak, mmEff, fp8 ? 1.0 : B, wB);
    // FP8: every GEMM input is cast (read in 16 bit, written in 8), forward and backward.
    if (fp8) castBytes += (passes - 1) * 3.0 * g.m * g.k;
  }
  if (w.attentionFlops > 0) {
    const double work = w.attentionFlops * (1.0 + kAttentionBackwardRatio + (ckpt ? 1.0 : 0.0));
    time += work / (halfPeak * k.attention_efficiency);
  }
  for (const Gemm& g : w.attentionGemms)
    time += passes * (w.attentionBatch * (gemmTime(g, mmPeak, mmEff, B, B) - k.gemm_overhead_s) + k.gemm_overhead_s);
  // Element-wise work: forward, about twice that in backward, again when recomputed.
  const double traffic = w.elementwiseBytes * passes + w.fixedTrafficBytes + castBytes;
  if (memBw > 0) time += traffic / memBw;
  e.compute_s = time + k.layer_overhead_s;
  const bool block = layer.kind == LayerKind::DenseBlock || layer.kind == LayerKind::MoeBlock;
  if (block && spec.runtime == TrainingSpec::Runtime::DeepSpeed)
    e.compute_s = std::max(e.compute_s, kDeepSpeedBlockFloorS);

  // TP collectives: all-reduce equivalents of the layer's T h B activation, priced by the cost
  // model over the node's links.
  e.tp_comm_s = 0;
  e.tp_collectives = w.tpCollectives;
  e.tp_collective_bytes = w.tpCollectives > 0 ? spec.sequence_length * double(microBatch) * model.shape.hidden * B : 0.0;

  const double bytesPerParam = 2.0 * spec.optimizerBytes() + spec.gradBytes() + spec.weightBytes();
  e.optimizer_s = memBw > 0 ? c.param_count * bytesPerParam / memBw : 0.0;
  e.param_count = c.param_count;
  e.activation_bytes = c.activation_bytes;
  e.output_bytes = c.output_bytes;
  e.expert_param_count = c.expert_param_count;
  e.dispatch_bytes = c.dispatch_bytes;
  e.expert_activation_bytes = c.expert_activation_bytes;
  e.origin = "analytic-v2";
  return e;
}

}  // namespace arachne
