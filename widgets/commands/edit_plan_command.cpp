// EditPlanCommand: before/after snapshots of the edited plan.
#include "edit_plan_command.h"

namespace arachne::gui {

EditPlanCommand::EditPlanCommand(std::function<void(const Plan&)> apply, Field field, int templateIndex,
                                 int stageIndex, Plan before, Plan after, const QString& text,
                                 QUndoCommand* parent)
    : QUndoCommand(text, parent), apply_(std::move(apply)), field_(field), template_(templateIndex),
      stage_(stageIndex), before_(std::move(before)), after_(std::move(after)) {}

void EditPlanCommand::redo() { apply_(after_); }

void EditPlanCommand::undo() { apply_(before_); }

bool EditPlanCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const EditPlanCommand*>(other);
  if (o->field_ != field_ || o->template_ != template_ || o->stage_ != stage_ || field_ == Field::Reset) return false;
  after_ = o->after_;
  setText(o->text());
  // Steps that come back to where they started leave no undo step behind.
  if (after_ == before_) setObsolete(true);
  return true;
}

}  // namespace arachne::gui
