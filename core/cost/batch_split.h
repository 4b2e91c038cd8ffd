// Splitting the global batch over templates: whole micro-batches, min-max iteration time.
#pragma once

namespace arachne {

// Template j runs `weight[j]` sequences per micro-batch step over all its replicas
// (replicas * micro_batch) and takes perMb[j] * M + fixed[j] seconds for M micro-batches.
// Chooses M[j] >= 1 with sum weight[j] * M[j] >= globalBatch, minimising first the largest
// iteration time and then the overshoot. Returns false (M untouched) when even M = 1
// everywhere exceeds the global batch. O(n) plus a few greedy steps for small n.
bool splitBatch(const double* perMb, const double* fixed, const int* weight, int n,
                long long globalBatch, int* M);

}  // namespace arachne
