// One decision of a construction step as the policy saw it: its inputs, its mask and its choice.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace arachne {

// Layers, MicroBatch and Replicas exist only in a flat-rl network (PolicyConfig::flat): the
// arithmetic decisions the fill makes for `arachne`.
enum class DecisionKind { Depth, Device, Tp, Layers, MicroBatch, Replicas };

// The decision's name in error messages ("policy TP decision: ...").
inline const char* decisionKindName(DecisionKind k) {
  switch (k) {
    case DecisionKind::Depth: return "depth";
    case DecisionKind::Device: return "device";
    case DecisionKind::Tp: return "TP";
    case DecisionKind::Layers: return "layer-split";
    case DecisionKind::MicroBatch: return "micro-batch";
    case DecisionKind::Replicas: return "replica";
  }
  return "?";
}

// Everything needed to score the decision again later (PPO re-evaluates stored decisions under
// the updated weights). The state and summary are shared by all decisions of one step.
struct PolicyDecision {
  DecisionKind kind = DecisionKind::Depth;
  std::shared_ptr<const std::vector<float>> state;    // PolicyLayout::stateSize()
  std::shared_ptr<const std::vector<float>> summary;  // PolicyLayout::summarySize()
  // Depth: empty. Device and TP: the stage context (PolicyLayout::stageContextSize()). Layers,
  // micro-batch, replicas: the flat context (PolicyLayout::flatContextSize()).
  std::vector<float> context;
  // Depth: (d_max + 1) rows of depthCandidateSize(); device: t_max rows of
  // deviceCandidateSize(); TP: the chosen GPU type's device-candidate row.
  std::vector<float> candidates;
  // 1 = allowed. Depth: d_max + 1 (index 0 is STOP, index d is depth d); device: t_max slots;
  // TP: k_max degrees (index i is TP 2^i). Flat kinds: PolicyConfig::k*Choices entries.
  std::vector<std::uint8_t> mask;
  int action = -1;
  float log_prob = 0;  // under the weights that sampled it (PPO's old log-probability)
  // Chosen by an exploration rule (forced depth, uniform GPU types), not sampled from the
  // policy; log_prob is still the policy's probability of that action.
  bool exploratory = false;
};

}  // namespace arachne
