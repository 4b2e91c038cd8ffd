// Planning's policy rollouts, many at once: advanced in lockstep so each decision round is one
// batched pass through the network, on one or more threads, committed in a fixed order.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "planning/construction_episode.h"
#include "policy/policy_rollout.h"

namespace arachne {

class DecisionMemo;
class PolicyEpisodeView;
class PolicyInference;

// One rollout to run: the options of runPolicyRollout (after_step is not called) and the seed of
// the rollout's own random stream, so its samples do not depend on which rollouts ran before it
// or beside it.
struct RolloutJob {
  RolloutOptions options;
  std::uint64_t seed = 0;
};

// A finished rollout as planning needs it.
struct BatchedRollout {
  // Decisions carry kind, mask, action, log-probability and the exploratory mark, not their
  // inputs (state, candidates, context): planning never re-scores them.
  // rollout.evaluations is 0: which fills are new depends on the rollouts committed before it,
  // so the committer counts them (keys, filled).
  PolicyRollout rollout;
  std::vector<std::string> keys;     // after each step: the construction so far (distinct fills)
  std::vector<double> throughputs;   // after each step: the plan's sequences/s
  std::vector<bool> filled;          // per step: a fill ran (STOP runs none)
};

class BatchedRollouts {
 public:
  struct Options {
    // Threads that run rollouts, the calling one included (0: std::thread::hardware_concurrency,
    // at most kMaxThreads).
    int threads = 0;
    // Rollouts each thread advances together; one network pass per decision kind and round.
    int batch = 32;
    // Ask the network each distinct decision once per planning call (DecisionMemo).
    bool memo = true;
  };
  static constexpr int kMaxThreads = 8;

  // All must outlive this. `prototype` is copied once per rollout slot (copies share its fill
  // cache, which must be thread-safe: EpisodeOptions::reuse_fills); `memo` may be shared by
  // several BatchedRollouts of the same planning call.
  BatchedRollouts(const PolicyInference& network, const PolicyEpisodeView& view, const ConstructionEpisode& prototype,
                  DecisionMemo& memo, Options options);

  // Runs `jobs` and calls `commit(i, rollout)` on the calling thread for i = 0, 1, 2, ... in
  // order, each as soon as job i and every job before it are done. When `commit` returns false,
  // or `stop()` (asked on the calling thread between rounds) returns true, no further job is
  // started or committed. Returns the number committed. What a job computes does not depend on
  // the batch, the thread or the timing, so with the same jobs the commits are the same.
  size_t run(const std::vector<RolloutJob>& jobs, const std::function<bool(size_t, BatchedRollout&)>& commit,
             const std::function<bool()>& stop);

  int threads() const { return threads_; }

  // The key of the construction so far after `choice` (and, flat-rl, its arithmetic) is added.
  static void appendStep(std::string& history, const TemplateChoice& choice, const TemplateArithmetic* arithmetic);

 private:
  const PolicyInference& network_;
  const PolicyEpisodeView& view_;
  const ConstructionEpisode& prototype_;
  DecisionMemo& memo_;
  Options options_;
  int threads_ = 1;
};

}  // namespace arachne
