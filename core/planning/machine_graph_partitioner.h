// Balanced minimum-cut partitioning of a complete graph whose devices are grouped into machines
// (HexiScale's graph: every pair of GPUs is linked, the weight depends only on whether the two
// share a machine). Same objective and balance tolerance as METIS's k-way partitioning, which
// HexiScale calls through pymetis; the algorithm is our own (METIS is not a dependency).
#pragma once

#include <vector>

namespace arachne {

struct MachineGraph {
  std::vector<int> machine;       // per device: its machine, 0 .. machines-1
  std::vector<double> weight;     // per machine: vertex weight of each of its devices
  std::vector<double> intra_edge; // per machine: weight of an edge between two of its devices
  double inter_edge = 0;          // weight of an edge between devices of different machines
  int machines() const { return static_cast<int>(weight.size()); }
};

class MachineGraphPartitioner {
 public:
  // METIS's default k-way imbalance (ufactor 30): a part may weigh up to 1.03 x total / k.
  static constexpr double kImbalance = 1.03;

  // Part index per device, 0 .. nparts-1 (nparts is capped at the device count). Empty parts are
  // dropped and the others renumbered in order, as HexiScale renumbers a METIS result with
  // missing part ids; so the result may have fewer parts.
  // Minimises the cut weight subject to every part weighing at most kImbalance x total / nparts
  // (or the heaviest part of the initial partition, when single devices are too heavy for that).
  // The initial partition takes the devices in order and cuts where the running vertex weight
  // crosses a k-th of the total (METIS grows its regions along the adjacency lists, which on a
  // complete graph are in device order; with every edge weight zero, as HexiScale's rounded
  // reverse bandwidths often are, that is the whole answer). Then moves of one device and swaps
  // of two devices between parts that lower the cut are applied until none is left.
  // Deterministic.
  static std::vector<int> partition(const MachineGraph& graph, int nparts);

  // The weight of the edges between different parts (for tests).
  static double cutWeight(const MachineGraph& graph, const std::vector<int>& parts);
};

}  // namespace arachne
