// Policy rollouts on the construction episode, with the exploration rules of training.
#include "policy/policy_rollout.h"

#include <memory>
#include <stdexcept>

#include "cost/cost_model.h"
#include "policy/exploration_schedule.h"
#include "policy/flat_episode_view.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_network.h"

namespace arachne {

int PolicyRollout::decisions() const {
  int n = 0;
  for (const auto& s : steps) n += static_cast<int>(s.decisions.size());
  return n;
}

PolicyRollout runPolicyRollout(PolicyNetwork& network, const PolicyEpisodeView& view,
                               ConstructionEpisode& episode, std::mt19937_64& rng,
                               const RolloutOptions& options) {
  torch::NoGradGuard noGrad;
  std::mt19937_64* sampler = options.greedy ? nullptr : &rng;
  episode.reset();
  PolicyRollout out;
  std::unique_ptr<FlatEpisodeView> flat;
  if (network.config().flat) flat = std::make_unique<FlatEpisodeView>(view, episode);
  size_t prefixed = 0;  // actions of options.prefix taken so far
  const auto fromPrefix = [&](PolicyDecision& d, const PolicyEncoding& encoding) {
    if (prefixed >= options.prefix.size()) return false;
    const int a = options.prefix[prefixed++];
    if (a < 0 || a >= static_cast<int>(d.mask.size()) || !d.mask[static_cast<size_t>(a)]) {
      prefixed = options.prefix.size();
      return false;
    }
    d.action = a;
    d.exploratory = true;
    network.score(d, encoding);
    return true;
  };
  const auto decide = [&](PolicyDecision& d, const PolicyEncoding& encoding) {
    if (!fromPrefix(d, encoding)) network.decide(d, encoding, sampler, options.temperature);
  };
  while (!episode.done()) {
    RolloutStep step;
    PolicyDecision depth = view.depthDecision(episode);
    // Every decision of a step shares the state, so the backbone runs once per step.
    const PolicyEncoding encoding = network.encode(depth);
    if (fromPrefix(depth, encoding)) {
      // fixed by planning's sweeps
    } else if (options.force_first_depth && episode.stepCount() == 0 &&
        (depth.action = ExplorationSchedule::uniformDepth(depth.mask, rng)) > 0) {
      depth.exploratory = true;
      network.score(depth, encoding);
    } else {
      network.decide(depth, encoding, sampler, options.temperature);
    }
    step.choice.depth = view.depthOf(depth.action);
    step.decisions.push_back(depth);
    for (int s = 0; s < step.choice.depth; ++s) {
      PolicyDecision device = view.deviceDecision(episode, step.choice, depth);
      if (fromPrefix(device, encoding)) {
        // fixed by planning's sweeps
      } else if (options.uniform_devices) {
        device.action = ExplorationSchedule::uniformChoice(device.mask, rng);
        device.exploratory = true;
        network.score(device, encoding);
      } else {
        network.decide(device, encoding, sampler, options.temperature);
      }
      const int gpu = view.gpuOf(device.action);
      PolicyDecision tp = view.tpDecision(episode, step.choice, gpu, depth);
      decide(tp, encoding);
      step.choice.stages.push_back({gpu, view.tpOf(tp.action)});
      step.decisions.push_back(std::move(device));
      step.decisions.push_back(std::move(tp));
    }
    const long long before = episode.evaluations();
    if (flat && step.choice.depth > 0) {
      // flat-rl: the policy also decides the arithmetic, and the template is placed as decided.
      TemplateArithmetic a;
      const int layers = episode.cost().model().layerCount();
      int left = layers;
      for (int s = 0; s + 1 < step.choice.depth; ++s) {
        PolicyDecision d = flat->layersDecision(episode, step.choice, a.layers, depth);
        decide(d, encoding);
        a.layers.push_back(flat->layersOf(step.choice, a.layers, d.action));
        left -= a.layers.back();
        step.decisions.push_back(std::move(d));
      }
      a.layers.push_back(left);
      PolicyDecision mbs = flat->microBatchDecision(episode, step.choice, a.layers, depth);
      bool any = false;
      for (auto m : mbs.mask) any = any || m;
      if (!any) {
        FillResult none;
        none.why = "no micro-batch size is profiled for every stage of the template within the batch left";
        step.outcome = episode.stepWith(step.choice, std::move(none));
      } else {
        decide(mbs, encoding);
        a.micro_batch = FlatEpisodeView::microBatchOf(mbs.action);
        PolicyDecision reps = flat->replicasDecision(episode, step.choice, a.layers, a.micro_batch, depth);
        decide(reps, encoding);
        a.replicas = FlatEpisodeView::replicasOf(reps.action);
        step.decisions.push_back(std::move(mbs));
        step.decisions.push_back(std::move(reps));
        step.outcome = episode.place(step.choice, a);
      }
      step.arithmetic = a;
    } else {
      step.outcome = episode.step(step.choice);
    }
    out.evaluations += episode.evaluations() - before;
    out.total_reward += step.outcome.reward;
    if (options.after_step) options.after_step(episode);
    out.steps.push_back(std::move(step));
  }
  out.throughput = episode.throughput();
  return out;
}

namespace {

// Fixes the decision's action and scores it; false when the mask does not allow it.
bool replayDecision(PolicyNetwork& network, PolicyDecision& d, const PolicyEncoding& encoding, int action) {
  if (action < 0 || action >= static_cast<int>(d.mask.size()) || !d.mask[static_cast<size_t>(action)]) return false;
  d.action = action;
  d.exploratory = true;
  network.score(d, encoding);
  return true;
}

}  // namespace

PolicyRollout replayPolicyRollout(PolicyNetwork& network, const PolicyEpisodeView& view,
                                  ConstructionEpisode& episode, const std::vector<TemplateChoice>& choices) {
  torch::NoGradGuard noGrad;
  episode.reset();
  PolicyRollout out;
  size_t next = 0;
  while (!episode.done()) {
    // After the given templates the construction ends with STOP.
    const TemplateChoice given = next < choices.size() ? choices[next++] : TemplateChoice{};
    RolloutStep step;
    PolicyDecision depth = view.depthDecision(episode);
    const PolicyEncoding encoding = network.encode(depth);
    if (!replayDecision(network, depth, encoding, given.depth)) return {};
    step.choice.depth = given.depth;
    step.decisions.push_back(depth);
    for (const StageChoice& stage : given.stages) {
      PolicyDecision device = view.deviceDecision(episode, step.choice, depth);
      int slot = -1;
      for (int s = 0; s < static_cast<int>(device.mask.size()); ++s)
        if (device.mask[static_cast<size_t>(s)] && view.gpuOf(s) == stage.gpu) slot = s;
      if (!replayDecision(network, device, encoding, slot)) return {};
      PolicyDecision tp = view.tpDecision(episode, step.choice, stage.gpu, depth);
      int degree = -1;
      for (int k = 0; k < static_cast<int>(tp.mask.size()); ++k)
        if (view.tpOf(k) == stage.tp) degree = k;
      if (!replayDecision(network, tp, encoding, degree)) return {};
      step.choice.stages.push_back(stage);
      step.decisions.push_back(std::move(device));
      step.decisions.push_back(std::move(tp));
    }
    const long long before = episode.evaluations();
    step.outcome = episode.step(step.choice);
    out.evaluations += episode.evaluations() - before;
    out.total_reward += step.outcome.reward;
    out.steps.push_back(std::move(step));
  }
  out.throughput = episode.throughput();
  return out;
}

}  // namespace arachne
