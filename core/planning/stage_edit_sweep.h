// Edits the stages of a construction's templates, keeping the best plan any edit
// reaches: a local search around a planner's answer, beside the stage-order sweep.
#pragma once

#include <vector>

#include "planning/template_choice.h"

namespace arachne {

class ConstructionEpisode;
class PlannerRun;

struct StageEditSweep {
  int edits = 0;                      // edited constructions replayed
  int orders = 0;                     // reordered ones (sweepReorderedEdits)
  std::vector<TemplateChoice> best;   // the construction of the best plan the sweep saw
};

// Replays every construction one edit away from `construction` (complete templates, no STOP;
// planning/stage_edit_neighbours.h); while a round improves the best plan of `run`, the next
// round edits the improved construction (at most `rounds`). Every step is offered to `run` and
// its fills counted. Then the `lookahead` edits of the last round that reached the highest
// throughput are each searched on the same way (two edits at once), the first that improves
// becoming the answer. Stops when `run` says so.
StageEditSweep sweepStageEdits(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice> construction,
                               int rounds = 3, int lookahead = 0);

// An edit can lose only in the order it was made in. Replays every construction one edit away
// from `construction` (one round, moving on when one improves); when none improves, the `count`
// that reached the highest throughput are each replayed in every stage order one move away
// (planning/stage_order_sweep.h), then in every template order, the first that improves becoming
// the answer (`best`; `orders` counts the reordered replays). Stops when `run` says so.
StageEditSweep sweepReorderedEdits(ConstructionEpisode& episode, PlannerRun& run,
                                   std::vector<TemplateChoice> construction, int count);

}  // namespace arachne
