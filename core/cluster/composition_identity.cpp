// Canonical node multisets: the identity "the same cluster, up to node order".
#include "cluster/composition_identity.h"

#include <algorithm>
#include <functional>
#include <map>
#include <vector>

namespace arachne {

std::string canonicalNodes(const Composition& composition) {
  std::map<std::string, std::vector<int>> sizes;  // sorted by type id
  for (const Node& n : composition.nodes()) sizes[n.gpu_type].push_back(n.gpus);
  std::string out;
  for (auto& [type, list] : sizes) {
    std::sort(list.begin(), list.end(), std::greater<int>());
    if (!out.empty()) out += ",";
    out += type + ":";
    for (size_t i = 0; i < list.size();) {
      size_t j = i;
      while (j < list.size() && list[j] == list[i]) ++j;
      if (i > 0) out += "+";
      out += std::to_string(list[i]) + "x" + std::to_string(j - i);
      i = j;
    }
  }
  return out;
}

bool sameNodes(const Composition& a, const Composition& b) { return canonicalNodes(a) == canonicalNodes(b); }

}  // namespace arachne
