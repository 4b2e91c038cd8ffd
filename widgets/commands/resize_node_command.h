// Undo command: a node's GPU count changes; consecutive resizes of one node merge into one step.
#pragma once

#include <QUndoCommand>

namespace arachne::gui {

class CompositionModel;

class ResizeNodeCommand : public QUndoCommand {
 public:
  static constexpr int kId = 0x4152;  // merge key for QUndoStack

  ResizeNodeCommand(CompositionModel* model, int nodeId, int oldGpus, int newGpus,
                    QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;
  int id() const override { return kId; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  void updateText();
  CompositionModel* model_;
  int nodeId_;
  int oldGpus_;
  int newGpus_;
};

}  // namespace arachne::gui
