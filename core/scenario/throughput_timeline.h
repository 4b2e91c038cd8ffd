// The throughput of a job over time as contiguous pieces, built forward as a run goes on.
#pragma once

#include <vector>

#include "scenario/scenario_run.h"

namespace arachne {

class ThroughputTimeline {
 public:
  // From time `t` on the job runs at `rate` (closes the open piece at t; a zero-length piece
  // is dropped and equal neighbours merge).
  void set(double t, double rate, PiecePhase phase, int step);
  // The rate of the open piece (0 before the first set()).
  double rate() const;
  // Sequences trained in [a, b] (the open piece runs on to b).
  double sequences(double a, double b) const;
  // The pieces as they stand, the open one ending at `until` (for showing a run in progress).
  std::vector<ThroughputPiece> snapshot(double until) const;
  // Closes the open piece at `horizon` and drops or cuts whatever lies beyond it.
  std::vector<ThroughputPiece> finish(double horizon);

 private:
  std::vector<ThroughputPiece> pieces_;  // the last one is open (its end_s is not yet known)
};

}  // namespace arachne
