// The construction episode: the environment every planner (and the learned policy) drives.
// State: the composition's free GPUs and the templates placed so far. A step is a depth
// (or STOP) and per stage a GPU type and a TP degree; the fill completes it and the reward is
// the throughput after minus before.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "cost/plan_report.h"
#include "plan/plan.h"
#include "planning/construction_space.h"
#include "planning/feasibility_masks.h"
#include "planning/fill_cache.h"
#include "planning/free_gpus.h"
#include "planning/planner.h"
#include "planning/template_choice.h"
#include "planning/template_fill.h"

namespace arachne {

class CostModel;

struct EpisodeOptions {
  int depth_cap = kDefaultDepthCap;  // D_max = min(depth_cap, layer count)
  int step_limit = 8;                // templates per episode at most
  double infeasible_penalty = 1.0;   // δ in sequences/s, charged for an infeasible first template
  // step() and place() look a fill up instead of running it again when the same step was
  // already taken from the same history since any reset() (shared by copies of the episode),
  // and do not count it as an evaluation: planners that revisit plans (a sharp policy's
  // rollouts, random search on a small cluster) count distinct fills only.
  bool reuse_fills = false;
  // The bytes the reused fills may hold (FillCache): a fill holds the plan so far and every
  // node's free GPUs, so on a huge composition this binds, and a step seen before is filled
  // again (still not counted). 16 MiB keeps every fill of the latency problems of
  // docs/learned-planner.md (at most 11.5 MB, on paper-3t-512 with qwen3-32b) and holds
  // arachne's peak memory at 100,000 GPUs near 225 MB (docs/reliability.md, "At scale").
  size_t reused_fill_bytes = size_t{16} << 20;
  // GPU types (catalog ids) no step may use: their GPUs are never free, so no mask offers them
  // and the plan's unused GPUs leave them out (the planner that withholds them explains them:
  // the learned planner with more GPU types than its state holds, arachne_planner.h).
  std::vector<std::string> withheld_gpu_types;
};

struct StepOutcome {
  double reward = 0;
  bool feasible = true;   // false when the fill found no configuration that fits
  bool done = false;
  std::string note;       // "STOP", "placed", "infeasible: …"
};

class ConstructionEpisode {
 public:
  // The cost model (and so the catalog and the profiles) must outlive the episode.
  explicit ConstructionEpisode(const CostModel& cost, EpisodeOptions options = {});

  void reset();

  const ConstructionSpace& space() const { return space_; }
  const FreeGpus& free() const { return free_; }
  const CostModel& cost() const;
  const EpisodeOptions& options() const { return options_; }
  int gpuTypeCount() const { return free_.typeCount(); }

  // Masks for the next decision (see FeasibilityMasks). depthMask()[0] is STOP; all depths
  // are masked once the global batch has no sequence left for another replica.
  Mask depthMask() const;
  Mask deviceMask(const TemplateChoice& partial) const;
  Mask tpMask(const TemplateChoice& partial, int gpu) const;

  // Applies one complete decision (depth 0 = STOP). Throws std::invalid_argument, with the
  // mask's reason, when the choice is masked or the episode is done.
  StepOutcome step(const TemplateChoice& choice);
  // The fill of a complete, admitted choice on the current state, without taking the step.
  FillResult tryStep(const TemplateChoice& choice) const { return fill_->fill(plan_, free_, choice); }
  // The template with explicit arithmetic (TemplateFill::place) on the current state, without
  // taking the step; pass it to stepWith() to take it (the flat-rl ablation's step).
  FillResult tryPlace(const TemplateChoice& choice, const TemplateArithmetic& arithmetic) const {
    return fill_->place(plan_, free_, choice, arithmetic);
  }
  // step() with the template placed as tryPlace(choice, arithmetic) places it.
  StepOutcome place(const TemplateChoice& choice, const TemplateArithmetic& arithmetic);
  // step() with a fill already run: `filled` must be tryStep(choice) or tryPlace(choice, …) on
  // this very state. Later steps until reset() run their fills (the history is not known).
  StepOutcome stepWith(const TemplateChoice& choice, FillResult filled);
  const TemplateFill& fill() const { return *fill_; }

  bool done() const { return done_; }
  int stepCount() const { return static_cast<int>(steps_.size()); }
  // The plan built so far: priced, micro_batches written back, unused_gpus empty (see
  // UnusedGpuExplainer). Empty templates before the first feasible step.
  const Plan& plan() const { return plan_; }
  const PlanReport& report() const { return report_; }
  double throughput() const { return report_.feasible ? report_.throughput.sequences_per_s : 0; }
  double totalReward() const { return total_reward_; }
  const std::vector<ConstructionStep>& steps() const { return steps_; }
  // Records what the planner weighed at the last step besides what it took (for the replay).
  void setStepAlternatives(std::vector<StepAlternative> alternatives) {
    if (!steps_.empty()) steps_.back().alternatives = std::move(alternatives);
  }
  long long evaluations() const { return evaluations_; }  // fills run
  // Whether steps look their fills up in a cache (EpisodeOptions::reuse_fills), which copies share.
  bool reusesFills() const { return reused_ != nullptr; }
  // A copy that fills ahead for this episode on another thread (a local search's neighbours,
  // construction_replay.cpp). Its fills go into the shared cache apart (FillCache::
  // insertPrefetched), where a step of this episode or another copy takes them and counts them
  // as its own; the copy's own steps count nothing. Needs reusesFills().
  ConstructionEpisode prefetchingCopy() const;
  long long plansPriced() const { return priced_; }

 private:
  bool batchLeft() const;
  void check(const TemplateChoice& choice) const;  // throws when the masks refuse the choice
  StepOutcome stepReusing(const TemplateChoice& choice, const TemplateArithmetic* arithmetic);
  StepOutcome apply(const TemplateChoice& choice, FillResult r, bool counted);
  void finishStep(ConstructionStep step, const StepOutcome& out);

  std::shared_ptr<const TemplateFill> fill_;  // shared: copying an episode is cheap
  EpisodeOptions options_;
  ConstructionSpace space_;
  FreeGpus initial_, free_;
  Plan plan_;
  PlanReport report_;
  std::vector<ConstructionStep> steps_;
  double total_reward_ = 0;
  bool done_ = false;
  long long evaluations_ = 0, priced_ = 0;
  // Fills by history (options_.reuse_fills): the steps since reset() and then this one.
  std::shared_ptr<FillCache> reused_;
  std::string history_;
  bool history_known_ = true;
  bool prefetching_ = false;  // a prefetchingCopy(): fills ahead, counts and remembers nothing
};

}  // namespace arachne
