// The fill of §5.3: completes a structural template (layer split, replicas, micro-batch size,
// expert tiling) against the plan built so far, and prices the result.
#pragma once

#include <string>
#include <vector>

#include "cost/plan_report.h"
#include "plan/plan.h"
#include "planning/free_gpus.h"
#include "planning/template_choice.h"

namespace arachne {

class LayerSplitter;

class CostModel;

struct FillResult {
  bool feasible = false;
  Plan plan;            // the plan so far plus the filled template, micro_batches written back
  PlanReport report;    // of `plan`
  FreeGpus free_after;  // `free` minus every replica of the template
  std::string why;      // when infeasible: the reason, with numbers (reason.english())
  Reason reason;        // the same reason as data, for translated views
  int priced = 0;       // plans priced by this fill
  // Marks the fill infeasible with `r` (why and reason together).
  void fail(Reason r) {
    why = r.english();
    reason = std::move(r);
  }
};

// The arithmetic decisions of a template when a planner makes them itself (the flat-rl
// ablation) instead of the fill: layers per stage, data-parallel replicas, micro-batch size.
struct TemplateArithmetic {
  std::vector<int> layers;  // per stage, in order; must sum to the model's layer count
  int replicas = 1;
  int micro_batch = 1;
};

class TemplateFill {
 public:
  explicit TemplateFill(const CostModel& cost);

  // `choice` must be complete and admitted by the masks on `free`. The template takes the
  // largest replication count its TP groups pack into on `free` (capped so every replica of
  // the plan still gets a micro-batch); every profiled power-of-two micro-batch size whose
  // split fits is priced as part of the whole plan, its split refined against the whole
  // iteration (refineSplit), and the shortest iteration time is kept.
  FillResult fill(const Plan& sofar, const FreeGpus& free, const TemplateChoice& choice) const;

  // The template exactly as `arithmetic` gives it, no fill rule: its replicas placed on `free`
  // by the node allocation rule, priced as part of the whole plan. Only the expert tiling of
  // MoE stages is still chosen here (as in fill()). Infeasible, with the reason, when the values
  // are out of range, the replicas do not pack, a size is not profiled or memory does not fit.
  FillResult place(const Plan& sofar, const FreeGpus& free, const TemplateChoice& choice,
                   const TemplateArithmetic& arithmetic) const;

  // Profiled micro-batch sizes (powers of two, ascending) of (GPU type, TP).
  const std::vector<int>& microBatches(int gpu, int tp) const;
  const CostModel& cost() const { return cost_; }

 private:
  // Expert tiling of the MoE stages of plan.templates.back(): the fastest fitting tiling per
  // stage, then re-selected against the whole iteration. Returns the report of the result.
  // Megatron's interleaved schedule on the chosen template: v = 2, 4 when every stage has v
  // layers, kept when it prices faster and fits (more p2p and activations in flight, a smaller
  // bubble).
  void tryInterleaving(Plan& work, Template& best, PlanReport& bestReport, int& priced) const;
  // The split priced in `report` (ending at `last`) refined against the whole iteration
  // (SplitRefiner): each proposal is priced and kept only when the plan prices faster and fits;
  // `report` and plan.templates.back() follow what is kept.
  void refineSplit(Plan& work, const TemplateChoice& choice, const LayerSplitter& splitter, std::vector<int> last,
                   int microBatchBound, PlanReport& report, int& priced) const;
  static constexpr int kSplitRefinePasses = 3;
  PlanReport tileExperts(Plan& work, PlanReport report, int microBatchBound, int& priced) const;
  // Gives the stages of plan.templates.back() the layers ending at `lastLayers` (the least-memory
  // expert tiling on stages with MoE layers), prices the whole plan and, when feasible, tiles the
  // experts. Shared by the fill and by placing a template as decided.
  PlanReport layAndPrice(Plan& work, const std::vector<int>& lastLayers, const LayerSplitter& splitter,
                         int microBatchBound, int& priced) const;

  const CostModel& cost_;
  std::vector<std::string> gpu_ids_;
  std::vector<std::vector<std::vector<int>>> mbs_;  // [gpu][tp level] -> sizes
  std::vector<int> empty_;
  std::vector<double> param_prefix_;  // parameters of layers 0..i-1, for SplitRefiner
};

}  // namespace arachne
