// Depth, device and TP masks over the free GPUs, exact for power-of-two TP groups.
#include "planning/feasibility_masks.h"

#include <algorithm>

namespace arachne {

void TpDemand::add(int type, int tp, int times) {
  const int l = tpLevel(tp);
  if (l < 0 || type < 0 || type >= typeCount()) return;
  counts_[static_cast<size_t>(type) * kMaxTpLevels + static_cast<size_t>(l)] += times;
}

int TpDemand::load(int type, int level) const {
  int n = 0;
  for (int l = level; l < kMaxTpLevels; ++l) n += count(type, l) << (l - level);
  return n;
}

TpDemand FeasibilityMasks::demandOf(const FreeGpus& free, const TemplateChoice& partial) {
  TpDemand d(free.typeCount());
  for (const StageChoice& s : partial.stages) d.add(s.gpu, s.tp);
  return d;
}

bool FeasibilityMasks::fits(const ConstructionSpace& space, const FreeGpus& free,
                            const TpDemand& demand, int extraStages) {
  int leftover = 0;
  for (int t = 0; t < free.typeCount(); ++t) {
    for (int l = 0; l < kMaxTpLevels; ++l)
      if (demand.load(t, l) > free.groupCapacity(t, l)) return false;
    if (!space.typeUsable(t)) continue;
    const int kl = tpLevel(space.min_tp[static_cast<size_t>(t)]);
    leftover += free.groupCapacity(t, kl) - demand.load(t, kl);
  }
  return leftover >= extraStages;
}

int FeasibilityMasks::maxReplicas(const FreeGpus& free, const TpDemand& perReplica) {
  long long best = -1;
  for (int t = 0; t < free.typeCount(); ++t) {
    for (int l = 0; l < kMaxTpLevels; ++l) {
      const int load = perReplica.load(t, l);
      if (load == 0) continue;
      const long long r = free.groupCapacity(t, l) / load;
      if (best < 0 || r < best) best = r;
    }
  }
  return best < 0 ? 0 : static_cast<int>(best);
}

int FeasibilityMasks::placeableStages(const ConstructionSpace& space, const FreeGpus& free) {
  int n = 0;
  for (int t = 0; t < free.typeCount(); ++t)
    if (space.typeUsable(t)) n += free.groupCapacity(t, tpLevel(space.min_tp[static_cast<size_t>(t)]));
  return n;
}

Mask FeasibilityMasks::depthMask(const ConstructionSpace& space, const FreeGpus& free,
                                 bool firstStep) {
  Mask m(static_cast<size_t>(space.max_depth) + 1, 0);
  const int placeable = placeableStages(space, free);
  bool any = false;
  for (int d = 1; d <= space.max_depth; ++d) {
    m[static_cast<size_t>(d)] = d <= placeable ? 1 : 0;
    any = any || m[static_cast<size_t>(d)];
  }
  m[0] = (firstStep && any) ? 0 : 1;
  return m;
}

Mask FeasibilityMasks::deviceMask(const ConstructionSpace& space, const FreeGpus& free,
                                  const TemplateChoice& partial) {
  Mask m(static_cast<size_t>(free.typeCount()), 0);
  const int after = partial.depth - static_cast<int>(partial.stages.size()) - 1;
  if (after < 0) return m;
  TpDemand d = demandOf(free, partial);
  for (int t = 0; t < free.typeCount(); ++t) {
    if (!space.typeUsable(t)) continue;
    // The smallest allowed TP is the easiest to place: if any degree fits, it does.
    const int k = space.min_tp[static_cast<size_t>(t)];
    d.add(t, k);
    m[static_cast<size_t>(t)] = fits(space, free, d, after) ? 1 : 0;
    d.add(t, k, -1);
  }
  return m;
}

Mask FeasibilityMasks::tpMask(const ConstructionSpace& space, const FreeGpus& free,
                              const TemplateChoice& partial, int type) {
  Mask m(space.tp_choices.size(), 0);
  const int after = partial.depth - static_cast<int>(partial.stages.size()) - 1;
  if (after < 0 || type < 0 || type >= free.typeCount()) return m;
  TpDemand d = demandOf(free, partial);
  for (size_t i = 0; i < space.tp_choices.size(); ++i) {
    if (!space.tp_allowed[static_cast<size_t>(type)][i]) continue;
    d.add(type, space.tp_choices[i]);
    m[i] = fits(space, free, d, after) ? 1 : 0;
    d.add(type, space.tp_choices[i], -1);
  }
  return m;
}

bool FeasibilityMasks::admits(const ConstructionSpace& space, const FreeGpus& free,
                              const TemplateChoice& choice, bool firstStep, std::string* why) {
  const Mask dm = depthMask(space, free, firstStep);
  if (choice.depth < 0 || choice.depth > space.max_depth || !dm[static_cast<size_t>(choice.depth)]) {
    if (why) *why = choice.depth == 0 ? "STOP is masked on the first step"
                                      : explainDepth(space, free, choice.depth);
    return false;
  }
  if (choice.isStop()) return true;
  if (static_cast<int>(choice.stages.size()) != choice.depth) {
    if (why) *why = "the template has " + std::to_string(choice.stages.size()) +
                    " stages for depth " + std::to_string(choice.depth);
    return false;
  }
  // The masks' decisions (deviceMask, then tpMask, at every prefix) with the demand kept as the
  // stages are added: the masks rebuild it from the whole prefix for every type, quadratic in
  // the depth, and greedy asks this of every candidate template (half a million with eight
  // types). The prefix is rebuilt only to explain a refusal.
  const auto prefix = [&](size_t n) {
    return TemplateChoice{choice.depth, std::vector<StageChoice>(choice.stages.begin(), choice.stages.begin() + n)};
  };
  TpDemand d(free.typeCount());
  for (size_t i = 0; i < choice.stages.size(); ++i) {
    const StageChoice& s = choice.stages[i];
    const int after = choice.depth - static_cast<int>(i) - 1;
    bool device = s.gpu >= 0 && s.gpu < free.typeCount() && space.typeUsable(s.gpu);
    if (device) {
      const int easiest = space.min_tp[static_cast<size_t>(s.gpu)];
      d.add(s.gpu, easiest);
      device = fits(space, free, d, after);
      d.add(s.gpu, easiest, -1);
    }
    if (!device) {
      if (why) *why = explainDevice(space, free, prefix(i), s.gpu);
      return false;
    }
    const int ti = space.tpIndex(s.tp);
    bool tp = ti >= 0 && space.tp_allowed[static_cast<size_t>(s.gpu)][static_cast<size_t>(ti)];
    if (tp) {
      d.add(s.gpu, s.tp);
      tp = fits(space, free, d, after);
    }
    if (!tp) {
      if (why) *why = explainTp(space, free, prefix(i), s.gpu, s.tp);
      return false;
    }
  }
  return true;
}

}  // namespace arachne
