// Refines a priced layer split against the whole iteration, not compute alone: the splitter
// shares layers by profiled compute time, but a stage also carries its boundary transfers per
// micro-batch and, once per iteration, its exposed gradient reduction, parameter all-gather and
// optimizer step, which grow with the parameters it holds. One layer of rounding on a slow-linked
// stage can move the bottleneck (docs/planners.md, "Fill", step 3).
#pragma once

#include <vector>

#include "cost/plan_report.h"
#include "planning/template_choice.h"

namespace arachne {

class CostModel;
class LayerSplitter;

class SplitRefiner {
 public:
  // paramPrefix[i]: parameters of the model's layers 0..i-1 (one per model, kept by the fill).
  SplitRefiner(const CostModel& cost, const std::vector<StageChoice>& stages, const LayerSplitter& splitter,
               int microBatch, const std::vector<double>& paramPrefix);

  // The split the estimate prefers to `last`, found by moving one layer at a time out of the
  // stage that sets the per-micro-batch maximum or the per-iteration tail into any other stage
  // (every boundary between them shifts by one), each stage keeping a layer and fitting memory.
  // The estimate scales `priced` (the report of `last`'s template) stage by stage: per
  // micro-batch, the profiled time with the layers' time and the transfers fixed; per
  // iteration, the exposed reduction, gather and step with the parameters held. Returns `last`
  // itself when no move improves the estimate; the caller prices the proposal and keeps it only
  // when the cost model agrees.
  std::vector<int> propose(const std::vector<int>& last, const TemplateReport& priced) const;

 private:
  struct Scale {
    double perLayerTime = 1;  // (t_s - p2p) / layersTime of the priced range
    double p2p = 0;
    double perParam = 0;      // exposed per-iteration time / parameters of the priced range
    double fixed = 0;         // per-iteration time that does not grow with the range (tied embeddings)
  };
  double params(int first, int last) const;

  const CostModel& cost_;
  const std::vector<StageChoice>& stages_;
  const LayerSplitter& splitter_;
  int mbs_;
  const std::vector<double>& paramPrefix_;
};

}  // namespace arachne
