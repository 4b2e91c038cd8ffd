// Resolving NIC, intra-node and pair models for every node, and pricing one message.
#include "cost/link_set.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "catalog/gpu_catalog.h"
#include "cluster/composition.h"
#include "cost/link_model.h"

namespace arachne {

namespace {

// A message size large enough that every curve has flattened: what a curve is worth when
// link curves are switched off.
constexpr double kLargeMessage = 1024.0 * 1024 * 1024;

BandwidthCurve flatOrCurve(double spec, const std::vector<std::pair<double, double>>& eff,
                           const CostTerms& t) {
  BandwidthCurve c = t.link_curves ? BandwidthCurve::scaled(spec, eff)
                                   : BandwidthCurve::constant(spec * kFlatLinkEfficiency);
  c.origin = "catalog";
  return c;
}

BandwidthCurve flattened(const BandwidthCurve& c) {
  BandwidthCurve f = BandwidthCurve::constant(c.gbps(kLargeMessage));
  f.origin = c.origin;
  return f;
}

// The inter-node curve of one flow of a node on `fabric` whose rails run at `perRailGbps`,
// scaled to `spec` (one rail, or the node's whole rate for all rails at once).
BandwidthCurve interCurve(double spec, double perRailGbps, Fabric fabric, const CostTerms& t) {
  if (fabric == Fabric::InfiniBand) return flatOrCurve(spec, infinibandSizeEfficiency(perRailGbps), t);
  return flatOrCurve(spec, interNodeSizeEfficiency(), t);
}

NicModel measuredNic(const NicModel& m, const CostTerms& t) {
  if (t.link_curves) return m;
  NicModel f = m;
  for (auto& [n, c] : f.flows) c = flattened(c);
  return f;
}

// The catalog's NIC for a node: NICs in proportion to its GPUs (a half-size node of a type
// with 8 rails has 4), each NIC inter_node_gbps / inter_node_nics; a node's own override sets
// its total.
NicModel catalogNic(const GpuType& type, const Node& n, const CostTerms& t) {
  const Fabric fabric = n.inter_node_fabric != Fabric::Unstated ? n.inter_node_fabric : type.inter_node_fabric;
  const int railsUsual = std::max(1, type.inter_node_nics);
  int rails = railsUsual;
  if (n.inter_node_nics > 0 && t.nic_sharing) {
    // The node says how its rate is split.
    NicModel m;
    m.latency_s = t.link_curves ? 0.0 : kInterNodeLatencyS;
    const double total = n.inter_node_gbps > 0 ? n.inter_node_gbps
                                               : type.inter_node_gbps * n.inter_node_nics / railsUsual;
    const double perRail = total / n.inter_node_nics;
    m.flows.emplace_back(1, interCurve(perRail, perRail, fabric, t));
    if (n.inter_node_nics > 1) m.flows.emplace_back(n.inter_node_nics, interCurve(total, perRail, fabric, t));
    return m;
  }
  // Without NIC sharing a node is one link of the type's whole rate, as before.
  if (!t.nic_sharing) {
    NicModel m;
    m.latency_s = t.link_curves ? 0.0 : kInterNodeLatencyS;
    const double rate = n.inter_node_gbps > 0 ? n.inter_node_gbps : type.inter_node_gbps;
    m.flows.emplace_back(1, interCurve(rate, rate, fabric, t));
    return m;
  }
  if (railsUsual > 1 && type.usual_node_size > 0)
    rails = std::clamp(static_cast<int>(std::lround(double(railsUsual) * n.gpus / type.usual_node_size)), 1, railsUsual);
  const double total = n.inter_node_gbps > 0 ? n.inter_node_gbps
                                             : type.inter_node_gbps * rails / railsUsual;
  NicModel m;
  m.latency_s = t.link_curves ? 0.0 : kInterNodeLatencyS;
  const double perRail = total / rails;
  m.flows.emplace_back(1, interCurve(perRail, perRail, fabric, t));
  if (rails > 1) m.flows.emplace_back(rails, interCurve(total, perRail, fabric, t));
  return m;
}

double messageTime(double bytes, double gbps, double latency, bool floor) {
  if (bytes <= 0) return 0;
  if (gbps <= 0) return 1e30;
  const double wire = bytes / (gbps * 1e9);
  // Curves already hold the latency of their sizes; it only bounds tiny messages from below.
  return floor ? std::max(latency, wire) : wire + latency;
}

}  // namespace

const std::vector<std::pair<double, double>>& intraNodeSizeEfficiency() {
  static const std::vector<std::pair<double, double>> e = {
      {131072.0, 18.0 / 300}, {1048576.0, 110.0 / 300}, {8388608.0, 172.0 / 300},
      {67108864.0, 223.0 / 300}, {134217728.0, 232.0 / 300}};
  return e;
}

const std::vector<std::pair<double, double>>& interNodeSizeEfficiency() {
  static const std::vector<std::pair<double, double>> e = {
      {524288.0, 0.125}, {8388608.0, 0.44}, {33554432.0, 0.73}};
  return e;
}

std::vector<std::pair<double, double>> infinibandSizeEfficiency(double perRailGbps) {
  // One step costs the fixed latency ahead of the wire, so the fraction of the rate it reaches
  // is peak · b / (b + latency · rate): sampled every octave, flat beyond 1 GiB.
  std::vector<std::pair<double, double>> e;
  const double knee = kInfinibandStepLatencyS * std::max(perRailGbps, 1e-3) * 1e9;
  for (int k = 10; k <= 30; ++k) {
    const double b = std::ldexp(1.0, k);
    e.emplace_back(b, kInfinibandPeakEfficiency * b / (b + knee));
  }
  return e;
}

void LinkSet::build(const GpuCatalog& catalog, const Composition& composition,
                    const std::vector<std::string>& gpuIds, const CostTerms& terms) {
  terms_ = terms;
  gpuCount_ = static_cast<int>(gpuIds.size());
  const NetworkProfile* net = composition.network.get();
  origin_ = net && !net->name.empty() ? net->name : "catalog";
  auto gpuOf = [&](const std::string& id) {
    return static_cast<int>(std::find(gpuIds.begin(), gpuIds.end(), id) - gpuIds.begin());
  };

  intra_.assign(static_cast<size_t>(gpuCount_), {});
  for (int g = 0; g < gpuCount_; ++g) {
    const GpuType* type = catalog.find(gpuIds[static_cast<size_t>(g)]);
    const IntraModel* measured = net ? net->intraNode(gpuIds[static_cast<size_t>(g)]) : nullptr;
    IntraModel m;
    if (measured) {
      m = *measured;
      if (!terms.link_curves)
        for (auto& [n, c] : m.groups) c = flattened(c);
    } else {
      m.latency_s = kIntraNodeLatencyS;
      m.groups.emplace_back(2, flatOrCurve(type ? type->intra_node_gbps : 0.0, intraNodeSizeEfficiency(), terms));
    }
    intra_[static_cast<size_t>(g)] = std::move(m);
  }

  pair_.assign(static_cast<size_t>(gpuCount_ * gpuCount_), -1);
  pairs_.clear();
  if (net)
    for (int a = 0; a < gpuCount_; ++a)
      for (int b = a + 1; b < gpuCount_; ++b)
        if (const NicModel* p = net->pair(gpuIds[static_cast<size_t>(a)], gpuIds[static_cast<size_t>(b)])) {
          pair_[static_cast<size_t>(a * gpuCount_ + b)] = pair_[static_cast<size_t>(b * gpuCount_ + a)] =
              static_cast<int>(pairs_.size());
          pairs_.push_back(measuredNic(*p, terms));
        }

  nics_.clear();
  nodes_.clear();
  std::map<std::tuple<int, int, double, int, Fabric>, int> seen;  // (gpu, size, rate, NICs, fabric) -> nic
  for (const Node& n : composition.nodes()) {
    NodeLink l;
    l.gpu = gpuOf(n.gpu_type);
    l.gpus = n.gpus;
    const NicModel* measured = net ? net->interNode(n.gpu_type) : nullptr;
    // A measured NIC holds for every node of its type unless the node has its own figure.
    const auto key = std::make_tuple(l.gpu, measured && n.inter_node_gbps <= 0 ? 0 : n.gpus, n.inter_node_gbps,
                                     n.inter_node_nics, n.inter_node_fabric);
    auto it = seen.find(key);
    if (it != seen.end()) {
      l.nic = it->second;
    } else {
      const GpuType* type = catalog.find(n.gpu_type);
      NicModel m;
      if (measured && n.inter_node_gbps <= 0) m = measuredNic(*measured, terms);
      else if (type) m = catalogNic(*type, n, terms);
      l.nic = static_cast<int>(nics_.size());
      nics_.push_back(std::move(m));
      seen.emplace(key, l.nic);
    }
    l.gbps = nics_[static_cast<size_t>(l.nic)].aggregateGbps(std::max(1, l.gpus), kLargeMessage);
    nodes_.push_back(l);
  }
  keyFrom_.clear();
  keyTo_.clear();
  for (const NodeLink& l : nodes_) {
    keyFrom_.push_back((std::uint64_t(l.nic) << 48) ^ (std::uint64_t(l.gpu) << 16));
    keyTo_.push_back((std::uint64_t(l.nic) << 32) ^ std::uint64_t(l.gpu));
  }
  std::map<std::pair<int, int>, int> kindOf;  // (nic, gpu) -> kind
  std::vector<int> firstOfKind;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    auto [it, fresh] = kindOf.emplace(std::make_pair(nodes_[i].nic, nodes_[i].gpu), static_cast<int>(firstOfKind.size()));
    if (fresh) firstOfKind.push_back(static_cast<int>(i));
    nodes_[i].kind = it->second;
  }
  // Flow counts up to the largest node's GPUs cover every valid plan (no node sends more
  // flows than it has GPUs); larger counts are priced through the model itself.
  int maxFlows = 8;
  for (const NodeLink& l : nodes_) maxFlows = std::max(maxFlows, l.gpus);
  auto rates = [&](const NicModel& m) {
    std::vector<FlowRate> r{resolve(m, 1 << 20, false)};
    for (int n = 1; n <= maxFlows; ++n) r.push_back(resolve(m, n, true));
    return r;
  };
  nicRates_.clear();
  for (const NicModel& m : nics_) nicRates_.push_back(rates(m));
  pairRates_.clear();
  for (const NicModel& m : pairs_) pairRates_.push_back(rates(m));

