// Espresso's estimator on our profiles (see the header for what it charges and why).
#include "planning/espresso_estimator.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"

namespace arachne {
namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

EspressoEstimator::EspressoEstimator(const CostModel& cost, EspressoJob job) : cost_(cost), job_(job) {
  const Model& m = cost.model();
  int first = -1, last = -1;
  for (int i = 0; i < m.layerCount(); ++i) {
    const LayerKind k = m.layer(i).kind;
    if (k != LayerKind::DenseBlock && k != LayerKind::MoeBlock) continue;
    if (first < 0) first = i;
    last = i;
  }
  first_block_ = std::max(first, 0);
  blocks_ = first < 0 ? 0 : last - first + 1;
  double gbps = kInf;
  for (const Node& n : cost.composition().nodes())
    gbps = std::min(gbps, n.inter_node_gbps > 0 ? n.inter_node_gbps : cost.gpuType(cost.gpuIndex(n.gpu_type)).inter_node_gbps);
  network_bytes_per_s_ = std::isfinite(gbps) ? gbps * 1e9 : 0;
  if (blocks_ > 0) {
    const double oneBlock = modelFlops(1, blocks_) / blocks_;  // one sequence, one block (head share included)
    for (int g = 0; g < cost.gpuTypeCount(); ++g) {
      const double t = cost.layersTime(g, job_.tp, job_.micro_batch, first_block_, first_block_);
      const double peak = cost.gpuType(g).peakTflops(cost.spec().precision) * 1e12;
      if (std::isfinite(t) && t > 0 && peak > 0)
        efficiency_ = std::max(efficiency_, oneBlock * job_.micro_batch / job_.tp / (t * peak));
    }
  }
}

double EspressoEstimator::modelFlops(double sequences, double layers) const {
  // Espresso's count of the training FLOPs of `layers` blocks over `sequences` sequences.
  const Model& m = cost_.model();
  const double h = m.shape.hidden, s = cost_.spec().sequence_length, V = m.shape.vocab;
  if (layers <= 0) return 0;
  return 72 * sequences * layers * s * h * h * (1 + s / (6 * h) + V / (12 * h * layers));
}

std::pair<int, int> EspressoEstimator::layerRange(int stage, int depth, int from, int count) const {
  const int first = stage == 0 ? 0 : first_block_ + from;
  const int last = stage == depth - 1 ? cost_.model().layerCount() - 1 : first_block_ + from + count - 1;
  return {first, last};
}

bool EspressoEstimator::fits(int gpu, int stage, int depth, int from, int count) const {
  if (count < 1) return false;
  const auto [first, last] = layerRange(stage, depth, from, count);
  const StageMemory mem = cost_.stageMemory(gpu, job_.tp, job_.micro_batch, first, last, stage, depth,
                                            job_.micro_batches, job_.dp);
  return mem.capacity > 0 && mem.total() <= mem.capacity;
}

int EspressoEstimator::maxBlocks(int gpu, int stage, int depth) const {
  int best = 0;
  for (int n = 1; n <= blocks_; ++n) {  // memory only grows with the blocks held
    if (!fits(gpu, stage, depth, 0, n)) break;
    best = n;
  }
  return best;
}

int EspressoEstimator::holdableBlocks(int gpu, double fraction) const {
  int best = 0;
  for (int n = 1; n <= blocks_; ++n) {
    const auto [first, last] = layerRange(0, 2, 0, n);  // the embedding, no head: a first stage
    const StageMemory mem = cost_.stageMemory(gpu, job_.tp, job_.micro_batch, first, last, 0, 1, 1, job_.dp);
    if (mem.capacity <= 0 || mem.total() >= mem.capacity * fraction) break;
    best = n;
  }
  return best;
}

double EspressoEstimator::blocksTime(int gpu, int count) const {
  if (count <= 0) return 0;
  return cost_.layersTime(gpu, job_.tp, job_.micro_batch, first_block_, first_block_ + count - 1);
}

double EspressoEstimator::allReduce(int count, bool first, bool last) const {
  if (job_.dp <= 1 || network_bytes_per_s_ <= 0) return 0;
  const Model& m = cost_.model();
  double params = 0;
  for (int i = 0; i < count && first_block_ + i < m.layerCount(); ++i) params += m.layer(first_block_ + i).params;
  if (first)
    for (int i = 0; i < first_block_; ++i) params += m.layer(i).params;
  if (last)
    for (int i = first_block_ + blocks_; i < m.layerCount(); ++i) params += m.layer(i).params;
  return 8 * params / job_.tp * cost_.spec().weightBytes() / network_bytes_per_s_;
}

double EspressoEstimator::estimate(const std::vector<int>& gpus, const std::vector<int>& counts) const {
  const int depth = static_cast<int>(gpus.size());
  std::vector<double> fwd(static_cast<size_t>(depth)), bwd(static_cast<size_t>(depth)), sync(static_cast<size_t>(depth));
  int from = 0;
  for (int s = 0; s < depth; ++s) {
    const int n = counts[static_cast<size_t>(s)];
    if (!fits(gpus[static_cast<size_t>(s)], s, depth, from, n)) return kInf;
    const auto [first, last] = layerRange(s, depth, from, n);
    const double t = cost_.layersTime(gpus[static_cast<size_t>(s)], job_.tp, job_.micro_batch, first, last);
    if (!std::isfinite(t)) return kInf;
    fwd[static_cast<size_t>(s)] = t / 4;
    bwd[static_cast<size_t>(s)] = 3 * t / 4;
    sync[static_cast<size_t>(s)] = allReduce(n, s == 0, s == depth - 1);
    from += n;
  }
  if (from != blocks_) return kInf;
  const std::vector<double> end = oneForwardOneBackward(fwd, bwd, job_.micro_batches);
  double latency = 0;
  for (int s = 0; s < depth; ++s) latency = std::max(latency, end[static_cast<size_t>(s)] + sync[static_cast<size_t>(s)]);
  return latency;
}

double EspressoEstimator::lowerBound(const std::vector<int>& gpus, int depth, double layers) const {
  if (layers <= 0) return 0;
  const double flops = modelFlops(cost_.spec().global_batch, layers);
  double rate = 0;
  for (int g : gpus) rate += cost_.gpuType(g).peakTflops(cost_.spec().precision) * 1e12 * job_.tp * job_.dp;
  const double M = job_.micro_batches;
  const double fill = M / (M + depth - 1) * efficiency_;
  return rate > 0 ? flops / (fill * rate) : kInf;
}

std::vector<double> EspressoEstimator::oneForwardOneBackward(const std::vector<double>& fwd,
                                                             const std::vector<double>& bwd, int M) {
  const int p = static_cast<int>(fwd.size());
  // Per stage its op sequence: min(p - i - 1, M) warm-up forwards, then forward / backward
  // pairs, then the remaining backwards. Op o of stage i: forward of micro-batch o.mb or backward.
  struct Op {
    bool forward;
    int mb;
  };
  std::vector<std::vector<Op>> ops(static_cast<size_t>(p));
  for (int i = 0; i < p; ++i) {
    const int warm = std::min(p - i - 1, M);
    int f = 0, b = 0;
    for (; f < warm; ++f) ops[static_cast<size_t>(i)].push_back({true, f});
    while (b < M) {
      if (f < M) ops[static_cast<size_t>(i)].push_back({true, f++});
      ops[static_cast<size_t>(i)].push_back({false, b++});
    }
  }
  std::vector<std::vector<double>> fEnd(static_cast<size_t>(p), std::vector<double>(static_cast<size_t>(M), -1));
  std::vector<std::vector<double>> bEnd = fEnd;
  std::vector<size_t> next(static_cast<size_t>(p), 0);
  std::vector<double> clock(static_cast<size_t>(p), 0);
  size_t left = 0;
  for (const auto& o : ops) left += o.size();
  while (left > 0) {
    bool progressed = false;
    for (int i = 0; i < p; ++i) {
      auto& seq = ops[static_cast<size_t>(i)];
      while (next[static_cast<size_t>(i)] < seq.size()) {
        const Op op = seq[next[static_cast<size_t>(i)]];
        double ready = 0;
        if (op.forward) {
          if (i > 0) ready = fEnd[static_cast<size_t>(i - 1)][static_cast<size_t>(op.mb)];
        } else {
          ready = i + 1 < p ? bEnd[static_cast<size_t>(i + 1)][static_cast<size_t>(op.mb)]
                            : fEnd[static_cast<size_t>(i)][static_cast<size_t>(op.mb)];
        }
        if (ready < 0) break;  // waits on another stage
        const double start = std::max(clock[static_cast<size_t>(i)], ready);
        const double end = start + (op.forward ? fwd[static_cast<size_t>(i)] : bwd[static_cast<size_t>(i)]);
        (op.forward ? fEnd : bEnd)[static_cast<size_t>(i)][static_cast<size_t>(op.mb)] = end;
        clock[static_cast<size_t>(i)] = end;
        ++next[static_cast<size_t>(i)];
        --left;
        progressed = true;
      }
    }
    if (!progressed) break;  // cannot happen for a 1F1B order; guards against a hang
  }
  return clock;
}

}  // namespace arachne
