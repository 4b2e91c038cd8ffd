// The construction state of the cluster: the free GPUs of every node, grouped by GPU type,
// with the node-allocation rule and the counts the feasibility masks need.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cluster/node.h"

namespace arachne {

class Composition;

// TP degrees are powers of two: level l stands for a group of 2^l GPUs.
constexpr int kMaxTpLevels = 8;  // up to TP 128
int tpLevel(int tp);             // -1 when tp is not a power of two in range

class FreeGpus {
 public:
  struct NodeSlot {
    int node_id = 0;
    int size = 0;
    int free = 0;
  };

  FreeGpus() = default;
  // GPU types are indexed in order of first appearance, as CostModel::gpuIndex does.
  explicit FreeGpus(const Composition& composition);
  explicit FreeGpus(const std::vector<Node>& nodes);

  int typeCount() const { return static_cast<int>(types_.size()); }
  const std::string& typeId(int type) const { return types_[static_cast<size_t>(type)].id; }
  int typeIndex(const std::string& gpuType) const;  // -1 when absent
  const std::vector<NodeSlot>& nodes(int type) const { return types_[static_cast<size_t>(type)].nodes; }

  int freeOfType(int type) const { return types_[static_cast<size_t>(type)].free; }
  int totalFree() const;
  int largestFree(int type) const;         // largest free count on one node of the type
  int largestNodeSize() const;             // over all nodes, used or not (sets K)
  // Groups of 2^level GPUs the free nodes of a type can still hold: sum over nodes of
  // floor(free / 2^level). Kept up to date by take(), so it is O(1).
  int groupCapacity(int type, int level) const {
    return types_[static_cast<size_t>(type)].capacity[static_cast<size_t>(level)];
  }

  // The allocation rule: a node whose free count is exactly k (first in composition order),
  // else k GPUs from the node with the smallest free count above k (best fit, first in order on
  // ties). Best fit keeps large free nodes whole for large TP groups; with power-of-two groups
  // taken largest first it never loses a packing (see docs/planners.md). Returns the node id,
  // or -1 when no node of the type has k free GPUs. Amortised O(node size), not O(nodes): a
  // fill places thousands of TP groups on a 100,000-GPU composition.
  int take(int type, int k);
  // Gives back k GPUs to a node (node_id of this type).
  void give(int type, int nodeId, int k);
  // A copy in which only the given node keeps its free GPUs (type indices unchanged).
  FreeGpus onlyNode(int nodeId) const;
  // A copy in which only the nodes of one type keep their free GPUs (type indices unchanged).
  FreeGpus onlyType(int type) const;

  // The heap blocks this holds, in bytes (a slot per node: it grows with the composition).
  size_t heapBytes() const;

 private:
  struct TypeState {
    std::string id;
    std::vector<NodeSlot> nodes;
    int free = 0;
    int capacity[kMaxTpLevels] = {};
    int largest = 0;  // the type's largest node size
    int offset = 0;   // into by_free_: counts of nodes by free count 0..largest, then as many hints
  };
  void build(const std::vector<Node>& nodes);
  void buildIndex();
  // Sets the free count of ts.nodes[index], keeping every count and hint true.
  void setFree(TypeState& ts, size_t index, int newFree);
  static void adjustCapacity(TypeState& t, int oldFree, int newFree);
  std::vector<TypeState> types_;
  // Per type: how many nodes have each free count, and for each free count an index at or
  // before the first node that has it (a lower bound that take() moves forward as it scans).
  // One vector for all types, so copying the state costs one allocation more, not one per type.
  std::vector<int> by_free_;
  int largest_node_ = 0;
};

}  // namespace arachne
