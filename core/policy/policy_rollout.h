// One construction episode driven by the policy: every decision recorded for training.
#pragma once

#include <functional>
#include <random>
#include <vector>

#include "planning/construction_episode.h"
#include "policy/policy_decision.h"

namespace arachne {

class PolicyNetwork;
class PolicyEpisodeView;

struct RolloutOptions {
  bool greedy = false;             // argmax instead of sampling (planning's first rollout)
  bool force_first_depth = false;  // the first depth drawn uniformly among the allowed ones
  // The rollout's first actions, in decision order (each step's depth, then each stage's device
  // slot and TP index; flat-rl's arithmetic after them): planning's sweeps. Each is scored and
  // marked exploratory; the first one its mask refuses ends the prefix, and every decision after
  // the prefix is the policy's (or an exploration rule's).
  std::vector<int> prefix;
  bool uniform_devices = false;    // every GPU type drawn uniformly instead of from the policy
  double temperature = 1.0;        // sampling temperature (planning spreads its sampled rollouts)
  // Called after every step with the episode as it stands: each intermediate plan is a priced
  // plan too, and a later template may lower the throughput (the planner keeps the best).
  std::function<void(const ConstructionEpisode&)> after_step;
};

struct RolloutStep {
  // Depth first, then (device, TP) per stage; a flat-rl network then adds the layer count of
  // every stage but the last, the micro-batch size and the replica count.
  std::vector<PolicyDecision> decisions;
  TemplateChoice choice;
  TemplateArithmetic arithmetic;  // flat-rl: the values its decisions stood for (else empty)
  StepOutcome outcome;
};

struct PolicyRollout {
  std::vector<RolloutStep> steps;
  double total_reward = 0;   // sum of the step rewards (the final throughput, minus any penalty)
  double throughput = 0;     // sequences/s of the plan the episode ends with
  long long evaluations = 0; // fills (flat-rl: placements) run
  int decisions() const;
};

// Resets the episode and runs it to the end. A flat-rl network (config().flat) also decides each
// template's arithmetic (FlatEpisodeView), and the template is placed without the fill. Exploration rules still record the policy's
// log-probability of what they chose, and mark the decision exploratory.
PolicyRollout runPolicyRollout(PolicyNetwork& network, const PolicyEpisodeView& view,
                               ConstructionEpisode& episode, std::mt19937_64& rng,
                               const RolloutOptions& options = {});

// Replays a given construction (e.g. another planner's templates, then STOP) as policy
// decisions: every decision carries the policy's log-probability of the given action and is
// marked exploratory. Returns an empty rollout (no steps) when the episode does not admit a
// choice as given, or the STOP that ends it (the construction is not one the policy can express).
PolicyRollout replayPolicyRollout(PolicyNetwork& network, const PolicyEpisodeView& view,
                                  ConstructionEpisode& episode, const std::vector<TemplateChoice>& choices);

}  // namespace arachne
