#include "cluster/node_network_json.h"

#include "catalog/fabric_json.h"
#include "io/json_reader.h"

namespace arachne {

void readNodeOverrides(const JsonReader& r, Node& n) {
  n.inter_node_gbps = r.number("inter_node_gbps", 1e-3, kMaxNodeLinkGbps, 0.0);
  n.inter_node_nics = static_cast<int>(r.integer("inter_node_nics", 1, kMaxNodeNics, 0));
  n.inter_node_fabric = r.has("inter_node_fabric") ? readFabric(r, "inter_node_fabric") : Fabric::Unstated;
  n.price_per_gpu_hour = r.has("price_per_gpu_hour") ? r.number("price_per_gpu_hour", 0.0, kMaxGpuHourPrice) : -1.0;
}

}  // namespace arachne
