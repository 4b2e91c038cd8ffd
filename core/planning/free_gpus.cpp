// The construction state of free GPUs and the node-allocation rule.
#include "planning/free_gpus.h"

#include <algorithm>

#include "cluster/composition.h"

namespace arachne {

int tpLevel(int tp) {
  for (int l = 0; l < kMaxTpLevels; ++l)
    if (tp == (1 << l)) return l;
  return -1;
}

FreeGpus::FreeGpus(const Composition& composition) { build(composition.nodes()); }
FreeGpus::FreeGpus(const std::vector<Node>& nodes) { build(nodes); }

void FreeGpus::build(const std::vector<Node>& nodes) {
  for (const Node& n : nodes) {
    int t = typeIndex(n.gpu_type);
    if (t < 0) {
      t = typeCount();
      types_.push_back(TypeState{});
      types_.back().id = n.gpu_type;
    }
    TypeState& ts = types_[static_cast<size_t>(t)];
    const int size = std::max(0, n.gpus);
    ts.nodes.push_back(NodeSlot{n.id, size, size});
    ts.free += size;
    adjustCapacity(ts, 0, size);
    largest_node_ = std::max(largest_node_, size);
  }
}

int FreeGpus::typeIndex(const std::string& gpuType) const {
  for (size_t i = 0; i < types_.size(); ++i)
    if (types_[i].id == gpuType) return static_cast<int>(i);
  return -1;
}

size_t FreeGpus::heapBytes() const {
  size_t bytes = types_.capacity() * sizeof(TypeState);
  for (const TypeState& t : types_) bytes += t.nodes.capacity() * sizeof(NodeSlot) + t.id.capacity();
  return bytes;
}

int FreeGpus::totalFree() const {
  int n = 0;
  for (const auto& t : types_) n += t.free;
  return n;
}

int FreeGpus::largestFree(int type) const {
  int m = 0;
  for (const auto& n : nodes(type)) m = std::max(m, n.free);
  return m;
}

int FreeGpus::largestNodeSize() const { return largest_node_; }

void FreeGpus::adjustCapacity(TypeState& t, int oldFree, int newFree) {
  for (int l = 0; l < kMaxTpLevels; ++l) t.capacity[l] += (newFree >> l) - (oldFree >> l);
}

int FreeGpus::take(int type, int k) {
  TypeState& ts = types_[static_cast<size_t>(type)];
  if (k <= 0 || ts.free < k) return -1;
  NodeSlot* best = nullptr;
  for (NodeSlot& n : ts.nodes) {
    if (n.free == k) {
      best = &n;
      break;
    }
    if (n.free > k && (best == nullptr || n.free < best->free)) best = &n;
  }
  if (best == nullptr) return -1;
  adjustCapacity(ts, best->free, best->free - k);
  best->free -= k;
  ts.free -= k;
  return best->node_id;
}

void FreeGpus::give(int type, int nodeId, int k) {
  TypeState& ts = types_[static_cast<size_t>(type)];
  for (NodeSlot& n : ts.nodes) {
    if (n.node_id != nodeId) continue;
    const int nf = std::min(n.size, n.free + k);
    adjustCapacity(ts, n.free, nf);
    ts.free += nf - n.free;
    n.free = nf;
    return;
  }
}

FreeGpus FreeGpus::onlyNode(int nodeId) const {
  FreeGpus f = *this;
  for (TypeState& ts : f.types_)
    for (NodeSlot& n : ts.nodes) {
      if (n.node_id == nodeId || n.free == 0) continue;
      adjustCapacity(ts, n.free, 0);
      ts.free -= n.free;
      n.free = 0;
    }
  return f;
}

FreeGpus FreeGpus::onlyType(int type) const {
  FreeGpus f = *this;
  for (size_t t = 0; t < f.types_.size(); ++t) {
    if (static_cast<int>(t) == type) continue;
    TypeState& ts = f.types_[t];
    for (NodeSlot& n : ts.nodes) {
      if (n.free == 0) continue;
      adjustCapacity(ts, n.free, 0);
      ts.free -= n.free;
      n.free = 0;
    }
  }
  return f;
}

}  // namespace arachne
