// The adapter between the construction episode and the policy: its masks and state as the
// policy's fixed-size decisions, and the policy's actions as the episode's choices.
#pragma once

#include <memory>
#include <vector>

#include "planning/construction_episode.h"
#include "policy/policy_decision.h"
#include "policy/policy_state.h"

namespace arachne {

// The episode indexes GPU types in order of first appearance and TP degrees by its own K; the
// policy uses compute-ordered slots and TP 2^i. Both masks keep their meaning through the
// mapping: an entry the episode masks is masked for the policy and vice versa, except choices
// the policy's fixed sizes cannot express (depths above d_max, TP degrees of 2^k_max or more),
// which stay masked.
class PolicyEpisodeView {
 public:
  // `state` must be built for the composition of the episode's cost model and outlive the view.
  PolicyEpisodeView(const PolicyState& state, const ConstructionEpisode& episode);

  const PolicyState& state() const { return state_; }

  // Free GPUs of every composition node, in Composition::nodes() order.
  std::vector<int> freePerNode(const ConstructionEpisode& episode) const;

  // The depth decision of the episode's next step (state, summary, candidates, mask). The
  // state and summary it holds are shared by the stage decisions of the same step.
  PolicyDecision depthDecision(const ConstructionEpisode& episode) const;
  // The GPU type decision of the next stage of `partial`; `step` is the step's depth decision.
  PolicyDecision deviceDecision(const ConstructionEpisode& episode, const TemplateChoice& partial,
                                const PolicyDecision& step) const;
  // The TP decision of the next stage of `partial` on episode GPU type `gpu`.
  PolicyDecision tpDecision(const ConstructionEpisode& episode, const TemplateChoice& partial, int gpu,
                            const PolicyDecision& step) const;

  // Action -> episode value.
  int depthOf(int action) const { return action; }  // 0 = STOP
  int gpuOf(int slot) const { return slot_to_gpu_[static_cast<size_t>(slot)]; }
  int tpOf(int action) const { return 1 << action; }

 private:
  std::vector<PolicyStageChoice> earlier(const ConstructionEpisode& episode, const TemplateChoice& partial) const;

  const PolicyState& state_;
  std::shared_ptr<const std::vector<float>> summary_;
  // Position in the state's nodes (PolicyState::nodeIds()) of each node of each episode GPU type,
  // in FreeGpus::nodes() order (which take() and give() keep); -1 for nodes the state leaves out.
  std::vector<std::vector<int>> position_;
  size_t node_count_ = 0;
  std::vector<int> slot_to_gpu_;                // policy slot -> episode GPU type index
};

}  // namespace arachne
