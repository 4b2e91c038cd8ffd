// NetworkProfile lookups and the flow-sharing rule of NicModel.
#include "network/network_profile.h"

#include <algorithm>
#include <set>

namespace arachne {

double NicModel::aggregateGbps(int concurrent, double bytes) const {
  return aggregateGbpsAtLog2(concurrent, std::log2(std::max(bytes, 1.0)));
}

double NicModel::aggregateGbpsAtLog2(int concurrent, double x) const {
  if (flows.empty()) return 0;
  const int n = std::max(1, concurrent);
  if (n <= flows.front().first) return flows.front().second.gbpsAtLog2(x) * n / flows.front().first;
  for (size_t i = 1; i < flows.size(); ++i) {
    if (n == flows[i].first) return flows[i].second.gbpsAtLog2(x);
    if (n < flows[i].first) {
      const double lo = flows[i - 1].second.gbpsAtLog2(x), hi = flows[i].second.gbpsAtLog2(x);
      const double f = double(n - flows[i - 1].first) / (flows[i].first - flows[i - 1].first);
      return lo + f * (hi - lo);
    }
  }
  return flows.back().second.gbpsAtLog2(x);
}

double NicModel::perFlowGbps(int concurrent, double bytes) const {
  const int n = std::max(1, concurrent);
  return aggregateGbps(n, bytes) / n;
}


double IntraModel::gbps(int groupSize, double bytes) const {
  if (groups.empty()) return 0;
  for (const auto& [size, curve] : groups)
    if (size >= groupSize) return curve.gbps(bytes);
  return groups.back().second.gbps(bytes);
}

void NetworkProfile::setPair(const std::string& a, const std::string& b, NicModel m) {
  pairs_[a <= b ? std::make_pair(a, b) : std::make_pair(b, a)] = std::move(m);
}

const NicModel* NetworkProfile::interNode(const std::string& gpuType) const {
  auto it = inter_.find(gpuType);
  return it == inter_.end() ? nullptr : &it->second;
}

const NicModel* NetworkProfile::pair(const std::string& a, const std::string& b) const {
  auto it = pairs_.find(a <= b ? std::make_pair(a, b) : std::make_pair(b, a));
  return it == pairs_.end() ? nullptr : &it->second;
}

const IntraModel* NetworkProfile::intraNode(const std::string& gpuType) const {
  auto it = intra_.find(gpuType);
  return it == intra_.end() ? nullptr : &it->second;
}

std::vector<std::string> NetworkProfile::gpuTypes() const {
  std::set<std::string> s;
  for (const auto& [k, v] : inter_) s.insert(k);
  for (const auto& [k, v] : pairs_) {
    s.insert(k.first);
    s.insert(k.second);
  }
  for (const auto& [k, v] : intra_) s.insert(k);
  return {s.begin(), s.end()};
}

void NetworkProfile::overlay(const NetworkProfile& over) {
  for (const auto& [k, v] : over.inter_) inter_[k] = v;
  for (const auto& [k, v] : over.pairs_) pairs_[k] = v;
  for (const auto& [k, v] : over.intra_) intra_[k] = v;
  if (!over.name.empty()) name = name.empty() ? over.name : name + "+" + over.name;
}

}  // namespace arachne
