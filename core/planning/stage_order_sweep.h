// Reorders a construction's templates and their stages, keeping the best plan any order reaches.
#pragma once

#include <vector>

#include "planning/template_choice.h"

namespace arachne {

class ConstructionEpisode;
class PlannerRun;

struct StageOrderSweep {
  int orders = 0;                          // reordered constructions replayed
  std::vector<TemplateChoice> best;        // the construction of the best plan the sweep saw
};

// Replays `construction` (complete templates, no STOP) reordered: every distinct order of the
// templates reached by moving one template to another position, then one template's stages,
// every distinct order reached by moving one stage to another position, template by template.
// While a round improves the best plan of `run`, the next round starts from the improved
// construction (at most `rounds`). Every step is offered to `run` and its fills counted; a
// reordered template the episode's masks refuse ends that replay. Stops when `run` says so.
StageOrderSweep sweepStageOrders(ConstructionEpisode& episode, PlannerRun& run,
                                 std::vector<TemplateChoice> construction, int rounds = 3);

}  // namespace arachne
