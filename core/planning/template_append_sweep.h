// Appends one template on the GPUs a construction leaves free, keeping the best plan any append
// reaches: the step a planner declined when it stopped, tried in every uniform shape and every
// uniform shape ending on another type.
#pragma once

#include <vector>

#include "planning/template_choice.h"

namespace arachne {

class ConstructionEpisode;
class PlannerRun;

struct TemplateAppendSweep {
  int appends = 0;                    // appended templates stepped (masked ones not counted)
  std::vector<TemplateChoice> best;   // the construction of the best plan the sweep saw
};

// Replays `construction` (complete templates, no STOP) and, on the GPUs it leaves free, steps
// every template of one GPU type at one TP degree that fits them (depth 1 up to the depth cap),
// the uses UnusedGpuExplainer names "a template of their own", and each of depth 2 or more with
// its last stage on a type with more memory per GPU and free GPUs, at each TP degree that type
// allows (the last stage holds the head: a type too small for it ends on a larger one); with
// `leadingRuns`, also each with its first k stages (1 <= k < depth) on that larger type (under
// 1F1B the first stages hold the most micro-batches in flight: held-out `large-01`'s L4 TP 8
// stages fit a 70 B model behind five H100 stages, `greedy`'s template). While a round improves the best
// plan of `run`, the next round appends to the improved construction (at most `rounds`). Every
// step is offered to `run` and its fills counted; one the masks refuse (no sequence of the batch
// left, the episode's template limit) is skipped. Stops when `run` says so.
TemplateAppendSweep sweepAppendedTemplates(ConstructionEpisode& episode, PlannerRun& run,
                                           std::vector<TemplateChoice> construction, int rounds = 2,
                                           bool leadingRuns = false);

}  // namespace arachne
