// Undo command: a node moves to another place in the composition, possibly to another GPU type.
// A node that changes type drops its own network (a cluster file's inter_node_gbps, _nics,
// _fabric): those figures were measured on the old machine, and the new type's catalog entry
// describes the new one. Undo gives them back.
#pragma once

#include <QString>
#include <QUndoCommand>

#include "cluster/node.h"

namespace arachne::gui {

class CompositionModel;

class MoveNodeCommand : public QUndoCommand {
 public:
  MoveNodeCommand(CompositionModel* model, int nodeId, const QString& fromType, int fromPosition,
                  const QString& toType, int toPosition, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  void apply(const QString& type, int position, const Node& network);
  CompositionModel* model_;
  int nodeId_;
  QString fromType_;
  int fromPosition_;
  QString toType_;
  int toPosition_;
  Node network_;  // the node's own network before the move, which undo gives back
};

}  // namespace arachne::gui
