// Sailor per-layer profiles -> ProfileSet entries keyed by layer type.
#include "sailor/sailor_profile_import.h"

#include <cmath>
#include <filesystem>

#include "catalog/gpu_catalog.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "model/model.h"
#include "profile/profile_entry.h"
#include "sailor/sailor_json.h"
#include "sailor/sailor_layer_info.h"
#include "sailor/sailor_names.h"

namespace arachne {

namespace {

// Generous caps: a layer step over an hour or a micro-batch of a million sequences is corrupt data.
constexpr double kMaxSeconds = 3600.0;
constexpr int kMaxMicroBatch = 1 << 20;
constexpr int kMaxTp = 1024;

bool allKeysNumeric(const nlohmann::json& obj) {
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (it.key().empty()) return false;
    for (char c : it.key())
      if (c < '0' || c > '9') return false;
  }
  return !obj.empty();
}

struct Sum {
  double compute = 0, update = 0, params = 0, act = 0, out = 0;
  int n = 0;
};

class Importer {
 public:
  Importer(const Model& model, const GpuCatalog& catalog, const SailorLayerInfo& info,
           const SailorProfileOptions& opt, std::string sailorModel, const std::string& file)
      : model_(model), catalog_(catalog), info_(info), opt_(opt),
        sailorModel_(std::move(sailorModel)), file_(file) {
    out_.profiles.name = std::filesystem::path(file).filename().string();
    out_.profiles.model_id = model.id;
    out_.profiles.sequence_length = sailorProfiledSequence(sailorModel_);
    out_.profiles.precision = Precision::Fp32;  // Sailor's profiling runs pass no --fp16 / --bf16
  }

  // {gpu: {mbs: {tp: {layer: [...]}}}}
  void readGpus(const JsonReader& gpus) {
    gpus.requireObject();
    if (gpus.value().empty()) gpus.fail("", "holds no GPU type");
    for (auto g = gpus.value().begin(); g != gpus.value().end(); ++g)
      readGpu(gpus.object(g.key()), g.key());
  }

  // {mbs: {tp: {layer: [...]}}}
  void readGpu(const JsonReader& perMbs, const std::string& sailorGpu) {
    perMbs.requireObject();
    const std::string gpu = sailorGpuToCatalogId(sailorGpu, catalog_);
    if (gpu.empty()) {
      out_.notes.push_back("skipped GPU " + JsonReader::shortValue(nlohmann::json(sailorGpu)) +
                           ": no catalog type has that name or alias");
      return;
    }
    if (perMbs.value().empty()) perMbs.fail("", "holds no micro-batch size");
    for (auto m = perMbs.value().begin(); m != perMbs.value().end(); ++m) {
      const int mbs = parseSailorInt(perMbs, m.key(), 1, kMaxMicroBatch, "micro-batch size");
      JsonReader perTp = perMbs.object(m.key());
      for (auto t = perTp.value().begin(); t != perTp.value().end(); ++t) {
        const int tp = parseSailorInt(perTp, t.key(), 1, kMaxTp, "TP degree");
        readLayers(perTp.object(t.key()), gpu, sailorGpu, mbs, tp);
      }
    }
  }

  SailorProfileImport take() { return std::move(out_); }

