// Replaying a construction (complete templates, no STOP) through an episode, offering every step
// to a planner run: the local searches around a planner's answer (stage orders, stage edits).
#pragma once

#include <cstddef>
#include <functional>
#include <set>
#include <vector>

#include "planning/template_choice.h"

namespace arachne {

class ConstructionEpisode;
class PlannerRun;

// Resets `episode` and takes the templates in turn; every step is offered to `run` and its fills
// counted. A template the episode's masks refuse is taken without its stages on GPU types that
// have no free GPU left (an earlier template, edited, took them), written back so; one still
// refused (e.g. a changed stage asks for a TP degree its GPU type does not admit) ends the
// replay. Returns true when a step improved `run`'s best plan, with `steps` the templates that
// plan took; `reached` (when given) is set to the highest throughput of any step.
bool replayConstruction(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice>& construction,
                        size_t& steps, double* reached = nullptr);

// One key per stage sequence, to replay each distinct construction once.
using StageKey = std::vector<std::pair<int, int>>;
StageKey stageKey(const std::vector<StageChoice>& stages);
std::vector<StageKey> constructionKey(const std::vector<TemplateChoice>& construction);

// The rounds the local searches share: every construction `neighbours(base)` lists that was not
// replayed before is replayed; one that improves `run`'s best plan becomes `best`, and while a
// round improves, the next round starts from `best` (at most `rounds`). Stops when `run` says
// so. Returns the constructions replayed. `heard` (when given) hears of every construction
// replayed with the highest throughput its steps reached. `seen` (when given) holds the keys of
// constructions replayed before, by an earlier search from a nearby construction: a replay gives
// the same plans every time, so none is replayed twice.
using Neighbours = std::function<std::vector<std::vector<TemplateChoice>>(const std::vector<TemplateChoice>&)>;
using Replayed = std::function<void(const std::vector<TemplateChoice>&, double)>;
using ReplayedKeys = std::set<std::vector<StageKey>>;
int searchNeighbours(ConstructionEpisode& episode, PlannerRun& run, std::vector<TemplateChoice>& best, int rounds,
                     const Neighbours& neighbours, const Replayed& heard = {}, ReplayedKeys* seen = nullptr);

}  // namespace arachne
