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
  while (!episode.done()) {
    RolloutStep step;
    PolicyDecision depth = view.depthDecision(episode);
    // Every decision of a step shares the state, so the backbone runs once per step.
    const PolicyEncoding encoding = network.encode(depth);
    if (episode.stepCount() == 0 && options.first_depth > 0 &&
        options.first_depth < static_cast<int>(depth.mask.size()) &&
        depth.mask[static_cast<size_t>(options.first_depth)]) {
      depth.action = options.first_depth;
      depth.exploratory = true;
      network.score(depth, encoding);
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
      if (episode.stepCount() == 0 && s == 0 && options.first_device >= 0 &&
          options.first_device < static_cast<int>(device.mask.size()) &&
          device.mask[static_cast<size_t>(options.first_device)]) {
        device.action = options.first_device;
        device.exploratory = true;
        network.score(device, encoding);
      } else if (options.uniform_devices) {
        device.action = ExplorationSchedule::uniformChoice(device.mask, rng);
        device.exploratory = true;
        network.score(device, encoding);
      } else {
        network.decide(device, encoding, sampler, options.temperature);
      }
      const int gpu = view.gpuOf(device.action);
      PolicyDecision tp = view.tpDecision(episode, step.choice, gpu, depth);
      network.decide(tp, encoding, sampler, options.temperature);
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
        network.decide(d, encoding, sampler, options.temperature);
        a.layers.push_back(flat->layersOf(step.choice, a.layers, d.action));
        left -= a.layers.back();
        step.decisions.push_back(std::move(d));
      }
      a.layers.push_back(left);
      PolicyDecision mbs = flat->microBatchDecision(episode, step.choice, a.layers, depth);
      bool any = false;
      for (auto m : mbs.mask) any = any || m;
      FillResult placed;
      if (!any) {
        placed.why = "no micro-batch size is profiled for every stage of the template within the batch left";
      } else {
        network.decide(mbs, encoding, sampler, options.temperature);
        a.micro_batch = FlatEpisodeView::microBatchOf(mbs.action);
        PolicyDecision reps = flat->replicasDecision(episode, step.choice, a.layers, a.micro_batch, depth);
        network.decide(reps, encoding, sampler, options.temperature);
        a.replicas = FlatEpisodeView::replicasOf(reps.action);
        step.decisions.push_back(std::move(mbs));
        step.decisions.push_back(std::move(reps));
        placed = episode.tryPlace(step.choice, a);
      }
      step.arithmetic = a;
      step.outcome = episode.stepWith(step.choice, std::move(placed));
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
