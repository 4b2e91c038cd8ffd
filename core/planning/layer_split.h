// The layer split of a template: proportional to each stage's profiled speed, and a fixed
// list of alternative splits priced when a stage then runs out of memory.
#pragma once

#include <string>
#include <vector>

#include "cost/plan_report.h"
#include "plan/plan.h"
#include "planning/template_choice.h"

namespace arachne {

class CostModel;

struct LayerSplit {
  std::vector<int> last;   // last layer of each stage (stage s holds last[s-1]+1 .. last[s])
  std::string rule;        // "proportional", "capped-forward", "capped-backward", "memory", "even"
  bool fits = false;       // every stage within memory (MoE stages: with some valid tiling)
  double estimate_s = 0;   // (M-1) * max t_s + sum t_s from the profiles (no p2p, no sync)
  int worst_stage = -1;    // when it does not fit: the stage furthest over its memory
  StageMemory worst_memory;
};

class LayerSplitter {
 public:
  // microBatches: the most micro-batches per replica this template can receive (it bounds
  // the activations in flight from above, so a split that fits here fits after the batch split).
  LayerSplitter(const CostModel& cost, const std::vector<StageChoice>& stages, int microBatch,
                int replicas, int microBatches);

  // The proportional split when it fits; otherwise the fastest alternative that fits; otherwise
  // the proportional split with fits == false and the numbers of its worst stage.
  LayerSplit best() const;

  LayerSplit proportional() const;
  // The alternatives, in the fixed order they are priced.
  std::vector<LayerSplit> alternatives() const;
  // Fills fits / estimate / worst_* of a split.
  void assess(LayerSplit& split) const;
  // Memory of stage s holding [first, last]: the least over the valid expert tilings on MoE
  // ranges. `tiling` receives that tiling (default when dense).
  StageMemory stageMemory(int s, int first, int last, ExpertTiling* tiling = nullptr) const;
  bool stageFits(int s, int first, int last) const;

 private:
  std::vector<int> fromTargets(const std::vector<double>& share, const char* rule) const;
  LayerSplit capped(bool forward) const;
  double cumulative(int s, int last) const;  // fraction of the model's time up to `last`

  const CostModel& cost_;
  const std::vector<StageChoice>& stages_;
  int mbs_, replicas_, microBatches_, layers_;
  std::vector<double> whole_;                  // time of the whole model on each stage's config
  std::vector<std::vector<ExpertTiling>> tilings_;  // per stage (empty for a dense model)
};

}  // namespace arachne
