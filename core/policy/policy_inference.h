// The policy network's forward pass for planning, without LibTorch in the loop: the weights copied
// once into plain arrays, the FiLM of one composition summary computed once, batched heads.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "policy/policy_config.h"
#include "policy/policy_decision.h"
#include "policy/policy_layout.h"

namespace arachne {

class PolicyNetwork;

// Planning asks the network thousands of tiny questions (one state, a few candidates); through
// LibTorch each costs dozens of operator dispatches and a reference-BLAS call, which was most of
// planning's time (docs/performance.md, "Planning with the policy"). This is the same network as
// PolicyNetwork (tst_policy_inference compares the two), computed with plain loops:
//  - every row (state, candidate) is computed by the same loops in the same order, whatever the
//    batch it comes in, so a decision's logits are bit for bit the same evaluated alone or among
//    others, on either thread;
//  - the FiLM scale and shift depend on the composition summary only, so they are computed once;
//  - candidates a mask refuses are not computed (their logit is -inf either way).
// Immutable after construction: any number of threads may evaluate at once.
class PolicyInference {
 public:
  // Copies `network`'s weights (the network may change or go away afterwards) and computes the
  // FiLM of `summary` (PolicyLayout::summarySize() entries). Throws std::invalid_argument on a
  // wrong summary size.
  PolicyInference(const PolicyNetwork& network, const std::vector<float>& summary);

  const PolicyConfig& config() const { return config_; }
  const PolicyLayout& layout() const { return layout_; }
  int hiddenSize() const { return config_.hidden; }

  // The backbone for n states (each PolicyLayout::stateSize() floats): n rows of hiddenSize()
  // floats into `h`.
  void encode(int n, const float* const* states, float* h) const;
  // A depth or device candidate's own transform, cand2(tanh(cand1(row))), depends on the row
  // alone, and rows repeat across decisions (STOP's always, a depth's while the free GPUs are
  // the same), so a caller may keep them: one cache per thread (it has no lock). A kept transform
  // is the one the loops compute, so results do not depend on the cache.
  struct CandidateCache {
    size_t capacity = 50000;
    std::unordered_map<std::string, std::vector<float>> rows;  // key: the head, then the row's bytes
  };

  // Masked logits of n decisions of one kind, `h[i]` the backbone output of decision i's state;
  // `out[i]` gets decision i's mask size entries, -inf where the mask refuses. Decisions carry
  // their context, candidates and mask as PolicyEpisodeView and FlatEpisodeView make them (their
  // state and summary are not read).
  void logits(DecisionKind kind, int n, const float* const* h, const PolicyDecision* const* decisions,
              double* const* out, CandidateCache* cache = nullptr) const;

  // A linear layer as y = W x + b with W stored by input (W^T), so y accumulates one input at a
  // time in input order: vectorisable without reassociating any sum, and the same order for
  // every row of a batch.
  struct Linear {
    int in = 0, out = 0;
    std::vector<float> wt;  // [in][out]
    std::vector<float> b;   // [out]
    // rows x (in floats each) -> rows y (out floats each); y may not alias x.
    void apply(int rows, const float* const* x, float* const* y) const;
  };

 private:
  // (1 + scale, shift) of one FiLM block.
  struct Film {
    std::vector<float> scale1, shift;
  };
  void candidateLogits(int n, const float* const* h, const PolicyDecision* const* d, double* const* out,
                       bool device, CandidateCache* cache) const;
  void mlpHeadLogits(int head, int n, const float* const* h, const PolicyDecision* const* d,
                     double* const* out) const;

  PolicyConfig config_;
  PolicyLayout layout_;
  Linear layer1_, layer2_;
  Linear depth_query_, depth_cand1_, depth_cand2_, depth_out_;
  Linear device_query_, device_cand1_, device_cand2_, device_out_;
  // The MLP heads: TP, then (flat-rl) layers, micro-batch, replicas; each in -> hidden -> out.
  Linear head_in_[4], head_hidden_[4], head_out_[4];
  Film film_[8];  // layer1, layer2, depth, device, TP, then flat-rl's three
};

}  // namespace arachne
