// A tiny GPU catalog for widget tests (figures are round numbers, not the built-in catalog's).
#pragma once

#include "catalog/gpu_catalog.h"
#include "cluster/composition.h"

namespace arachne::test {

inline GpuCatalog tinyCatalog() {
  GpuCatalog c;
  GpuType h100;
  h100.id = "h100";
  h100.name = "H100 test";
  h100.memory_bytes = 80e9;
  h100.bf16_tflops = 989;
  h100.memory_bandwidth_gbps = 3350;
  h100.intra_node_gbps = 450;
  h100.inter_node_gbps = 50;
  h100.price_per_hour = 4.0;
  c.add(h100);
  GpuType a6000 = h100;
  a6000.id = "a6000";
  a6000.name = "A6000 test";
  a6000.memory_bytes = 48e9;
  a6000.usual_node_size = 4;
  a6000.price_per_hour = 1.0;
  c.add(a6000);
  return c;
}

// "h100:8,8;a6000:4,1" style fixture, built by hand because the core's parser is not needed here.
inline Composition composition(const GpuCatalog&, std::initializer_list<std::pair<const char*, int>> nodes) {
  Composition c;
  for (auto [type, gpus] : nodes) c.addNode(Node{-1, type, gpus, 0});
  return c;
}

}  // namespace arachne::test
