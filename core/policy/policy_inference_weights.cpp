// PolicyInference's constructor: the one place it reads LibTorch tensors (the weights, once).
#include <stdexcept>
#include <string>

#include "policy/policy_inference.h"
#include "policy/policy_network.h"

namespace arachne {

namespace {

// torch's Linear keeps weight [out, in]; PolicyInference wants it by input.
PolicyInference::Linear copyLinear(const PolicyNetwork& network, const std::string& name) {
  const auto params = network.named_parameters();
  const torch::Tensor* w = params.find(name + ".weight");
  const torch::Tensor* b = params.find(name + ".bias");
  if (!w || !b || w->dim() != 2 || b->dim() != 1 || b->size(0) != w->size(0))
    throw std::invalid_argument("policy inference: the network has no linear layer '" + name + "'");
  const torch::Tensor wt = w->detach().to(torch::kFloat32).t().contiguous();
  const torch::Tensor bias = b->detach().to(torch::kFloat32).contiguous();
  PolicyInference::Linear l;
  l.in = static_cast<int>(w->size(1));
  l.out = static_cast<int>(w->size(0));
  l.wt.assign(wt.data_ptr<float>(), wt.data_ptr<float>() + wt.numel());
  l.b.assign(bias.data_ptr<float>(), bias.data_ptr<float>() + bias.numel());
  return l;
}

}  // namespace

PolicyInference::PolicyInference(const PolicyNetwork& network, const std::vector<float>& summary)
    : config_(network.config()), layout_(network.config()) {
  if (static_cast<int>(summary.size()) != layout_.summarySize())
    throw std::invalid_argument("policy inference: the summary has " + std::to_string(summary.size()) +
                                " entries, expected " + std::to_string(layout_.summarySize()));
  torch::NoGradGuard noGrad;
  layer1_ = copyLinear(network, "layer1");
  layer2_ = copyLinear(network, "layer2");
  depth_query_ = copyLinear(network, "depth_query");
  depth_cand1_ = copyLinear(network, "depth_cand1");
  depth_cand2_ = copyLinear(network, "depth_cand2");
  depth_out_ = copyLinear(network, "depth_out");
  device_query_ = copyLinear(network, "device_query");
  device_cand1_ = copyLinear(network, "device_cand1");
  device_cand2_ = copyLinear(network, "device_cand2");
  device_out_ = copyLinear(network, "device_out");
  head_in_[0] = copyLinear(network, "tp_in");
  head_hidden_[0] = copyLinear(network, "tp_hidden");
  head_out_[0] = copyLinear(network, "tp_out");
  if (config_.flat) {
    const char* names[] = {"layers", "micro_batch", "replicas"};
    for (int i = 0; i < 3; ++i) {
      const std::string stem = std::string("flat_") + names[i];
      head_in_[i + 1] = copyLinear(network, stem + "_in");
      head_hidden_[i + 1] = copyLinear(network, stem + "_hidden");
      head_out_[i + 1] = copyLinear(network, stem + "_out");
    }
  }

  // The FiLM of this composition: film2(tanh(film1(summary))), cut into the blocks
  // PolicyNetwork::film() reads (layer1, layer2, depth, device, TP, flat-rl's three).
  const Linear film1 = copyLinear(network, "film1"), film2 = copyLinear(network, "film2");
  std::vector<float> hidden(static_cast<size_t>(film1.out)), all(static_cast<size_t>(film2.out));
  const float* x = summary.data();
  float* y = hidden.data();
  film1.apply(1, &x, &y);
  for (float& v : hidden) v = std::tanh(v);
  x = hidden.data();
  y = all.data();
  film2.apply(1, &x, &y);
  const int H = config_.hidden, E = config_.head_hidden;
  const int widths[] = {H, H, E, E, E, E, E, E};
  const int blocks = config_.flat ? 8 : 5;
  size_t offset = 0;
  for (int b = 0; b < blocks; ++b) {
    const size_t w = static_cast<size_t>(widths[b]);
    if (offset + 2 * w > all.size()) throw std::invalid_argument("policy inference: the FiLM output is too short");
    for (size_t i = 0; i < w; ++i) {
      film_[b].scale1.push_back(1.0f + all[offset + i]);
      film_[b].shift.push_back(all[offset + w + i]);
    }
    offset += 2 * w;
  }
}

}  // namespace arachne
