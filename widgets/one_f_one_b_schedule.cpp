// OneFOneBSchedule: event simulation of 1F1B with forward/backward dependencies between stages
// and the last stage paced at the slowest stage's rate.
#include "one_f_one_b_schedule.h"

#include <algorithm>
#include <numeric>

namespace arachne::gui {

OneFOneBSchedule OneFOneBSchedule::simulate(const std::vector<double>& t,
                                            const std::vector<std::vector<double>>& tails, int m, int v) {
  OneFOneBSchedule out;
  const int p = static_cast<int>(t.size());
  if (p == 0 || m <= 0) return out;
  if (2.0 * p * m * std::max(1, v) > kMaxOps) {
    out.too_many_ops = true;
    return out;
  }
  if (v > 1 && p > 1) {
    out = interleaved(t, m, v);
    out.addTails(tails);
    return out;
  }
  const double slowest = *std::max_element(t.begin(), t.end());
  double forwards = 0;
  for (double x : t) forwards += x / 3.0;
  // Each stage's op order under 1F1B: warm-up forwards, then one forward one backward, then
  // the remaining backwards.
  std::vector<std::vector<std::pair<int, bool>>> order(static_cast<size_t>(p));
  for (int s = 0; s < p; ++s) {
    auto& o = order[static_cast<size_t>(s)];
    int nf = 0, nb = 0;
    for (int i = 0; i < std::min(p - s - 1, m); ++i) o.push_back({nf++, false});
    while (nf < m) {
      o.push_back({nf++, false});
      o.push_back({nb++, true});
    }
    while (nb < m) o.push_back({nb++, true});
  }
  const size_t ps = static_cast<size_t>(p), ms = static_cast<size_t>(m);
  std::vector<double> fEnd(ps * ms, -1), bEnd(ps * ms, -1), free(ps, 0);
  std::vector<size_t> next(ps, 0);
  out.stages.resize(ps);
  out.ops.reserve(2 * ps * ms);
  bool progress = true;
  while (progress) {
    progress = false;
    for (int s = 0; s < p; ++s) {
      auto& o = order[static_cast<size_t>(s)];
      size_t& i = next[static_cast<size_t>(s)];
      while (i < o.size()) {
        auto [mb, back] = o[i];
        const size_t k = static_cast<size_t>(s) * ms + static_cast<size_t>(mb);
        double ready;
        if (!back)
          ready = s == 0 ? 0 : fEnd[(static_cast<size_t>(s) - 1) * ms + static_cast<size_t>(mb)];
        else
          ready = s == p - 1 ? fEnd[k] : bEnd[(static_cast<size_t>(s) + 1) * ms + static_cast<size_t>(mb)];
        if (ready < 0) break;  // waits for a neighbour stage
        // The pacing: the pipeline drains no faster than its slowest stage.
        if (back && s == p - 1) ready = std::max(ready, mb * slowest + forwards);
        const double dur = t[static_cast<size_t>(s)] * (back ? 2.0 / 3.0 : 1.0 / 3.0);
        PipelineOp op{s, mb, 0, back, std::max(free[static_cast<size_t>(s)], ready), 0};
        op.end = op.start + dur;
        free[static_cast<size_t>(s)] = op.end;
        (back ? bEnd : fEnd)[k] = op.end;
        out.stages[static_cast<size_t>(s)].busy += dur;
        out.ops.push_back(op);
        ++i;
        progress = true;
      }
    }
  }
  out.pipeline_end = *std::max_element(free.begin(), free.end());
  out.addTails(tails);
  return out;
}

void OneFOneBSchedule::addTails(const std::vector<std::vector<double>>& tails) {
  // The per-iteration work follows the drained pipeline, as the cost model adds its maximum.
  makespan = pipeline_end;
  for (size_t s = 0; s < stages.size(); ++s) {
    StageTail& tail = stages[s];
    tail.idle = pipeline_end - tail.busy;
    tail.start = pipeline_end;
    tail.ends.clear();
    double at = tail.start;
    if (s < tails.size())
      for (double item : tails[s]) tail.ends.push_back(at += item);
    makespan = std::max(makespan, at);
  }
}

OneFOneBSchedule OneFOneBSchedule::simulate(const std::vector<double>& t, const std::vector<double>& g,
                                            const std::vector<double>& o, int m) {
  std::vector<std::vector<double>> tails(t.size());
  for (size_t s = 0; s < t.size(); ++s)
    tails[s] = {s < g.size() ? g[s] : 0.0, s < o.size() ? o[s] : 0.0};
  return simulate(t, tails, m);
}

double OneFOneBSchedule::bubbleFraction() const {
  double idle = 0, busy = 0;
  for (const auto& s : stages) {
    idle += s.idle;
    busy += s.busy;
  }
  return idle + busy > 0 ? idle / (idle + busy) : 0;
}

}  // namespace arachne::gui
