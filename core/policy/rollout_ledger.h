// The planner's account of the rollouts it committed: distinct fills counted, every step that
// beats the best plan offered, the best rollout kept, and the best plan after each phase.
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "planning/construction_episode.h"
#include "planning/construction_replay.h"
#include "planning/planner_run.h"
#include "policy/batched_rollouts.h"

namespace arachne {

// Rollouts are computed out of order (in batches, on two threads) and committed here in the
// schedule's order, so what the planner reports depends on the schedule and the seed only: a
// step's fill counts as an evaluation the first time a committed rollout reaches its construction
// (the fill may have been computed earlier by a rollout running beside it), and a step whose
// throughput beats the best plan is replayed on `episode` (its fills come from the cache) and
// offered to `run` there, in the order the sequential schedule offered it.
class RolloutLedger {
 public:
  // `flat`: flat-rl's steps are replayed with their arithmetic (ConstructionEpisode::place).
  // `leaders`: how many of the best distinct constructions leaders() keeps.
  RolloutLedger(PlannerRun& run, ConstructionEpisode& episode, bool flat, int leaders = 1, int firsts = 0);

  // Commits one rollout; sets rollout.rollout.evaluations to the fills it added. True when one
  // of its steps built a new best plan.
  bool commit(BatchedRollout& rollout);

  // The rollout that reached the best plan, how many of its steps built that plan (0: none yet),
  // and how many times it was replaced.
  const PolicyRollout& best() const { return best_; }
  int bestSteps() const { return best_steps_; }
  long long bestVersion() const { return best_version_; }

  // The constructions (complete templates, STOP dropped) of the `leaders` best distinct plans the
  // committed rollouts reached after any step, best first (ties: the first committed first).
  std::vector<std::vector<TemplateChoice>> leaders() const;
  // The `firsts` best distinct first templates of the committed rollouts, each alone (a
  // construction of one template), by the throughput of that one-template plan, best first.
  std::vector<std::vector<TemplateChoice>> firstTemplates() const;

  // Records the best plan, evaluations and time so far as the end of phase `name`.
  void endPhase(const std::string& name);
  const std::vector<PlannerPhase>& phases() const { return phases_; }

 private:
  PlannerRun& run_;
  ConstructionEpisode& episode_;
  bool flat_;
  std::unordered_set<std::string> counted_;
  PolicyRollout best_;
  int best_steps_ = 0;
  long long best_version_ = 0;
  std::vector<PlannerPhase> phases_;
  struct Leader {
    double throughput;
    std::vector<StageKey> key;
    std::vector<TemplateChoice> construction;
  };
  // The `count` best distinct constructions noted, best first (ties: the first noted first).
  struct Ranked {
    size_t count;
    std::vector<Leader> entries;
    bool admits(double throughput) const {
      return count > 0 && (entries.size() < count || throughput > entries.back().throughput);
    }
    void note(Leader l);
    std::vector<std::vector<TemplateChoice>> constructions() const;
  };
  Ranked leaders_;
  Ranked firsts_;
  void noteLeader(const BatchedRollout& r, size_t step);
};

}  // namespace arachne
