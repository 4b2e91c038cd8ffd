// Layer counts that say what they count: a model's stack is an embedding, transformer blocks
// (dense or MoE) and a head, and a stage's layer range is named in those terms.
#pragma once

#include <QString>

#include "model/model.h"

namespace arachne::gui {

// "32 transformer blocks + embedding + head (34 pipeline layers)"; MoE blocks are counted too.
QString modelLayerSummary(const Model& model);
// "embedding + blocks 1–4", "blocks 5–19", "blocks 28–32 + head" for layers [first, last].
QString layerRangeText(const Model& model, int first, int last);

}  // namespace arachne::gui
