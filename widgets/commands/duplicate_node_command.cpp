// DuplicateNodeCommand: an AddNodeCommand of a copy, named for the undo history.
#include "duplicate_node_command.h"

#include <QCoreApplication>

namespace arachne::gui {

namespace {
Node freshCopy(Node n, const std::string& asType) {
  n.id = -1;
  if (!asType.empty()) n.gpu_type = asType;
  return n;
}
}  // namespace

DuplicateNodeCommand::DuplicateNodeCommand(CompositionModel* model, const Node& source,
                                           int position, const std::string& asType, QUndoCommand* parent)
    : AddNodeCommand(model, freshCopy(source, asType), position, parent) {
  setText(QCoreApplication::translate("arachne::gui::CompositionModel", "Duplicate node %1")
              .arg(source.id));
}

}  // namespace arachne::gui
