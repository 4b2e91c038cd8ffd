// Metis's layer load balancer (our implementation of the algorithm of SamsungLabs/Metis, read
// and not copied, CC BY-NC): layers go to stages in proportion to the stages' compute
// performance, each layer cut into 7 sub-units that are assigned forward, then backward into the
// last stage, the rest to the stage with the most capacity between their neighbours; a layer
// belongs to the stage holding most of its units; up to four moves rebalance neighbours. When a
// stage's memory demand exceeds its capacity its performance is lowered and the split repeated,
// three attempts at most.
#pragma once

#include <vector>

namespace arachne {

// The partition [0, s1, s2, ..., L] of `layers` layers over stages with the given normalised
// compute performance; `layerDemand` is each layer's share of the model's compute (sums to 1).
// A layer whose units split without a majority is dropped, as in Metis, so the last entry can
// fall short of `layers`.
std::vector<int> metisBalanceLayers(const std::vector<double>& stagePerformance,
                                    const std::vector<double>& layerDemand);

// Metis's _adj_compute_performance: stages over their memory get 0.9 x capacity/demand of their
// performance, the shortfall moves to stages with memory to spare in proportion to their
// performance. Empty when the spare cannot cover it.
std::vector<double> metisAdjustPerformance(const std::vector<double>& performance,
                                           const std::vector<double>& capacity,
                                           const std::vector<double>& demand);

}  // namespace arachne
