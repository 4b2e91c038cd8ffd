// CostModel's per-node link queries: what a reconfiguration's state transfer is priced over.
#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "cost/cost_model_impl.h"

namespace arachne {

double CostModel::nodeInterGbps(int nodeId) const {
  const int slot = d->slot(nodeId);
  return slot < 0 ? 0.0 : d->nodes[static_cast<size_t>(slot)].inter_gbps;
}

double CostModel::nodeIntraGbps(int nodeId) const {
  const int slot = d->slot(nodeId);
  if (slot < 0) return 0.0;
  const int g = d->nodes[static_cast<size_t>(slot)].gpu;
  return g < 0 ? 0.0 : d->gpus[static_cast<size_t>(g)]->intra_node_gbps;
}

}  // namespace arachne
