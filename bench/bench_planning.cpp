// Where arachne's planning time goes (docs/performance.md, "Planning fast"): one
// network decision through LibTorch and through PolicyInference, alone and batched, one fill, and
// the whole plan() call on paper-3t-512 with llama3-8b with each execution (threads, batch, memo).
// Uses the shipped weights (resources/policy/arachne.policy).
#include <benchmark/benchmark.h>

#include <random>

#include "planning/construction_episode.h"
#include "planning_problem.h"
#include "policy/arachne_planner.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_inference.h"
#include "policy/policy_io.h"
#include "policy/policy_network.h"
#include "policy/policy_rollout.h"
#include "policy/policy_state.h"

using namespace arachne;

namespace {

BenchProblem& problem() {
  static BenchProblem p("paper-3t-512", "llama3-8b");
  return p;
}

std::shared_ptr<PolicyNetwork> shipped() {
  static std::shared_ptr<PolicyNetwork> net =
      loadPolicyOfKind(std::string(ARACHNE_SOURCE_DIR) + "/resources/policy/arachne.policy", false).network;
  return net;
}

// The decisions (with their inputs) of 64 sampled rollouts of the shipped policy.
struct Decisions {
  std::vector<PolicyDecision> all;
  std::vector<float> summary;
};
const Decisions& decisions() {
  static const Decisions d = [] {
    Decisions out;
    ConstructionEpisode e(problem().cost);
    const PolicyState state(shipped()->config(), problem().cost);
    const PolicyEpisodeView view(state, e);
    out.summary = state.summary();
    std::mt19937_64 rng(1);
    RolloutOptions o;
    o.temperature = 2.0;
    for (int r = 0; r < 64; ++r)
      for (const auto& s : runPolicyRollout(*shipped(), view, e, rng, o).steps)
        for (const auto& x : s.decisions) out.all.push_back(x);
    return out;
  }();
  return d;
}

// One decision as planning asked it before: encode the step's state, the head, masked
// log-softmax, argmax, all through LibTorch (PolicyNetwork::decide).
void BM_DecisionTorch(benchmark::State& state) {
  const auto& ds = decisions().all;
  size_t i = 0;
  for (auto _ : state) {
    PolicyDecision d = ds[i++ % ds.size()];
    benchmark::DoNotOptimize(shipped()->decide(d, nullptr));
  }
}
BENCHMARK(BM_DecisionTorch)->Unit(benchmark::kMicrosecond);

// The same through PolicyInference, `range(0)` decisions of one kind per pass (backbone and head).
void BM_DecisionInference(benchmark::State& state) {
  const auto& ds = decisions().all;
  const PolicyInference inf(*shipped(), decisions().summary);
  std::vector<const PolicyDecision*> depth;
  for (const auto& d : ds)
    if (d.kind == DecisionKind::Depth) depth.push_back(&d);
  const int n = static_cast<int>(state.range(0));
  std::vector<float> h(static_cast<size_t>(n) * static_cast<size_t>(inf.hiddenSize()));
  std::vector<std::vector<double>> out(static_cast<size_t>(n), std::vector<double>(17));
  std::vector<const float*> states(static_cast<size_t>(n)), hs(static_cast<size_t>(n));
  std::vector<const PolicyDecision*> batch(static_cast<size_t>(n));
  std::vector<double*> op(static_cast<size_t>(n));
  size_t k = 0;
  for (auto _ : state) {
    for (int r = 0; r < n; ++r) {
      batch[static_cast<size_t>(r)] = depth[k++ % depth.size()];
      states[static_cast<size_t>(r)] = batch[static_cast<size_t>(r)]->state->data();
      hs[static_cast<size_t>(r)] = h.data() + static_cast<size_t>(r) * static_cast<size_t>(inf.hiddenSize());
      op[static_cast<size_t>(r)] = out[static_cast<size_t>(r)].data();
    }
    inf.encode(n, states.data(), h.data());
    inf.logits(DecisionKind::Depth, n, hs.data(), batch.data(), op.data());
    benchmark::DoNotOptimize(out[0][0]);
  }
  state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(BM_DecisionInference)->Arg(1)->Arg(8)->Arg(32)->Unit(benchmark::kMicrosecond);

// One fill: the policy's greedy first template on the empty cluster, filled again every time.
void BM_FillFirstTemplate(benchmark::State& state) {
  ConstructionEpisode e(problem().cost);
  const PolicyState st(shipped()->config(), problem().cost);
  const PolicyEpisodeView view(st, e);
  std::mt19937_64 rng(1);
  RolloutOptions g;
  g.greedy = true;
  const TemplateChoice first = runPolicyRollout(*shipped(), view, e, rng, g).steps.front().choice;
  e.reset();
  for (auto _ : state) benchmark::DoNotOptimize(e.tryStep(first).feasible);
}
BENCHMARK(BM_FillFirstTemplate)->Unit(benchmark::kMicrosecond);

// The whole plan() call: threads, batch, memo as the arguments say.
void BM_PlanPaper3t512(benchmark::State& state) {
  BatchedRollouts::Options o;
  o.threads = static_cast<int>(state.range(0));
  o.batch = static_cast<int>(state.range(1));
  o.memo = state.range(2) != 0;
  long long evals = 0;
  for (auto _ : state) {
    ArachnePlanner planner(shipped(), "arachne");
    planner.setExecution(o);
    PlannerBudget b;
    b.seconds = 60;
    const PlannerResult r = planner.plan(problem().cost, b, 1, {}, nullptr);
    evals = r.stats.evaluations;
    benchmark::DoNotOptimize(r.report.throughput.sequences_per_s);
  }
  state.counters["evaluations"] = static_cast<double>(evals);
}
BENCHMARK(BM_PlanPaper3t512)
    ->ArgNames({"threads", "batch", "memo"})
    ->Args({1, 1, 0})
    ->Args({1, 1, 1})
    ->Args({1, 32, 1})
    ->Args({2, 32, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
