// Reorders a construction's templates, or the stages of one, keeping the best plan any order
// reaches.
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

// Replays `construction` (complete templates, no STOP) with one template's stages reordered:
// every distinct order reached by moving one stage, or a run of equal consecutive stages, to
// another position, template by template.
// While a round improves the best plan of `run`, the next round starts from the improved
// construction (at most `rounds`). Every step is offered to `run` and its fills counted; a
// reordered template the episode's masks refuse ends that replay. Stops when `run` says so.
StageOrderSweep sweepStageOrders(ConstructionEpisode& episode, PlannerRun& run,
                                 std::vector<TemplateChoice> construction, int rounds = 3);

// Replays `construction` with one template moved to another position: every distinct order of
// the templates one move away. The template placed first takes its nodes first, so two templates
// sharing a GPU type of mixed node sizes land on other nodes and links in the other order. Rounds,
// offers, refusals and stopping as in sweepStageOrders.
StageOrderSweep sweepTemplateOrders(ConstructionEpisode& episode, PlannerRun& run,
                                    std::vector<TemplateChoice> construction, int rounds = 3);

}  // namespace arachne
