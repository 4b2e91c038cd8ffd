// RepriceNodeCommand: set a node's own price; a spin box's steps become one undo step.
#include "reprice_node_command.h"

#include <QCoreApplication>
#include <QLocale>

#include "composition_model.h"

namespace arachne::gui {

RepriceNodeCommand::RepriceNodeCommand(CompositionModel* model, int nodeId, double oldPrice, double newPrice,
                                       QUndoCommand* parent)
    : QUndoCommand(parent), model_(model), nodeId_(nodeId), oldPrice_(oldPrice), newPrice_(newPrice) {
  updateText();
}

void RepriceNodeCommand::updateText() {
  if (newPrice_ < 0) {
    setText(QCoreApplication::translate("arachne::gui::CompositionModel", "Node %1 at the catalog's price").arg(nodeId_));
    return;
  }
  setText(QCoreApplication::translate("arachne::gui::CompositionModel", "Price node %1 at $%2 per GPU-hour")
              .arg(nodeId_)
              .arg(QLocale().toString(newPrice_, 'f', 2)));
}

void RepriceNodeCommand::redo() { model_->setNodePrice(nodeId_, newPrice_); }

void RepriceNodeCommand::undo() { model_->setNodePrice(nodeId_, oldPrice_); }

bool RepriceNodeCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const RepriceNodeCommand*>(other);
  if (o->nodeId_ != nodeId_) return false;
  newPrice_ = o->newPrice_;
  updateText();
  if (newPrice_ == oldPrice_) setObsolete(true);
  return true;
}

}  // namespace arachne::gui