  kinds_ = static_cast<int>(firstOfKind.size());
  ring_.assign(static_cast<size_t>(kinds_ * kinds_), 0);
  for (int x = 0; x < kinds_; ++x)
    for (int y = 0; y < kinds_; ++y)
      ring_[static_cast<size_t>(x * kinds_ + y)] = interTime(firstOfKind[static_cast<size_t>(x)], firstOfKind[static_cast<size_t>(y)], 64e6, 1, 1);
}

LinkSet::FlowRate LinkSet::resolve(const NicModel& m, int flows, bool perFlow) {
  // The cases of NicModel::aggregateGbpsAtLog2, in its order.
  FlowRate r;
  if (m.flows.empty()) return r;
  const int n = std::max(1, flows);
  if (perFlow) r.flows = n;
  if (n <= m.flows.front().first) {
    r.lo = &m.flows.front().second;
    r.scale = n;
    r.unit = m.flows.front().first;
    r.scaled = !(r.scale == 1 && r.unit == 1);
    return r;
  }
  for (size_t i = 1; i < m.flows.size(); ++i) {
    if (n == m.flows[i].first) {
      r.lo = &m.flows[i].second;
      return r;
    }
    if (n < m.flows[i].first) {
      r.lo = &m.flows[i - 1].second;
      r.hi = &m.flows[i].second;
      r.f = double(n - m.flows[i - 1].first) / (m.flows[i].first - m.flows[i - 1].first);
      return r;
    }
  }
  r.lo = &m.flows.back().second;
  return r;
}

