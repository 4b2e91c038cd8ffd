// Mapping the construction episode's state and masks onto the policy's decisions.
#include "policy/policy_episode_view.h"

#include <stdexcept>
#include <string>
#include <unordered_map>

#include "cost/cost_model.h"

namespace arachne {

PolicyEpisodeView::PolicyEpisodeView(const PolicyState& state, const ConstructionEpisode& episode)
    : state_(state), summary_(std::make_shared<std::vector<float>>(state.summary())) {
  // The state may read fewer nodes than the composition has (types withheld from the episode).
  const auto& ids = state.nodeIds();
  node_count_ = ids.size();
  std::unordered_map<int, int> index;  // node id -> position in the state's nodes
  for (size_t i = 0; i < ids.size(); ++i) index[ids[i]] = static_cast<int>(i);
  const FreeGpus& free = episode.free();
  position_.resize(static_cast<size_t>(free.typeCount()));
  for (int t = 0; t < free.typeCount(); ++t)
    for (const auto& n : free.nodes(t)) {
      const auto it = index.find(n.node_id);
      position_[static_cast<size_t>(t)].push_back(it == index.end() ? -1 : it->second);
    }
  for (int t = 0; t < free.typeCount(); ++t)
    if (state.slotOf(free.typeId(t)) < 0 && free.freeOfType(t) > 0)
      throw std::invalid_argument("policy view: the episode offers GPU type " + free.typeId(t) +
                                  ", which the policy state does not hold");
  for (int slot = 0; slot < state.typeCount(); ++slot) {
    const int gpu = free.typeIndex(state.typeOfSlot(slot));
    if (gpu < 0) throw std::invalid_argument("policy view: the episode has no GPU type " + state.typeOfSlot(slot));
    slot_to_gpu_.push_back(gpu);
  }
}

std::vector<int> PolicyEpisodeView::freePerNode(const ConstructionEpisode& episode) const {
  std::vector<int> out(node_count_, 0);
  const FreeGpus& free = episode.free();
  for (int t = 0; t < free.typeCount() && t < static_cast<int>(position_.size()); ++t) {
    const auto& nodes = free.nodes(t);
    const auto& at = position_[static_cast<size_t>(t)];
    for (size_t i = 0; i < nodes.size() && i < at.size(); ++i)
      if (at[i] >= 0) out[static_cast<size_t>(at[i])] = nodes[i].free;
  }
  return out;
}

std::vector<PolicyStageChoice> PolicyEpisodeView::earlier(const ConstructionEpisode& episode,
                                                          const TemplateChoice& partial) const {
  std::vector<PolicyStageChoice> out;
  for (const auto& s : partial.stages) out.push_back({episode.free().typeId(s.gpu), s.tp});
  return out;
}

PolicyDecision PolicyEpisodeView::depthDecision(const ConstructionEpisode& episode) const {
  const std::vector<int> free = freePerNode(episode);
  const auto& placed = episode.plan().templates;
  PolicyDecision d;
  d.kind = DecisionKind::Depth;
  d.state = std::make_shared<std::vector<float>>(
      state_.state(free, placed, episode.stepCount(), episode.options().step_limit));
  d.summary = summary_;
  d.candidates = state_.depthCandidates(free, placed);
  const Mask m = episode.depthMask();
  d.mask.assign(static_cast<size_t>(state_.config().d_max + 1), 0);
  for (size_t i = 0; i < m.size() && i < d.mask.size(); ++i) d.mask[i] = m[i] ? 1 : 0;
  return d;
}

PolicyDecision PolicyEpisodeView::deviceDecision(const ConstructionEpisode& episode, const TemplateChoice& partial,
                                                 const PolicyDecision& step) const {
  PolicyDecision d;
  d.kind = DecisionKind::Device;
  d.state = step.state;
  d.summary = summary_;
  const auto choices = earlier(episode, partial);
  d.context = state_.stageContext(partial.depth, choices);
  d.candidates = state_.deviceCandidates(freePerNode(episode), partial.depth, choices);
  const Mask m = episode.deviceMask(partial);
  d.mask.assign(static_cast<size_t>(state_.config().t_max), 0);
  for (int slot = 0; slot < state_.typeCount(); ++slot)
    d.mask[static_cast<size_t>(slot)] = m[static_cast<size_t>(gpuOf(slot))] ? 1 : 0;
  return d;
}

PolicyDecision PolicyEpisodeView::tpDecision(const ConstructionEpisode& episode, const TemplateChoice& partial,
                                             int gpu, const PolicyDecision& step) const {
  PolicyDecision d;
  d.kind = DecisionKind::Tp;
  d.state = step.state;
  d.summary = summary_;
  const auto choices = earlier(episode, partial);
  d.context = state_.stageContext(partial.depth, choices);
  const int slot = state_.slotOf(episode.free().typeId(gpu));
  d.candidates = PolicyState::row(state_.deviceCandidates(freePerNode(episode), partial.depth, choices),
                                  state_.layout().deviceCandidateSize(), slot);
  const Mask m = episode.tpMask(partial, gpu);
  const auto& k = episode.space().tp_choices;
  d.mask.assign(static_cast<size_t>(state_.config().k_max), 0);
  for (int i = 0; i < state_.config().k_max; ++i) {
    const int index = episode.space().tpIndex(tpOf(i));
    d.mask[static_cast<size_t>(i)] = index >= 0 && static_cast<size_t>(index) < k.size() && m[static_cast<size_t>(index)] ? 1 : 0;
  }
  return d;
}

}  // namespace arachne
