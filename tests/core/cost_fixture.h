// Hand-made catalog, composition, model and profile set whose numbers are checked by hand.
#pragma once

#include "catalog/gpu_catalog.h"
#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "model/model.h"
#include "plan/plan.h"
#include "profile/profile_set.h"

namespace fixture {

using namespace arachne;

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// "gpua": 40 GiB, 100 TFLOPS bf16, 1000 GB/s memory, 100 GB/s intra, 10 GB/s inter.
inline GpuCatalog catalog() {
  GpuCatalog c;
  GpuType a;
  a.id = "gpua";
  a.memory_bytes = 40 * kGiB;
  a.bf16_tflops = 100;
  a.fp16_tflops = 100;
  a.fp32_tflops = 20;
  a.memory_bandwidth_gbps = 1000;
  a.intra_node_gbps = 100;
  a.inter_node_gbps = 10;
  a.usual_node_size = 4;
  c.add(a);
  GpuType v = a;
  v.id = "v100-32";
  v.bf16_tflops = 0;  // Volta has no bf16
  c.add(v);
  return c;
}

// Two 4-GPU nodes of gpua (ids 0 and 1).
inline Composition composition() {
  Composition c;
  c.addNode({-1, "gpua", 4, 0});
  c.addNode({-1, "gpua", 4, 0});
  return c;
}

// Four identical dense layers of 1e9 parameters each.
inline Model model() {
  Model m;
  m.id = "toy4";
  m.shape.hidden = 1024;
  m.shape.heads = 8;
  m.shape.kv_heads = 8;
  m.shape.head_dim = 128;
  m.shape.ffn = 4096;
  m.shape.vocab = 1000;
  LayerType d;
  d.id = "dense";
  d.kind = LayerKind::DenseBlock;
  d.params = 1e9;
  m.layer_types = {d};
  m.layers = {0, 0, 0, 0};
  return m;
}

inline TrainingSpec spec() {
  TrainingSpec s;
  s.global_batch = 8;
  s.sequence_length = 1024;
  return s;
}

// Per layer: TP 1 mbs 1: 10 ms compute, 1 ms optimizer, 1e8 params, 1 GB activations, 0.1 GB
// output. TP 2 mbs 1: 5 ms compute + 1 ms TP, 0.5 ms optimizer, half the params/activations.
// TP 1 mbs 2: a layer whose activations (20 GB) cannot fit.
inline ProfileSet profiles() {
  ProfileSet p;
  p.name = "hand";
  p.model_id = "toy4";
  ProfileEntry e;
  e.compute_s = 0.010;
  e.optimizer_s = 0.001;
  e.param_count = 1e8;
  e.activation_bytes = 1e9;
  e.output_bytes = 1e8;
  p.set({"gpua", 1, 1, "dense"}, e);
  ProfileEntry t2 = e;
  t2.compute_s = 0.005;
  t2.tp_comm_s = 0.001;
  t2.optimizer_s = 0.0005;
  t2.param_count = 5e7;
  t2.activation_bytes = 5e8;
  p.set({"gpua", 2, 1, "dense"}, t2);
  ProfileEntry big = e;
  big.compute_s = 0.018;
  big.activation_bytes = 2e10;
  p.set({"gpua", 1, 2, "dense"}, big);
  return p;
}

inline Stage stage(int tp, int first, int last, std::vector<int> nodes) {
  Stage s;
  s.gpu_type = "gpua";
  s.tp = tp;
  s.first_layer = first;
  s.last_layer = last;
  s.node_ids = std::move(nodes);
  return s;
}

inline Template tmpl(int replicas, int mbs, std::vector<Stage> stages) {
  Template t;
  t.replicas = replicas;
  t.micro_batch = mbs;
  t.micro_batches = 1;
  t.stages = std::move(stages);
  return t;
}

}  // namespace fixture