double LinkSet::FlowRate::at(double x) const {
  if (!lo) return 0;
  double r;
  if (hi) {
    const double l = lo->gbpsAtLog2(x), h = hi->gbpsAtLog2(x);
    r = l + f * (h - l);
  } else {
    r = lo->gbpsAtLog2(x);
    if (scaled) r = r * scale / unit;
  }
  // Multiplying and dividing by 1 is exact, so it is skipped: a division is some 15 cycles on
  // the link evaluation's critical path.
  return flows == 1 ? r : r / flows;
}

double LinkSet::rate(const std::vector<FlowRate>& rates, const NicModel& m, int flows, double x) const {
  // Without sharing a single flow gets the node's whole rate, as before NIC sharing.
  if (!terms_.nic_sharing) return rates.front().at(x);
  if (flows < static_cast<int>(rates.size())) return rates[static_cast<size_t>(flows)].at(x);
  return m.perFlowGbpsAtLog2(flows, x);
}

double LinkSet::interGbps(int a, int b, double bytes, int flowsA, int flowsB) const {
  const NodeLink& na = nodes_[static_cast<size_t>(a)];
  const NodeLink& nb = nodes_[static_cast<size_t>(b)];
  const double x = std::log2(std::max(bytes, 1.0));
  const int fa = terms_.nic_sharing ? std::max(1, flowsA) : 1;
  const int fb = terms_.nic_sharing ? std::max(1, flowsB) : 1;
  if (na.gpu >= 0 && nb.gpu >= 0 && na.gpu != nb.gpu) {
    const int p = pair_[static_cast<size_t>(na.gpu * gpuCount_ + nb.gpu)];
    if (p >= 0)
      return rate(pairRates_[static_cast<size_t>(p)], pairs_[static_cast<size_t>(p)], std::max(fa, fb), x);
  }
  const double ra = rate(nicRates_[static_cast<size_t>(na.nic)], nics_[static_cast<size_t>(na.nic)], fa, x);
  if (nb.nic == na.nic && fb == fa) return ra;
  const double rb = rate(nicRates_[static_cast<size_t>(nb.nic)], nics_[static_cast<size_t>(nb.nic)], fb, x);
  return std::min(ra, rb);
}

