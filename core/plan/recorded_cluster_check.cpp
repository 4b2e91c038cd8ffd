#include "plan/recorded_cluster_check.h"

#include <set>

#include "cluster/composition.h"
#include "cluster/node_order_spec.h"
#include "io/load_error.h"
#include "plan/plan.h"

namespace arachne {

void checkRecordedClusterNodes(const Plan& plan, const Composition& composition, const std::string& file,
                               const std::string& remedy) {
  std::set<int> missing;
  for (const Template& t : plan.templates)
    for (const Stage& s : t.stages)
      for (int id : s.node_ids)
        if (!composition.findNode(id)) missing.insert(id);
  if (missing.empty()) return;
  std::string ids;
  int listed = 0;
  for (int id : missing) {
    if (listed == 8) {
      ids += ", …";
      break;
    }
    ids += (listed++ ? ", " : "") + std::to_string(id);
  }
  throw LoadError(file, "provenance.cluster",
                  "records the cluster '" + nodeOrderSpec(composition) + "', which has no node" +
                      (missing.size() > 1 ? "s " : " ") + ids +
                      " where the plan's stages sit: the plan was made on a cluster file with node ids of its "
                      "own, which the recorded form cannot carry; " + remedy);
}

}  // namespace arachne
