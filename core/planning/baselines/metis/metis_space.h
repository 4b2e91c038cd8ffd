// Metis's inter-stage search space (Um et al., ATC'24), our own implementation of the algorithm
// its paper and code describe (SamsungLabs/Metis and Sailor's fork of it are CC BY-NC and were
// read, not copied): the order of GPU types along the pipeline, the number of stages, the GPUs
// of each stage (powers of two, at least `variance` x the even share, multiset permutations with
// the smallest equal groups merged until at most max_permute_len units remain), and the number
// of micro-batches (every divisor of the global batch, largest first).
#pragma once

#include <cstddef>
#include <vector>

namespace arachne {

// Device group shapes: powers of two up to the GPU count.
std::vector<int> metisGroupShapes(int gpus);
// Every device group list for `stages` stages over `gpus` GPUs, in Metis's order: the
// non-decreasing multisets of shapes in lexicographic order, each followed by its permutations.
std::vector<std::vector<int>> metisDeviceGroups(int stages, int gpus, const std::vector<int>& shapes,
                                                double variance, int maxPermuteLen);
// The distinct permutations of a multiset in the order of Williams' loopless prefix-shift
// algorithm (the "multipermute" order Metis uses), starting from the non-increasing arrangement.
std::vector<std::vector<int>> multisetPermutations(std::vector<int> items);

struct MetisInterStagePlan {
  std::vector<int> type_order;     // GPU types along the rank order (cost-model indices)
  std::vector<int> device_groups;  // GPUs per stage
  int batches = 1;                 // micro-batches per iteration
};

// Metis's InterStagePlanGenerator, one plan at a time: for each order of the GPU types, for
// 1 .. min(GPUs, blocks) stages (those with no device group are skipped), for each device
// group list, for each divisor of gbs from the largest.
class MetisInterStageIterator {
 public:
  MetisInterStageIterator(std::vector<int> types, int gpus, int globalBatch, int maxStages,
                          double variance = 0.5, int maxPermuteLen = 10);
  bool next(MetisInterStagePlan& out);

 private:
  bool advanceStages();  // to the next stage count with device groups; false past the last
  // The current order of the GPU types; the next comes from std::next_permutation. Orders are
  // made one at a time because there are n! of them: keeping them all took 479 million vectors
  // (over 6 GB, killed by the OOM killer) on a cluster of 12 GPU types, before any budget check.
  std::vector<int> order_;
  std::vector<int> shapes_, divisors_;
  int gpus_, max_stages_;
  double variance_;
  int max_permute_len_;
  size_t group_ = 0, batch_ = 0;
  int stages_ = 0;
  std::vector<std::vector<int>> groups_;
  bool started_ = false, done_ = false;
};

}  // namespace arachne
