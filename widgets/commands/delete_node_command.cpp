// DeleteNodeCommand: remembers the node and its position so undo restores both.
#include "delete_node_command.h"

#include <QCoreApplication>

#include "composition_model.h"

namespace arachne::gui {

DeleteNodeCommand::DeleteNodeCommand(CompositionModel* model, int nodeId, QUndoCommand* parent)
    : QUndoCommand(parent), model_(model), nodeId_(nodeId) {
  setText(QCoreApplication::translate("arachne::gui::CompositionModel", "Delete node %1")
              .arg(nodeId));
}

void DeleteNodeCommand::redo() {
  auto [node, position] = model_->takeNode(nodeId_);
  node_ = node;
  position_ = position;
}

void DeleteNodeCommand::undo() {
  if (position_ >= 0) model_->insertNodeAt(node_, position_);
}

}  // namespace arachne::gui
