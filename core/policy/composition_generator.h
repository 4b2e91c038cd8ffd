// Random compositions for training one policy across clusters: 2-4 GPU types, non-uniform nodes.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "cluster/composition.h"

namespace arachne {

class GpuCatalog;

struct CompositionGeneratorOptions {
  int min_types = 2;
  int max_types = 4;
  int min_gpus = 8;
  int max_gpus = 512;
  std::vector<std::string> gpu_types;   // candidates; empty = every catalog type
  std::vector<int> node_sizes = {1, 2, 3, 4, 6, 8};  // sizes an irregular node may take
  double non_uniform_probability = 0.5; // per type: its nodes mix sizes instead of one size
};

// Draws a composition: the type count uniformly, the GPU count log-uniformly (so 8-64 GPU
// clusters are as common as 64-512 ones), each type's share from a flat Dirichlet, one main node
// size per type from {1, 2, 4, 8} (or mixed sizes), and the last node of a type trimmed so the
// total is exact. The same seed gives the same composition. Throws std::invalid_argument when the
// options are contradictory (e.g. fewer candidate types than min_types).
class CompositionGenerator {
 public:
  CompositionGenerator(const GpuCatalog& catalog, CompositionGeneratorOptions options = {});
  Composition draw(std::mt19937_64& rng) const;
  const CompositionGeneratorOptions& options() const { return options_; }

 private:
  CompositionGeneratorOptions options_;
};

}  // namespace arachne
