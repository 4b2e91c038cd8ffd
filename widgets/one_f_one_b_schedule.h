// The 1F1B pipeline schedule of one replica, simulated from per-stage times: when each forward
// and backward of each micro-batch runs, where the bubbles are, and the gradient sync after.
#pragma once

#include <vector>

namespace arachne::gui {

struct PipelineOp {
  int stage = 0;
  int micro_batch = 0;
  bool backward = false;
  double start = 0, end = 0;
};

struct StageTail {
  double grad_sync_start = 0, grad_sync_end = 0;  // gradient all-reduce after the last backward
  double optimizer_end = 0;
  double busy = 0;  // forward + backward time
  double idle = 0;  // bubble: time without work before the last backward of any stage
};

struct OneFOneBSchedule {
  std::vector<PipelineOp> ops;
  std::vector<StageTail> stages;
  double makespan = 0;

  // stageTimes: t_s, forward+backward of one micro-batch (the backward takes twice the
  // forward, the usual 1:2 split); gradSync and optimizer per stage per iteration.
  static OneFOneBSchedule simulate(const std::vector<double>& stageTimes,
                                   const std::vector<double>& gradSync,
                                   const std::vector<double>& optimizer, int microBatches);
  double bubbleFraction() const;  // idle / (idle + busy) summed over stages
};

}  // namespace arachne::gui
