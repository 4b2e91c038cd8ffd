// Builds HexiScale's device list and model dimensions from our cost model's problem.
#include "planning/hexiscale_problem.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "plan/texts.h"

namespace arachne {

namespace {
// Sailor's port fixes B_type = 4 ("float32") whatever the precision; HexiScale's own code used 2.
// Its memory model counts 4 values per parameter, so 4 bytes give 16 B per parameter, near the
// 18 B of bf16 mixed precision with Adam that our cost model charges (2 bytes would give 8).
constexpr double kHexiScaleBytesPerValue = 4;
}  // namespace

HexiScaleProblem HexiScaleProblem::from(const CostModel& cost) {
  HexiScaleProblem p;
  const Composition& comp = cost.composition();
  const TrainingSpec& spec = cost.spec();
  double inter = std::numeric_limits<double>::infinity();
  for (const Node& n : comp.nodes()) {
    const int g = cost.gpuIndex(n.gpu_type);
    const GpuType& t = cost.gpuType(g);
    inter = std::min(inter, n.inter_node_gbps > 0 ? n.inter_node_gbps : t.inter_node_gbps);
    for (int i = 0; i < n.gpus; ++i) {
      HexiScaleDevice d;
      d.node_id = n.id;
      d.machine = p.machines;
      d.gpu_type = g;
      d.flops = t.peakTflops(spec.precision) * 1024.0 * 1024 * 1024 * 1024;
      d.memory_gib = t.memory_bytes / (1024.0 * 1024 * 1024);
      d.intra_bps = t.intra_node_gbps * 1024.0 * 1024 * 1024;
      p.devices.push_back(d);
    }
    ++p.machines;
  }
  p.inter_bps = (std::isfinite(inter) ? inter : 0) * 1024.0 * 1024 * 1024;
  const Model& model = cost.model();
  p.H = model.shape.hidden;
  p.V = model.shape.vocab;
  p.S = spec.sequence_length;
  p.B = kHexiScaleBytesPerValue;
  p.global_batch = spec.global_batch;
  p.first_block = -1;
  for (int i = 0; i < model.layerCount(); ++i) {
    const LayerKind k = model.layer(i).kind;
    if (k != LayerKind::DenseBlock && k != LayerKind::MoeBlock) continue;
    if (p.first_block < 0) p.first_block = i;
    p.last_block = i;
  }
  if (p.first_block < 0) {
    p.why_not = text::kHexiNoBlock;
    p.first_block = 0;
  } else {
    p.L = p.last_block - p.first_block + 1;
  }
  return p;
}

}  // namespace arachne
