// One GPU type of the catalog: capacities, rates, links and price, each figure with its source.
#pragma once

#include <map>
#include <string>

#include "catalog/precision.h"

namespace arachne {

struct GpuType {
  std::string id;    // catalog id, e.g. "h100"
  std::string name;  // human name, e.g. "NVIDIA H100 SXM5 80GB"
  double memory_bytes = 0;           // usable device memory in bytes
  double bf16_tflops = 0;            // dense peak; 0 means the type has no such mode
  double fp16_tflops = 0;            // dense peak with FP32 accumulate
  double fp32_tflops = 0;            // dense peak (TF32 is not used)
  double matmul_efficiency = 0.8;    // achievable fraction of peak for large GEMMs (MAMF)
  double memory_bandwidth_gbps = 0;  // GB/s (decimal)
  double intra_node_gbps = 0;        // per GPU, per direction, inside a node
  double inter_node_gbps = 0;        // per node, per direction, to other nodes
  int usual_node_size = 8;
  double price_per_hour = 0;         // USD per GPU-hour
  std::map<std::string, std::string> sources;  // field name -> where the figure comes from
  std::map<std::string, std::string> aliases;  // foreign name (e.g. Sailor's "GH-96") -> this id

  // Dense peak rate for the precision, 0 when unsupported (e.g. BF16 on V100).
  double peakTflops(Precision p) const {
    switch (p) {
      case Precision::Bf16: return bf16_tflops;
      case Precision::Fp16: return fp16_tflops;
      case Precision::Fp32: return fp32_tflops;
    }
    return 0;
  }
};

}  // namespace arachne