double LinkSet::interTime(int a, int b, double bytes, int flowsA, int flowsB, double* gbpsOut) const {
  const NodeLink& na = nodes_[static_cast<size_t>(a)];
  const NodeLink& nb = nodes_[static_cast<size_t>(b)];
  double latency = std::max(nics_[static_cast<size_t>(na.nic)].latency_s, nics_[static_cast<size_t>(nb.nic)].latency_s);
  if (na.gpu >= 0 && nb.gpu >= 0 && na.gpu != nb.gpu) {
    const int p = pair_[static_cast<size_t>(na.gpu * gpuCount_ + nb.gpu)];
    if (p >= 0) latency = pairs_[static_cast<size_t>(p)].latency_s;
  }
  const double floor = terms_.link_curves ? std::max(latency, kInterNodeLatencyS) : latency;
  const double rate = interGbps(a, b, bytes, flowsA, flowsB);
  if (gbpsOut) *gbpsOut = rate;
  return messageTime(bytes, rate, floor, terms_.link_curves);
}

double LinkSet::interLatency(int a, int b) const {
  const double latency = std::max(nics_[static_cast<size_t>(nodes_[static_cast<size_t>(a)].nic)].latency_s,
                                  nics_[static_cast<size_t>(nodes_[static_cast<size_t>(b)].nic)].latency_s);
  return terms_.link_curves ? std::max(latency, kInterNodeLatencyS) : latency;
}

double LinkSet::intraGbps(int gpu, int group, double bytes) const {
  return intra_[static_cast<size_t>(gpu)].gbps(std::max(2, group), bytes);
}

double LinkSet::intraTime(int gpu, int group, double bytes, double* gbpsOut) const {
  const IntraModel& m = intra_[static_cast<size_t>(gpu)];
  const double floor = terms_.link_curves ? std::max(m.latency_s, kIntraNodeLatencyS) : m.latency_s;
  const double rate = intraGbps(gpu, group, bytes);
  if (gbpsOut) *gbpsOut = rate;
  return messageTime(bytes, rate, floor, terms_.link_curves);
}

double LinkSet::intraLatency(int gpu) const {
  const IntraModel& m = intra_[static_cast<size_t>(gpu)];
  return terms_.link_curves ? std::max(m.latency_s, kIntraNodeLatencyS) : m.latency_s;
}



}  // namespace arachne
