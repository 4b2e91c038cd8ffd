// A test-only planning backend: its planner places one template per GPU type on that type's
// first node, reports progress, honours cancel, and can be held at a gate to test staleness.
// (The product's planners need the cost model; these tests check the window, not the numbers.)
#pragma once

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "planning_backend.h"

namespace arachne::test {

class FakePlanningBackend : public gui::PlanningBackend {
 public:
  mutable std::atomic<bool> gate{true};  // false holds the job until it is set again
  std::string message;                   // the result's stats.message (set before planning)

  std::vector<std::string> plannerNames() const override { return {"fake-greedy", "fake-random"}; }

  gui::PlanningRunner::Job makeJob(const gui::PlanningRequest& request) const override {
    return [this, request](const ProgressCallback& progress, const std::atomic<bool>* cancel) {
      for (int i = 0; i < 3; ++i) {
        PlannerProgress p;
        p.evaluations = i + 1;
        p.best_sequences_per_s = i;
        if (progress) progress(p);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      while (!gate.load() && !cancel->load()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      PlannerResult r;
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
        t.stages = {Stage{type, first->gpus, 0, request.model.layerCount() - 1, {first->id}, std::nullopt}};
        r.plan.templates.push_back(t);
        TemplateReport tr;
        StageReport sr;
        sr.time.compute = 0.1;
        sr.time.grad_sync = 0.05;
        sr.memory = StageMemory{1e9, 2e9, 6e9, 3e9, 1e9, 40e9};
        tr.stages = {sr};
        tr.micro_batches = 8;
        tr.iteration_time_s = 0.85;
        r.report.templates.push_back(tr);
        const double before = throughput;
        throughput += 8 / 0.85;
        r.construction.push_back(ConstructionStep{t, before, throughput, throughput - before, ""});
      }
      for (const auto& n : c.nodes())
        if (std::none_of(r.plan.templates.begin(), r.plan.templates.end(), [&](const Template& t) {
              return t.stages[0].node_ids[0] == n.id;
            }))
          r.plan.unused_gpus.push_back(UnusedGpus{n.gpu_type, n.id, n.gpus, "fake planner uses one node per type"});
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
