// Layer split rules: proportional to profiled speed, then capped, memory-weighted and even
// alternatives when a stage runs out of memory.
#include "planning/layer_split.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"

namespace arachne {

LayerSplitter::LayerSplitter(const CostModel& cost, const std::vector<StageChoice>& stages,
                             int microBatch, int replicas, int microBatches)
    : cost_(cost), stages_(stages), mbs_(microBatch), replicas_(replicas),
      microBatches_(std::max(1, microBatches)), layers_(cost.model().layerCount()) {
  whole_.reserve(stages.size());
  tilings_.resize(stages.size());
  for (size_t s = 0; s < stages.size(); ++s) {
    whole_.push_back(cost.layersTime(stages[s].gpu, stages[s].tp, mbs_, 0, layers_ - 1));
    tilings_[s] = cost.expertTilings(stages[s].tp, replicas_);
    // Without the expert dimension the only layout is the untiled one (always valid).
    if (!cost.spec().expert_tiling && !tilings_[s].empty()) tilings_[s] = {ExpertTiling{1, stages[s].tp, replicas_}};
  }
}

double LayerSplitter::cumulative(int s, int last) const {
  if (last < 0) return 0;
  const StageChoice& st = stages_[static_cast<size_t>(s)];
  return cost_.layersTime(st.gpu, st.tp, mbs_, 0, last) / whole_[static_cast<size_t>(s)];
}

StageMemory LayerSplitter::stageMemory(int s, int first, int last, ExpertTiling* tiling) const {
  const StageChoice& st = stages_[static_cast<size_t>(s)];
  const int depth = static_cast<int>(stages_.size());
  const auto& tilings = tilings_[static_cast<size_t>(s)];
  if (tilings.empty() || !cost_.hasMoeLayers(first, last)) {
    if (tiling) *tiling = ExpertTiling{};
    return cost_.stageMemory(st.gpu, st.tp, mbs_, first, last, s, depth, microBatches_, replicas_);
  }
  StageMemory best;
  bool have = false;
  for (const ExpertTiling& e : tilings) {
    StageMemory m = cost_.stageMemory(st.gpu, st.tp, mbs_, first, last, s, depth, microBatches_,
                                      replicas_, e);
    if (!have || m.total() < best.total()) {
      best = m;
      have = true;
      if (tiling) *tiling = e;
    }
  }
  return best;
}

bool LayerSplitter::stageFits(int s, int first, int last) const {
  const StageMemory m = stageMemory(s, first, last);
  return m.capacity > 0 && m.total() <= m.capacity;
}

void LayerSplitter::assess(LayerSplit& split) const {
  const int d = static_cast<int>(stages_.size());
  split.fits = static_cast<int>(split.last.size()) == d && d > 0;
  split.worst_stage = -1;
  double worstOver = -std::numeric_limits<double>::infinity();
  double maxT = 0, sumT = 0;
  int first = 0;
  for (int s = 0; s < d && split.fits; ++s) {
    const int last = split.last[static_cast<size_t>(s)];
    if (last < first) {
      split.fits = false;
      break;
    }
    const StageChoice& st = stages_[static_cast<size_t>(s)];
    const double t = cost_.layersTime(st.gpu, st.tp, mbs_, first, last);
    maxT = std::max(maxT, t);
    sumT += t;
    const StageMemory m = stageMemory(s, first, last);
    const double over = m.capacity > 0 ? m.total() - m.capacity : std::numeric_limits<double>::infinity();
    if (over > 0 && over > worstOver) {
      worstOver = over;
      split.worst_stage = s;
      split.worst_memory = m;
    }
    first = last + 1;
  }
  if (split.worst_stage >= 0) split.fits = false;
  split.estimate_s = (microBatches_ - 1) * maxT + sumT;
  if (!std::isfinite(split.estimate_s)) split.fits = false;
}

bool LayerSplitter::anySplitFits() const {
  const int d = static_cast<int>(stages_.size());
  int first = 0;
  for (int s = 0; s < d; ++s) {
    if (first >= layers_) return false;
    if (s == d - 1) return stageFits(s, first, layers_ - 1);
    // The furthest last layer this stage can hold, leaving one layer for each later stage.
    const int hi = layers_ - (d - s - 1) - 1;
    if (hi < first || !stageFits(s, first, first)) return false;
    int a = first, b = hi;
    while (a < b) {
      const int mid = (a + b + 1) / 2;
      if (stageFits(s, first, mid)) a = mid; else b = mid - 1;
    }
    first = a + 1;
  }
  return true;
}

LayerSplit LayerSplitter::proportional() const {
  const int d = static_cast<int>(stages_.size());
  LayerSplit split;
  split.rule = "proportional";
  double total = 0;
  for (double w : whole_) total += 1.0 / w;
  double target = 0;
  int prev = -1;
  for (int s = 0; s < d - 1; ++s) {
    target += (1.0 / whole_[static_cast<size_t>(s)]) / total;
    int lo = prev + 1, hi = layers_ - (d - s - 1) - 1;
    // First layer whose cumulative share reaches the target, then the nearer neighbour.
    int a = lo, b = hi;
    while (a < b) {
      const int mid = (a + b) / 2;
      if (cumulative(s, mid) >= target) b = mid; else a = mid + 1;
    }
    int c = a;
    if (c > lo && std::fabs(cumulative(s, c - 1) - target) < std::fabs(cumulative(s, c) - target)) --c;
    split.last.push_back(c);
    prev = c;
  }
  split.last.push_back(layers_ - 1);
  assess(split);
  return split;
}

std::vector<int> LayerSplitter::fromTargets(const std::vector<double>& share, const char*) const {
  const int d = static_cast<int>(share.size());
  std::vector<int> last;
  double cum = 0;
  int prev = -1;
  for (int s = 0; s < d - 1; ++s) {
    cum += share[static_cast<size_t>(s)];
    int c = static_cast<int>(std::lround(cum * layers_)) - 1;
    c = std::clamp(c, prev + 1, layers_ - (d - s - 1) - 1);
    last.push_back(c);
    prev = c;
  }
  last.push_back(layers_ - 1);
  return last;
}

LayerSplit LayerSplitter::capped(bool forward) const {
  const int d = static_cast<int>(stages_.size());
  LayerSplit split;
  split.rule = forward ? "capped-forward" : "capped-backward";
  std::vector<int> first(static_cast<size_t>(d)), last(static_cast<size_t>(d));
  // Walk the stages from one end; each takes its speed share of what is left, cut back to the
  // most layers its memory holds, and hands the rest on.
  int lo = 0, hi = layers_ - 1;  // layers not yet given
  for (int i = 0; i < d; ++i) {
    const int s = forward ? i : d - 1 - i;
    double rest = 0;
    for (int j = i; j < d; ++j) rest += 1.0 / whole_[static_cast<size_t>(forward ? j : d - 1 - j)];
    const int left = hi - lo + 1, after = d - i - 1;
    int n = i == d - 1 ? left
                       : static_cast<int>(std::lround(left * (1.0 / whole_[static_cast<size_t>(s)]) / rest));
    n = std::clamp(n, 1, left - after);
    if (i < d - 1) {
      // The most layers (up to n) that fit, by bisection: memory grows with the range.
      int a = 1, b = n;
      auto fitsN = [&](int k) {
        return forward ? stageFits(s, lo, lo + k - 1) : stageFits(s, hi - k + 1, hi);
      };
      if (!fitsN(1)) b = 1;
      while (a < b) {
        const int mid = (a + b + 1) / 2;
        if (fitsN(mid)) a = mid; else b = mid - 1;
      }
      n = a;
    }
    if (forward) {
      first[static_cast<size_t>(s)] = lo;
      last[static_cast<size_t>(s)] = lo + n - 1;
      lo += n;
    } else {
      last[static_cast<size_t>(s)] = hi;
      first[static_cast<size_t>(s)] = hi - n + 1;
      hi -= n;
    }
  }
  split.last = last;
  assess(split);
  return split;
}

std::vector<LayerSplit> LayerSplitter::alternatives() const {
  const int d = static_cast<int>(stages_.size());
  std::vector<LayerSplit> out;
  out.push_back(capped(true));
  out.push_back(capped(false));
  std::vector<double> mem(static_cast<size_t>(d)), even(static_cast<size_t>(d), 1.0 / d);
  double sum = 0;
  for (int s = 0; s < d; ++s) {
    const StageChoice& st = stages_[static_cast<size_t>(s)];
    mem[static_cast<size_t>(s)] = cost_.gpuType(st.gpu).memory_bytes * st.tp;
    sum += mem[static_cast<size_t>(s)];
  }
  for (double& m : mem) m /= sum;
  LayerSplit m;
  m.last = fromTargets(mem, "memory");
  m.rule = "memory";
  assess(m);
  out.push_back(std::move(m));
  LayerSplit e;
  e.last = fromTargets(even, "even");
  e.rule = "even";
  assess(e);
  out.push_back(std::move(e));
  return out;
}

LayerSplit LayerSplitter::best() const {
  LayerSplit p = proportional();
  if (p.fits || !std::isfinite(p.estimate_s)) return p;
  const LayerSplit* pick = nullptr;
  const auto alts = alternatives();
  for (const LayerSplit& a : alts)
    if (a.fits && (!pick || a.estimate_s < pick->estimate_s)) pick = &a;
  return pick ? *pick : p;
}

}  // namespace arachne
