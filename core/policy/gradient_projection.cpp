// PCGrad between the gradients of different compositions (the seed's "remove the component").
#include "policy/gradient_projection.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace arachne {

namespace {
double dot(const std::vector<float>& a, const std::vector<float>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += static_cast<double>(a[i]) * b[i];
  return s;
}
}  // namespace

ProjectionReport projectConflictingGradients(std::vector<std::vector<float>>& gradients,
                                             std::mt19937_64& rng) {
  ProjectionReport report;
  report.gradients = static_cast<int>(gradients.size());
  const size_t n = gradients.size();
  for (size_t i = 1; i < n; ++i)
    if (gradients[i].size() != gradients[0].size())
      throw std::invalid_argument("gradient projection: gradient " + std::to_string(i) + " has " +
                                  std::to_string(gradients[i].size()) + " entries, gradient 0 has " +
                                  std::to_string(gradients[0].size()));
  std::vector<double> norm2(n);
  for (size_t i = 0; i < n; ++i) norm2[i] = dot(gradients[i], gradients[i]);
  double cosines = 0;
  int pairs = 0;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      if (norm2[i] <= 0 || norm2[j] <= 0) continue;
      cosines += dot(gradients[i], gradients[j]) / std::sqrt(norm2[i] * norm2[j]);
      ++pairs;
    }
  report.mean_cosine = pairs ? cosines / pairs : 1.0;

  const std::vector<std::vector<float>> original = gradients;
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  for (size_t i = 0; i < n; ++i) {
    std::shuffle(order.begin(), order.end(), rng);
    auto& g = gradients[i];
    for (size_t j : order) {
      if (j == i || norm2[j] <= 0) continue;
      const double d = dot(g, original[j]);
      if (d >= 0) continue;
      ++report.conflicts;
      const double scale = d / norm2[j];
      for (size_t k = 0; k < g.size(); ++k) g[k] -= static_cast<float>(scale * original[j][k]);
    }
  }
  return report;
}

}  // namespace arachne
