// The decisions of one construction step: a depth (0 = STOP) and, per stage, a GPU type and a
// TP degree. This is what a planner or the policy chooses; the fill does the rest.
#pragma once

#include <vector>

namespace arachne {

struct StageChoice {
  int gpu = 0;  // GPU type index (CostModel::gpuIndex / FreeGpus type order)
  int tp = 1;   // a member of K = {1, 2, ..., 2^n}
  bool operator==(const StageChoice&) const = default;
};

struct TemplateChoice {
  int depth = 0;                    // 0 = STOP
  std::vector<StageChoice> stages;  // stages chosen so far (size == depth when complete)
  bool isStop() const { return depth == 0; }
  bool complete() const { return depth > 0 && static_cast<int>(stages.size()) == depth; }
  bool operator==(const TemplateChoice&) const = default;
};

}  // namespace arachne
