// Undo command of the what-if editor: one hand edit of the plan (a stage's TP degree, a
// template's depth, a layer boundary, the micro-batch size or the replica count), kept as the
// plan before and after. Consecutive edits of the same field of the same template or stage
// (spin box steps) merge into one undo step.
#pragma once

#include <QUndoCommand>
#include <functional>

#include "plan/plan.h"

namespace arachne::gui {

class EditPlanCommand : public QUndoCommand {
 public:
  enum class Field { Tp, Depth, LayerSplit, MicroBatch, Replicas, Reset };
  // `apply` installs a plan (the what-if session's setter); it must outlive the command.
  EditPlanCommand(std::function<void(const Plan&)> apply, Field field, int templateIndex, int stageIndex,
                  Plan before, Plan after, const QString& text, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;
  int id() const override { return 0x5749; }
  bool mergeWith(const QUndoCommand* other) override;
  Field field() const { return field_; }

 private:
  std::function<void(const Plan&)> apply_;
  Field field_;
  int template_, stage_;
  Plan before_, after_;
};

}  // namespace arachne::gui
