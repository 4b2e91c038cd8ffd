// Loading Sailor's llm_info.json with path-qualified errors.
#include "sailor/sailor_layer_info.h"


#include "io/json_reader.h"
#include "io/load_error.h"
#include "sailor/sailor_json.h"

namespace arachne {

namespace {
// A layer holds at most a few billion parameters; anything beyond is a corrupt file.
constexpr double kMaxFloats = 1.0e12;
}  // namespace

SailorLayerInfo SailorLayerInfo::fromJson(const std::string& text, const std::string& fileLabel) {
  const nlohmann::json doc = JsonReader::parse(text, fileLabel);
  JsonReader root(doc, fileLabel);
  root.requireObject();
  if (doc.empty()) root.fail("", "holds no model");
  SailorLayerInfo info;
  info.file_ = fileLabel;
  for (auto m = doc.begin(); m != doc.end(); ++m) {
    JsonReader model = root.object(m.key());
    if (m->empty()) model.fail("", "holds no TP degree");
    for (auto t = m->begin(); t != m->end(); ++t) {
      const int tp = parseSailorInt(model, t.key(), 1, 1024, "TP degree");
      JsonReader perTp = model.object(t.key());
      const std::vector<std::string> keys = layerIndexKeys(perTp);
      std::vector<SailorLayerFigures> layers;
      layers.reserve(keys.size());
      for (const auto& k : keys) {
        JsonReader l = perTp.object(k);
        SailorLayerFigures f;
        f.params = l.number("params_floats", 0.0, kMaxFloats);
        f.act_output_floats = l.number("act_output_floats", 0.0, kMaxFloats);
        f.act_mem_floats = l.number("act_mem_floats", 0.0, kMaxFloats);
        layers.push_back(f);
      }
      info.data_[m.key()][tp] = std::move(layers);
    }
  }
  return info;
}

SailorLayerInfo SailorLayerInfo::load(const std::string& path) {
  return fromJson(readSailorFile(path), path);
}

const std::vector<SailorLayerFigures>* SailorLayerInfo::layers(const std::string& sailorModel,
                                                               int tp) const {
  auto m = data_.find(sailorModel);
  if (m == data_.end()) return nullptr;
  auto t = m->second.find(tp);
  return t == m->second.end() ? nullptr : &t->second;
}

std::vector<std::string> SailorLayerInfo::models() const {
  std::vector<std::string> out;
  for (const auto& [name, _] : data_) out.push_back(name);
  return out;
}

std::vector<int> SailorLayerInfo::tpDegrees(const std::string& sailorModel) const {
  std::vector<int> out;
  auto m = data_.find(sailorModel);
  if (m != data_.end())
    for (const auto& [tp, _] : m->second) out.push_back(tp);
  return out;
}

}  // namespace arachne
