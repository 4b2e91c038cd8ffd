// The composition's bookkeeping: nodes, counts per type, price, inline text form.
#include "cluster/composition.h"

#include <algorithm>

#include "catalog/gpu_catalog.h"
#include "cluster/node_network.h"

namespace arachne {

int Composition::addNode(Node node) {
  if (!max_id_known_) {
    max_id_ = -1;
    for (const auto& n : nodes_) max_id_ = std::max(max_id_, n.id);
    max_id_known_ = true;
  }
  // An id above every id present is free without a search; the next free id is the largest + 1.
  const Composition& self = *this;  // the const lookup: it leaves the cached id known
  if (node.id < 0 || (node.id <= max_id_ && self.findNode(node.id))) node.id = max_id_ + 1;
  max_id_ = std::max(max_id_, node.id);
  nodes_.push_back(std::move(node));
  return nodes_.back().id;
}

bool Composition::removeNode(int id) {
  auto it = std::find_if(nodes_.begin(), nodes_.end(), [id](const Node& n) { return n.id == id; });
  if (it == nodes_.end()) return false;
  nodes_.erase(it);
  max_id_known_ = false;  // the next free id may be lower now
  return true;
}

Node* Composition::findNode(int id) {
  for (auto& n : nodes_)
    if (n.id == id) {
      max_id_known_ = false;  // the caller may change the id
      return &n;
    }
  return nullptr;
}

const Node* Composition::findNode(int id) const {
  for (const auto& n : nodes_)
    if (n.id == id) return &n;
  return nullptr;
}

int Composition::totalGpus() const {
  int total = 0;
  for (const auto& n : nodes_) total += n.gpus;
  return total;
}

int Composition::gpusOfType(const std::string& gpuType) const {
  int total = 0;
  for (const auto& n : nodes_)
    if (n.gpu_type == gpuType) total += n.gpus;
  return total;
}

std::vector<std::string> Composition::gpuTypes() const {
  std::vector<std::string> types;
  for (const auto& n : nodes_)
    if (std::find(types.begin(), types.end(), n.gpu_type) == types.end()) types.push_back(n.gpu_type);
  return types;
}

std::map<std::string, std::vector<int>> Composition::nodeSizesByType() const {
  std::map<std::string, std::vector<int>> sizes;
  for (const auto& n : nodes_) sizes[n.gpu_type].push_back(n.gpus);
  return sizes;
}

double Composition::pricePerGpuHour(const Node& n, const GpuCatalog& catalog) {
  if (n.price_per_gpu_hour >= 0) return n.price_per_gpu_hour;
  const GpuType* t = catalog.find(n.gpu_type);
  return t ? t->price_per_hour : 0.0;
}

double Composition::pricePerHour(const GpuCatalog& catalog) const {
  double total = 0;
  for (const auto& n : nodes_) total += pricePerGpuHour(n, catalog) * n.gpus;
  return total;
}

double Composition::interNodeGbps(const Node& n, const GpuCatalog& catalog) const {
  if (n.inter_node_gbps > 0) return n.inter_node_gbps;
  const GpuType* t = catalog.find(n.gpu_type);
  return t ? t->inter_node_gbps : 0.0;
}

std::string Composition::toInlineSpec() const {
  // Groups runs of equal node sizes per type, keeping the order in which types and sizes
  // first appear, so "h100:4x8,a6000:4x6+1x4" round-trips.
  std::string out;
  for (const auto& type : gpuTypes()) {
    std::vector<std::pair<int, int>> runs;  // (size, count)
    for (const auto& n : nodes_) {
      if (n.gpu_type != type) continue;
      if (!runs.empty() && runs.back().first == n.gpus) ++runs.back().second;
      else runs.emplace_back(n.gpus, 1);
    }
    if (!out.empty()) out += ",";
    out += type + ":";
    for (size_t i = 0; i < runs.size(); ++i) {
      if (i) out += "+";
      out += std::to_string(runs[i].first) + "x" + std::to_string(runs[i].second);
    }
  }
  if (network && !network->name.empty()) out += "@" + network->name;
  return out;
}

bool Composition::operator==(const Composition& o) const {
  if (nodes_.size() != o.nodes_.size()) return false;
  if (bool(network) != bool(o.network) || (network && !(*network == *o.network))) return false;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const Node& a = nodes_[i];
    const Node& b = o.nodes_[i];
    if (a.id != b.id || a.gpu_type != b.gpu_type || a.gpus != b.gpus || !sameNodeOverrides(a, b))
      return false;
  }
  return true;
}

}  // namespace arachne
