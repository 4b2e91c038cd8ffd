// Gradient surgery between compositions: remove from each gradient the part that fights another.
#pragma once

#include <random>
#include <vector>

namespace arachne {

struct ProjectionReport {
  int gradients = 0;
  int conflicts = 0;        // ordered pairs (i, j) whose dot product was negative when visited
  double mean_cosine = 0;   // over unordered pairs, before projection (1 when fewer than two)
};

// PCGrad: for each composition's gradient g_i, visit the others in a random order and, whenever
// g_i . g_j < 0, set g_i -= (g_i . g_j / |g_j|^2) g_j (with the original g_j). What is left of g_i
// still improves its own composition but no longer at the other's expense. Gradients are the
// flattened parameter gradients of one composition each, all of one length; zero vectors are
// left alone. Throws std::invalid_argument when the lengths differ.
ProjectionReport projectConflictingGradients(std::vector<std::vector<float>>& gradients,
                                             std::mt19937_64& rng);

}  // namespace arachne
