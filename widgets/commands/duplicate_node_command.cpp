// DuplicateNodeCommand: an AddNodeCommand of a copy, named for the undo history.
#include "duplicate_node_command.h"

#include <QCoreApplication>

namespace arachne::gui {

namespace {
Node freshCopy(Node n) {
  n.id = -1;
  return n;
}
}  // namespace

DuplicateNodeCommand::DuplicateNodeCommand(CompositionModel* model, const Node& source,
                                           int position, QUndoCommand* parent)
    : AddNodeCommand(model, freshCopy(source), position, parent) {
  setText(QCoreApplication::translate("arachne::gui::CompositionModel", "Duplicate node %1")
              .arg(source.id));
}

}  // namespace arachne::gui
