// Names of the cost model's switchable terms.
#include "cost/cost_terms.h"

namespace arachne {

const std::vector<std::string>& CostTerms::names() {
  static const std::vector<std::string> n = {"link-curves", "nic-sharing", "grad-buckets",
                                             "collectives", "overlap", "embedding-sync"};
  return n;
}

std::vector<std::string> CostTerms::offNames() const {
  const bool on[] = {link_curves, nic_sharing, grad_buckets, collectives, overlap, embedding_sync};
  std::vector<std::string> off;
  for (size_t i = 0; i < names().size(); ++i)
    if (!on[i]) off.push_back(names()[i]);
  return off;
}

bool CostTerms::set(const std::string& name, bool on) {
  if (name == "link-curves") link_curves = on;
  else if (name == "nic-sharing") nic_sharing = on;
  else if (name == "grad-buckets") grad_buckets = on;
  else if (name == "collectives") collectives = on;
  else if (name == "overlap") overlap = on;
  else if (name == "embedding-sync") embedding_sync = on;
  else return false;
  return true;
}

}  // namespace arachne
