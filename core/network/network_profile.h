// Measured or assumed networks of a cluster: how the nodes of each GPU type reach other nodes
// (per number of GPUs sending at once), the measured links between pairs of node types, and
// the links inside a node (per group size), each a bandwidth curve over the message size.
#pragma once

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "network/bandwidth_curve.h"

namespace arachne {

// Per-step latencies used where a curve does not already include them (spec-derived links).
constexpr double kDefaultIntraNodeLatencyS = 5e-6;
constexpr double kDefaultInterNodeLatencyS = 20e-6;

// A node's connection to another node: the aggregate bandwidth when `gpus` flows of the node
// communicate at once (Sailor measures 1, 2 and 4), per message size.
struct NicModel {
  std::vector<std::pair<int, BandwidthCurve>> flows;  // ascending by flow count
  double latency_s = 0;  // added per message; 0 when the curves are end-to-end measurements
  bool empty() const { return flows.empty(); }
  // GB/s one flow achieves when `concurrent` flows of the node send at once: the aggregate at
  // that count (linear between measured counts; past the largest count the aggregate stops
  // growing) divided by the count.
  double perFlowGbps(int concurrent, double bytes) const;
  // Aggregate GB/s of the node with `concurrent` flows.
  double aggregateGbps(int concurrent, double bytes) const;
  // Both at x = log2(bytes).
  double aggregateGbpsAtLog2(int concurrent, double x) const;
  double perFlowGbpsAtLog2(int concurrent, double x) const { return aggregateGbpsAtLog2(concurrent, x) / std::max(1, concurrent); }
  bool operator==(const NicModel&) const = default;
};

// Links inside a node: per-GPU bandwidth of a group of `gpus` GPUs talking at once.
struct IntraModel {
  std::vector<std::pair<int, BandwidthCurve>> groups;  // ascending by group size
  double latency_s = 0;
  bool empty() const { return groups.empty(); }
  // The curve of the smallest measured group at least `groupSize` large (the largest when
  // none is): consumer boxes get slower per GPU as more GPUs share the PCIe switch.
  double gbps(int groupSize, double bytes) const;
  bool operator==(const IntraModel&) const = default;
};

class NetworkProfile {
 public:
  std::string name;        // e.g. "sailor-us-central1-a"
  std::string source;      // where the figures come from
  std::string deployment;  // what they describe, e.g. "cloud Ethernet (GCP a2 VMs)"

  bool empty() const { return inter_.empty() && pairs_.empty() && intra_.empty(); }
  void setInterNode(const std::string& gpuType, NicModel m) { inter_[gpuType] = std::move(m); }
  void setPair(const std::string& a, const std::string& b, NicModel m);
  void setIntraNode(const std::string& gpuType, IntraModel m) { intra_[gpuType] = std::move(m); }

  const NicModel* interNode(const std::string& gpuType) const;
  // The measured link between nodes of types a and b (either order); nullptr when only the
  // per-type NICs are known.
  const NicModel* pair(const std::string& a, const std::string& b) const;
  const IntraModel* intraNode(const std::string& gpuType) const;

  const std::map<std::string, NicModel>& interNodes() const { return inter_; }
  const std::map<std::pair<std::string, std::string>, NicModel>& pairs() const { return pairs_; }
  const std::map<std::string, IntraModel>& intraNodes() const { return intra_; }
  // GPU types the profile says anything about.
  std::vector<std::string> gpuTypes() const;

  // Adds what `over` declares, replacing entries it repeats (a cluster file's own figures
  // over a named profile).
  void overlay(const NetworkProfile& over);
  bool operator==(const NetworkProfile&) const = default;

 private:
  std::map<std::string, NicModel> inter_;
  std::map<std::pair<std::string, std::string>, NicModel> pairs_;  // key ordered a <= b
  std::map<std::string, IntraModel> intra_;
};

}  // namespace arachne
