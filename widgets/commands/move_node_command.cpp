// MoveNodeCommand: take the node out and put it back at the new place with the new type.
#include "move_node_command.h"

#include <QCoreApplication>

#include "cluster/node_network.h"
#include "composition_model.h"

namespace arachne::gui {

MoveNodeCommand::MoveNodeCommand(CompositionModel* model, int nodeId, const QString& fromType,
                                 int fromPosition, const QString& toType, int toPosition,
                                 QUndoCommand* parent)
    : QUndoCommand(parent), model_(model), nodeId_(nodeId), fromType_(fromType),
      fromPosition_(fromPosition), toType_(toType), toPosition_(toPosition) {
  if (const Node* n = model->composition().findNode(nodeId)) network_ = *n;
  if (fromType == toType)
    setText(QCoreApplication::translate("arachne::gui::CompositionModel", "Move node %1")
                .arg(nodeId));
  else
    setText(QCoreApplication::translate("arachne::gui::CompositionModel",
                                        "Change node %1 from %2 to %3")
                .arg(nodeId)
                .arg(fromType.toUpper(), toType.toUpper()));
}

void MoveNodeCommand::apply(const QString& type, int position, const Node& network) {
  auto [node, at] = model_->takeNode(nodeId_);
  if (at < 0) return;
  node.gpu_type = type.toStdString();
  copyNodeOverrides(network, node);
  model_->insertNodeAt(node, position);
}

void MoveNodeCommand::redo() { apply(toType_, toPosition_, fromType_ == toType_ ? network_ : Node{}); }

void MoveNodeCommand::undo() { apply(fromType_, fromPosition_, network_); }

}  // namespace arachne::gui
