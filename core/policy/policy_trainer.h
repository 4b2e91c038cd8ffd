// Training one policy across compositions: groups of rollouts, PPO's clipped objective with
// group-relative advantages, gradient projection, exploration rules and self-imitation.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "policy/exploration_schedule.h"
#include "policy/imitation_buffer.h"

namespace arachne {

class ConstructionEpisode;
class CostModel;
class Planner;
struct PlannerBudget;
class PolicyEpisodeView;
class PolicyNetwork;
class PolicyState;
struct PolicyRollout;
class TrainingGroup;
struct TrainerOptimizer;  // the torch optimiser, kept out of this header

struct TrainerOptions {
  int group_size = 8;           // rollouts per composition per update (same start state)
  int problems_per_update = 4;  // compositions whose gradients are projected against each other
  int ppo_epochs = 2;
  double clip = 0.2;            // PPO ratio clip
  double learning_rate = 1e-3;
  double max_grad_norm = 1.0;
  double entropy_coef = 0.01;   // per decision, divided by the decisions of its step
  ExplorationSchedule exploration;
  bool project_gradients = true;
  int imitation_interval = 5;   // updates between self-imitation updates (0 = never)
  int imitation_capacity = 4;   // best rollouts kept per (composition, first depth)
  double imitation_radius = 0.25;  // summary distance of a "similar" composition
  int imitation_entries = 8;    // rollouts imitated per composition
  double imitation_coef = 0.5;
  // Starts each problem's self-imitation buffer with the greedy planner's construction, replayed
  // as policy decisions (a demonstration): imitation then anchors the policy to it until its own
  // rollouts find better plans at that depth.
  bool greedy_demonstrations = false;
  // With greedy_demonstrations, compositions of at most this many GPUs (0: none) also get the
  // exhaustive planner's plan, searched within `exhaustive_demonstration_evaluations`, as a
  // demonstration: on small clusters greedy misses plans of two templates of different shapes
  // that random search finds easily, and exhaustive finds them in a second or two.
  int exhaustive_demonstration_gpus = 0;
  long long exhaustive_demonstration_evaluations = 300000;
  // Passes of behaviour cloning over every demonstration before the first update (a warm start:
  // the policy first reproduces greedy's constructions, then PPO and self-imitation improve on them).
  int demonstration_epochs = 0;
  int demonstration_batch = 64;  // decisions per cloning step
  // Passes of cloning, after the last update, of each problem's best buffered plan (greedy's
  // demonstration or a better one found by the rollouts): self-imitation's anchor made final, so
  // the shipped policy's own greedy rollout builds the best plan training found.
  int final_cloning_epochs = 0;
  // Expert iteration (0 = off): after each update's rollouts, each of its problems' best kept
  // plan is improved by the local searches planning uses around the policy's answer (stage
  // orders, then one-stage edits: planning/stage_order_sweep.h, stage_edit_sweep.h), within this
  // many fills, and an improved construction enters the buffer as a demonstration, so
  // self-imitation and the final cloning teach the policy to build it without the search. A
  // problem's best plan is polished once; it is polished again when the rollouts replace it.
  long long polish_evaluations = 0;
  std::uint64_t seed = 1;
};

struct UpdateStats {
  long long update = 0;          // 1-based index of this update
  int rollouts = 0;
  long long evaluations = 0;     // fills run in this update
  double mean_throughput = 0;    // over this update's rollouts, sequences/s
  double best_throughput = 0;    // best of this update
  double forced_depth_probability = 0;
  int gradient_conflicts = 0;
  double loss = 0;               // PPO loss of the last epoch, summed over compositions
  bool imitated = false;         // a self-imitation update ran after the PPO update
};

// With a TrainingGroup (distributed training, docs/learned-planner.md "Distributed training")
// every rank holds the same trainer: the constructor broadcasts rank 0's weights, each update's
// rollouts are dealt out between the ranks in contiguous blocks, their returns and the plans
// that enter the imitation buffers are exchanged, and the per-problem gradients are summed
// over the ranks before the projection and the one Adam step every rank takes. Everything after
// the rollouts (advantages, PCGrad, Adam, self-imitation, cloning) then runs on identical inputs
// on every rank, so the ranks stay identical. Without a group the same code runs on one process.
class PolicyTrainer {
 public:
  PolicyTrainer(std::shared_ptr<PolicyNetwork> network, TrainerOptions options = {},
                TrainingGroup* group = nullptr);
  ~PolicyTrainer();

