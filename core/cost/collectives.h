// Times of the collectives the runtimes run, built from the time of one message of a given
// size (`step(bytes)`, which holds the link's size-dependent rate, its sharing and latency):
// ring and tree all-reduce, reduce-scatter, all-gather, all-to-all, in buckets, and the
// hierarchical form of a group that spans nodes (docs/cost-model.md §4.2).
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>

namespace arachne::collective {

// ceil(log2 n) for n >= 1, exactly (the tree's depth), without a libm call per collective.
inline int ceilLog2(int n) { return n <= 1 ? 0 : std::bit_width(static_cast<unsigned>(n - 1)); }

// Ring all-reduce of S bytes over n ranks: 2(n-1) steps, each moving S/n.
template <typename Step>
double ringAllReduce(double bytes, int n, const Step& step) {
  if (n <= 1 || bytes <= 0) return 0;
  return 2.0 * (n - 1) * step(bytes / n);
}

// NCCL's tree: the same bandwidth term as the ring (each rank still moves 2(n-1)/n of S, in
// pipelined chunks) but 2 ceil(log2 n) latency steps instead of 2(n-1). `latency` is the
// per-message latency of the link.
template <typename Step>
double treeAllReduce(double bytes, int n, double latency, const Step& step) {
  if (n <= 1 || bytes <= 0) return 0;
  const double wire = 2.0 * (n - 1) * (step(bytes / n) - latency);
  return std::max(0.0, wire) + 2.0 * ceilLog2(n) * latency;
}

// All-reduce as NCCL runs it: the faster of ring and tree (one step evaluation serves both).
template <typename Step>
double allReduce(double bytes, int n, double latency, const Step& step) {
  if (n <= 1 || bytes <= 0) return 0;
  const double one = step(bytes / n);
  const double ring = 2.0 * (n - 1) * one;
  const double tree = std::max(0.0, 2.0 * (n - 1) * (one - latency)) + 2.0 * ceilLog2(n) * latency;
  return std::min(ring, tree);
}

// Reduce-scatter or all-gather of S bytes (the whole tensor) over n ranks: n-1 steps of S/n.
template <typename Step>
double reduceScatter(double bytes, int n, const Step& step) {
  if (n <= 1 || bytes <= 0) return 0;
  return (n - 1) * step(bytes / n);
}
template <typename Step>
double allGather(double bytes, int n, const Step& step) {
  return reduceScatter(bytes, n, step);
}

// All-to-all where each rank sends `bytesOut` in all to the other n-1: n-1 steps, one per peer.
template <typename Step>
double allToAll(double bytesOut, int n, const Step& step) {
  if (n <= 1 || bytesOut <= 0) return 0;
  return (n - 1) * step(bytesOut / (n - 1));
}

// A collective over `bytes` run in buckets of at most `bucket` bytes, one after another: the
// full buckets and the remainder. Returns the total and, in *last, the last bucket's time
// (the part that cannot overlap with anything, since it is ready last).
template <typename Collective>
double bucketed(double bytes, double bucket, const Collective& one, double* last = nullptr) {
  if (bytes <= 0) {
    if (last) *last = 0;
    return 0;
  }
  if (!(bucket > 0) || bucket >= bytes) {
    const double t = one(bytes);
    if (last) *last = t;
    return t;
  }
  const double full = std::floor(bytes / bucket);
  const double rest = bytes - full * bucket;
  const double tFull = one(bucket);
  const double tRest = rest > 0 ? one(rest) : 0;
  if (last) *last = rest > 0 ? tRest : tFull;
  return full * tFull + tRest;
}

}  // namespace arachne::collective
