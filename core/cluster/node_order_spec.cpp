// nodeOrderSpec: the inline form in node order.
#include "cluster/node_order_spec.h"

namespace arachne {

std::string nodeOrderSpec(const Composition& c) {
  const std::vector<Node>& nodes = c.nodes();
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].id != static_cast<int>(i)) return c.toInlineSpec();
  std::string out;
  std::string type;  // the type of the group being written
  for (size_t i = 0; i < nodes.size();) {
    size_t j = i;
    while (j < nodes.size() && nodes[j].gpu_type == nodes[i].gpu_type && nodes[j].gpus == nodes[i].gpus) ++j;
    if (nodes[i].gpu_type == type) {
      out += '+';
    } else {
      if (!out.empty()) out += ',';
      type = nodes[i].gpu_type;
      out += type;
      out += ':';
    }
    out += std::to_string(nodes[i].gpus);
    out += 'x';
    out += std::to_string(j - i);
    i = j;
  }
  if (c.network && !c.network->name.empty()) {
    out += '@';
    out += c.network->name;
  }
  return out;
}

}  // namespace arachne
