// Self-imitation replay: the best rollouts found at each pipeline depth, per composition.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "policy/policy_decision.h"

namespace arachne {

struct ImitationEntry {
  std::string composition_key;  // identifies composition + model, e.g. "h100:8x4,a6000:4x2|llama3-8b"
  std::vector<float> summary;   // the composition summary, to find similar compositions
  int depth = 0;                // depth of the rollout's first template: the buffer it competes in
  double return_value = 0;      // the rollout's return (its final plan's throughput)
  std::vector<PolicyDecision> decisions;  // every decision of the rollout, actions to imitate
};

// One small buffer per (composition, depth) keeps the best `capacity` rollouts, so the planner
// stays anchored to the best plan found at every depth, not only the best overall (which early
// training finds at shallow depths). A rollout whose actions equal a kept one only updates it.
class ImitationBuffer {
 public:
  explicit ImitationBuffer(int capacityPerDepth = 4) : capacity_(capacityPerDepth) {}

  // True when the entry was kept (it is among the best of its composition and depth).
  bool offer(ImitationEntry entry);
  // False when offer(entry) would leave the buffer as it is (full with better entries, or the
  // same actions kept at a return at least as high). Within one update the returns a buffer
  // keeps only rise, so an entry that would not change it now would not change it later in the
  // update either: distributed training sends a peer only the entries that pass this.
  bool wouldChange(const ImitationEntry& entry) const;
  // The entries of this composition and of every composition whose summary lies within
  // `radius` (Euclidean) of `summary`, best return first per composition; at most `limit`.
  // Returns are not comparable across compositions, so entries of one composition stay
  // together: this composition's first, then the others by distance.
  std::vector<const ImitationEntry*> imitationSet(const std::string& key, const std::vector<float>& summary,
                                                  double radius, size_t limit) const;
  size_t size() const;
  // Best return kept for (composition, depth); 0 when none.
  double best(const std::string& key, int depth) const;

 private:
  int capacity_;
  std::map<std::pair<std::string, int>, std::vector<ImitationEntry>> buffers_;
};

}  // namespace arachne
