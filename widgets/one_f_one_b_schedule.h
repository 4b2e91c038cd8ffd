// The 1F1B pipeline schedule of one replica as the cost model prices it: when each forward and
// backward of each micro-batch runs, where the bubbles are, and the per-iteration work after.
// Its makespan is the cost model's iteration time, (M - 1) * max t_s + sum t_s + max tail_s:
// 1F1B with the last stage paced at the slowest stage's rate (its backward of micro-batch i
// starts no earlier than i * max t_s + the sum of the forwards), which is the steady state the
// formula assumes; without the pacing an event simulation finishes earlier than the formula
// when a middle stage is the slowest one.
// Interleaved 1F1B (v model chunks per stage, Megatron's virtual pipeline stages): the cost
// model's M * max t_s + (sum t_s - max t_s) / v + tail. Megatron's op order (warm-up forwards,
// then one forward one backward, chunks taken in groups of micro-batches) simulated with its
// dependencies along the p * v virtual stages; the slowest stage is paced from its first
// backward on (back to back after a wait chosen so the pipeline drains at the formula's time).
#pragma once

#include <vector>

namespace arachne::gui {

struct PipelineOp {
  int stage = 0;
  int micro_batch = 0;
  int chunk = 0;  // the stage's model chunk (virtual stage); 0 under plain 1F1B
  bool backward = false;
  double start = 0, end = 0;
};

struct StageTail {
  double start = 0;              // when the per-iteration work begins (the end of the pipeline)
  std::vector<double> ends;      // end of each per-iteration item, in order
  double busy = 0;               // forward + backward time
  double idle = 0;               // bubble: time without work before the per-iteration work
};

struct OneFOneBSchedule {
  std::vector<PipelineOp> ops;
  std::vector<StageTail> stages;
  double pipeline_end = 0;  // the last backward of any stage
  double makespan = 0;
  int virtual_stages = 1;
  // Interleaved: whether the drained pipeline meets the cost model's formula. It cannot with
  // fewer micro-batches than stages (a chunk then waits for the previous chunk to come round
  // all stages, which the formula does not count); the schedule is then the unpaced one, longer.
  bool meets_formula = true;
  // More ops (2 x stages x micro-batches x chunks) than kMaxOps: nothing is simulated (no ops,
  // no stages, makespan 0). A valid plan with a global batch of 10^8 asked for 1.5 * 10^8 ops,
  // gigabytes, and the explorer died of std::bad_alloc opening it; 10^9 fixed micro-batches hung it.
  bool too_many_ops = false;
  static constexpr double kMaxOps = 2e6;  // batch 8,192 at micro-batch 1 on 122 stages still fits

  // stageTimes: t_s, forward+backward of one micro-batch (the backward takes twice the forward,
  // the usual 1:2 split); tails[s]: the per-iteration items of stage s (gradient sync, optimizer
  // step, ...), run one after another once the pipeline has drained. virtualStages > 1: the
  // interleaved schedule, each op one chunk of t_s / v.
  static OneFOneBSchedule simulate(const std::vector<double>& stageTimes,
                                   const std::vector<std::vector<double>>& tails, int microBatches,
                                   int virtualStages = 1);
  // The same with gradient sync and optimizer step as the two tail items.
  static OneFOneBSchedule simulate(const std::vector<double>& stageTimes,
                                   const std::vector<double>& gradSync,
                                   const std::vector<double>& optimizer, int microBatches);
  double bubbleFraction() const;  // idle / (idle + busy) summed over stages

 private:
  // The interleaved pipeline (ops, pipeline_end, busy) without the tails.
  static OneFOneBSchedule interleaved(const std::vector<double>& stageTimes, int microBatches, int virtualStages);
  // The per-iteration work after the drained pipeline (both kinds of schedule).
  void addTails(const std::vector<std::vector<double>>& tails);
};

}  // namespace arachne::gui
