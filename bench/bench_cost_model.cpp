// Cost-model speed: pricing a four-template plan on paper-3t-512 (target <= 5 us median, issue 11),
// plus the one-time costs (analytic profiles, CostModel construction) and the O(1) queries.
#include <benchmark/benchmark.h>

#include <cstdio>

#include "bench_fixture.h"
#include "cost/cost_model.h"
#include "profile/analytic_profiler.h"

using namespace arachne;

namespace {

struct Problem {
  const GpuCatalog& catalog = GpuCatalog::builtin();
  Composition composition = loadPreset("paper-3t-512", catalog);
  Model model = benchfix::llama3_8b();
  TrainingSpec spec = model.default_training;
  ProfileSet profiles = makeAnalyticProfiles(catalog, composition.gpuTypes(), model, spec);
  CostModel cost{catalog, composition, model, spec, profiles};
  Plan plan = benchfix::fourTemplates(composition);
};

Problem& problem() {
  static Problem p;
  static bool checked = [] {
    PlanReport r = p.cost.price(p.plan);
    if (!r.feasible) {
      std::fprintf(stderr, "benchmark plan is infeasible: %s\n", r.violations.at(0).message.c_str());
      std::abort();
    }
    return true;
  }();
  (void)checked;
  return p;
}

void BM_PricePlanFourTemplates(benchmark::State& state) {
  Problem& p = problem();
  for (auto _ : state) {
    PlanReport r = p.cost.price(p.plan);
    benchmark::DoNotOptimize(r.iteration_time_s);
  }
  PlanReport r = p.cost.price(p.plan);
  state.counters["seq_per_s"] = r.throughput.sequences_per_s;
}
BENCHMARK(BM_PricePlanFourTemplates);

// The same plan with every communication term off (CostTerms::legacy(), analytic v1 profiles:
// the cost model before issue 11), in the same run, so the price of the terms is visible.
void BM_PricePlanFourTemplatesLegacy(benchmark::State& state) {
  Problem& p = problem();
  AnalyticProfileOptions v1;
  v1.version = 1;
  static const ProfileSet profiles = makeAnalyticProfiles(p.catalog, p.composition.gpuTypes(), p.model, p.spec, v1);
  static const CostModel legacy{p.catalog, p.composition, p.model, p.spec, profiles, CostTerms::legacy()};
  for (auto _ : state) {
    PlanReport r = legacy.price(p.plan);
    benchmark::DoNotOptimize(r.iteration_time_s);
  }
}
BENCHMARK(BM_PricePlanFourTemplatesLegacy);

void BM_LayersTime(benchmark::State& state) {
  Problem& p = problem();
  const int g = p.cost.gpuIndex("h100");
  int first = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(p.cost.layersTime(g, 4, 1, first, 33));
    first = (first + 1) % 34;
  }
}
BENCHMARK(BM_LayersTime);

void BM_StageMemory(benchmark::State& state) {
  Problem& p = problem();
  const int g = p.cost.gpuIndex("a6000");
  for (auto _ : state) {
    StageMemory m = p.cost.stageMemory(g, 4, 1, 0, 8, 0, 4, 32, 8);
    benchmark::DoNotOptimize(m.activations);
  }
}
BENCHMARK(BM_StageMemory);

void BM_AnalyticProfiles(benchmark::State& state) {
  Problem& p = problem();
  for (auto _ : state) {
    ProfileSet s = makeAnalyticProfiles(p.catalog, p.composition.gpuTypes(), p.model, p.spec);
    benchmark::DoNotOptimize(s.size());
  }
}
BENCHMARK(BM_AnalyticProfiles)->Unit(benchmark::kMillisecond);

void BM_CostModelConstruction(benchmark::State& state) {
  Problem& p = problem();
  for (auto _ : state) {
    CostModel c(p.catalog, p.composition, p.model, p.spec, p.profiles);
    benchmark::DoNotOptimize(c.gpuTypeCount());
  }
}
BENCHMARK(BM_CostModelConstruction)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
