// Undo command: a node leaves the composition; undo puts it back at the same place and id.
#pragma once

#include <QUndoCommand>

#include "cluster/node.h"

namespace arachne::gui {

class CompositionModel;

class DeleteNodeCommand : public QUndoCommand {
 public:
  DeleteNodeCommand(CompositionModel* model, int nodeId, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  CompositionModel* model_;
  int nodeId_;
  Node node_;
  int position_ = -1;
};

}  // namespace arachne::gui
