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

}  // namespace arachne
