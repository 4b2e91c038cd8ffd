// AddNodeCommand: insert on redo, take out on undo, with the node id kept stable.
#include "add_node_command.h"

#include <QCoreApplication>

#include "composition_model.h"

namespace arachne::gui {

AddNodeCommand::AddNodeCommand(CompositionModel* model, const Node& node, int position,
                               QUndoCommand* parent)
    : QUndoCommand(parent), model_(model), node_(node), position_(position) {
  setText(QCoreApplication::translate("arachne::gui::CompositionModel", "Add %1-GPU %2 node")
              .arg(node.gpus)
              .arg(QString::fromStdString(node.gpu_type).toUpper()));
}

void AddNodeCommand::redo() { node_.id = model_->insertNodeAt(node_, position_); }

void AddNodeCommand::undo() { model_->takeNode(node_.id); }

}  // namespace arachne::gui
