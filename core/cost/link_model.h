// Time of point-to-point transfers and collectives over one link class, with the documented
// achieved-bandwidth factor and per-step latencies (docs/cost-model.md, "Links").
#pragma once

namespace arachne {

// Achieved fraction of a link's spec bandwidth for large messages: NCCL reaches 80-90 % of the
// advertised rate (domain-facts §2.2: A100 all-reduce 78 %, H200 82 %, p2p NVLink 83-91 %).
constexpr double kLinkEfficiency = 0.85;
// Per-step latency of a message inside a node and across nodes (NCCL small-message regime).
constexpr double kIntraNodeLatencyS = 5e-6;
constexpr double kInterNodeLatencyS = 20e-6;

struct Link {
  double gbps = 0;       // spec bandwidth per direction, GB/s (decimal)
  double latency_s = 0;  // per message step
  static Link intra(double gbps) { return {gbps, kIntraNodeLatencyS}; }
  static Link inter(double gbps) { return {gbps, kInterNodeLatencyS}; }
};

// Seconds to move `bytes` once over the link.
inline double transferTime(double bytes, const Link& l) {
  if (bytes <= 0) return 0;
  if (l.gbps <= 0) return 1e30;
  return bytes / (l.gbps * 1e9 * kLinkEfficiency) + l.latency_s;
}

// Ring all-reduce of `bytes` among n ranks: 2(n-1)/n of the payload per rank, 2(n-1) steps.
inline double ringAllReduceTime(double bytes, int n, const Link& l) {
  if (n <= 1 || bytes <= 0) return 0;
  if (l.gbps <= 0) return 1e30;
  double frac = 2.0 * (n - 1) / n;
  return frac * bytes / (l.gbps * 1e9 * kLinkEfficiency) + 2.0 * (n - 1) * l.latency_s;
}

// All-to-all where each rank sends `bytesOut` in total to the n-1 others (already the part that
// leaves the rank); `sharers` ranks push through the same link at once (a node's NIC).
inline double allToAllTime(double bytesOut, int n, int sharers, const Link& l) {
  if (n <= 1 || bytesOut <= 0) return 0;
  if (l.gbps <= 0) return 1e30;
  return bytesOut * sharers / (l.gbps * 1e9 * kLinkEfficiency) + (n - 1) * l.latency_s;
}

// The 1F1B iteration of one pipeline replica: (M - 1) * max t_s + sum t_s + max (g_s + opt_s).
inline double iterationTime1F1B(int microBatches, double maxStage, double sumStages,
                                double maxSync) {
  return (microBatches - 1) * maxStage + sumStages + maxSync;
}

}  // namespace arachne