 private:
  void readLayers(const JsonReader& layers, const std::string& gpu, const std::string& sailorGpu,
                  int mbs, int tp) {
    const std::vector<std::string> keys = layerIndexKeys(layers);
    const int n = model_.layerCount();
    if (static_cast<int>(keys.size()) != n)
      layers.fail("", "has " + std::to_string(keys.size()) + " layer entries but model '" +
                          model_.id + "' has " + std::to_string(n) +
                          " layers (embedding, blocks, head); is this another model's profile?");
    const std::vector<SailorLayerFigures>* sizes = info_.layers(sailorModel_, tp);
    if (!sizes) {
      noteOnce("skipped " + sailorGpu + " TP " + std::to_string(tp) + ": " + info_.file() +
               " has no sizes for " + sailorModel_ + " at TP " + std::to_string(tp));
      return;
    }
    if (static_cast<int>(sizes->size()) != n)
      throw LoadError(info_.file(), sailorModel_ + "." + std::to_string(tp),
                      "has " + std::to_string(sizes->size()) + " layer entries but model '" +
                          model_.id + "' has " + std::to_string(n) + " layers");
    double totalParams = 0;
    for (const auto& s : *sizes) totalParams += s.params;

    std::vector<Sum> sums(model_.layer_types.size());
    double modelCompute = 0;
    std::vector<SailorLayerTimes>& perIndex = out_.layer_times[gpu][{mbs, tp}];
    perIndex.assign(static_cast<size_t>(n), {});
    for (int i = 0; i < n; ++i) {
      const std::string& key = keys[static_cast<size_t>(i)];
      const auto& arr = layers.value().at(key);
      JsonReader a(arr, file_, layers.fieldPath(key));
      a.requireArray();
      // Exactly three: a longer list is another format (or a shifted one), not extra precision.
      if (a.size() != 3) a.fail("", "must hold [fwd_s, bwd_s, update_s], got " +
                                        std::to_string(a.size()) + " entries");
      double t[3];
      for (size_t k = 0; k < 3; ++k) {
        const auto& x = arr.at(k);
        if (!x.is_number()) a.element(k).fail("", "must be a number (seconds)");
        t[k] = x.get<double>();
        if (!std::isfinite(t[k]) || t[k] < 0 || t[k] > kMaxSeconds)
          a.element(k).fail("", "must be a time in [0, 3600] s, got " + std::to_string(t[k]));
      }
      perIndex[static_cast<size_t>(i)] = {t[0], t[1], t[2]};
      const auto& s = (*sizes)[static_cast<size_t>(i)];
      Sum& acc = sums[static_cast<size_t>(model_.layers[static_cast<size_t>(i)])];
      acc.compute += t[0] + t[1];
      acc.update += totalParams > 0 ? t[2] * s.params / totalParams : 0.0;
      acc.params += s.params;
      acc.act += s.act_mem_floats;
      acc.out += s.act_output_floats;
      acc.n += 1;
      modelCompute += t[0] + t[1];
    }
    // One layer's 0 is Sailor's rounding to 0.1 ms; a whole model at 0 is no measurement, and its
    // plans were priced on communication alone as feasible (4,898 seq/s for GPT-Neo on 8 A100s).
    if (!(modelCompute >= kMinComputeSeconds))
      layers.fail("", "the layers' forward and backward times add up to " +
                          JsonReader::shortValue(nlohmann::json(modelCompute)) + " s, less than 1e-06 s: the configuration was not measured");
    for (size_t ty = 0; ty < sums.size(); ++ty) {
      const Sum& acc = sums[ty];
      if (acc.n == 0) continue;
      const double n1 = acc.n;
      ProfileEntry e;
      e.compute_s = acc.compute / n1;
      e.tp_comm_s = 0;
      e.optimizer_s = acc.update / n1;
      e.param_count = acc.params / n1;
      e.activation_bytes = acc.act / n1 * mbs * opt_.bytes_per_element;
      e.output_bytes = acc.out / n1 * mbs * opt_.bytes_per_element;
      e.origin = file_;
      out_.profiles.set(ProfileKey{gpu, tp, mbs, model_.layer_types[ty].id}, e);
    }
  }

  void noteOnce(const std::string& s) {
    for (const auto& n : out_.notes)
      if (n == s) return;
    out_.notes.push_back(s);
  }

  const Model& model_;
  const GpuCatalog& catalog_;
  const SailorLayerInfo& info_;
  const SailorProfileOptions& opt_;
  std::string sailorModel_;
  std::string file_;
  SailorProfileImport out_;
};

}  // namespace

SailorProfileImport importSailorProfiles(const std::string& text, const std::string& fileLabel,
                                         const Model& model, const GpuCatalog& catalog,
                                         const SailorLayerInfo& info,
                                         const SailorProfileOptions& options) {
  std::string sailorModel =
      options.sailor_model.empty() ? canonicalSailorModel(model.id) : options.sailor_model;
  if (sailorModel.empty())
    throw LoadError(fileLabel, "", "model '" + model.id +
                                       "' has no Sailor name; pass the model key explicitly");
  if (!(options.bytes_per_element > 0) || !std::isfinite(options.bytes_per_element))
    throw LoadError(fileLabel, "", "bytes per element must be positive");
  const nlohmann::json doc = JsonReader::parse(text, fileLabel);
  JsonReader root(doc, fileLabel);
  root.requireObject();
  if (doc.empty()) root.fail("", "holds no profile");

  Importer imp(model, catalog, info, options, sailorModel, fileLabel);
  if (allKeysNumeric(doc)) {
    // Per-model profile.json: {mbs: {tp: {layer: [...]}}} measured on options.gpu.
    if (options.gpu.empty())
      root.fail("", "is a per-model profile (keyed by micro-batch size) and needs the Sailor GPU "
                    "name it was measured on");
    imp.readGpu(root, options.gpu);
  } else {
    if (!doc.contains(sailorModel)) {
      std::string held;
      for (auto it = doc.begin(); it != doc.end(); ++it) held += (held.empty() ? "" : ", ") + it.key();
      root.fail(sailorModel, "is missing (the file holds: " + held + ")");
    }
    imp.readGpus(root.object(sailorModel));
  }
  SailorProfileImport out = imp.take();
  if (out.profiles.size() == 0)
    throw LoadError(fileLabel, sailorModel,
                    "yields no profile entry for model '" + model.id + "' (" +
                        (out.notes.empty() ? std::string("nothing matched") : out.notes.front()) + ")");
  return out;
}

SailorProfileImport loadSailorProfiles(const std::string& path, const Model& model,
                                       const GpuCatalog& catalog, const SailorLayerInfo& info,
                                       const SailorProfileOptions& options) {
  SailorProfileOptions opt = options;
  // sailor_planner/profiles/<model>/<gpu>/profile.json names its GPU by its folder.
  if (opt.gpu.empty()) opt.gpu = std::filesystem::path(path).parent_path().filename().string();
  return importSailorProfiles(readSailorFile(path), path, model, catalog, info, opt);
}

}  // namespace arachne
