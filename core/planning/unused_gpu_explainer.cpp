// Reasons for unused GPUs: each node is tried as its own template on top of the plan.
#include "planning/unused_gpu_explainer.h"

#include <cstdio>
#include <map>

#include "cost/cost_model.h"
#include "planning/template_fill.h"

namespace arachne {
namespace {

std::string num(double v, const char* fmt = "%.1f") {
  char buf[48];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string shape(int depth, int tp) {
  return "depth " + std::to_string(depth) + ", TP " + std::to_string(tp);
}

// One node's free GPUs tried as every uniform template that fits on it alone.
std::string reasonFor(const TemplateFill& fill, const ConstructionSpace& space, const Plan& plan,
                      double before, const FreeGpus& free, int type, const FreeGpus::NodeSlot& node) {
  const CostModel& cost = fill.cost();
  const std::string& id = free.typeId(type);
  if (!space.typeUsable(type))
    return "no TP degree is profiled for " + id + ", so it is outside the search space";
  long long used = 0;
  for (const Template& t : plan.templates) used += static_cast<long long>(t.replicas) * t.micro_batch;
  if (used >= cost.spec().global_batch)
    return "the global batch of " + std::to_string(cost.spec().global_batch) +
           " sequences already gives every replica of the plan just one micro-batch";
  // The node alone, with only its free GPUs.
  const FreeGpus alone = free.onlyNode(node.node_id);
  bool haveBest = false;
  double bestThr = 0;
  int bestD = 0, bestTp = 0;
  PlanReport bestReport;
  std::string tightest;  // why the most spread-out template fails
  int tightestGpus = 0;
  for (size_t ki = 0; ki < space.tp_choices.size(); ++ki) {
    const int k = space.tp_choices[ki];
    if (!space.tp_allowed[static_cast<size_t>(type)][ki] || k > node.free) continue;
    for (int d = 1; d <= space.max_depth && d * k <= node.free; ++d) {
      TemplateChoice c{d, std::vector<StageChoice>(static_cast<size_t>(d), StageChoice{type, k})};
      FillResult r = fill.fill(plan, alone, c);
      if (r.feasible) {
        const double thr = r.report.throughput.sequences_per_s;
        if (!haveBest || thr > bestThr) {
          haveBest = true;
          bestThr = thr;
          bestD = d;
          bestTp = k;
          bestReport = std::move(r.report);
        }
      } else if (d * k >= tightestGpus) {
        tightestGpus = d * k;
        tightest = "as " + shape(d, k) + ": " + r.why;
      }
    }
  }
  if (!haveBest)
    return "as its own template it adds 0 replicas: " + tightest;
  const std::string t = "as its own template (" + shape(bestD, bestTp) + ") ";
  if (before <= 0)
    return t + "it would reach " + num(bestThr) + " seq/s, but the planner placed nothing";
  const double change = (bestThr - before) / before * 100.0;
  if (change >= 0)
    return t + "it would raise throughput by " + num(change, "%.2f") + "% (" + num(before) + " → " +
           num(bestThr) + " seq/s), but the planner stopped before placing it";
  // Who is the straggler of the plan with it?
  std::string straggler;
  const auto& tr = bestReport.templates;
  if (!tr.empty()) {
    size_t worst = 0;
    for (size_t i = 1; i < tr.size(); ++i)
      if (tr[i].iteration_time_s > tr[worst].iteration_time_s) worst = i;
    if (worst + 1 == tr.size())
      straggler = ": it would be the straggler, its iteration taking " +
                  num(tr[worst].iteration_time_s, "%.3f") + " s where the plan takes " +
                  num(1.0 / (before / cost.spec().global_batch), "%.3f") + " s without it";
    else
      straggler = ": the batch split would leave template " + std::to_string(worst + 1) +
                  " the straggler at " + num(tr[worst].iteration_time_s, "%.3f") + " s";
  }
  return "joining lowers throughput by " + num(-change, "%.1f") + "% (" + num(before) + " → " +
         num(bestThr) + " seq/s) " + t.substr(0, t.size() - 1) + straggler;
}

}  // namespace

std::vector<UnusedGpus> UnusedGpuExplainer::explain(const TemplateFill& fill,
                                                    const ConstructionSpace& space,
                                                    const Plan& plan, const FreeGpus& free) {
  std::vector<UnusedGpus> out;
  double before = 0;
  if (!plan.templates.empty()) {
    const PlanReport r = fill.cost().price(plan, true);
    if (r.feasible) before = r.throughput.sequences_per_s;
  }
  std::map<std::pair<int, int>, std::string> cache;
  for (int t = 0; t < free.typeCount(); ++t) {
    for (const auto& n : free.nodes(t)) {
      if (n.free <= 0) continue;
      auto key = std::make_pair(t, n.free);
      auto it = cache.find(key);
      if (it == cache.end())
        it = cache.emplace(key, reasonFor(fill, space, plan, before, free, t, n)).first;
      std::string reason = it->second;
      if (n.free < n.size)
        reason = std::to_string(n.free) + " of its " + std::to_string(n.size) + " GPUs are free; " + reason;
      out.push_back(UnusedGpus{free.typeId(t), n.node_id, n.free, std::move(reason)});
    }
  }
  return out;
}

}  // namespace arachne
