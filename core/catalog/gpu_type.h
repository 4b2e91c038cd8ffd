// One GPU type of the catalog: capacities, rates, links and price, each figure with its source.
#pragma once

#include <map>
#include <string>

#include "catalog/fabric.h"
#include "catalog/precision.h"

namespace arachne {

struct GpuType {
  std::string id;    // catalog id, e.g. "h100"
  std::string name;  // human name, e.g. "NVIDIA H100 SXM5 80GB"
  double memory_bytes = 0;           // usable device memory in bytes
  double bf16_tflops = 0;            // dense peak; 0 means the type has no such mode
  double fp16_tflops = 0;            // dense peak with FP32 accumulate
  double fp32_tflops = 0;            // dense peak of plain FP32 (CUDA cores)
  double tf32_tflops = 0;            // dense TF32 tensor-core peak; 0: no TF32 (before Ampere)
  double fp8_tflops = 0;             // dense FP8 tensor-core peak (FP32 accumulate); 0: no FP8
  double matmul_efficiency = 0.8;    // achievable fraction of peak for large GEMMs (MAMF)
  double memory_bandwidth_gbps = 0;  // GB/s (decimal)
  double intra_node_gbps = 0;        // per GPU, per direction, inside a node
  double inter_node_gbps = 0;        // per node, per direction, to other nodes
  int inter_node_nics = 1;           // NICs (rails) of a usual node: one GPU's flow reaches
                                     // inter_node_gbps / inter_node_nics at most
  Fabric inter_node_fabric = Fabric::Unstated;  // the deployment inter_node_gbps describes
  int usual_node_size = 8;
  double price_per_hour = 0;         // USD per GPU-hour
  std::map<std::string, std::string> sources;  // field name -> where the figure comes from
  std::map<std::string, std::string> aliases;  // foreign name (e.g. Sailor's "GH-96") -> this id

  // Dense peak rate of the precision's matmuls, 0 when unsupported (e.g. BF16 on V100). FP8
  // is Transformer Engine's: its matmuls in FP8, everything else in BF16.
  double peakTflops(Precision p) const {
    switch (p) {
      case Precision::Bf16: return bf16_tflops;
      case Precision::Fp16: return fp16_tflops;
      case Precision::Fp32: return fp32_tflops;
      case Precision::Fp8: return fp8_tflops;
    }
    return 0;
  }
};

}  // namespace arachne
