// What stopping, replanning and restarting a job costs besides the state it moves: the paper's
// measured steps as overridable defaults, and what a failure loses (docs/dynamic.md, "Stall").
#pragma once

#include <optional>

namespace arachne {

// Defaults are the midpoints of the paper's measurement ("Reconfiguration overhead": two RTX
// PRO 6000 plus two A6000 twice, four repetitions, 19.2-21.5 s end to end).
struct ReconfigurationParams {
  // Charged for the planner's own run; nullopt charges its measured wall time (the default).
  std::optional<double> planner_s;
  double release_s = 0.6;        // workers release their resources: 0.4-0.8 s
  double process_group_s = 2.85;  // process-group rebuild: 2.6-3.1 s
  double engine_build_s = 2.4;   // engine build on the new topology: 2.1-2.7 s
  // The part of the measured 19.2-21.5 s the paper does not break down: the named steps
  // (2.16 + 0.6 + 2.85 + 4.0 + 2.4 = 12.0 s) leave 7.2-9.5 s; 8.3 s is the midpoint.
  double unattributed_s = 8.3;
  // A failure rolls the job back to its last checkpoint, taken every this many seconds of wall
  // time from the start (0: every iteration, so only the iteration under way is lost).
  double checkpoint_interval_s = 1800;
  // Per node, GB/s: state that no surviving GPU holds after a failure is read from the
  // checkpoint at this rate.
  double checkpoint_read_gbps = 2.0;
  // The transfer moves the gradients with the weights and the optimizer state (the issue's
  // reading); off moves weights and optimizer state only (gradients are rebuilt by the next
  // backward pass).
  bool move_gradients = true;
  bool operator==(const ReconfigurationParams&) const = default;
};

}  // namespace arachne
