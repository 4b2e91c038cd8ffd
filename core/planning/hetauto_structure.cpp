// HetAuto's coarse structures: uniform draws over type subsets and orders, TP degrees, stage
// counts and micro-batch sizes; replicas as many as pack.
#include "planning/hetauto_structure.h"

#include <algorithm>

#include "planning/feasibility_masks.h"
#include "planning/template_fill.h"

namespace arachne {

TemplateChoice HetAutoStructure::choice() const {
  TemplateChoice c;
  for (size_t i = 0; i < types.size(); ++i)
    for (int s = 0; s < stages[i]; ++s) c.stages.push_back({types[i], tp[i]});
  c.depth = static_cast<int>(c.stages.size());
  return c;
}

std::string HetAutoStructure::key() const {
  std::string k;
  for (size_t i = 0; i < types.size(); ++i)
    k += std::to_string(types[i]) + ":" + std::to_string(tp[i]) + "x" + std::to_string(stages[i]) + ",";
  return k + "b" + std::to_string(micro_batch);
}

HetAutoSpace::HetAutoSpace(const TemplateFill& fill, const ConstructionSpace& space, const FreeGpus& free,
                           int globalBatch)
    : fill_(fill), space_(space), free_(free), global_batch_(globalBatch) {
  for (int t = 0; t < free.typeCount(); ++t)
    if (space.typeUsable(t) && free.largestFree(t) >= space.min_tp[static_cast<size_t>(t)]) usable_.push_back(t);
}

bool HetAutoSpace::draw(std::mt19937_64& rng, HetAutoStructure& out) const {
  if (usable_.empty()) return false;
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  // Which types, in which order.
  std::vector<int> types = usable_;
  std::shuffle(types.begin(), types.end(), rng);
  const int u = std::min(uniform(1, static_cast<int>(types.size())), space_.max_depth);
  types.resize(static_cast<size_t>(u));
  out.types = types;
  // A TP degree per segment among those profiled that fit a node of the type.
  out.tp.clear();
  for (int t : types) {
    std::vector<int> ks;
    for (size_t i = 0; i < space_.tp_choices.size(); ++i)
      if (space_.tp_allowed[static_cast<size_t>(t)][i] && space_.tp_choices[i] <= free_.largestFree(t))
        ks.push_back(space_.tp_choices[i]);
    out.tp.push_back(ks[static_cast<size_t>(uniform(0, static_cast<int>(ks.size()) - 1))]);
  }
  // A depth, then its stages spread over the segments (uniform compositions into u parts).
  const int depth = uniform(u, space_.max_depth);
  std::vector<int> cuts;
  for (int i = 1; i < depth; ++i) cuts.push_back(i);
  std::shuffle(cuts.begin(), cuts.end(), rng);
  cuts.resize(static_cast<size_t>(u - 1));
  std::sort(cuts.begin(), cuts.end());
  out.stages.clear();
  for (int i = 0, prev = 0; i < u; ++i) {
    const int end = i + 1 < u ? cuts[static_cast<size_t>(i)] : depth;
    out.stages.push_back(end - prev);
    prev = end;
  }
  // A micro-batch size profiled for every segment.
  std::vector<int> common;
  for (size_t i = 0; i < types.size(); ++i) {
    const auto& m = fill_.microBatches(types[i], out.tp[i]);
    if (i == 0) {
      common = m;
    } else {
      std::vector<int> both;
      std::set_intersection(common.begin(), common.end(), m.begin(), m.end(), std::back_inserter(both));
      common = both;
    }
  }
  if (common.empty()) return false;
  out.micro_batch = common[static_cast<size_t>(uniform(0, static_cast<int>(common.size()) - 1))];
  const int packed = FeasibilityMasks::maxReplicas(free_, FeasibilityMasks::demandOf(free_, out.choice()));
  out.replicas = std::min(packed, global_batch_ / out.micro_batch);
  return out.replicas >= 1;
}

bool HetAutoSpace::next(std::mt19937_64& rng, HetAutoStructure& out, int attempts) {
  for (int i = 0; i < attempts; ++i) {
    if (!draw(rng, out)) continue;
    if (seen_.insert(out.key()).second) return true;
  }
  return false;
}

}  // namespace arachne
