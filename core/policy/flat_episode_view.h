// flat-rl's arithmetic decisions on the construction episode: layer split, micro-batch, replicas.
#pragma once

#include <vector>

#include "planning/construction_episode.h"
#include "policy/policy_decision.h"

namespace arachne {

class PolicyEpisodeView;

// Where `arachne` lets the fill compute a template's layer split, micro-batch size and replica
// count, flat-rl's policy chooses them, after the depth and every stage's GPU type and TP:
//  - the layer count of each stage but the last (which takes the rest): `kLayerShares[i]` times
//    the even share of the layers left (layers left / stages left), rounded; a choice is masked
//    when its count leaves a later stage no layer or repeats an earlier choice's count;
//  - the micro-batch size 2^i: masked unless profiled for every stage's (GPU type, TP) and within
//    the sequences of the global batch left;
//  - the replica count `kReplicaCounts[i]`: masked unless the free nodes pack that many replicas of
//    the template's TP groups and replicas × micro-batch fits the global batch left.
// Every mask leaves at least one choice whenever the episode's masks admitted the stages, except
// the micro-batch mask when no size is profiled for all stages (noMicroBatchReason()).
class FlatEpisodeView {
 public:
  static constexpr double kLayerShares[] = {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0};
  static constexpr int kReplicaCounts[] = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256};

  // `view` must outlive this; `episode` is the one `view` was built for.
  FlatEpisodeView(const PolicyEpisodeView& view, const ConstructionEpisode& episode);

  // Stage layers.size() of the complete `choice`, given the earlier stages' layer counts.
  PolicyDecision layersDecision(const ConstructionEpisode& episode, const TemplateChoice& choice,
                                const std::vector<int>& layers, const PolicyDecision& step) const;
  int layersOf(const TemplateChoice& choice, const std::vector<int>& layers, int action) const;
  // `layers` complete (one count per stage).
  PolicyDecision microBatchDecision(const ConstructionEpisode& episode, const TemplateChoice& choice,
                                    const std::vector<int>& layers, const PolicyDecision& step) const;
  static int microBatchOf(int action) { return 1 << action; }
  PolicyDecision replicasDecision(const ConstructionEpisode& episode, const TemplateChoice& choice,
                                  const std::vector<int>& layers, int microBatch, const PolicyDecision& step) const;
  static int replicasOf(int action) { return kReplicaCounts[action]; }

 private:
  std::vector<float> context(const ConstructionEpisode& episode, const TemplateChoice& choice,
                             const std::vector<int>& layers, int kind, int microBatch) const;
  long long batchLeft(const ConstructionEpisode& episode) const;
  double speed(int gpu, int tp) const;

  const PolicyEpisodeView& view_;
  int layers_ = 0;
  std::vector<std::vector<double>> speed_;  // [episode GPU type][TP level]: 1 / whole-model time
};

}  // namespace arachne
