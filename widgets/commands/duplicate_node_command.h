// Undo command: a copy of an existing node placed right after it.
#pragma once

#include "commands/add_node_command.h"

namespace arachne::gui {

class DuplicateNodeCommand : public AddNodeCommand {
 public:
  // `source` is copied; the copy gets a fresh id.
  // `asType` (when not empty) makes the copy a node of that GPU type.
  DuplicateNodeCommand(CompositionModel* model, const Node& source, int position,
                       const std::string& asType = {}, QUndoCommand* parent = nullptr);
};

}  // namespace arachne::gui
