// memoryFigures: the report's memory, or each stage's from the cost model when pricing stopped.
#include "what_if_memory.h"

#include <algorithm>
#include <cmath>

#include "cost/cost_model.h"

namespace arachne::gui {

std::optional<PlanReport> memoryFigures(const CostModel& cost, const Plan& plan, const PlanReport& report) {
  if (!report.templates.empty()) return report;
  if (plan.templates.empty()) return std::nullopt;
  const int layers = cost.model().layerCount();
  PlanReport out;
  for (const Template& t : plan.templates) {
    if (t.stages.empty() || t.replicas < 1 || t.micro_batch < 1) return std::nullopt;
    // A template the batch split did not reach (micro_batches 0): the most micro-batches any
    // split could give it, so no stage's activations are understated.
    const long long step = static_cast<long long>(t.replicas) * t.micro_batch;
    const long long most = (cost.spec().global_batch + step - 1) / step;
    const int m = t.micro_batches >= 1 ? t.micro_batches : static_cast<int>(std::clamp(most, 1LL, 1LL << 30));
    const int v = std::max(1, t.virtual_stages);
    TemplateReport tr;
    tr.micro_batches = std::max(0, t.micro_batches);
    tr.virtual_stages = v;
    for (int s = 0; s < t.depth(); ++s) {
      const Stage& st = t.stages[static_cast<size_t>(s)];
      const int g = cost.gpuIndex(st.gpu_type);
      if (g < 0 || st.tp < 1 || st.first_layer < 0 || st.last_layer >= layers || st.first_layer > st.last_layer ||
          !cost.hasProfile(g, st.tp, t.micro_batch))
        return std::nullopt;
      // The tiling the pricer uses (the stage's, else "without tiling"); a MoE stage's must be valid.
      const ExpertTiling tiling = CostModel::effectiveTiling(st.expert_tiling, st.tp, t.replicas);
      if (cost.hasMoeLayers(st.first_layer, st.last_layer) && !cost.tilingProblem(tiling, st.tp, t.replicas).empty())
        return std::nullopt;
      StageReport sr;
      sr.memory = cost.stageMemory(g, st.tp, t.micro_batch, st.first_layer, st.last_layer, s, t.depth(), m, t.replicas,
                                   tiling, v);
      if (sr.memory.capacity <= 0) return std::nullopt;  // all zeros: a layer type without profile
      sr.in_flight_micro_batches =
          static_cast<int>(std::ceil(CostModel::inFlightStages(s, t.depth(), m, v) - 1e-9));
      tr.stages.push_back(sr);
    }
    out.templates.push_back(std::move(tr));
  }
  return out;
}

}  // namespace arachne::gui
