// `gpus`, `models` and `presets`: list the built-in catalogs as a table or as JSON.
#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "commands.h"
#include "model/model_catalog.h"
#include "table.h"

namespace arachne::cli {

namespace {

using nlohmann::ordered_json;
using Align = TextTable::Align;

const OptionSpec kJsonOption{"--json", "", "print JSON instead of a table", false};

// Parses the options every listing shares; returns false when only help was asked for.
bool parseListing(const CommandSpec& spec, const std::vector<std::string>& args, std::ostream& out,
                  bool& json) {
  const ParsedArgs parsed = parseArgs(spec, args);
  if (parsed.help()) {
    out << helpText(spec);
    return false;
  }
  json = parsed.has("--json");
  return true;
}

int runGpus(const CommandSpec& spec, const std::vector<std::string>& args, std::ostream& out,
            std::ostream&) {
  bool json = false;
  if (!parseListing(spec, args, out, json)) return kExitOk;
  const GpuCatalog& catalog = GpuCatalog::builtin();
  if (json) {
    ordered_json j;
    j["catalog_version"] = catalog.version();
    j["gpus"] = ordered_json::array();
    for (const auto& g : catalog.types()) {
      j["gpus"].push_back({{"id", g.id},
                           {"name", g.name},
                           {"memory_bytes", g.memory_bytes},
                           {"bf16_tflops", g.bf16_tflops},
                           {"fp16_tflops", g.fp16_tflops},
                           {"fp32_tflops", g.fp32_tflops},
                           {"tf32_tflops", g.tf32_tflops},
                           {"fp8_tflops", g.fp8_tflops},
                           {"matmul_efficiency", g.matmul_efficiency},
                           {"memory_bandwidth_gbps", g.memory_bandwidth_gbps},
                           {"intra_node_gbps", g.intra_node_gbps},
                           {"inter_node_gbps", g.inter_node_gbps},
                           {"inter_node_nics", g.inter_node_nics},
                           {"inter_node_fabric", toString(g.inter_node_fabric)},
                           {"usual_node_size", g.usual_node_size},
                           {"price_per_hour", g.price_per_hour}});
    }
    out << j.dump(2) << "\n";
    return kExitOk;
  }
  TextTable t({"id", "memory GiB", "bf16 TFLOPS", "mem BW GB/s", "intra GB/s", "inter GB/s",
               "fabric", "node size", "$/GPU-h", "name"});
  for (size_t c = 1; c <= 8; ++c)
    if (c != 6) t.setAlign(c, Align::Right);
  for (const auto& g : catalog.types()) {
    t.addRow({g.id, gib(g.memory_bytes), g.bf16_tflops > 0 ? fixed(g.bf16_tflops, 1) : "-",
              grouped(g.memory_bandwidth_gbps), grouped(g.intra_node_gbps, 1),
              grouped(g.inter_node_gbps, 1), toString(g.inter_node_fabric), std::to_string(g.usual_node_size),
              fixed(g.price_per_hour, 2), g.name});
  }
  out << "GPU catalog " << catalog.version() << " (" << catalog.types().size() << " types)\n"
      << t.render();
  return kExitOk;
}

int runModels(const CommandSpec& spec, const std::vector<std::string>& args, std::ostream& out,
              std::ostream&) {
  bool json = false;
  if (!parseListing(spec, args, out, json)) return kExitOk;
  const ModelCatalog& catalog = ModelCatalog::builtin();
  if (json) {
    ordered_json j;
    j["models"] = ordered_json::array();
    for (const auto& m : catalog.models()) {
      const TrainingSpec& d = m.default_training;
      j["models"].push_back({{"id", m.id},
                             {"name", m.name},
                             {"layers", m.layerCount()},
                             {"params", m.totalParams()},
                             {"published_params", m.published_params},
                             {"moe", m.isMoe()},
                             {"experts", m.shape.experts},
                             {"default_training",
                              {{"global_batch", d.global_batch},
                               {"sequence_length", d.sequence_length},
                               {"precision", toString(d.precision)},
                               {"activation_checkpointing", d.activation_checkpointing},
                               {"distributed_optimizer", d.distributed_optimizer}}}});
    }
    out << j.dump(2) << "\n";
    return kExitOk;
  }
  TextTable t({"id", "layers", "params (B)", "experts", "batch", "seq", "precision", "ckpt",
               "name"});
  for (size_t c : {1, 2, 3, 4, 5}) t.setAlign(c, Align::Right);
  for (const auto& m : catalog.models()) {
    const TrainingSpec& d = m.default_training;
    t.addRow({m.id, std::to_string(m.layerCount()), fixed(m.totalParams() / 1e9, 2),
              m.isMoe() ? std::to_string(m.shape.experts) + " top-" + std::to_string(m.shape.top_k)
                        : "-",
              std::to_string(d.global_batch), std::to_string(d.sequence_length),
              toString(d.precision), d.activation_checkpointing ? "on" : "off", m.name});
  }
  out << "Model catalog (" << catalog.models().size()
      << " models; layers count embedding and head; defaults are the training spec)\n"
      << t.render();
  return kExitOk;
}

// The first sentence of a preset's description: the table stays one line per preset; --json
// carries the whole text.
std::string firstSentence(const std::string& text) {
  const auto end = text.find(". ");
  std::string s = end == std::string::npos ? text : text.substr(0, end + 1);
  if (s.size() > 120) {
    size_t cut = 117;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
    s = s.substr(0, cut) + "...";
  }
  return s;
}

std::string gpusPerType(const Composition& c) {
  std::string s;
  for (const auto& type : c.gpuTypes()) {
    if (!s.empty()) s += ", ";
    s += type + " " + std::to_string(c.gpusOfType(type));
  }
  return s;
}

int runPresets(const CommandSpec& spec, const std::vector<std::string>& args, std::ostream& out,
               std::ostream&) {
  bool json = false;
  if (!parseListing(spec, args, out, json)) return kExitOk;
  const GpuCatalog& catalog = GpuCatalog::builtin();
  std::vector<std::pair<std::string, Composition>> presets;
  for (const auto& name : presetNames()) presets.emplace_back(name, loadPreset(name, catalog));
  if (json) {
    ordered_json j;
    j["presets"] = ordered_json::array();
    for (const auto& [name, c] : presets) {
      ordered_json perType = ordered_json::object();
      for (const auto& type : c.gpuTypes()) perType[type] = c.gpusOfType(type);
      j["presets"].push_back({{"name", name},
                              {"description", c.description},
                              {"gpus_per_type", perType},
                              {"total_gpus", c.totalGpus()},
                              {"nodes", c.nodes().size()},
                              {"cluster", c.toInlineSpec()},
                              {"price_per_hour", c.pricePerHour(catalog)}});
    }
    out << j.dump(2) << "\n";
    return kExitOk;
  }
  TextTable t({"name", "GPUs per type", "total", "nodes", "$/h", "description"});
  for (size_t c : {2, 3, 4}) t.setAlign(c, Align::Right);
  for (const auto& [name, c] : presets) {
    t.addRow({name, gpusPerType(c), std::to_string(c.totalGpus()), std::to_string(c.nodes().size()),
              fixed(c.pricePerHour(catalog), 2), firstSentence(c.description)});
  }
  out << "Cluster presets (" << presets.size()
      << "; use the name as --cluster SPEC; --json gives the full descriptions)\n"
      << t.render();
  return kExitOk;
}

}  // namespace

Command gpusCommand() {
  return {{"gpus", "list the GPU catalog: memory, rates, links, node size, price", "",
           {kJsonOption}},
          runGpus};
}

Command modelsCommand() {
  return {{"models", "list the model catalog: layers, parameters, default training spec", "",
           {kJsonOption}},
          runModels};
}

Command presetsCommand() {
  return {{"presets", "list the built-in cluster presets", "", {kJsonOption}}, runPresets};
}

}  // namespace arachne::cli
