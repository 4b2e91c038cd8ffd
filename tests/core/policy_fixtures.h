// Shared inputs of the policy tests: a small GPU catalog, an 8B-like model, compositions.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "catalog/gpu_catalog.h"
#include "cluster/composition.h"
#include "model/model.h"

namespace policy_fixtures {

using namespace arachne;

inline GpuType gpu(const std::string& id, double memGiB, double bf16, double bw, double intra, double inter) {
  GpuType t;
  t.id = id;
  t.memory_bytes = memGiB * 1024.0 * 1024.0 * 1024.0;
  t.bf16_tflops = t.fp16_tflops = bf16;
  t.fp32_tflops = bf16 / 10;
  t.memory_bandwidth_gbps = bw;
  t.intra_node_gbps = intra;
  t.inter_node_gbps = inter;
  return t;
}

// Figures from the project's domain facts (dense BF16 peaks, per-direction links).
inline const GpuCatalog& catalog() {
  static const GpuCatalog c = [] {
    GpuCatalog k;
    k.add(gpu("h100", 80, 989, 3350, 450, 50));
    k.add(gpu("a100-40", 40, 312, 1555, 300, 25));
    k.add(gpu("a100-80", 80, 312, 2039, 300, 25));
    k.add(gpu("a6000", 48, 154.8, 768, 28, 12.5));
    k.add(gpu("l40s", 48, 362, 864, 32, 12.5));
    k.add(gpu("rtx-pro-6000", 96, 503.8, 1792, 32, 12.5));
    k.add(gpu("a5000", 24, 111, 768, 28, 12.5));
    return k;
  }();
  return c;
}

// An 8B-like dense model: embedding, 32 blocks, head.
inline Model model() {
  Model m;
  m.id = "test-8b";
  m.layer_types = {{"embedding", LayerKind::Embedding, 0.525e9, 0, false},
                   {"dense", LayerKind::DenseBlock, 0.218e9, 0, false},
                   {"head", LayerKind::Head, 0.525e9, 0, false}};
  m.layers.push_back(0);
  for (int i = 0; i < 32; ++i) m.layers.push_back(1);
  m.layers.push_back(2);
  return m;
}

// Node sizes per type, e.g. {{"h100", {8, 8}}, {"a6000", {4, 1}}}.
inline Composition composition(const std::vector<std::pair<std::string, std::vector<int>>>& spec) {
  Composition c;
  for (const auto& [type, sizes] : spec)
    for (int s : sizes) c.addNode({-1, type, s, 0});
  return c;
}

inline std::vector<int> allFree(const Composition& c) {
  std::vector<int> f;
  for (const auto& n : c.nodes()) f.push_back(n.gpus);
  return f;
}

}  // namespace policy_fixtures
