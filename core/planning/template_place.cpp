// TemplateFill::place: a template with explicit layer split, replicas and micro-batch size (flat-rl).
#include <algorithm>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "planning/feasibility_masks.h"
#include "planning/layer_split.h"
#include "plan/texts.h"
#include "planning/node_allocator.h"
#include "planning/template_fill.h"

namespace arachne {

FillResult TemplateFill::place(const Plan& sofar, const FreeGpus& free, const TemplateChoice& choice,
                               const TemplateArithmetic& a) const {
  FillResult out;
  if (!choice.complete()) {
    out.fail(Reason(text::kTemplateIncomplete));
    return out;
  }
  const int d = choice.depth;
  const int layers = cost_.model().layerCount();
  if (static_cast<int>(a.layers.size()) != d) {
    out.fail(Reason(text::kLayerCounts, {integer(static_cast<long long>(a.layers.size())), integer(d)}));
    return out;
  }
  int sum = 0;
  for (int n : a.layers) {
    if (n < 1) {
      out.fail(Reason(text::kStageHoldsLayers, {integer(n)}));
      return out;
    }
    sum += n;
  }
  if (sum != layers) {
    out.fail(Reason(text::kStagesHoldLayers, {integer(sum), integer(layers)}));
    return out;
  }
  const int packed = FeasibilityMasks::maxReplicas(free, FeasibilityMasks::demandOf(free, choice));
  if (a.replicas < 1 || a.replicas > packed) {
    out.fail(Reason(text::kReplicasRequested, {integer(a.replicas), integer(packed)}));
    return out;
  }
  long long used = 0;
  for (const Template& t : sofar.templates) used += static_cast<long long>(t.replicas) * t.micro_batch;
  const long long batchLeft = cost_.spec().global_batch - used;
  const long long perStep = static_cast<long long>(a.replicas) * a.micro_batch;
  if (a.micro_batch < 1 || perStep > batchLeft) {
    out.fail(Reason(text::kReplicasExceedBatch, {integer(a.replicas), integer(a.micro_batch), integer(batchLeft)}));
    return out;
  }
  for (const StageChoice& s : choice.stages) {
    const auto& m = microBatches(s.gpu, s.tp);
    if (!std::binary_search(m.begin(), m.end(), a.micro_batch)) {
      out.fail(Reason(text::kMicroBatchNotProfiled, {integer(a.micro_batch), verbatim(cost_.gpuType(s.gpu).id), integer(s.tp)}));
      return out;
    }
  }

  FreeGpus after = free;
  std::vector<std::vector<int>> nodeIds;
  if (!NodeAllocator::allocate(after, choice, a.replicas, nodeIds)) {
    out.fail(Reason(text::kReplicasDoNotFit, {integer(a.replicas)}));
    return out;
  }
  Plan work = sofar;
  Template& t = work.templates.emplace_back();
  t.replicas = a.replicas;
  t.micro_batch = a.micro_batch;
  t.micro_batches = 1;
  t.stages.resize(static_cast<size_t>(d));
  const int bound = static_cast<int>((batchLeft + perStep - 1) / perStep);
  const LayerSplitter splitter(cost_, choice.stages, a.micro_batch, a.replicas, bound);
  std::vector<int> lastLayers;
  for (int s = 0, last = -1; s < d; ++s) {
    Stage& st = t.stages[static_cast<size_t>(s)];
    st.gpu_type = gpu_ids_[static_cast<size_t>(choice.stages[static_cast<size_t>(s)].gpu)];
    st.tp = choice.stages[static_cast<size_t>(s)].tp;
    st.node_ids = nodeIds[static_cast<size_t>(s)];
    lastLayers.push_back(last += a.layers[static_cast<size_t>(s)]);
  }
  // Expert tiling stays rule-based: the least-memory valid tiling, then tileExperts().
  PlanReport report = layAndPrice(work, lastLayers, splitter, bound, out.priced);
  if (!report.feasible) {
    out.fail(report.violations.empty() ? Reason(text::kCostModelRejects) : report.violations.front().reason);
    return out;
  }
  for (size_t i = 0; i < work.templates.size() && i < report.templates.size(); ++i)
    work.templates[i].micro_batches = report.templates[i].micro_batches;
  out.feasible = true;
  out.plan = std::move(work);
  out.report = std::move(report);
  out.free_after = std::move(after);
  return out;
}

}  // namespace arachne
