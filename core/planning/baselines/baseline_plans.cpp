// Placing, pricing and describing the baselines' Sailor-shaped candidates.
#include "planning/baselines/baseline_plans.h"

#include <map>

#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "plan/texts.h"

namespace arachne {

PricedCandidate priceSailorPipeline(const CostModel& cost, const NodeReading& reading,
                                    const SailorPipeline& pipe) {
  PricedCandidate c;
  const SailorPlacement placed = placeSailorPipeline(pipe, reading.composition);
  if (!placed.problem.empty()) {
    c.why = Reason(text::kCannotBePlaced, {nested(placed.why)});
    c.problem = c.why.english();
    return c;
  }
  c.plan = toRealNodes(toPlan(pipe, placed.node_ids), reading);
  c.report = cost.price(c.plan, false);
  if (!c.report.feasible) {
    c.why = firstViolation(c.report);
    c.problem = c.why.english();
  }
  return c;
}

Reason candidateProblem(const SailorPipeline& pipe, const Reason& problem) {
  return Reason(text::kCandidateProblem, {verbatim(describePipeline(pipe)), nested(problem)});
}

std::vector<UnusedGpus> listUnusedGpus(const Composition& composition, const Plan& plan, const Reason& why) {
  const std::string reason = why.english();
  std::map<int, int> used;
  for (const Template& t : plan.templates)
    for (const Stage& s : t.stages)
      for (int id : s.node_ids) used[id] += s.tp;
  std::vector<UnusedGpus> out;
  for (const Node& n : composition.nodes()) {
    const int free = n.gpus - used[n.id];
    if (free > 0) out.push_back({n.gpu_type, n.id, free, reason, why});
  }
  return out;
}

std::string describePipeline(const SailorPipeline& pipe) {
  std::string s = "mbs " + std::to_string(pipe.micro_batch) + ", PP " + std::to_string(pipe.depth());
  for (int i = 0; i < pipe.depth(); ++i) {
    s += " | L" + std::to_string(pipe.layers[static_cast<size_t>(i)].first) + "-" +
         std::to_string(pipe.layers[static_cast<size_t>(i)].second) + ":";
    // Counts of each (GPU, TP) in order of first appearance.
    std::vector<std::pair<SailorReplica, int>> counts;
    for (const SailorReplica& r : pipe.replicas[static_cast<size_t>(i)]) {
      bool found = false;
      for (auto& [k, n] : counts)
        if (k == r) {
          ++n;
          found = true;
        }
      if (!found) counts.emplace_back(r, 1);
    }
    for (size_t k = 0; k < counts.size(); ++k)
      s += (k ? " + " : " ") + std::to_string(counts[k].second) + "x " + counts[k].first.gpu_type + " TP" +
           std::to_string(counts[k].first.tp);
  }
  return s;
}

}  // namespace arachne
