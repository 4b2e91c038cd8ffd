// Which policy rollouts a plan() call runs, in order.
#pragma once

#include "policy/policy_rollout.h"

namespace arachne {

// 1. the greedy rollout (the policy's own answer; always runs);
// 2. the sweep (`depth_sweep`): a greedy rollout for each other (first depth, first stage's GPU
//    type, its TP degree) the masks allow;
// 3. `sampled` rollouts sampled from the policy (temperatures 1, 1.5, 1, 2 in turn);
// 4. `exploring` sampled rollouts under training's exploration rules in turn: the first depth
//    drawn uniformly; the GPU types drawn uniformly; both; neither.
// 5. one-decision changes: a greedy rollout for every other action the masks allow at every
//    decision of the greedy rollout, the decisions before it kept (where that changed a depth,
//    also each TP degree of the new template changed once more); then the one-decision changes
//    around the best rollout, again while a round replaces it (`change_rounds` rounds at most);
// 6. the stage-order sweep of the best construction (planning/stage_order_sweep.h), when
//    `stage_orders` and the budget is not spent; then, with `template_appends`, a template of one
//    type on the GPUs it leaves free (planning/template_append_sweep.h), and with `stage_edits`
//    its one-stage edits (planning/stage_edit_sweep.h), each improving round followed by another
//    stage-order sweep. With nothing placed by phases 1-5 only the appends have anything to do.
//    Then the same local search from each of the `runner_ups` next best distinct constructions
//    the rollouts reached, best first, and from each of the `first_templates` best templates a
//    rollout placed first, alone (there, with `leading_runs`, the appends also try templates led
//    by stages of a type with more memory, and once more on the construction all that ended
//    with).
// With an evaluation budget, phases 3 and 4 repeat until it is spent (so 5 and 6 never run).
struct RolloutSchedule {
  // With phases 2 and 5, 255 + 255 keep planning on paper-3t-512 under the 2 s target on two
  // cores (docs/learned-planner.md "Planning").
  static constexpr int kDefaultSampled = 255;
  static constexpr int kDefaultExploring = 255;

  bool depth_sweep = true;
  int sampled = kDefaultSampled;
  int exploring = kDefaultExploring;
  // Rounds of phase 5 (0: none; 1: around the greedy rollout only).
  int change_rounds = 4;
  bool stage_orders = true;
  // Phase 6 also edits one stage at a time (planning/stage_edit_sweep.h); needs stage_orders.
  bool stage_edits = true;
  // Phase 6 also appends a template on the GPUs left free (planning/template_append_sweep.h).
  bool template_appends = true;
  // Phase 6 searches around this many other constructions after the best one: a plan a little
  // below the best can be a few edits from a better one the best's edits never reach (held-out
  // `large-01`). 7 against 3 on the held-out set's figures (docs/learned-planner.md "Planning",
  // where that choice is weighed).
  int runner_ups = 7;
  // Phase 6's stage-edit sweep around the best construction edits this many of its best
  // non-improving edits once more (two edits at once; planning/stage_edit_sweep.h).
  int edit_lookahead = 2;
  // Last in phase 6, the best `edit_lookahead` edits of the construction it ended with are also
  // replayed in every stage order and then every template order one move away: an edit that loses
  // where it stands can win after a move (planning/stage_edit_sweep.h's sweepReorderedEdits;
  // held-out `sailor-neo27-320-b1024` and `small-05`, docs/learned-planner.md "Planning"). Last,
  // so no earlier search changes its path.
  bool lookahead_orders = true;
  // Phase 6 then searches around each of this many first templates alone: the best distinct
  // templates a rollout placed first, ranked by the throughput of that template alone (one that is
  // the best construction or a runner-up already is skipped). 3 was set before any measurement
  // and not tuned (docs/learned-planner.md "Planning").
  int first_templates = 3;
  // The appends of the searches from the first templates alone also try templates whose first k
  // stages are on a type with more memory per GPU (planning/template_append_sweep.h's
  // `leadingRuns`), and so does one last append sweep on the construction phase 6 ended with;
  // the earlier searches do not, so their paths are unchanged.
  bool leading_runs = true;

  // Options of the k-th rollout after the greedy one and the sweep (k >= 0).
  RolloutOptions after(long long k) const;
  // Whether that rollout is an exploring one (phase 4) rather than a sampled one (phase 3).
  bool explores(long long k) const;
  // Sampling temperature of the k-th sampled rollout.
  static double temperature(long long k);
};

}  // namespace arachne
