// Reads one model object of models.json (shape, layer stack, default training) into a Model.
#pragma once

#include "io/json_reader.h"
#include "model/model.h"

namespace arachne {

// Builds the layer types and the layer stack and counts each type's parameters from the shape.
// Throws LoadError naming the field (e.g. "models[2].stack[1].count").
Model parseModel(const JsonReader& r);

}  // namespace arachne
