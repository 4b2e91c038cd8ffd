// Undo command: a node's own price per GPU-hour changes (or goes back to the catalog's);
// consecutive steps on one node merge into one undo step.
#pragma once

#include <QUndoCommand>

namespace arachne::gui {

class CompositionModel;

class RepriceNodeCommand : public QUndoCommand {
 public:
  static constexpr int kId = 0x4153;  // merge key for QUndoStack

  // Prices in USD per GPU-hour; < 0 is "the catalog's".
  RepriceNodeCommand(CompositionModel* model, int nodeId, double oldPrice, double newPrice,
                     QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;
  int id() const override { return kId; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  void updateText();
  CompositionModel* model_;
  int nodeId_;
  double oldPrice_;
  double newPrice_;
};

}  // namespace arachne::gui
