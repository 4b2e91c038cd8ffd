// The generator of random training compositions.
#include "policy/composition_generator.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "catalog/gpu_catalog.h"

namespace arachne {

CompositionGenerator::CompositionGenerator(const GpuCatalog& catalog, CompositionGeneratorOptions options)
    : options_(std::move(options)) {
  if (options_.gpu_types.empty())
    for (const auto& t : catalog.types()) options_.gpu_types.push_back(t.id);
  for (const auto& id : options_.gpu_types)
    if (!catalog.find(id)) throw std::invalid_argument("composition generator: unknown GPU type '" + id + "'");
  if (options_.min_types < 1 || options_.max_types < options_.min_types ||
      static_cast<int>(options_.gpu_types.size()) < options_.min_types)
    throw std::invalid_argument("composition generator: " + std::to_string(options_.gpu_types.size()) +
                                " candidate GPU types cannot give " + std::to_string(options_.min_types) + "-" +
                                std::to_string(options_.max_types) + " types");
  if (options_.min_gpus < options_.max_types || options_.max_gpus < options_.min_gpus)
    throw std::invalid_argument("composition generator: GPU range " + std::to_string(options_.min_gpus) + "-" +
                                std::to_string(options_.max_gpus) + " cannot hold " +
                                std::to_string(options_.max_types) + " types");
  if (options_.node_sizes.empty() ||
      *std::min_element(options_.node_sizes.begin(), options_.node_sizes.end()) < 1)
    throw std::invalid_argument("composition generator: node sizes must be positive");
}

Composition CompositionGenerator::draw(std::mt19937_64& rng) const {
  const int maxTypes = std::min<int>(options_.max_types, static_cast<int>(options_.gpu_types.size()));
  const int typeCount = std::uniform_int_distribution<int>(options_.min_types, maxTypes)(rng);
  std::vector<std::string> types = options_.gpu_types;
  std::shuffle(types.begin(), types.end(), rng);
  types.resize(static_cast<size_t>(typeCount));

  const double logGpus = std::uniform_real_distribution<double>(std::log(options_.min_gpus),
                                                                std::log(options_.max_gpus))(rng);
  const int total = std::clamp(static_cast<int>(std::lround(std::exp(logGpus))), options_.min_gpus, options_.max_gpus);

  // Shares from a flat Dirichlet (normalised exponentials); every type keeps at least one GPU.
  std::vector<double> weights(static_cast<size_t>(typeCount));
  std::exponential_distribution<double> expo(1.0);
  double sum = 0;
  for (auto& w : weights) sum += (w = expo(rng));
  std::vector<int> gpus(static_cast<size_t>(typeCount), 1);
  int left = total - typeCount;
  for (int t = 0; t < typeCount; ++t) {
    const int extra = t + 1 == typeCount ? left : static_cast<int>(std::floor(left * weights[static_cast<size_t>(t)] / sum));
    gpus[static_cast<size_t>(t)] += extra;
    left -= extra;
    sum -= weights[static_cast<size_t>(t)];
  }

  const int mainSizes[] = {1, 2, 4, 8};
  Composition c;
  for (int t = 0; t < typeCount; ++t) {
    const int main = mainSizes[std::uniform_int_distribution<int>(0, 3)(rng)];
    const bool mixed = std::bernoulli_distribution(options_.non_uniform_probability)(rng);
    int remaining = gpus[static_cast<size_t>(t)];
    while (remaining > 0) {
      int size = main;
      if (mixed && std::bernoulli_distribution(0.4)(rng))
        size = options_.node_sizes[std::uniform_int_distribution<size_t>(0, options_.node_sizes.size() - 1)(rng)];
      size = std::min(size, remaining);
      c.addNode({-1, types[static_cast<size_t>(t)], size, 0});
      remaining -= size;
    }
  }
  c.name = "random";
  c.description = "generated: " + std::to_string(typeCount) + " GPU types, " + std::to_string(total) + " GPUs";
  return c;
}

}  // namespace arachne
