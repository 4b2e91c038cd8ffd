// The model catalog (resources/models.json) and loading of a single model file.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"

namespace arachne {

class ModelCatalog {
 public:
  static const ModelCatalog& builtin();
  // Parses a catalog ({"schema_version":1,"models":[...]}) or a single model object;
  // throws LoadError naming the file, the field and the problem.
  static ModelCatalog fromJson(const std::string& text, const std::string& fileLabel);

  const std::vector<Model>& models() const { return models_; }
  const Model* find(const std::string& id) const;
  void add(Model m);

 private:
  std::vector<Model> models_;
};

// Resolves "ID|FILE": a catalog id, or a path to a model JSON file (single model or catalog
// with exactly one model). Throws LoadError.
Model resolveModel(const std::string& idOrFile);

}  // namespace arachne
