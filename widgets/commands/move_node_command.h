// Undo command: a node moves to another place in the composition, possibly to another GPU type.
#pragma once

#include <QString>
#include <QUndoCommand>

namespace arachne::gui {

class CompositionModel;

class MoveNodeCommand : public QUndoCommand {
 public:
  MoveNodeCommand(CompositionModel* model, int nodeId, const QString& fromType, int fromPosition,
                  const QString& toType, int toPosition, QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  void apply(const QString& type, int position);
  CompositionModel* model_;
  int nodeId_;
  QString fromType_;
  int fromPosition_;
  QString toType_;
  int toPosition_;
};

}  // namespace arachne::gui
