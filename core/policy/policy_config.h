// The sizes that fix the policy's state layout and network shapes (stored in every weights file).
#pragma once

namespace arachne {

struct PolicyConfig {
  // Bumped whenever a feature is added, removed, reordered or normalised differently, so a
  // weights file trained on another layout is refused instead of silently misread.
  static constexpr int kFeatureLayoutVersion = 1;

  int t_max = 6;         // GPU type slots; a composition with more types cannot be planned
  int d_max = 16;        // deepest pipeline the depth head offers (candidates STOP, 1 .. d_max)
  int k_max = 4;         // TP degrees 1, 2, 4, ..., 2^(k_max - 1)
  int hidden = 128;      // backbone width
  int head_hidden = 64;  // width inside each head
  int film_hidden = 64;  // width of the FiLM network
  // The flat-rl ablation: three more heads learn the layer split, the micro-batch size and the
  // data-parallel replicas that the fill otherwise computes. Stored in the weights file as
  // "planner": "flat-rl" (absent or "arachne" otherwise), so one planner refuses the other's file.
  bool flat = false;

  // Choices of the flat heads (see FlatEpisodeView for their values).
  static constexpr int kLayerChoices = 8;       // shares of the even split of the layers left
  static constexpr int kMicroBatchChoices = 8;  // micro-batch 2^i
  static constexpr int kReplicaChoices = 16;    // data-parallel replica counts

  const char* plannerName() const { return flat ? "flat-rl" : "arachne"; }

  int tpDegree(int index) const { return 1 << index; }
  bool operator==(const PolicyConfig&) const = default;
};

}  // namespace arachne
