// OneFOneBSchedule::interleaved: Megatron's interleaved 1F1B order, simulated along the p * v
// virtual stages, with the slowest stage paced so the pipeline drains at the cost model's time.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "one_f_one_b_schedule.h"

namespace arachne::gui {

namespace {

struct Slot {
  int micro_batch = 0;
  int chunk = 0;
  bool backward = false;
};

// Each stage's op order. The forwards take the chunks in groups of micro-batches: group 1's
// micro-batches through chunk 0, then through chunk 1, ..., then group 2 (Megatron's schedule
// table). Megatron's group is p micro-batches and needs M to be a multiple of p; here M is the
// batch split's, so the groups are at least p each (the remainder spread over them), which
// keeps a chunk from waiting for its predecessor to come round all p stages. The backwards take
// the same table with the chunks reversed. Warm-up: 2 (p - s - 1) + (v - 1) * group forwards.
std::vector<std::vector<Slot>> interleavedOrder(int p, int v, int m) {
  std::vector<int> groups;
  if (m < p) {
    groups = {m};
  } else {
    const int n = m / p, base = m / n, extra = m % n;
    for (int i = 0; i < n; ++i) groups.push_back(base + (i < extra ? 1 : 0));
  }
  std::vector<std::pair<int, int>> table;  // (micro-batch, chunk) of the forwards in order
  for (int g = 0, lo = 0; g < static_cast<int>(groups.size()); lo += groups[static_cast<size_t>(g)], ++g)
    for (int c = 0; c < v; ++c)
      for (int mb = lo; mb < lo + groups[static_cast<size_t>(g)]; ++mb) table.push_back({mb, c});
  const int total = m * v;
  std::vector<std::vector<Slot>> order(static_cast<size_t>(p));
  for (int s = 0; s < p; ++s) {
    auto& o = order[static_cast<size_t>(s)];
    const int warm = std::min(total, 2 * (p - s - 1) + (v - 1) * groups.front());
    int nf = 0, nb = 0;
    auto forward = [&] {
      const auto [mb, c] = table[static_cast<size_t>(nf++)];
      o.push_back({mb, c, false});
    };
    auto backward = [&] {
      const auto [mb, c] = table[static_cast<size_t>(nb++)];
      o.push_back({mb, v - 1 - c, true});
    };
    for (int i = 0; i < warm; ++i) forward();
    while (nf < total) {
      forward();
      backward();
    }
    while (nb < total) backward();
  }
  return order;
}

// One event simulation. `paced` >= 0: that stage's first backward starts no earlier than `from`
// (its later ops follow as their dependencies allow). Returns the pipeline's end; fills `out`.
double run(const std::vector<double>& t, int v, int m, const std::vector<std::vector<Slot>>& order, int paced,
           double from, OneFOneBSchedule* out) {
  const size_t p = t.size(), ms = static_cast<size_t>(m), vs = static_cast<size_t>(v);
  // End of the forward / backward of (stage, chunk, micro-batch); -1 until it has run.
  std::vector<double> fEnd(p * vs * ms, -1), bEnd(p * vs * ms, -1), free(p, 0);
  auto at = [&](size_t s, int c, int mb) { return (s * vs + static_cast<size_t>(c)) * ms + static_cast<size_t>(mb); };
  std::vector<size_t> next(p, 0);
  size_t firstBackward = 0;
  if (paced >= 0) {
    const auto& o = order[static_cast<size_t>(paced)];
    while (firstBackward < o.size() && !o[firstBackward].backward) ++firstBackward;
  }
  if (out) {
    out->ops.clear();
    out->ops.reserve(2 * p * vs * ms);
    out->stages.assign(p, {});
  }
  bool progress = true;
  while (progress) {
    progress = false;
    for (size_t s = 0; s < p; ++s) {
      const auto& o = order[s];
      size_t& i = next[s];
      while (i < o.size()) {
        const Slot& op = o[i];
        // Virtual stage c * p + s follows c * p + s - 1: the previous stage, or for a stage's
        // first chunk past 0 the last stage's previous chunk (the pipeline wraps around).
        double ready;
        if (!op.backward) {
          ready = s > 0 ? fEnd[at(s - 1, op.chunk, op.micro_batch)]
                  : op.chunk > 0 ? fEnd[at(p - 1, op.chunk - 1, op.micro_batch)]
                                 : 0.0;
        } else {
          ready = s + 1 < p             ? bEnd[at(s + 1, op.chunk, op.micro_batch)]
                  : op.chunk + 1 < v    ? bEnd[at(0, op.chunk + 1, op.micro_batch)]
                                        : fEnd[at(s, op.chunk, op.micro_batch)];
        }
        if (ready < 0) break;  // waits for another stage
        const double dur = t[s] / v * (op.backward ? 2.0 / 3.0 : 1.0 / 3.0);
        if (static_cast<int>(s) == paced && i == firstBackward) ready = std::max(ready, from);
        const double start = std::max(free[s], ready);
        free[s] = start + dur;
        (op.backward ? bEnd : fEnd)[at(s, op.chunk, op.micro_batch)] = free[s];
        if (out) {
          out->ops.push_back({static_cast<int>(s), op.micro_batch, op.chunk, op.backward, start, free[s]});
          out->stages[s].busy += dur;
        }
        ++i;
        progress = true;
      }
    }
  }
  return *std::max_element(free.begin(), free.end());
}

}  // namespace

OneFOneBSchedule OneFOneBSchedule::interleaved(const std::vector<double>& t, int m, int v) {
  OneFOneBSchedule out;
  out.virtual_stages = v;
  const int p = static_cast<int>(t.size());
  const auto order = interleavedOrder(p, v, m);
  const int slow = static_cast<int>(std::max_element(t.begin(), t.end()) - t.begin());
  const double slowest = t[static_cast<size_t>(slow)];
  const double target = m * slowest + (std::accumulate(t.begin(), t.end(), 0.0) - slowest) / v;
  const double tol = 1e-12 * target;
  // Unpaced, the schedule drains no later than the formula once M >= p (the stages other than
  // the slowest overlap part of their fill and drain with its steady state; the formula counts
  // all of it). Holding back the slowest stage's first backward only delays, and the drain moves
  // monotonically and continuously with it. Held back to `hi`, the slowest stage's remaining ops
  // take at least `rest`, then the backward of chunk 0 crosses the stages before it: the drain
  // is then at least `target`. So some point in between drains exactly at `target`.
  double lo = 0;
  double endLo = run(t, v, m, order, -1, 0, nullptr);
  if (endLo >= target - tol) {
    out.meets_formula = endLo <= target + tol;
    out.pipeline_end = run(t, v, m, order, -1, 0, &out);
    return out;
  }
  double upstream = 0, rest = 0;
  for (int s = 0; s < slow; ++s) upstream += t[static_cast<size_t>(s)] * 2.0 / 3.0 / v;
  {
    const auto& o = order[static_cast<size_t>(slow)];
    bool seen = false;
    for (const Slot& op : o) {
      seen = seen || op.backward;
      if (seen) rest += slowest / v * (op.backward ? 2.0 / 3.0 : 1.0 / 3.0);
    }
  }
  double hi = target - upstream - rest;
  double endHi = run(t, v, m, order, slow, hi, nullptr);
  // False position with the Illinois step: the drain is piecewise linear in the pacing start.
  double x = hi;
  int side = 0;
  for (int it = 0; it < 200 && std::abs(endHi - target) > tol; ++it) {
    x = endHi > endLo ? lo + (target - endLo) * (hi - lo) / (endHi - endLo) : 0.5 * (lo + hi);
    const double end = run(t, v, m, order, slow, x, nullptr);
    if (std::abs(end - target) <= tol) break;
    if (end < target) {
      lo = x;
      endLo = end;
      if (side == -1) endHi = target + 0.5 * (endHi - target);
      side = -1;
    } else {
      hi = x;
      endHi = end;
      if (side == 1) endLo = target - 0.5 * (target - endLo);
      side = 1;
    }
  }
  out.pipeline_end = run(t, v, m, order, slow, x, &out);
  out.meets_formula = std::abs(out.pipeline_end - target) <= 1e-9 * target;
  return out;
}

}  // namespace arachne::gui
