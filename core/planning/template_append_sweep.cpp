// The template-append sweep. A policy's STOP, or a construction edited after it, can leave GPUs
// free that a template of their own would add throughput with; the unused-GPU explanation then
// tells the user so. Trying those templates costs one fill each (the templates before are not
// filled again), so the planner takes what its own explanation would point at.
#include "planning/template_append_sweep.h"

#include <algorithm>
#include <stdexcept>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "planning/construction_episode.h"
#include "planning/construction_replay.h"
#include "planning/construction_space.h"
#include "planning/planner_run.h"

namespace arachne {

TemplateAppendSweep sweepAppendedTemplates(ConstructionEpisode& episode, PlannerRun& run,
                                           std::vector<TemplateChoice> construction, int rounds, bool leadingRuns) {
  TemplateAppendSweep out;
  out.best = std::move(construction);
  std::vector<double> memory;  // per GPU type, for the mixed appends
  for (int type = 0; type < episode.gpuTypeCount(); ++type) memory.push_back(episode.cost().gpuType(type).memory_bytes);
  for (int round = 0; round < rounds && !run.shouldStop(); ++round) {
    size_t steps = 0;
    replayConstruction(episode, run, out.best, steps);
    if (episode.done() || episode.stepCount() != static_cast<int>(out.best.size())) break;
    const ConstructionEpisode after = episode;  // copies share the fill and its cache
    const FreeGpus& free = after.free();
    const ConstructionSpace& space = after.space();
    bool improved = false;
    TemplateChoice taken;
    const auto tryAppend = [&](TemplateChoice c) {
      ConstructionEpisode e = after;
      const long long before = e.evaluations();
      try {
        e.step(c);
      } catch (const std::invalid_argument&) {
        return;  // masked on this state
      }
      ++out.appends;
      run.addEvaluations(e.evaluations() - before);
      if (run.offer(e)) {
        taken = std::move(c);
        improved = true;
      }
    };
    std::vector<std::vector<StageChoice>> lastStages(static_cast<size_t>(free.typeCount()));
    for (int type = 0; type < free.typeCount(); ++type)
      if (free.freeOfType(type) > 0 && space.typeUsable(type)) lastStages[static_cast<size_t>(type)] = ownStages(space, free, type);
    for (int type = 0; type < free.typeCount(); ++type) {
      if (free.freeOfType(type) <= 0 || !space.typeUsable(type)) continue;
      for (TemplateChoice& c : ownTemplates(space, free, type)) {
        if (run.shouldStop()) return out;
        // Mixed: the last stage on a type with more memory per GPU and free GPUs (the last
        // stage holds the head; a type too small for it ends on a larger one), and with
        // `leadingRuns` the first k stages on it too (under 1F1B the first stages hold the most
        // micro-batches in flight).
        if (c.depth > 1)
          for (int other = 0; other < free.typeCount(); ++other)
            for (const StageChoice& larger : lastStages[static_cast<size_t>(other)]) {
              if (other == type || memory[static_cast<size_t>(other)] <= memory[static_cast<size_t>(type)]) continue;
              TemplateChoice m = c;
              m.stages.back() = larger;
              tryAppend(std::move(m));
              for (int k = 1; leadingRuns && k < c.depth && k * larger.tp <= free.freeOfType(other); ++k) {
                TemplateChoice lead = c;
                std::fill(lead.stages.begin(), lead.stages.begin() + k, larger);
                tryAppend(std::move(lead));
              }
            }
        tryAppend(std::move(c));
      }
    }
    if (!improved) break;
    out.best.push_back(std::move(taken));
  }
  return out;
}

}  // namespace arachne
