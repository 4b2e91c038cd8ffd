// The links a cost model prices with, resolved once per composition: every node's NIC model,
// every GPU type's links inside a node, and the measured links between pairs of node types,
// from the composition's network profile over the catalog's figures (docs/cost-model.md §3).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cost/cost_terms.h"
#include "network/network_profile.h"

namespace arachne {

class Composition;
class GpuCatalog;
struct GpuType;

// Achieved fraction of a spec rate by message size where nothing is measured, and the floor
// of one message's time. Inside a node: NCCL all-reduce bus bandwidth on 8 A100 over NVSwitch
// (domain-facts §2.2: 18, 110, 172, 223 and 232 GB/s of 300 at 1 MiB, 8 MiB, 64 MiB, 512 MiB
// and 1 GiB), read per ring step (a step moves S / 8). Between nodes: 4 nodes of 8 B200 over
// EFA, 50 GB/s per GPU (12.5 %, 44 % and 73 % of the per-GPU NIC rate at 16 MiB, 256 MiB and
// 1 GiB), per step (S / 32).
const std::vector<std::pair<double, double>>& intraNodeSizeEfficiency();
const std::vector<std::pair<double, double>>& interNodeSizeEfficiency();
// Between nodes on InfiniBand, where the EFA curve above is far too slow at mid sizes: NCCL's
// own model of a network step, a fixed latency ahead of the wire (NVIDIA/nccl
// src/graph/tuning.cc, hwLatencies NET, Ring, Simple protocol: 14 µs), over a wire at 96 % of
// the rail's rate (an NDR rail reaches 48-49 of 50 GB/s, NVIDIA on nccl-tests issue #267; four
// HDR rails 96 of 100 GB/s, nccl-tests issue #119). fraction(b) = 0.96 · b / (b + 14 µs · rate),
// so the curve depends on the rail's rate: an NDR rail reaches half its rate at 700 KB.
constexpr double kInfinibandStepLatencyS = 14e-6;
constexpr double kInfinibandPeakEfficiency = 0.96;
std::vector<std::pair<double, double>> infinibandSizeEfficiency(double perRailGbps);
// Without link curves (CostTerms::link_curves off) every spec link runs at this fraction
// plus the fixed per-message latencies of link_model.h, as before the curves.
constexpr double kFlatLinkEfficiency = 0.85;

class LinkSet {
 public:
  LinkSet() = default;
  // The resolved rates point into the models this object holds.
  LinkSet(const LinkSet&) = delete;
  LinkSet& operator=(const LinkSet&) = delete;

  // nodeGpu[slot] is the GPU type index (into gpuIds) of each node of the composition, in
  // composition order.
  void build(const GpuCatalog& catalog, const Composition& composition,
             const std::vector<std::string>& gpuIds, const CostTerms& terms);

  // Seconds for one message of `bytes` from node slot a to node slot b (a != b) while `flowsA`
  // and `flowsB` flows leave each node at once (each flow gets its share of the NICs).
  // `gbpsOut`, when given, receives the per-flow rate behind the time.
  double interTime(int a, int b, double bytes, int flowsA, int flowsB, double* gbpsOut = nullptr) const;
  // interTime of a 64 MB message, one flow each way: what picks the pace-setting pair of a ring
  // across GPU types. Precomputed per pair of node kinds.
  double ringStepTime(int a, int b) const {
    return ring_[static_cast<size_t>(nodes_[static_cast<size_t>(a)].kind * kinds_ + nodes_[static_cast<size_t>(b)].kind)];
  }
  // The per-message latency between the two nodes (what a tiny message costs).
  double interLatency(int a, int b) const;
  // The per-flow rate behind interTime, GB/s.
  double interGbps(int a, int b, double bytes, int flowsA, int flowsB) const;
  // Seconds for one message of `bytes` between GPUs of type `gpu` inside a node while a group
  // of `group` GPUs talks at once.
  double intraTime(int gpu, int group, double bytes, double* gbpsOut = nullptr) const;
  double intraLatency(int gpu) const;
  double intraGbps(int gpu, int group, double bytes) const;
  // Two node pairs with the same key have the same links (NIC models, GPU types): a transfer
  // priced for one holds for the other at the same flows.
  // (x.nic << 48) ^ (y.nic << 32) ^ (x.gpu << 16) ^ y.gpu, from halves resolved at build():
  // two loads and an exclusive or in the point-to-point loop over replicas.
  std::uint64_t pairKey(int a, int b) const {
    return keyFrom_[static_cast<size_t>(a)] ^ keyTo_[static_cast<size_t>(b)];
  }
  // The node's whole rate to other nodes with every one of its GPUs sending (for reports
  // and the policy's features), GB/s.
  double nodeGbps(int slot) const { return nodes_[static_cast<size_t>(slot)].gbps; }
  int nodeGpus(int slot) const { return nodes_[static_cast<size_t>(slot)].gpus; }
  // Where the figures come from: "catalog", or the network profile's name.
  const std::string& origin() const { return origin_; }

 private:
  struct NodeLink {
    int nic = -1;      // index into nics_
    int gpu = -1;
    int gpus = 0;
    double gbps = 0;   // nodeGbps(), precomputed
    int kind = 0;      // nodes of one kind (same NIC model and GPU type) have the same links
  };
  // One flow count of one NIC model resolved at build(): the curve (or the two measured
  // counts it lies between) and the factors that give its per-flow rate, so that pricing runs
  // no search over flow counts. The same arithmetic as NicModel::perFlowGbpsAtLog2 (and
  // aggregateGbpsAtLog2 for the node's whole rate), so the same bits.
  struct FlowRate {
    const BandwidthCurve* lo = nullptr;  // none: the model has no curve (rate 0)
    const BandwidthCurve* hi = nullptr;  // set between two measured counts
    double f = 0;                        // hi's weight there
    double scale = 1, unit = 1;          // below the first measured count: lo x count / first
    bool scaled = false;                 // scale and unit are not both 1
    double flows = 1;                    // the per-flow divisor (1: the node's whole rate)
    double at(double x) const;
  };
  static FlowRate resolve(const NicModel& m, int flows, bool perFlow);
  // Per model, index 0: the node's whole rate (no NIC sharing), index n: one of n flows.
  std::vector<std::vector<FlowRate>> nicRates_, pairRates_;
  double rate(const std::vector<FlowRate>& rates, const NicModel& m, int flows, double x) const;

  int kinds_ = 0;
  std::vector<double> ring_;             // kinds_ x kinds_: ringStepTime
  std::vector<NicModel> nics_;          // distinct NIC models (per type, size, override)
  std::vector<IntraModel> intra_;       // per GPU type
  std::vector<int> pair_;               // gpuCount x gpuCount -> index into pairs_, -1 none
  std::vector<NicModel> pairs_;
  std::vector<NodeLink> nodes_;
  std::vector<std::uint64_t> keyFrom_, keyTo_;  // pairKey's halves per node slot
  int gpuCount_ = 0;
  CostTerms terms_;
  std::string origin_;
};

}  // namespace arachne
