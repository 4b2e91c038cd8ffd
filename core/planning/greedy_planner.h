// The greedy planner: at every step, the template that raises the plan's throughput most
// among a fixed candidate family; stops when no candidate improves it. Deterministic.
#pragma once

#include <vector>

#include "planning/planner.h"
#include "planning/template_choice.h"

namespace arachne {

class ConstructionEpisode;

class GreedyPlanner : public Planner {
 public:
  // `threads` fill each step's candidates (0: the machine's hardware threads, capped); the plan
  // does not depend on it, only how many candidates a time budget reaches.
  explicit GreedyPlanner(int threads = 0) : threads_(threads) {}
  std::string name() const override { return "greedy"; }
  std::string version() const override { return "1"; }
  PlannerResult plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                     const ProgressCallback& progress, const std::atomic<bool>* cancel) override;

  // The candidate family at the episode's current state, in the order they are tried: every
  // single-type template (one GPU type, one TP degree, depth 1..D_max), then every two-type
  // template (a block of one type and TP followed by a block of another), each admitted by
  // the masks.
  static std::vector<TemplateChoice> candidates(const ConstructionEpisode& episode);

 private:
  int threads_ = 0;
};

}  // namespace arachne
