// Network figures for the baselines' estimators: Sailor's fits, or the catalog's rates.
#include "planning/baselines/baseline_network.h"

#include <algorithm>

#include "catalog/gpu_catalog.h"
#include "catalog/gpu_type.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "network/network_profile.h"
#include "plan/texts.h"
#include "sailor/sailor_names.h"

namespace arachne {

namespace {

void describeTypes(const CostModel& cost, const Composition& c, std::vector<double>& inter,
                   std::vector<int>& size, std::vector<double>& intra) {
  const int n = cost.gpuTypeCount();
  inter.assign(static_cast<size_t>(n), 0);
  size.assign(static_cast<size_t>(n), 0);
  intra.assign(static_cast<size_t>(n), 0);
  // A network profile on the cluster (measured or stated) replaces the catalog's figures, at a
  // large message (the estimators' constant fits have no size dependence).
  const NetworkProfile* net = cost.composition().network.get();
  constexpr double kLargeMessage = 1 << 30;
  for (int g = 0; g < n; ++g) {
    intra[static_cast<size_t>(g)] = cost.gpuType(g).intra_node_gbps;
    if (net)
      if (const IntraModel* m = net->intraNode(cost.gpuType(g).id)) intra[static_cast<size_t>(g)] = m->gbps(2, kLargeMessage);
  }
  for (const Node& node : c.nodes()) {
    const int g = cost.gpuIndex(node.gpu_type);
    if (g < 0) continue;
    double gbps = node.inter_node_gbps > 0 ? node.inter_node_gbps : cost.gpuType(g).inter_node_gbps;
    if (node.inter_node_gbps <= 0 && net)
      if (const NicModel* m = net->interNode(node.gpu_type)) gbps = m->aggregateGbps(std::max(1, node.gpus), kLargeMessage);
    double& slot = inter[static_cast<size_t>(g)];
    slot = slot == 0 ? gbps : std::min(slot, gbps);
    size[static_cast<size_t>(g)] = std::max(size[static_cast<size_t>(g)], node.gpus);
  }
}

SailorFit constantFit(double gbps) {
  SailorFit f;
  f.coeffs = {gbps};
  f.max_bytes_per_s = gbps * 1e9;
  return f;
}

}  // namespace

BaselineNetwork BaselineNetwork::fromCatalog(const CostModel& cost, const Composition& composition) {
  BaselineNetwork n;
  describeTypes(cost, composition, n.inter_gbps_, n.node_size_, n.intra_gbps_);
  n.sailor_names_.assign(n.inter_gbps_.size(), "");
  for (int g = 0; g < cost.gpuTypeCount(); ++g) n.ids_.push_back(cost.gpuType(g).id);
  n.origin_ = cost.composition().network
                  ? "network profile '" + cost.composition().network->name + "' at 1 GiB messages, catalog where it is silent"
                  : "catalog (inter-node share of the node's NIC, intra-node spec rate)";
  return n;
}

BaselineNetwork BaselineNetwork::fromSailor(std::shared_ptr<const SailorNetwork> net, std::string zone,
                                            const CostModel& cost, const Composition& composition) {
  BaselineNetwork n = fromCatalog(cost, composition);
  n.net_ = std::move(net);
  n.zone_ = std::move(zone);
  n.origin_ = "Sailor's measured fits, zone " + n.zone_;
  // Our GPU ids -> the names the files use.
  std::vector<std::string> fileGpus;
  if (n.net_) {
    for (const auto& [z, gpus] : n.net_->inter)
      for (const auto& [g, counts] : gpus)
        if (std::find(fileGpus.begin(), fileGpus.end(), g) == fileGpus.end()) fileGpus.push_back(g);
  }
  const GpuCatalog& cat = GpuCatalog::builtin();
  for (int g = 0; g < cost.gpuTypeCount(); ++g) {
    for (const std::string& name : fileGpus) {
      const std::string id = sailorGpuToCatalogId(name, cat);
      if (id == cost.gpuType(g).id) n.sailor_names_[static_cast<size_t>(g)] = name;
    }
    if (n.sailor_names_[static_cast<size_t>(g)].empty())
      n.notes_.push_back(Reason(text::kNetNotInSailor, {verbatim(cost.gpuType(g).id)}));
  }
  return n;
}

SailorFit BaselineNetwork::catalogInter(int a, int ca, int b, int cb) const {
  auto share = [&](int g, int count) {
    const int size = std::max(1, node_size_[static_cast<size_t>(g)]);
    return inter_gbps_[static_cast<size_t>(g)] * std::min(1.0, static_cast<double>(count) / size);
  };
  return constantFit(std::min(share(a, ca), share(b, cb)));
}

const SailorFit& BaselineNetwork::inter(int a, int ca, int b, int cb) const {
  if (net_) {
    const std::string& na = sailor_names_[static_cast<size_t>(a)];
    const std::string& nb = sailor_names_[static_cast<size_t>(b)];
    if (!na.empty() && !nb.empty())
      if (const SailorFit* f = net_->interFit(zone_, na, ca, zone_, nb, cb)) return *f;
  }
  const auto key = std::make_tuple(a, ca, b, cb);
  auto it = cache_.find(key);
  if (it != cache_.end()) return it->second;
  if (net_)
    notes_.push_back(Reason(text::kNetNoMeasuredLink, {integer(ca), verbatim(ids_[static_cast<size_t>(a)]), integer(cb),
                                                       verbatim(ids_[static_cast<size_t>(b)])}));
  return cache_.emplace(key, catalogInter(a, ca, b, cb)).first->second;
}

const SailorFit& BaselineNetwork::intra(int g, int count) const {
  if (net_) {
    const std::string& name = sailor_names_[static_cast<size_t>(g)];
    if (!name.empty())
      if (const SailorFit* f = net_->intraFit(name, count)) return *f;
  }
  const auto key = std::make_tuple(-1, g, count, 0);
  auto it = cache_.find(key);
  if (it != cache_.end()) return it->second;
  return cache_.emplace(key, constantFit(intra_gbps_[static_cast<size_t>(g)])).first->second;
}

}  // namespace arachne
