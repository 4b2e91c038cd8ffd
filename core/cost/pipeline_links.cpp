// PipelineLinks: the NIC-sharing count and the point-to-point transfers of a priced plan.
#include "cost/pipeline_links.h"

#include <algorithm>

#include "cost/collectives.h"

namespace arachne {

void PipelineLinks::start(const LinkSet& links, const CostTerms& terms, bool deepspeed, std::size_t nodes) {
  links_ = &links;
  terms_ = terms;
  deepspeed_ = deepspeed;
  // Stamps only grow, so counts of earlier calls (of any cost model) read 0.
  if (flows_.size() < nodes) flows_.resize(nodes);
  ++stamp_;
  transfers_.clear();
}

void PipelineLinks::addFlows(const int* here, const int* prev, const int* next, const int* wrap,
                             int replicas, int tp) {
  FlowCount* counts = flows_.data();
  const std::uint64_t stamp = stamp_;
  for (int rep = 0; rep < replicas; ++rep) {
    const int a = here[rep];
    const bool away = (next && next[rep] != a) || (prev && prev[rep] != a) || (wrap && wrap[rep] != a);
    if (!away) continue;
    FlowCount& f = counts[a];
    if (f.templateOf != stamp) {
      f.templateOf = stamp;
      f.flows = 0;
    }
    f.flows += tp;
  }
}

double PipelineLinks::slowestTransfer(const int* here, const int* there, int replicas, int gpu, int tp,
                                      double out, StageReport& sr) {
  const LinkSet& links = *links_;
  const bool sharing = terms_.nic_sharing;
  const FlowCount* counts = flows_.data();
  const std::uint64_t stamp = stamp_;
  // What a replica's transfer time depends on: the link (inside a node the GPU type's, the
  // top bit keeping it apart from pairKey) and the flows at either end.
  struct Ends {
    std::uint64_t key;
    int fa, fb;
    bool operator==(const Ends& o) const { return key == o.key && fa == o.fa && fb == o.fb; }
  };
  auto ends = [&](int rep) -> Ends {
    const int a = here[rep], b = there[rep];
    if (a == b) return {std::uint64_t{1} << 63 | std::uint64_t(gpu), 1, 1};
    auto at = [counts, stamp](int slot) { return counts[slot].templateOf == stamp ? counts[slot].flows : 0; };
    return {links.pairKey(a, b), sharing ? at(a) : 1, sharing ? at(b) : 1};
  };
  // Megatron's TP ranks each send their 1/tp slice (scatter/gather). Under DeepSpeed each is
  // charged the whole tensor: the engine partitions it too, but the measured runs pay about that
  // much per received tensor for rebuilding it (docs/cost-model.md §10.1, "What the DeepSpeed
  // p2p term stands for"). Without NIC sharing a node carries the tensor as one flow (nicCopies
  // times under DeepSpeed), as before the sharing term.
  const double nicCopies = deepspeed_ ? tp : 1;
  double worst = -1;
  for (int rep = 0; rep < replicas;) {
    const int a = here[rep], b = there[rep];
    const bool local = a == b;
    const Ends e = ends(rep);
    const double msg = local ? (sharing && !deepspeed_ ? out / tp : out)
                             : (sharing ? (deepspeed_ ? out : out / tp) : out * nicCopies);
    double time = 0, gbps = 0;
    const Transfer* seen = nullptr;
    for (const Transfer& m : transfers_)
      if (m.key == e.key && m.fa == e.fa && m.fb == e.fb && m.msg == msg) {
        seen = &m;
        break;
      }
    if (seen) {
      time = seen->time;
      gbps = seen->gbps;
    } else {
      if (local)
        time = terms_.link_curves ? 2.0 * links.intraTime(gpu, 2, msg, &gbps) : links.intraTime(gpu, 2, 2.0 * msg, &gbps);
      else
        time = terms_.link_curves ? 2.0 * links.interTime(a, b, msg, e.fa, e.fb, &gbps)
                                  : links.interTime(a, b, 2.0 * msg, e.fa, e.fb, &gbps);
      transfers_.push_back({e.key, e.fa, e.fb, msg, time, gbps});
    }
    if (time > worst) {
      worst = time;
      sr.p2p_link = local ? "intra-node" : "inter-node";
      sr.p2p_gbps = gbps;
    }
    // The replicas after it whose nodes have the same links and flows take the same time. A
    // loop without stores, so the compiler keeps what it reads in registers.
    do ++rep;
    while (rep < replicas && ends(rep) == e);
  }
  return worst;
}

double PipelineLinks::slowestPairAllReduce(const int* here, const int* there, int replicas, int gpu, double bytes) {
  const LinkSet& links = *links_;
  const bool sharing = terms_.nic_sharing;
  const FlowCount* counts = flows_.data();
  const std::uint64_t stamp = stamp_;
  auto at = [&](int slot) { return sharing && counts[slot].templateOf == stamp ? std::max(1, counts[slot].flows) : 1; };
  // Replicas whose nodes have the same link and NIC shares take the same time: each such kind
  // is priced once (thousands of replicas, a handful of kinds).
  struct Seen {
    std::uint64_t key;
    int fa, fb;
    double time;
  };
  Seen seen[8];
  int nSeen = 0;
  double worst = 0;
  for (int rep = 0; rep < replicas; ++rep) {
    const int a = here[rep], b = there[rep];
    const bool local = a == b;
    const std::uint64_t key = local ? std::uint64_t{1} << 63 | std::uint64_t(gpu) : links.pairKey(a, b);
    const int fa = local ? 1 : at(a), fb = local ? 1 : at(b);
    double t = -1;
    for (int i = 0; i < nSeen; ++i)
      if (seen[i].key == key && seen[i].fa == fa && seen[i].fb == fb) {
        t = seen[i].time;
        break;
      }
    if (t < 0) {
      if (local)
        t = collective::allReduce(bytes, 2, links.intraLatency(gpu), [&](double m) { return links.intraTime(gpu, 2, m); });
      else
        t = collective::allReduce(bytes, 2, links.interLatency(a, b), [&](double m) { return links.interTime(a, b, m, fa, fb); });
      if (nSeen < 8) seen[nSeen++] = {key, fa, fb, t};
    }
    worst = std::max(worst, t);
  }
  return worst;
}

}  // namespace arachne
