// One machine of the cluster: N GPUs of one type.
#pragma once

#include <string>

#include "catalog/fabric.h"

namespace arachne {

struct Node {
  int id = 0;                    // unique within the composition, stable, >= 0
  std::string gpu_type;          // catalog id
  int gpus = 0;                  // GPUs in the node (any positive count: 1, 3, 4, 6, 8 ...)
  double inter_node_gbps = 0;    // per node, per direction; 0 = take the catalog's figure
  int inter_node_nics = 0;       // NICs (rails) the node's rate is split over; 0 = the catalog's
  Fabric inter_node_fabric = Fabric::Unstated;  // the network between nodes; Unstated = the catalog's
  double price_per_gpu_hour = -1;  // USD per GPU-hour; < 0 = the catalog's price for its type (0: owned, free)
};

}  // namespace arachne
