// OneFOneBSchedule: event simulation of 1F1B with forward/backward dependencies between stages.
#include "one_f_one_b_schedule.h"

#include <algorithm>

namespace arachne::gui {

OneFOneBSchedule OneFOneBSchedule::simulate(const std::vector<double>& t,
                                            const std::vector<double>& gradSync,
                                            const std::vector<double>& optimizer, int m) {
  OneFOneBSchedule out;
  const int p = static_cast<int>(t.size());
  if (p == 0 || m <= 0) return out;
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
        const double dur = t[static_cast<size_t>(s)] * (back ? 2.0 / 3.0 : 1.0 / 3.0);
        PipelineOp op{s, mb, back, std::max(free[static_cast<size_t>(s)], ready), 0};
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
  // The bubble is measured against the whole pipeline phase: a stage that finishes early waits.
  const double pipelineEnd = *std::max_element(free.begin(), free.end());
  for (int s = 0; s < p; ++s) {
    StageTail& tail = out.stages[static_cast<size_t>(s)];
    const double last = free[static_cast<size_t>(s)];
    tail.idle = pipelineEnd - tail.busy;
    tail.grad_sync_start = last;
    tail.grad_sync_end = last + (static_cast<size_t>(s) < gradSync.size() ? gradSync[static_cast<size_t>(s)] : 0);
    tail.optimizer_end = tail.grad_sync_end + (static_cast<size_t>(s) < optimizer.size() ? optimizer[static_cast<size_t>(s)] : 0);
    out.makespan = std::max(out.makespan, tail.optimizer_end);
  }
  return out;
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
