// The reasons behind ModelShape::splitsOverTp.
#include "cost/tp_split.h"

#include "plan/texts.h"

namespace arachne {

Reason tpSplitWhy(const Model& model, int tp) {
  const ModelShape& s = model.shape;
  if (!s.attentionSplitsOverTp(tp))
    return Reason(text::kTpSplitsModel, {integer(tp), verbatim(model.id), integer(s.heads), integer(s.queryGroups())});
  if (const int w = s.mlpWidthNotSplitting(tp))
    return Reason(text::kTpSplitsMlp, {integer(tp), verbatim(model.id), integer(w)});
  return {};
}

}  // namespace arachne
