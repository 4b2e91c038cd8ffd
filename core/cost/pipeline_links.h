// The links between a template's neighbouring stages: the flows that leave each node at once
// (NIC sharing, docs/cost-model.md §4.1) and the slowest replica's point-to-point transfer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cost/cost_terms.h"
#include "cost/link_set.h"
#include "cost/plan_report.h"

namespace arachne {

// Per-call scratch of the timing pass; its loops run once per TP group of the plan and sit in
// their own translation unit, away from the timing pass, so that their values stay in
// registers (inside it the compiler kept them on the stack).
class PipelineLinks {
 public:
  // Starts pricing a plan on a cost model with `nodes` node slots.
  void start(const LinkSet& links, const CostTerms& terms, bool deepspeed, std::size_t nodes);
  // Starts a template: every node's flow count reads 0 again.
  void startTemplate() { ++stamp_; }
  // Counts tp flows on the node of every replica of a stage whose neighbour (the previous or
  // next stage's replica, or for the last stage under interleaving the first's) sits on
  // another node: in the 1F1B steady state they all send at once and share the node's NICs.
  // prev, next and wrap are null where there is no such neighbour.
  void addFlows(const int* here, const int* prev, const int* next, const int* wrap, int replicas, int tp);
  int flows(int slot) const {
    const FlowCount& f = flows_[static_cast<std::size_t>(slot)];
    return f.templateOf == stamp_ ? f.flows : 0;
  }
  // Prices the activation (out bytes of the stage's last layer) each replica sends from node
  // here[rep] to there[rep] and back (the gradient), for a stage of GPU type `gpu` and TP tp;
  // returns the slowest replica's time and writes its link and rate into sr. Replicas whose
  // nodes have the same links and flows take the same time: each is priced once per call.
  double slowestTransfer(const int* here, const int* there, int replicas, int gpu, int tp, double out,
                         StageReport& sr);
  // The slowest replica's all-reduce of `bytes` (per GPU) between the GPU on node here[rep]
  // and its peer on node there[rep] (a ring of two: each sends half and receives half, twice),
  // over the same links and NIC shares as the pipeline's transfers; `gpu` is the GPU type
  // inside a node.
  double slowestPairAllReduce(const int* here, const int* there, int replicas, int gpu, double bytes);

 private:
  struct FlowCount {
    std::uint64_t templateOf = 0;  // the template `flows` counts for (a stamp)
    int flows = 0;
  };
  struct Transfer {
    std::uint64_t key;  // the link (LinkSet::pairKey, or the GPU type inside a node)
    int fa, fb;         // flows at either end
    double msg, time, gbps;
  };
  const LinkSet* links_ = nullptr;
  CostTerms terms_;
  bool deepspeed_ = false;
  std::vector<FlowCount> flows_;
  std::uint64_t stamp_ = 0;
  std::vector<Transfer> transfers_;  // priced so far in this call
};

}  // namespace arachne
