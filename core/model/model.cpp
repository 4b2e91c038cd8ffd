// Model-level derived figures.
#include "model/model.h"

namespace arachne {

std::string toString(LayerKind k) {
  switch (k) {
    case LayerKind::Embedding: return "embedding";
    case LayerKind::DenseBlock: return "dense";
    case LayerKind::MoeBlock: return "moe";
    case LayerKind::Head: return "head";
  }
  return "dense";
}

double Model::totalParams() const {
  double total = 0;
  for (int idx : layers) total += layer_types[static_cast<size_t>(idx)].params;
  return total;
}

}  // namespace arachne
