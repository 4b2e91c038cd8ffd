#include "plan/unused_gpu_groups.h"

namespace arachne {

std::vector<UnusedGpuGroup> groupUnusedGpus(const std::vector<UnusedGpus>& unused) {
  std::vector<UnusedGpuGroup> out;
  for (const UnusedGpus& u : unused) {
    if (!out.empty()) {
      UnusedGpuGroup& g = out.back();
      if (g.gpu_type == u.gpu_type && g.count == u.count && g.reason == u.reason && u.node_id == g.last_node + 1) {
        g.last_node = u.node_id;
        continue;
      }
    }
    out.push_back({u.gpu_type, u.node_id, u.node_id, u.count, u.reason});
  }
  return out;
}

}  // namespace arachne
