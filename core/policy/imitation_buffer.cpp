// Per-depth self-imitation buffers and the lookup of similar compositions.
#include "policy/imitation_buffer.h"

#include <algorithm>
#include <cmath>

namespace arachne {

namespace {
bool sameActions(const ImitationEntry& a, const ImitationEntry& b) {
  if (a.decisions.size() != b.decisions.size()) return false;
  for (size_t i = 0; i < a.decisions.size(); ++i)
    if (a.decisions[i].kind != b.decisions[i].kind || a.decisions[i].action != b.decisions[i].action) return false;
  return true;
}
double distance(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return INFINITY;
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
  return std::sqrt(s);
}
}  // namespace

bool ImitationBuffer::offer(ImitationEntry entry) {
  if (capacity_ <= 0) return false;
  auto& buffer = buffers_[{entry.composition_key, entry.depth}];
  for (auto& kept : buffer)
    if (sameActions(kept, entry)) {
      kept.return_value = std::max(kept.return_value, entry.return_value);
      std::stable_sort(buffer.begin(), buffer.end(),
                       [](const ImitationEntry& a, const ImitationEntry& b) { return a.return_value > b.return_value; });
      return false;
    }
  if (static_cast<int>(buffer.size()) >= capacity_ && buffer.back().return_value >= entry.return_value) return false;
  buffer.push_back(std::move(entry));
  std::stable_sort(buffer.begin(), buffer.end(),
                   [](const ImitationEntry& a, const ImitationEntry& b) { return a.return_value > b.return_value; });
  if (static_cast<int>(buffer.size()) > capacity_) buffer.pop_back();
  return true;
}

bool ImitationBuffer::wouldChange(const ImitationEntry& entry) const {
  if (capacity_ <= 0) return false;
  const auto it = buffers_.find({entry.composition_key, entry.depth});
  if (it == buffers_.end()) return true;
  for (const auto& kept : it->second)
    if (sameActions(kept, entry)) return entry.return_value > kept.return_value;
  return !(static_cast<int>(it->second.size()) >= capacity_ && it->second.back().return_value >= entry.return_value);
}

std::vector<const ImitationEntry*> ImitationBuffer::imitationSet(const std::string& key,
                                                                 const std::vector<float>& summary,
                                                                 double radius, size_t limit) const {
  // (distance, composition) with this composition at distance -1 so it comes first.
  std::map<std::string, double> compositions;
  for (const auto& [k, buffer] : buffers_) {
    if (buffer.empty()) continue;
    const double d = k.first == key ? -1.0 : distance(buffer.front().summary, summary);
    if (d <= radius) compositions[k.first] = d;
  }
  std::vector<std::pair<double, std::string>> order;
  for (const auto& [k, d] : compositions) order.emplace_back(d, k);
  std::sort(order.begin(), order.end());
  std::vector<const ImitationEntry*> out;
  for (const auto& [d, k] : order) {
    std::vector<const ImitationEntry*> own;
    for (const auto& [bk, buffer] : buffers_)
      if (bk.first == k)
        for (const auto& e : buffer) own.push_back(&e);
    std::stable_sort(own.begin(), own.end(),
                     [](const ImitationEntry* a, const ImitationEntry* b) { return a->return_value > b->return_value; });
    for (const auto* e : own) {
      if (out.size() >= limit) return out;
      out.push_back(e);
    }
  }
  return out;
}

size_t ImitationBuffer::size() const {
  size_t n = 0;
  for (const auto& [k, buffer] : buffers_) n += buffer.size();
  return n;
}

double ImitationBuffer::best(const std::string& key, int depth) const {
  const auto it = buffers_.find({key, depth});
  return it == buffers_.end() || it->second.empty() ? 0.0 : it->second.front().return_value;
}

}  // namespace arachne
