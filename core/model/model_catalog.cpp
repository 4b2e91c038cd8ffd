// Loading of the model catalog and of single model files, and lookup by id.
#include "model/model_catalog.h"

#include <algorithm>
#include <cctype>

#include "io/input_file.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "io/resources.h"
#include "model/model_parser.h"

namespace arachne {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string knownIds(const ModelCatalog& c) {
  std::string known;
  for (const auto& m : c.models()) known += (known.empty() ? "" : ", ") + m.id;
  return known;
}

}  // namespace

const ModelCatalog& ModelCatalog::builtin() {
  static const ModelCatalog catalog = [] {
    auto text = resources::text("models.json");
    if (!text) throw LoadError("resources/models.json", "", "not embedded in this build");
    return fromJson(*text, "resources/models.json");
  }();
  return catalog;
}

ModelCatalog ModelCatalog::fromJson(const std::string& text, const std::string& fileLabel) {
  nlohmann::json root = JsonReader::parse(text, fileLabel);
  JsonReader r(root, fileLabel);
  r.requireObject();
  ModelCatalog c;
  // A file without "models" is one model object, so a user can hand over a single description.
  if (!r.has("models")) {
    c.add(parseModel(r));
    return c;
  }
  long long schema = r.integer("schema_version", 1, 1000);
  if (schema != 1) r.fail("schema_version", "unsupported version " + std::to_string(schema) + " (this build reads 1)");
  JsonReader models = r.array("models");
  if (models.size() == 0) models.fail("", "must list at least one model");
  for (size_t i = 0; i < models.size(); ++i) {
    JsonReader e = models.element(i);
    Model m = parseModel(e);
    if (c.find(m.id)) e.fail("id", "duplicate model id '" + m.id + "'");
    c.add(std::move(m));
  }
  return c;
}

const Model* ModelCatalog::find(const std::string& id) const {
  const std::string key = lower(id);
  for (const auto& m : models_)
    if (m.id == key) return &m;
  return nullptr;
}

void ModelCatalog::add(Model m) {
  m.id = lower(m.id);
  models_.push_back(std::move(m));
}

Model resolveModel(const std::string& idOrFile) {
  const ModelCatalog& builtin = ModelCatalog::builtin();
  if (const Model* m = builtin.find(idOrFile)) return *m;
  std::string text;
  try {
    text = readInputFile(idOrFile, "model");
  } catch (const LoadError& e) {
    // Most often a mistyped id: say both what the catalog holds and why no file was read.
    throw LoadError(idOrFile, "", "neither a model id of the catalog (known: " + knownIds(builtin) +
                                      ") nor a readable model file (" + e.problem() + ")");
  }
  ModelCatalog c = ModelCatalog::fromJson(text, idOrFile);
  if (c.models().size() != 1) {
    throw LoadError(idOrFile, "models", "holds " + std::to_string(c.models().size()) +
                                            " models; a model file must hold exactly one");
  }
  return c.models().front();
}

}  // namespace arachne