  // Adds a training problem (one composition and model, priced by `cost`, which must outlive
  // the trainer). `key` names it in the imitation buffers. Throws LoadError when the composition
  // has more GPU types than the policy's t_max. With greedy_demonstrations and
  // `withDemonstration` it runs the greedy planner once and offers its construction to the
  // buffer (its evaluations count); a training run stops demonstrating when its budget runs low.
  void addProblem(const CostModel& cost, const std::string& key, bool withDemonstration = true);
  int problemCount() const;

  // Demonstrations (greedy_demonstrations) of every problem added without one, in problem order,
  // until `stop` returns true (asked before each problem). With a group the ranks claim problems
  // one at a time from a shared counter and exchange the demonstrations, so every rank's buffer
  // gets every one, offered in problem order as on one process. Returns the problems demonstrated.
  int demonstrateProblems(const std::function<bool()>& stop);

  // Behaviour cloning of each problem's best buffered plan (the demonstrations before the first
  // update, the best plans found by the end): up to
  // `epochs` passes in shuffled batches, each step raising their log-probability. Returns the
  // mean negative log-likelihood of the first and the last pass ({0, 0} when there is nothing to
  // clone); stops early when `cancel` is set.
  struct Cloning {
    size_t decisions = 0;
    int epochs = 0;
    double first_loss = 0, last_loss = 0;
  };
  // `outOfTime`, when given, is asked before every pass after the first: true ends the cloning.
  Cloning cloneDemonstrations(int epochs, const std::atomic<bool>* cancel = nullptr,
                              const std::function<bool()>& outOfTime = {});

  // One update on `problems_per_update` problems taken in turn.
  UpdateStats update();

  long long evaluations() const { return evaluations_; }
  long long updates() const { return updates_; }
  // Optimiser steps (and PPO group gradients) dropped because a loss or gradient was not finite.
  long long nonFiniteSkipped() const { return non_finite_; }
  // Polished plans that beat the best the buffer held (TrainerOptions::polish_evaluations).
  long long polishImproved() const { return polish_improved_; }
  // Problems whose exhaustive demonstration beat greedy's.
  long long exhaustiveBetter() const { return exhaustive_better_; }
  const ImitationBuffer& imitationBuffer() const { return buffer_; }

 private:
  struct Problem;
  struct Group;
  struct Demonstration;
  // The imitation entry a rollout would offer (false when it reached no plan).
  bool entryOf(const Problem& p, const PolicyRollout& roll, ImitationEntry& entry) const;
  void offer(const Problem& p, const PolicyRollout& roll);
  Demonstration demonstration(Problem& p) const;
  void accept(Demonstration& d);
  // Adds `planner`'s plan, replayed as policy decisions, to the demonstration; its throughput
  // (0 when it found none or the replay did not reach it).
  double demonstrateWith(Problem& p, Planner& planner, const PlannerBudget& budget, Demonstration& d) const;
  double imitate(const std::vector<Problem*>& problems);
  // Expert iteration on these problems (TrainerOptions::polish_evaluations); returns the fills.
  long long polish(const std::vector<Problem*>& problems);
  // The rollouts of update `update`, numbered across its groups, each draw from its own stream,
  // so which rank runs a rollout does not change it.
  std::mt19937_64 rolloutRng(long long update, int rollout) const;

  std::shared_ptr<PolicyNetwork> network_;
  TrainerOptions options_;
  std::vector<std::unique_ptr<Problem>> problems_;
  TrainingGroup* group_ = nullptr;  // not owned; null on one process
  std::unique_ptr<TrainerOptimizer> optimizer_;
  ImitationBuffer buffer_;
  std::mt19937_64 rng_;
  size_t next_ = 0;
  long long evaluations_ = 0, updates_ = 0, non_finite_ = 0, exhaustive_better_ = 0, polish_improved_ = 0;
  // Clips and takes the optimiser step unless a gradient is not finite (then counts and skips it).
  void stepIfFinite();
};

}  // namespace arachne
