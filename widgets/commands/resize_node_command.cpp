// ResizeNodeCommand: set the GPU count; a spin box or slider drag becomes one undo step.
#include "resize_node_command.h"

#include <QCoreApplication>

#include "composition_model.h"

namespace arachne::gui {

ResizeNodeCommand::ResizeNodeCommand(CompositionModel* model, int nodeId, int oldGpus,
                                     int newGpus, QUndoCommand* parent)
    : QUndoCommand(parent), model_(model), nodeId_(nodeId), oldGpus_(oldGpus), newGpus_(newGpus) {
  updateText();
}

void ResizeNodeCommand::updateText() {
  setText(QCoreApplication::translate("arachne::gui::CompositionModel",
                                      "Resize node %1 from %2 to %3 GPUs")
              .arg(nodeId_)
              .arg(oldGpus_)
              .arg(newGpus_));
}

void ResizeNodeCommand::redo() { model_->setNodeGpus(nodeId_, newGpus_); }

void ResizeNodeCommand::undo() { model_->setNodeGpus(nodeId_, oldGpus_); }

bool ResizeNodeCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const ResizeNodeCommand*>(other);
  if (o->nodeId_ != nodeId_) return false;
  newGpus_ = o->newGpus_;
  updateText();
  // A drag that returns to where it started leaves no step behind.
  if (newGpus_ == oldGpus_) setObsolete(true);
  return true;
}

}  // namespace arachne::gui
