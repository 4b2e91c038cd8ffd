// Undo command: a new node joins the composition (from the palette, a button or a drop).
#pragma once

#include <QUndoCommand>

#include "cluster/node.h"

namespace arachne::gui {

class CompositionModel;

class AddNodeCommand : public QUndoCommand {
 public:
  AddNodeCommand(CompositionModel* model, const Node& node, int position,
                 QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;
  int nodeId() const { return node_.id; }

 protected:
  CompositionModel* model_;
  Node node_;  // id < 0 until the first redo assigns one; kept so redo restores the same id
  int position_;
};

}  // namespace arachne::gui
