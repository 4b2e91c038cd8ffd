// Why a model cannot be split over a TP degree, in the words the cost model and the masks use.
#pragma once

#include "model/model.h"
#include "plan/reason.h"

namespace arachne {

// Empty when Megatron-LM can split `model` over TP `tp` (ModelShape::splitsOverTp); otherwise the
// attention's or the MLP's reason, with the model's numbers.
Reason tpSplitWhy(const Model& model, int tp);

}  // namespace arachne
