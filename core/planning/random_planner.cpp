// Random construction: every decision drawn uniformly among the choices its mask keeps.
#include "planning/random_planner.h"

#include <random>

#include "plan/texts.h"
#include "planning/construction_episode.h"
#include "planning/planner_run.h"

namespace arachne {
namespace {

constexpr long long kRepeatedEpisodes = 100000;

// Index of a uniformly drawn admitted entry, -1 when none is admitted.
int drawAdmitted(const Mask& m, std::mt19937_64& rng) {
  int n = 0;
  for (auto v : m) n += v ? 1 : 0;
  if (n == 0) return -1;
  int k = static_cast<int>(std::uniform_int_distribution<int>(0, n - 1)(rng));
  for (size_t i = 0; i < m.size(); ++i)
    if (m[i] && k-- == 0) return static_cast<int>(i);
  return -1;
}

}  // namespace

PlannerResult RandomPlanner::plan(const CostModel& cost, const PlannerBudget& budget,
                                  std::uint64_t seed, const ProgressCallback& progress,
                                  const std::atomic<bool>* cancel) {
  // On a small cluster random draws repeat: each distinct step is filled, and counted, once.
  EpisodeOptions reuse;
  reuse.reuse_fills = true;
  ConstructionEpisode episode(cost, reuse);
  PlannerRun run(budget, progress, cancel);
  std::mt19937_64 rng(seed);
  long long episodes = 0, repeated = 0;
  bool exhausted = false;
  while (!run.shouldStop()) {
    episode.reset();
    if (episode.done()) break;  // nothing can be placed at all
    // So many draws in a row that only repeat filled steps: the space is (all but) exhausted, and
    // an evaluation budget would never be spent.
    if (repeated >= kRepeatedEpisodes) {
      exhausted = true;
      break;
    }
    ++episodes;
    const long long spent = run.evaluations();
    while (!episode.done() && !run.shouldStop()) {
      TemplateChoice c;
      c.depth = drawAdmitted(episode.depthMask(), rng);
      for (int s = 0; s < c.depth; ++s) {
        const int g = drawAdmitted(episode.deviceMask(c), rng);
        const Mask tm = episode.tpMask(c, g);
        c.stages.push_back({g, episode.space().tp_choices[static_cast<size_t>(drawAdmitted(tm, rng))]});
      }
      const long long before = episode.evaluations();
      episode.step(c);
      run.addEvaluations(episode.evaluations() - before);
      run.offer(episode);
      run.progress();
    }
    repeated = run.evaluations() == spent ? repeated + 1 : 0;
  }
  Reason summary = exhausted ? Reason(text::kRandomEpisodesExhausted, {integer(episodes), integer(kRepeatedEpisodes)})
                             : Reason(text::kRandomEpisodes, {integer(episodes)});
  return run.finish(episode, name(), version(), seed, std::move(summary));
}

}  // namespace arachne
