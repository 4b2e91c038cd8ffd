// CostModel::nodeIntraGbps: the link inside a node a reconfiguration's state transfer uses
// (nodeInterGbps, the node's whole network rate, is in cost_model.cpp).
#include "catalog/gpu_type.h"
#include "cost/cost_model.h"
#include "cost/cost_model_impl.h"

namespace arachne {

double CostModel::nodeIntraGbps(int nodeId) const {
  const int slot = d->slot(nodeId);
  if (slot < 0) return 0.0;
  const int g = d->nodes[static_cast<size_t>(slot)].gpu;
  return g < 0 ? 0.0 : d->gpus[static_cast<size_t>(g)]->intra_node_gbps;
}

}  // namespace arachne
