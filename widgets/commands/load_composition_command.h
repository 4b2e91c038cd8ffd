// Undo command: the whole composition replaced (a preset, a file, a drop of a *.cluster.json).
#pragma once

#include <QUndoCommand>

#include "cluster/composition.h"

namespace arachne::gui {

class CompositionModel;

class LoadCompositionCommand : public QUndoCommand {
 public:
  LoadCompositionCommand(CompositionModel* model, const Composition& before,
                         const Composition& after, const QString& label,
                         QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  CompositionModel* model_;
  Composition before_;
  Composition after_;
};

}  // namespace arachne::gui
