// Layer-split refinement against an estimate of the whole iteration.
#include "planning/split_refiner.h"

#include <algorithm>

#include "cost/cost_model.h"
#include "planning/layer_split.h"

namespace arachne {

SplitRefiner::SplitRefiner(const CostModel& cost, const std::vector<StageChoice>& stages,
                           const LayerSplitter& splitter, int microBatch, const std::vector<double>& paramPrefix)
    : cost_(cost), stages_(stages), splitter_(splitter), mbs_(microBatch), paramPrefix_(paramPrefix) {}

double SplitRefiner::params(int first, int last) const {
  return paramPrefix_[static_cast<size_t>(last) + 1] - paramPrefix_[static_cast<size_t>(first)];
}

std::vector<int> SplitRefiner::propose(const std::vector<int>& last, const TemplateReport& priced) const {
  const int d = static_cast<int>(last.size());
  if (d < 2 || static_cast<int>(priced.stages.size()) != d) return last;
  std::vector<Scale> scale(static_cast<size_t>(d));
  int first = 0;
  for (int s = 0; s < d; ++s) {
    const StageChoice& st = stages_[static_cast<size_t>(s)];
    const StageTime& tm = priced.stages[static_cast<size_t>(s)].time;
    const int l = last[static_cast<size_t>(s)];
    Scale& k = scale[static_cast<size_t>(s)];
    const double lt = cost_.layersTime(st.gpu, st.tp, mbs_, first, l);
    k.p2p = tm.p2p;
    k.perLayerTime = lt > 0 ? (tm.perMicroBatch() - tm.p2p) / lt : 1;
    const double p = params(first, l);
    k.perParam = p > 0 ? (tm.grad_sync + tm.param_gather + tm.optimizer) / p : 0;
    k.fixed = tm.embedding_sync;
    first = l + 1;
  }
  const int M = std::max(1, priced.micro_batches);
  const int v = std::max(1, priced.virtual_stages);
  const int layers = cost_.model().layerCount();
  double fixed = 0;
  for (const Scale& k : scale) fixed = std::max(fixed, k.fixed);
  const auto stageT = [&](int s, int f, int l) {
    const StageChoice& st = stages_[static_cast<size_t>(s)];
    const Scale& k = scale[static_cast<size_t>(s)];
    return k.perLayerTime * cost_.layersTime(st.gpu, st.tp, mbs_, f, l) + k.p2p;
  };
  const auto stageSync = [&](int s, int f, int l) { return scale[static_cast<size_t>(s)].perParam * params(f, l); };

  // A move of one layer from stage i to stage j changes stage i (it loses its last layer when
  // i < j, its first when i > j), stage j (it gains one at the near end) and shifts every stage
  // between by one layer. So each round prices those few ranges per stage once, and a
  // candidate costs a walk over the stages between, without copying the split.
  enum Shape { Base, Down, Up, LoseLast, LoseFirst, GainFirst, GainLast, kShapes };
  const auto ud = static_cast<size_t>(d);
  std::vector<double> t(ud * kShapes), y(ud * kShapes);
  const auto at = [&](std::vector<double>& a, int s, Shape k) -> double& { return a[static_cast<size_t>(s) * kShapes + k]; };
  std::vector<double> preT(ud + 1), sufT(ud + 1), preY(ud + 1), sufY(ud + 1);
  std::vector<int> cur = last;
  for (int round = 0; round < layers; ++round) {
    double sumT = 0;
    for (int s = 0, f = 0; s < d; ++s) {
      const int l = cur[static_cast<size_t>(s)];
      const int ranges[kShapes][2] = {{f, l}, {f - 1, l - 1}, {f + 1, l + 1}, {f, l - 1}, {f + 1, l}, {f - 1, l}, {f, l + 1}};
      for (int k = 0; k < kShapes; ++k) {
        const int a = ranges[k][0], b = ranges[k][1];
        const bool ok = a >= 0 && b < layers && a <= b;
        at(t, s, Shape(k)) = ok ? stageT(s, a, b) : 0;
        at(y, s, Shape(k)) = ok ? stageSync(s, a, b) : 0;
      }
      sumT += at(t, s, Base);
      f = l + 1;
    }
    // Maxima of the unchanged stages before lo and after hi.
    preT[0] = preY[0] = 0;
    for (int s = 0; s < d; ++s) {
      preT[static_cast<size_t>(s) + 1] = std::max(preT[static_cast<size_t>(s)], at(t, s, Base));
      preY[static_cast<size_t>(s) + 1] = std::max(preY[static_cast<size_t>(s)], at(y, s, Base));
    }
    sufT[ud] = sufY[ud] = 0;
    for (int s = d - 1; s >= 0; --s) {
      sufT[static_cast<size_t>(s)] = std::max(sufT[static_cast<size_t>(s) + 1], at(t, s, Base));
      sufY[static_cast<size_t>(s)] = std::max(sufY[static_cast<size_t>(s) + 1], at(y, s, Base));
    }
    const auto iteration = [&](double maxT, double sum, double maxY) {
      // The cost model's iteration: M max t + (sum t - max t) / v + the tail.
      return M * maxT + (sum - maxT) / v + maxY + fixed;
    };
    const double curEst = iteration(preT[ud], sumT, preY[ud]);
    int bottleneckT = 0, bottleneckY = 0;
    for (int s = 1; s < d; ++s) {
      if (at(t, s, Base) > at(t, bottleneckT, Base)) bottleneckT = s;
      if (at(y, s, Base) > at(y, bottleneckY, Base)) bottleneckY = s;
    }
    int bestI = -1, bestJ = -1;
    double bestEst = curEst * (1 - 1e-9);
    for (int i : {bottleneckT, bottleneckY}) {
      const int f = i == 0 ? 0 : cur[static_cast<size_t>(i) - 1] + 1;
      if (cur[static_cast<size_t>(i)] == f) continue;  // stage i holds one layer
      for (int j = 0; j < d; ++j) {
        if (j == i) continue;
        const int lo = std::min(i, j), hi = std::max(i, j);
        double maxT = std::max(preT[static_cast<size_t>(lo)], sufT[static_cast<size_t>(hi) + 1]);
        double maxY = std::max(preY[static_cast<size_t>(lo)], sufY[static_cast<size_t>(hi) + 1]);
        double sum = sumT;
        for (int s = lo; s <= hi; ++s) {
          const Shape k = s == i ? (i < j ? LoseLast : LoseFirst) : s == j ? (i < j ? GainFirst : GainLast) : (i < j ? Down : Up);
          sum += at(t, s, k) - at(t, s, Base);
          maxT = std::max(maxT, at(t, s, k));
          maxY = std::max(maxY, at(y, s, k));
        }
        const double e = iteration(maxT, sum, maxY);
        if (!(e < bestEst)) continue;
        // Stage j grows and the stages between keep their counts on shifted ranges (which may
        // now hold the embedding or the head): each must still fit. Checked only for an
        // improving move, as memory costs more to evaluate than the estimate.
        bool fits = true;
        for (int s = lo; s <= hi && fits; ++s) {
          if (s == i) continue;
          int a = s == 0 ? 0 : cur[static_cast<size_t>(s) - 1] + 1, b = cur[static_cast<size_t>(s)];
          const int shift = i < j ? -1 : 1;
          if (s != j) {
            a += shift;
            b += shift;
          } else if (i < j) {
            a += shift;  // stage j gains the layer before it
          } else {
            b += shift;  // stage j gains the layer after it
          }
          fits = splitter_.stageFits(s, a, b);
        }
        if (!fits) continue;
        bestEst = e;
        bestI = i;
        bestJ = j;
      }
      if (bottleneckT == bottleneckY) break;
    }
    if (bestI < 0) break;
    if (bestI < bestJ)
      for (int b = bestI; b < bestJ; ++b) cur[static_cast<size_t>(b)] -= 1;
    else
      for (int b = bestJ; b < bestI; ++b) cur[static_cast<size_t>(b)] += 1;
  }
  return cur;
}

}  // namespace arachne
