// The exhaustive planner on a 16-GPU two-type composition (a100-40:4x2,h100:4x2) with
// llama3-8b. Target: <= 10 s (docs/performance.md).
#include <benchmark/benchmark.h>

#include "planning/planner.h"
#include "planning_problem.h"

using namespace arachne;

namespace {

void BM_Exhaustive16(benchmark::State& state) {
  static BenchProblem p("a100-40:4x2,h100:4x2", "llama3-8b");
  PlannerResult r;
  for (auto _ : state) {
    auto planner = makePlanner("exhaustive");
    r = planner->plan(p.cost, PlannerBudget{10, 0}, 0, {}, nullptr);
    benchmark::DoNotOptimize(r.found);
  }
  state.counters["evaluations"] = static_cast<double>(r.stats.evaluations);
  state.counters["seq/s"] = r.report.throughput.sequences_per_s;
  state.counters["refused"] = r.stats.refused ? 1 : 0;
  state.SetLabel(r.stats.message);
}
BENCHMARK(BM_Exhaustive16)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

}  // namespace

BENCHMARK_MAIN();
