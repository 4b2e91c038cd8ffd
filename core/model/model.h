// An LLM architecture as a stack of repeated layer types, with its default training spec.
#pragma once

#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "model/layer_type.h"
#include "model/model_shape.h"

namespace arachne {

struct Model {
  std::string id;    // catalog id, e.g. "llama3-8b"
  std::string name;  // human name
  ModelShape shape;
  std::vector<LayerType> layer_types;
  // The layer stack in order: each entry indexes layer_types. Layer i of a plan's
  // `layers` [first, last] ranges refers to layers[i].
  std::vector<int> layers;
  double published_params = 0;  // total parameters the authors publish (0 = none published)
  TrainingSpec default_training;
  std::string source;           // where the hyperparameters come from

  int layerCount() const { return static_cast<int>(layers.size()); }
  const LayerType& layer(int i) const { return layer_types[static_cast<size_t>(layers[static_cast<size_t>(i)])]; }
  double totalParams() const;
  bool isMoe() const { return shape.experts > 0; }
};

}  // namespace arachne
