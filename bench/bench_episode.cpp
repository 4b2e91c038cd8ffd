// One whole construction episode (masks, every fill, rewards) on paper-3t-512 with llama3-8b.
// Target: <= 1 ms median (docs/performance.md).
#include <benchmark/benchmark.h>

#include <random>

#include "planning/construction_episode.h"
#include "planning_problem.h"

using namespace arachne;

namespace {

BenchProblem& problem() {
  static BenchProblem p("paper-3t-512", "llama3-8b");
  return p;
}

int drawAdmitted(const Mask& m, std::mt19937_64& rng) {
  int n = 0;
  for (auto v : m) n += v;
  int k = static_cast<int>(std::uniform_int_distribution<int>(0, n - 1)(rng));
  for (size_t i = 0; i < m.size(); ++i)
    if (m[i] && k-- == 0) return static_cast<int>(i);
  return -1;
}

// Masked uniform decisions, as the random planner and an untrained policy take them; the
// seed cycles over 64 episodes so the median covers shallow and deep templates alike.
void BM_EpisodeRandom(benchmark::State& state) {
  ConstructionEpisode e(problem().cost);
  long long seed = 0, steps = 0, fills = 0;
  for (auto _ : state) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed++ % 64));
    e.reset();
    while (!e.done()) {
      TemplateChoice c;
      c.depth = drawAdmitted(e.depthMask(), rng);
      for (int s = 0; s < c.depth; ++s) {
        const int g = drawAdmitted(e.deviceMask(c), rng);
        c.stages.push_back({g, e.space().tp_choices[static_cast<size_t>(drawAdmitted(e.tpMask(c, g), rng))]});
      }
      e.step(c);
    }
    steps += e.stepCount();
    fills += e.evaluations();
    benchmark::DoNotOptimize(e.throughput());
  }
  state.counters["steps/episode"] = benchmark::Counter(static_cast<double>(steps) / state.iterations());
  state.counters["fills/episode"] = benchmark::Counter(static_cast<double>(fills) / state.iterations());
}
BENCHMARK(BM_EpisodeRandom)->Unit(benchmark::kMicrosecond)->Repetitions(5)->ReportAggregatesOnly(true);

// A fixed three-template episode, one template per GPU type, then STOP.
void BM_EpisodeScripted(benchmark::State& state) {
  ConstructionEpisode e(problem().cost);
  const CostModel& c = problem().cost;
  const int a100 = c.gpuIndex("a100-40"), a6000 = c.gpuIndex("a6000"), h100 = c.gpuIndex("h100");
  const std::vector<TemplateChoice> script = {
      {2, {{h100, 4}, {h100, 4}}},
      {4, {{a100, 4}, {a100, 4}, {a100, 4}, {a100, 4}}},
      {4, {{a6000, 2}, {a6000, 2}, {a6000, 4}, {a6000, 4}}},
  };
  for (auto _ : state) {
    e.reset();
    for (const auto& t : script)
      if (!e.done()) e.step(t);
    if (!e.done()) e.step(TemplateChoice{});
    benchmark::DoNotOptimize(e.throughput());
  }
  state.counters["seq/s"] = e.throughput();
}
BENCHMARK(BM_EpisodeScripted)->Unit(benchmark::kMicrosecond)->Repetitions(5)->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
