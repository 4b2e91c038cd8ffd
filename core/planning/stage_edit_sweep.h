// Edits the stages of a construction's templates one at a time, keeping the best plan any edit
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

// Replays `construction` (complete templates, no STOP) with one stage of one template edited:
// removed (depth - 1), repeated (depth + 1), its TP degree doubled or halved, split into two
// stages of half its TP degree (or two equal neighbours merged into one of twice theirs), or its
// GPU type replaced by another type at the same TP degree. Every distinct edit of every template is
// replayed; while a round improves the best plan of `run`, the next round edits the improved
// construction (at most `rounds`). Every step is offered to `run` and its fills counted; an edit
// the episode's masks refuse ends that replay. Stops when `run` says so.
StageEditSweep sweepStageEdits(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice> construction,
                               int rounds = 3);

}  // namespace arachne
