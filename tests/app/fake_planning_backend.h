// A test-only planning backend: its planner places one template per GPU type on that type's
// first node, reports progress, honours cancel, and can be held at a gate to test staleness.
// "fake-slow" runs until its budget ends or it is cancelled (the alternatives view's slow
// planner); with `infeasible` set every planner finds no plan and says why, as data.
// With `learned` set, "fake-learned" is listed too, the default, and reports `learnedPolicy`
// as its policy state (the window's loading and fallback states; its plans are fake-greedy's).
// (The product's planners need the cost model; these tests check the window, not the numbers.)
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>

#include "plan/texts.h"
#include "planning_backend.h"

namespace arachne::test {

class FakePlanningBackend : public gui::PlanningBackend {
 public:
  mutable std::atomic<bool> gate{true};  // false holds the job until it is set again
  std::string message;                   // the result's stats.message (set before planning)
  mutable std::atomic<bool> infeasible{false};
  mutable std::atomic<bool> proven{false};  // with `infeasible`: the planner proved it (stats.proof)
  mutable std::atomic<int> depth{1};
  mutable std::atomic<std::uint64_t> lastSeed{~0ULL};  // the seed of the last request planned
  std::string refusal;  // when set, "fake-random" refuses with this message  // stages of the first type's template (a deep pipeline)

  bool learned = false;  // set before the window is made
  gui::PlannerAvailability learnedPolicy{gui::PlannerAvailability::Policy::NotLoaded, {}};

  std::vector<std::string> plannerNames() const override {
    std::vector<std::string> names{"fake-greedy", "fake-random", "fake-slow"};
    if (learned) names.push_back("fake-learned");
    return names;
  }
  std::string defaultPlanner() const override { return learned ? "fake-learned" : "fake-greedy"; }
  gui::PlannerAvailability availability(const std::string& planner) const override {
    return learned && planner == "fake-learned" ? learnedPolicy : gui::PlannerAvailability{};
  }

  gui::PlanningRunner::Job makeJob(const gui::PlanningRequest& request) const override {
    lastSeed = request.seed;
    return [this, request](const ProgressCallback& progress, const std::atomic<bool>* cancel) {
      if (request.planner == "fake-slow") {
        const auto start = std::chrono::steady_clock::now();
        auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
        while (!cancel->load() && elapsed() < request.budget.seconds)
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        PlannerResult r;
        r.stats.elapsed_s = elapsed();
        r.stats.cancelled = cancel->load();
        r.stats.evaluations = 7;
        return r;
      }
      if (request.planner == "fake-random" && !refusal.empty()) {
        PlannerResult r;
        r.stats.refused = true;
        r.stats.message = refusal;
        r.plan.provenance.planner = request.planner;
        return r;
      }
      if (infeasible.load()) {
        PlannerResult r;
        r.stats.reason = Reason(text::kGreedySteps, {integer(0)});
        r.stats.message = r.stats.reason.english();
        Violation v;
        v.kind = ViolationKind::OutOfMemory;
        v.reason = Reason(text::kFillOutOfMemory, {integer(1), integer(0), verbatim("h100 TP 1"), number(518.3, 1),
                                                   number(80.0, 1), term(text::kOptimizer)});
        v.message = v.reason.english();
        r.report.violations.push_back(v);
        for (const auto& n : request.composition.nodes()) {
          UnusedGpus u{n.gpu_type, n.id, n.gpus, {}, {}};
          u.why = Reason(text::kUnusedNoUse, {integer(3), nested(v.reason)});
          u.reason = u.why.english();
          r.plan.unused_gpus.push_back(u);
        }
        if (proven.load())
          r.stats.proof = Reason(text::kNoPlanCanFit, {number(560.1, 1), number(456.0, 1), number(4, 0)});
        r.plan.provenance.planner = request.planner;
        return r;
      }
      for (int i = 0; i < 3; ++i) {
        PlannerProgress p;
        p.evaluations = i + 1;
        p.best_sequences_per_s = i;
        if (progress) progress(p);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      while (!gate.load() && !cancel->load()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      PlannerResult r;
      if (cancel->load()) {  // cancelled before its first plan, as a real planner can be
        r.stats.cancelled = true;
        r.plan.provenance.planner = request.planner;
        return r;
      }
      const Composition& c = request.composition;
      double throughput = 0;
      for (const auto& type : c.gpuTypes()) {
        const Node* first = nullptr;
        for (const auto& n : c.nodes())
          if (n.gpu_type == type && !first) first = &n;
        Template t;
        t.replicas = 1;
        t.micro_batch = 1;
        t.micro_batches = 8;
        const int d = r.plan.templates.empty() ? std::max(1, depth.load()) : 1;
        const int layers = request.model.layerCount();
        for (int s = 0; s < d; ++s)
          t.stages.push_back(Stage{type, std::max(1, first->gpus / d), s * layers / d, (s + 1) * layers / d - 1, {first->id}, std::nullopt});
        r.plan.templates.push_back(t);
        TemplateReport tr;
        StageReport sr;
        sr.time.compute = 0.1;
        sr.time.grad_sync = 0.05;
        sr.memory = StageMemory{1e9, 2e9, 6e9, 3e9, 1e9, 40e9};
        tr.stages.assign(static_cast<size_t>(d), sr);
        tr.micro_batches = 8;
        tr.iteration_time_s = 0.85;
        r.report.templates.push_back(tr);
        const double before = throughput;
        throughput += 8 / 0.85;
        r.construction.push_back(ConstructionStep{t, before, throughput, throughput - before, "placed", {}, {}, {}});
      }
      for (const auto& n : c.nodes())
        if (std::none_of(r.plan.templates.begin(), r.plan.templates.end(), [&](const Template& t) {
              return t.stages[0].node_ids[0] == n.id;
            }))
          r.plan.unused_gpus.push_back(UnusedGpus{n.gpu_type, n.id, n.gpus, "fake planner uses one node per type", {}});
      r.found = true;
      r.report.feasible = true;
      r.report.iteration_time_s = 0.85;
      r.report.throughput.sequences_per_s = throughput;
      r.plan.provenance.planner = request.planner;
      r.stats.evaluations = 3;
      r.stats.message = message;
      return r;
    };
  }
};

}  // namespace arachne::test
