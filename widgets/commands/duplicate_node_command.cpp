// DuplicateNodeCommand: an AddNodeCommand of a copy, named for the undo history.
#include "duplicate_node_command.h"

#include <QCoreApplication>

#include "cluster/node_network.h"

namespace arachne::gui {

namespace {
// A copy onto another type is a node of that type: it takes the new type's catalog network,
// not the figures measured on the source's machine (as MoveNodeCommand does).
Node freshCopy(Node n, const std::string& asType) {
  n.id = -1;
  if (!asType.empty() && asType != n.gpu_type) {
    n.gpu_type = asType;
    copyNodeOverrides(Node{}, n);
  }
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
