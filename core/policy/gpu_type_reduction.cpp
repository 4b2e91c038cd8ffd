// Keeping the GPU types with the most compute when a composition has more than the policy holds.
#include "policy/gpu_type_reduction.h"

#include <algorithm>

#include "catalog/gpu_type.h"
#include "catalog/precision.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "plan/texts.h"

namespace arachne {

namespace {

struct Ranked {
  std::string id;
  int gpus = 0;
  double tflops = 0;  // GPUs × achievable TFLOP/s
  double memory = 0;  // GPUs × bytes
};

}  // namespace

GpuTypeReduction reduceGpuTypes(const CostModel& cost, int limit) {
  GpuTypeReduction r;
  r.limit = limit;
  const Composition& c = cost.composition();
  std::vector<Ranked> ranked;
  for (const std::string& id : c.gpuTypes()) {
    const int index = cost.gpuIndex(id);
    if (index < 0) continue;
    const GpuType& t = cost.gpuType(index);
    const int gpus = c.gpusOfType(id);
    ranked.push_back({id, gpus, gpus * t.peakTflops(cost.spec().precision) * t.matmul_efficiency,
                      gpus * t.memory_bytes});
  }
  r.types = static_cast<int>(ranked.size());
  std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
    if (a.tflops != b.tflops) return a.tflops > b.tflops;
    if (a.memory != b.memory) return a.memory > b.memory;
    return a.id < b.id;
  });
  for (size_t i = 0; i < ranked.size(); ++i) {
    if (static_cast<int>(i) < limit) {
      r.kept.push_back(ranked[i].id);
    } else {
      r.withheld.push_back(ranked[i].id);
      r.withheld_tflops.push_back(ranked[i].tflops);
    }
  }
  return r;
}

std::vector<UnusedGpus> GpuTypeReduction::unusedGpus(const CostModel& cost) const {
  std::vector<UnusedGpus> out;
  for (size_t w = 0; w < withheld.size(); ++w) {
    const Reason why(text::kUnusedWithheldType,
                     {integer(limit), integer(types), verbatim(withheld[w]), integer(limit + 1 + static_cast<long long>(w)),
                      number(withheld_tflops[w], 0), verbatim(toString(cost.spec().precision))});
    for (const Node& n : cost.composition().nodes()) {
      if (n.gpu_type != withheld[w]) continue;
      UnusedGpus u;
      u.gpu_type = n.gpu_type;
      u.node_id = n.id;
      u.count = n.gpus;
      u.why = why;
      u.reason = why.english();
      out.push_back(std::move(u));
    }
  }
  return out;
}

Reason GpuTypeReduction::summary(const CostModel& cost) const {
  if (withheld.empty()) return {};
  std::vector<Reason> left;
  for (const std::string& id : withheld)
    left.push_back(Reason(text::kTypeLeftOut, {verbatim(id), integer(cost.composition().gpusOfType(id))}));
  return Reason(text::kTypesReduced, {integer(static_cast<long long>(kept.size())), integer(types), integer(limit),
                                      nested(joinReasons(text::kListItems, left))});
}

}  // namespace arachne
