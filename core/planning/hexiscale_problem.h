// HexiScale's view of a planning problem: every GPU of the composition as a device (its machine,
// peak rate, memory, intra-machine bandwidth), one inter-machine bandwidth, and the model
// dimensions its estimator reads. Ported from the re-implementation of HexiScale (then FlashFlex)
// in eth-easl/sailor (MIT), Planner/baselines/FlashFlex/src/{utils,config,globals}.py @ cf2c8e3.
#pragma once

#include <string>
#include <vector>

namespace arachne {

class CostModel;

struct HexiScaleDevice {
  int node_id = 0;         // the composition's node (HexiScale's machine)
  int machine = 0;         // 0 .. machines-1, in composition order
  int gpu_type = 0;        // CostModel::gpuIndex
  double flops = 0;        // peak FLOP/s at the training precision (HexiScale's "tensor core" figure x 1024^4)
  double memory_gib = 0;   // device memory in GiB
  double intra_bps = 0;    // intra-machine bandwidth, bytes/s (GB/s x 1024^3 as HexiScale converts)
};

struct HexiScaleProblem {
  std::vector<HexiScaleDevice> devices;  // by node in composition order, then GPU within the node
  int machines = 0;
  double inter_bps = 0;   // the slowest inter-node bandwidth of the cluster (HexiScale takes the minimum)
  // Model (HexiScale's Config): hidden H, transformer blocks L, vocabulary V, sequence S,
  // bytes per value B (from() sets 4, as Sailor's port fixes it; the 2 below is only a default),
  // global batch, micro-batch size (always 1 in Sailor's port).
  double H = 0, V = 0, S = 0, B = 2;
  int L = 0;
  int global_batch = 0;
  int micro_batch = 1;
  // Where the transformer blocks sit in our model's layer stack: HexiScale splits blocks only;
  // the layers before the first block (embedding) join the first stage, those after the last
  // block (head) the last stage.
  int first_block = 0, last_block = 0;  // inclusive indices into Model::layers
  const char* why_not = nullptr;  // a text:: wording when the model has no transformer block

  static HexiScaleProblem from(const CostModel& cost);
  double bandwidth(int a, int b) const {  // bytes/s between two distinct devices
    const HexiScaleDevice& da = devices[static_cast<size_t>(a)];
    return da.machine == devices[static_cast<size_t>(b)].machine ? da.intra_bps : inter_bps;
  }
};

}  // namespace arachne
