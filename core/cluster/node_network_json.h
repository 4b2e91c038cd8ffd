// A node's own figures (inter_node_gbps, inter_node_nics, inter_node_fabric, price_per_gpu_hour)
// read from a JSON object, so a cluster file's node and a scenario's joining node accept the same
// keys, ranges and messages, and a node that joins is priced like the same node written in the
// cluster.
#pragma once

#include "cluster/node.h"

namespace arachne {

class JsonReader;

// Upper bound of a node's link override, the same cap the GPU catalog applies (GB/s).
constexpr double kMaxNodeLinkGbps = 1.0e5;
// Upper bound of a node's NIC (rail) count.
constexpr int kMaxNodeNics = 1024;
// Upper bound of a node's own price, USD per GPU-hour (the catalog's dearest is a few dollars).
constexpr double kMaxGpuHourPrice = 1.0e4;

// Sets n's own network and price from r's optional keys; an absent key leaves the field at "take
// the catalog's" (0, Unstated, -1). A LoadError names the field when a value is out of range.
void readNodeOverrides(const JsonReader& r, Node& n);

}  // namespace arachne
