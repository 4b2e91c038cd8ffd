// The network as the baselines' own estimators see it: Sailor-style fits (GB/s over the message
// size, plus the largest rate) between groups of GPUs of two types, and inside a node. From
// Sailor's measured files when given, else from the catalog's figures.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "plan/reason.h"
#include "sailor/sailor_network.h"

namespace arachne {

class CostModel;
class Composition;

class BaselineNetwork {
 public:
  // From the catalog and the composition: a constant fit at the slower side's share of its
  // node's inter-node bandwidth (a group of k GPUs on a node of n gets k/n of the node's NIC,
  // as Sailor measures a VM of k GPUs), and the catalog's intra-node rate inside a node.
  // `composition` is the one the planner plans on (its node sizes give n).
  static BaselineNetwork fromCatalog(const CostModel& cost, const Composition& composition);
  // From Sailor's files, one zone (exactly the fits Sailor's planner reads); a pair the files
  // lack falls back to the catalog figure, and `notes` says so once per pair.
  static BaselineNetwork fromSailor(std::shared_ptr<const SailorNetwork> net, std::string zone,
                                    const CostModel& cost, const Composition& composition);

  // The fit for a group of countA GPUs of type gpuA (cost-model GPU index) sending to a group of
  // countB GPUs of type gpuB.
  const SailorFit& inter(int gpuA, int countA, int gpuB, int countB) const;
  // The fit inside one node of `count` GPUs of a type.
  const SailorFit& intra(int gpu, int count) const;
  // Where the figures come from, for docs and messages.
  const std::string& origin() const { return origin_; }
  // Where a figure came from the catalog for lack of a measurement, as text:: reasons.
  const std::vector<Reason>& notes() const { return notes_; }

 private:
  SailorFit catalogInter(int gpuA, int countA, int gpuB, int countB) const;
  std::shared_ptr<const SailorNetwork> net_;
  std::string zone_;
  std::vector<std::string> ids_;           // per GPU index: catalog id
  std::vector<std::string> sailor_names_;  // per GPU index; "" when the files lack the type
  std::vector<double> inter_gbps_;         // per GPU index: slowest node's inter-node GB/s
  std::vector<int> node_size_;             // per GPU index: largest node
  std::vector<double> intra_gbps_;         // per GPU index
  // Fits built on demand (catalog figures, or a pair the files lack); map references stay valid.
  mutable std::map<std::tuple<int, int, int, int>, SailorFit> cache_;
  mutable std::vector<Reason> notes_;
  std::string origin_;
};

}  // namespace arachne
