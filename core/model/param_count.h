// Parameter counts of attention, MLP, norms and whole layers, computed from a model's shape.
#pragma once

#include "model/model.h"
#include "model/model_shape.h"

namespace arachne {

// Counts of one layer: all parameters, and the part held by routed experts (sharded by EP).
struct LayerParams {
  double params = 0;
  double expert_params = 0;
};

namespace param_count {

double norm(const ModelShape& s);                  // one norm over h
double attention(const ModelShape& s);             // GQA/MHA or MLA, incl. QK-norm and biases
double mlp(const ModelShape& s, double ffnWidth);  // one dense MLP (or one expert) of width f
LayerParams denseBlock(const ModelShape& s, double ffnWidth);
LayerParams moeBlock(const ModelShape& s);
LayerParams embedding(const ModelShape& s);
LayerParams head(const ModelShape& s);
LayerParams forKind(const ModelShape& s, LayerKind kind, bool usesDenseFfn);

// Sum over the transformer blocks only (no embedding, no head): what some papers quote.
double nonEmbedding(const Model& m);
// Parameters a token passes through: shared layers plus top_k of E routed experts.
double activePerToken(const Model& m);

}  // namespace param_count
}  // namespace arachne
