// LoadCompositionCommand: swap the whole composition in and out.
#include "load_composition_command.h"

#include <QCoreApplication>

#include "composition_model.h"

namespace arachne::gui {

LoadCompositionCommand::LoadCompositionCommand(CompositionModel* model, const Composition& before,
                                               const Composition& after, const QString& label,
                                               QUndoCommand* parent)
    : QUndoCommand(parent), model_(model), before_(before), after_(after) {
  setText(QCoreApplication::translate("arachne::gui::CompositionModel", "Load %1").arg(label));
}

void LoadCompositionCommand::redo() { model_->setComposition(after_); }

void LoadCompositionCommand::undo() { model_->setComposition(before_); }

}  // namespace arachne::gui
