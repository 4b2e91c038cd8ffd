// The what-if editor's state: the planner's plan, the hand-edited plan and its report, priced at
// once by the core's cost model on the same input (profiles, composition, model, spec). Every
// edit is one EditPlanCommand on its own undo stack; an edit that the cost model rejects is kept
// and shown with its itemised violations.
#pragma once

#include <QObject>
#include <QUndoStack>
#include <memory>
#include <optional>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "cost/plan_report.h"
#include "model/model.h"
#include "plan/plan.h"

namespace arachne {
class CostModel;
class GpuCatalog;
class ProfileSet;
}  // namespace arachne

namespace arachne::gui {

class WhatIfSession : public QObject {
  Q_OBJECT
 public:
  explicit WhatIfSession(const GpuCatalog& catalog, QObject* parent = nullptr);
  ~WhatIfSession() override;

  // A new planner result: the cost model is built for its input, the undo stack cleared.
  void load(const Composition& composition, const Model& model, const TrainingSpec& spec, const Plan& plan);
  void unload();
  bool loaded() const { return cost_ != nullptr; }

  const Plan& plannerPlan() const { return planner_; }
  const PlanReport& plannerReport() const { return plannerReport_; }
  // The edited plan with the cost model's batch split; a template the split did not reach (the
  // cost model stopped before it, and the plan has several templates or too small a batch) has
  // micro_batches 0, never the count of the plan before the edit.
  const Plan& plan() const { return plan_; }
  const PlanReport& report() const { return report_; }
  // The memory bars' figures for plan(): the report's, or each stage's when the cost model
  // stopped before memory; nullopt when a stage has none (see what_if_memory.h).
  const std::optional<PlanReport>& memoryFigures() const { return memory_; }
  const Model& model() const { return model_; }
  bool edited() const { return !(plan_ == planner_); }
  QUndoStack* undoStack() { return &undo_; }
  // The editor's limits: the replica box's top, and the deepest template (never deeper than
  // the model has layers) and the widest TP it offers.
  static constexpr int kMaxReplicas = 4096;
  static constexpr int kMaxDepth = 16;
  static constexpr int kMaxTp = 128;
  // TP degrees a stage may take (powers of two up to the largest node of its type) and the
  // profiled micro-batch sizes.
  std::vector<int> tpChoices(int templateIndex, int stageIndex) const;
  std::vector<int> microBatchChoices() const;
  int maxDepth() const;

  // Why an edit is out of range, naming the rule it breaks ("stage 9 does not exist: template 1
  // has 6 stages"); empty when the value may be set (it may be the value already there). The
  // setters refuse exactly these. English, as every message of the command line: its --whatif
  // shows them, while the editor's own boxes offer only values in range.
  QString templateProblem(int templateIndex) const;
  QString stageProblem(int templateIndex, int stageIndex) const;
  QString tpProblem(int templateIndex, int stageIndex, int tp) const;
  QString depthProblem(int templateIndex, int depth) const;
  QString microBatchProblem(int templateIndex, int microBatch) const;
  QString replicasProblem(int templateIndex, int replicas) const;

  // --- Edits: each pushes one command; false when the value is out of range or unchanged. ---
  bool setTp(int templateIndex, int stageIndex, int tp);
  bool setDepth(int templateIndex, int depth);
  // Moves the boundary after stage `stageIndex` so that stage holds `layers` layers (the next
  // stage gives or takes the difference).
  bool setStageLayers(int templateIndex, int stageIndex, int layers);
  bool setMicroBatch(int templateIndex, int microBatch);
  bool setReplicas(int templateIndex, int replicas);
  // "Back to the planner's plan": one undoable step.
  bool resetToPlanner();

 signals:
  void changed();  // plan() and report() are new

 private:
  void install(const Plan& plan);
  bool push(int field, int templateIndex, int stageIndex, Plan after, const QString& text);
  // Puts the template's replicas on nodes: the GPUs other templates leave free, by the core's
  // allocation rule; when they do not fit, on the type's nodes round-robin, so the cost model
  // names what is over-committed.
  void place(Plan& plan, int templateIndex) const;
  void retile(Template& t) const;
  int largestNode(const std::string& gpuType) const;  // GPUs; 1 when the type has no node
  const GpuCatalog& catalog_;
  Composition composition_;
  Model model_;
  TrainingSpec spec_;
  std::unique_ptr<ProfileSet> profiles_;
  std::unique_ptr<CostModel> cost_;
  Plan planner_, plan_;
  PlanReport plannerReport_, report_;
  std::optional<PlanReport> memory_;
  QUndoStack undo_;
};

}  // namespace arachne::gui
