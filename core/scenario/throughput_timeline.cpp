// ThroughputTimeline: open piece, merging, integration, and the cut at the horizon.
#include "scenario/throughput_timeline.h"

#include <algorithm>
#include <limits>

namespace arachne {

void ThroughputTimeline::set(double t, double rate, PiecePhase phase, int step) {
  if (!pieces_.empty()) {
    ThroughputPiece& open = pieces_.back();
    t = std::max(t, open.start_s);
    if (open.sequences_per_s == rate && open.phase == phase) return;  // nothing changes
    if (t <= open.start_s) {
      pieces_.pop_back();  // zero length: replaced by the new piece
      if (!pieces_.empty() && pieces_.back().sequences_per_s == rate && pieces_.back().phase == phase) {
        pieces_.back().end_s = std::numeric_limits<double>::infinity();
        return;
      }
    } else {
      open.end_s = t;
    }
  }
  pieces_.push_back({t, std::numeric_limits<double>::infinity(), rate, phase, step});
}

double ThroughputTimeline::rate() const { return pieces_.empty() ? 0.0 : pieces_.back().sequences_per_s; }

double ThroughputTimeline::sequences(double a, double b) const {
  double total = 0;
  for (const ThroughputPiece& p : pieces_) {
    const double lo = std::max(a, p.start_s), hi = std::min(b, p.end_s);
    if (hi > lo) total += p.sequences_per_s * (hi - lo);
  }
  return total;
}

std::vector<ThroughputPiece> ThroughputTimeline::snapshot(double until) const {
  std::vector<ThroughputPiece> out;
  for (ThroughputPiece p : pieces_) {
    if (p.start_s >= until) break;
    p.end_s = std::min(p.end_s, until);
    if (p.end_s > p.start_s) out.push_back(p);
  }
  return out;
}

std::vector<ThroughputPiece> ThroughputTimeline::finish(double horizon) {
  std::vector<ThroughputPiece> out;
  for (ThroughputPiece p : pieces_) {
    if (p.start_s >= horizon) break;
    p.end_s = std::min(p.end_s, horizon);
    if (p.end_s > p.start_s) out.push_back(p);
  }
  pieces_.clear();
  return out;
}

}  // namespace arachne
