// The policy network: backbone, FiLM from the composition summary, depth/device/TP heads (and
// flat-rl's layer/micro-batch/replica heads), masks.
#pragma once

#include <torch/torch.h>

#include <random>
#include <vector>

#include "policy/policy_config.h"
#include "policy/policy_decision.h"
#include "policy/policy_layout.h"

namespace arachne {

// The backbone's output for a batch of states, with the FiLM scale/shift of every head.
struct PolicyEncoding {
  torch::Tensor h;     // [B, hidden]
  torch::Tensor film;  // [B, filmSize()]: (scale, shift) of the two backbone layers, then heads
};

// Log-probabilities and entropies of stored decisions under the current weights, in the order
// the decisions were given (PPO's ratio and entropy bonus).
struct PolicyEvaluation {
  torch::Tensor log_prob;  // [N], differentiable
  torch::Tensor entropy;   // [N], differentiable; over the allowed choices only
};

class PolicyNetwork : public torch::nn::Module {
 public:
  explicit PolicyNetwork(const PolicyConfig& config);

  const PolicyConfig& config() const { return config_; }
  const PolicyLayout& layout() const { return layout_; }
  int filmSize() const;

  // Batched forward passes. state [B, stateSize], summary [B, summarySize].
  PolicyEncoding encode(const torch::Tensor& state, const torch::Tensor& summary);
  // candidates [B, d_max + 1, depthCandidateSize] -> logits [B, d_max + 1] (unmasked).
  torch::Tensor depthLogits(const PolicyEncoding& e, const torch::Tensor& candidates);
  // context [B, stageContextSize], candidates [B, t_max, deviceCandidateSize] -> [B, t_max].
  torch::Tensor deviceLogits(const PolicyEncoding& e, const torch::Tensor& context,
                             const torch::Tensor& candidates);
  // context [B, stageContextSize], chosen type's row [B, deviceCandidateSize] -> [B, k_max].
  torch::Tensor tpLogits(const PolicyEncoding& e, const torch::Tensor& context, const torch::Tensor& chosen);
  // flat-rl only (config().flat): kind Layers, MicroBatch or Replicas; context [B,
  // flatContextSize] -> [B, that kind's choices].
  torch::Tensor flatLogits(const PolicyEncoding& e, DecisionKind kind, const torch::Tensor& context);

  // Masked-out choices get -inf; the allowed logits keep their values, so their order is kept.
  static torch::Tensor maskLogits(const torch::Tensor& logits, const torch::Tensor& allowed);

  // Unbatched inference for one decision (no gradient). Encodes its state (or uses `encoding`,
  // which must come from the same state), scores, masks, then samples with `rng`, or takes the
  // argmax when rng is null. Writes decision.action and decision.log_prob and returns the action.
  // Throws std::invalid_argument when the mask allows nothing or a size is wrong.
  int decide(PolicyDecision& decision, std::mt19937_64* rng);
  int decide(PolicyDecision& decision, const PolicyEncoding& encoding, std::mt19937_64* rng);
  // Writes decision.log_prob for decision.action as it stands (e.g. an exploration rule chose it).
  // Throws std::invalid_argument when the action is not allowed by the mask.
  void score(PolicyDecision& decision, const PolicyEncoding& encoding);
  PolicyEncoding encode(const PolicyDecision& decision);
  // Masked logits of one decision, [choices].
  torch::Tensor logits(const PolicyDecision& decision, const PolicyEncoding& encoding);

  PolicyEvaluation evaluate(const std::vector<const PolicyDecision*>& decisions);

 private:
  torch::Tensor film(const torch::Tensor& all, int block, int width) const;
  torch::Tensor batchLogits(const std::vector<const PolicyDecision*>& ds, DecisionKind kind);
  void check(const PolicyDecision& d) const;

  PolicyConfig config_;
  PolicyLayout layout_;
  torch::nn::Linear film1_{nullptr}, film2_{nullptr};
  torch::nn::Linear layer1_{nullptr}, layer2_{nullptr};
  torch::nn::Linear depth_query_{nullptr}, depth_cand1_{nullptr}, depth_cand2_{nullptr}, depth_out_{nullptr};
  torch::nn::Linear device_query_{nullptr}, device_cand1_{nullptr}, device_cand2_{nullptr}, device_out_{nullptr};
  torch::nn::Linear tp_in_{nullptr}, tp_hidden_{nullptr}, tp_out_{nullptr};
  // flat-rl heads, in the order Layers, MicroBatch, Replicas (absent unless config.flat).
  torch::nn::Linear flat_in_[3] = {nullptr, nullptr, nullptr};
  torch::nn::Linear flat_hidden_[3] = {nullptr, nullptr, nullptr};
  torch::nn::Linear flat_out_[3] = {nullptr, nullptr, nullptr};
};

}  // namespace arachne
