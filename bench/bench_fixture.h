// The benchmark problem: llama3-8b on paper-3t-512 with a four-template plan.
#pragma once

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cluster/composition.h"
#include "model/model.h"
#include "plan/plan.h"

namespace benchfix {

using namespace arachne;

// Llama 3 8B (domain-facts §3.1), parameter counts per layer from the shape: embedding V*h,
// block = attention 41,943,040 + SwiGLU MLP 176,160,768 + two RMSNorms, head V*h + final norm.
inline Model llama3_8b() {
  Model m;
  m.id = "llama3-8b";
  m.shape.hidden = 4096;
  m.shape.ffn = 14336;
  m.shape.heads = 32;
  m.shape.kv_heads = 8;
  m.shape.head_dim = 128;
  m.shape.vocab = 128256;
  const double h = 4096, V = 128256;
  LayerType e{"embedding", LayerKind::Embedding, V * h, 0, false};
  LayerType d{"dense", LayerKind::DenseBlock, h * (4096 + 2 * 1024) + 4096 * h + 3 * h * 14336 + 2 * h, 0, false};
  LayerType hd{"head", LayerKind::Head, V * h + h, 0, false};
  m.layer_types = {e, d, hd};
  m.layers.push_back(0);
  for (int i = 0; i < 32; ++i) m.layers.push_back(1);
  m.layers.push_back(2);
  m.default_training.global_batch = 512;
  m.default_training.sequence_length = 4096;
  return m;
}

// Node ids of one GPU type, in composition order.
inline std::vector<int> nodesOf(const Composition& c, const std::string& type) {
  std::vector<int> ids;
  for (const Node& n : c.nodes())
    if (n.gpu_type == type) ids.push_back(n.id);
  return ids;
}

// Layers 0..33 split evenly over `depth` stages of one GPU type at TP 4, one stage per node.
inline Template evenTemplate(const std::string& type, int depth, int replicas,
                             const std::vector<int>& nodes, size_t& next) {
  Template t;
  t.replicas = replicas;
  t.micro_batch = 1;
  const int L = 34;
  for (int s = 0; s < depth; ++s) {
    Stage st;
    st.gpu_type = type;
    st.tp = 4;
    st.first_layer = s * L / depth;
    st.last_layer = (s + 1) * L / depth - 1;
    t.stages.push_back(st);
  }
  for (int r = 0; r < replicas; ++r)
    for (int s = 0; s < depth; ++s) t.stages[static_cast<size_t>(s)].node_ids.push_back(nodes.at(next++));
  return t;
}

// Four templates using all 512 GPUs: H100 depth 1 x 32, H100 depth 2 x 16, A100-40 depth 4
// x 8, A6000 depth 4 x 8 (every stage TP 4 on its own node).
inline Plan fourTemplates(const Composition& c) {
  Plan p;
  auto h = nodesOf(c, "h100"), a = nodesOf(c, "a100-40"), x = nodesOf(c, "a6000");
  size_t nh = 0, na = 0, nx = 0;
  p.templates.push_back(evenTemplate("h100", 1, 32, h, nh));
  p.templates.push_back(evenTemplate("h100", 2, 16, h, nh));
  p.templates.push_back(evenTemplate("a100-40", 4, 8, a, na));
  p.templates.push_back(evenTemplate("a6000", 4, 8, x, nx));
  return p;
}

}  // namespace benchfix
