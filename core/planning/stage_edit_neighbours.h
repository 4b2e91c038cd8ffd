// The constructions one edit away from a construction: the neighbourhood of the stage-edit
// sweep (planning/stage_edit_sweep.h).
#pragma once

#include <vector>

#include "planning/template_choice.h"

namespace arachne {

// Every distinct construction one edit away from `construction` (complete templates, no STOP),
// on `types` GPU types, in this order, per template:
// - the template refolded: every run of consecutive stages on one GPU type with half its GPUs
//   (every TP degree halved; every other stage kept; one stage of half the run's GPUs — each the
//   first that applies, from each rule in turn) or twice them (every TP degree doubled; every
//   stage repeated), so the fill can trade data parallelism for depth or TP degree at once;
// - GPUs of one type traded for another's: a stage halved or removed together with a stage of
//   another type doubled or repeated;
// - one stage removed (depth - 1), repeated (depth + 1), its TP degree doubled or halved, split
//   into two stages of half its TP degree (or two equal neighbours merged into one of twice
//   theirs), or its GPU type replaced by another type at the same TP degree;
// then, between templates, a stage moved from one template into another (beside the other's
// first stage of its type, or last where it has none); last, a template cut in two at any stage
// boundary, either part becoming a template of its own right after the other (where the cut
// splits a run of one type, also with the run's remnant moved to the other end of the part that
// stays), and two templates merged into one (the stages of either first, where the earlier
// stood). Edits the masks would refuse (a TP degree
// a type does not admit) are listed; the replay finds them out. An edit that leaves a template
// without a stage is not listed.
std::vector<std::vector<TemplateChoice>> stageEditNeighbours(const std::vector<TemplateChoice>& construction,
                                                             int types);

}  // namespace arachne
