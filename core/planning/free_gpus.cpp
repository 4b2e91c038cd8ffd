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
  buildIndex();
}

void FreeGpus::buildIndex() {
  size_t total = 0;
  for (TypeState& ts : types_) {
    ts.largest = 0;
    for (const NodeSlot& n : ts.nodes) ts.largest = std::max(ts.largest, n.size);
    ts.offset = static_cast<int>(total);
    total += 2 * static_cast<size_t>(ts.largest + 1);
  }
  by_free_.assign(total, 0);
  for (TypeState& ts : types_) {
    int* count = by_free_.data() + ts.offset;
    int* hint = count + ts.largest + 1;
    std::fill(hint, hint + ts.largest + 1, static_cast<int>(ts.nodes.size()));
    for (size_t i = 0; i < ts.nodes.size(); ++i) {
      const int f = ts.nodes[i].free;
      ++count[f];
      hint[f] = std::min(hint[f], static_cast<int>(i));
    }
  }
}

void FreeGpus::setFree(TypeState& ts, size_t index, int newFree) {
  NodeSlot& n = ts.nodes[index];
  int* count = by_free_.data() + ts.offset;
  int* hint = count + ts.largest + 1;
  --count[n.free];
  ++count[newFree];
  hint[newFree] = std::min(hint[newFree], static_cast<int>(index));
  adjustCapacity(ts, n.free, newFree);
  ts.free += newFree - n.free;
  n.free = newFree;
}

int FreeGpus::typeIndex(const std::string& gpuType) const {
  for (size_t i = 0; i < types_.size(); ++i)
    if (types_[i].id == gpuType) return static_cast<int>(i);
  return -1;
}

size_t FreeGpus::heapBytes() const {
  size_t bytes = types_.capacity() * sizeof(TypeState) + by_free_.capacity() * sizeof(int);
  for (const TypeState& t : types_) bytes += t.nodes.capacity() * sizeof(NodeSlot) + t.id.capacity();
  return bytes;
}

int FreeGpus::totalFree() const {
  int n = 0;
  for (const auto& t : types_) n += t.free;
  return n;
}

int FreeGpus::largestFree(int type) const {
  const TypeState& ts = types_[static_cast<size_t>(type)];
  const int* count = by_free_.data() + ts.offset;
  for (int v = ts.largest; v > 0; --v)
    if (count[v] > 0) return v;
  return 0;
}

int FreeGpus::largestNodeSize() const { return largest_node_; }

void FreeGpus::adjustCapacity(TypeState& t, int oldFree, int newFree) {
  for (int l = 0; l < kMaxTpLevels; ++l) t.capacity[l] += (newFree >> l) - (oldFree >> l);
}

int FreeGpus::take(int type, int k) {
  TypeState& ts = types_[static_cast<size_t>(type)];
  if (k <= 0 || ts.free < k) return -1;
  int* count = by_free_.data() + ts.offset;
  int* hint = count + ts.largest + 1;
  // The smallest free count of at least k that some node has, then its first node: the hint
  // is at or before it, and every node the scan passes has another free count.
  for (int v = k; v <= ts.largest; ++v) {
    if (count[v] == 0) continue;
    size_t i = static_cast<size_t>(hint[v]);
    while (ts.nodes[i].free != v) ++i;
    hint[v] = static_cast<int>(i);
    setFree(ts, i, v - k);
    return ts.nodes[i].node_id;
  }
  return -1;
}

void FreeGpus::give(int type, int nodeId, int k) {
  TypeState& ts = types_[static_cast<size_t>(type)];
  for (size_t i = 0; i < ts.nodes.size(); ++i) {
    if (ts.nodes[i].node_id != nodeId) continue;
    setFree(ts, i, std::min(ts.nodes[i].size, ts.nodes[i].free + k));
    return;
  }
}

FreeGpus FreeGpus::onlyNode(int nodeId) const {
  FreeGpus f = *this;
  for (TypeState& ts : f.types_)
    for (size_t i = 0; i < ts.nodes.size(); ++i)
      if (ts.nodes[i].node_id != nodeId && ts.nodes[i].free != 0) f.setFree(ts, i, 0);
  return f;
}

FreeGpus FreeGpus::onlyType(int type) const {
  FreeGpus f = *this;
  for (size_t t = 0; t < f.types_.size(); ++t) {
    if (static_cast<int>(t) == type) continue;
    TypeState& ts = f.types_[t];
    for (size_t i = 0; i < ts.nodes.size(); ++i)
      if (ts.nodes[i].free != 0) f.setFree(ts, i, 0);
  }
  return f;
}

}  // namespace arachne
