// Mapping a template's layer ranges onto Megatron-LM's pipeline-split flags.
#include "launch/megatron_layer_split.h"

#include <algorithm>

#include "model/model.h"
#include "plan/plan.h"

namespace arachne {

namespace {

bool allEqual(const std::vector<int>& v, size_t from, size_t to) {  // [from, to)
  for (size_t i = from + 1; i < to; ++i)
    if (v[i] != v[from]) return false;
  return true;
}

std::string layoutEntry(int blocks) {
  if (blocks == 0) return {};
  if (blocks == 1) return "t";
  return "t*" + std::to_string(blocks);
}

}  // namespace

MegatronLayerSplit megatronLayerSplit(const Template& tpl, const Model& model) {
  MegatronLayerSplit out;
  const int depth = tpl.depth();
  if (depth == 0) {
    out.problem = "the template has no stage";
    return out;
  }
  for (int s = 0; s < depth; ++s) {
    const Stage& st = tpl.stages[static_cast<size_t>(s)];
    int blocks = 0;
    for (int i = st.first_layer; i <= st.last_layer; ++i) {
      if (i < 0 || i >= model.layerCount()) {
        out.problem = "stage " + std::to_string(s) + " names layer " + std::to_string(i) + ", the model has " +
                      std::to_string(model.layerCount());
        return out;
      }
      const LayerKind k = model.layer(i).kind;
      if (k == LayerKind::DenseBlock || k == LayerKind::MoeBlock) ++blocks;
      if (k == LayerKind::Embedding && s != 0)
        out.problem = "the embedding (layer " + std::to_string(i) + ") is in stage " + std::to_string(s) +
                      "; Megatron-LM's GPT model keeps it in the first pipeline stage";
      if (k == LayerKind::Head && s != depth - 1)
        out.problem = "the head (layer " + std::to_string(i) + ") is in stage " + std::to_string(s) +
                      "; Megatron-LM's GPT model keeps it in the last pipeline stage";
    }
    out.decoder_layers.push_back(blocks);
    out.num_layers += blocks;
  }
  if (!out.problem.empty()) return out;
  const std::vector<int>& n = out.decoder_layers;
  const size_t p = n.size();
  if (p == 1 || allEqual(n, 0, p)) return out;
  if (allEqual(n, 1, p) && n[0] > 0 && n[1] > 0) {
    out.flags = {"--decoder-first-pipeline-num-layers", std::to_string(n[0])};
    return out;
  }
  if (allEqual(n, 0, p - 1) && n[p - 1] > 0 && n[0] > 0) {
    out.flags = {"--decoder-last-pipeline-num-layers", std::to_string(n[p - 1])};
    return out;
  }
  if (p >= 3 && allEqual(n, 1, p - 1) && n[0] > 0 && n[p - 1] > 0 && n[1] > 0) {
    out.flags = {"--decoder-first-pipeline-num-layers", std::to_string(n[0]), "--decoder-last-pipeline-num-layers",
                 std::to_string(n[p - 1])};
    return out;
  }
  std::string layout;
  for (size_t s = 0; s < p; ++s) {
    if (s) layout += "|";
    if (s == 0) layout += "E";
    layout += layoutEntry(n[s]);
    if (s == p - 1) layout += "L";
  }
  out.flags = {"--pipeline-model-parallel-layout", layout};
  return out;
}

}  // namespace arachne
