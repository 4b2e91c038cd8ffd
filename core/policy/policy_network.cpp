// The policy network's layers, masked sampling and batched re-evaluation of stored decisions.
#include "policy/policy_network.h"

#include <stdexcept>
#include <string>

namespace arachne {

namespace {

torch::Tensor toTensor(const std::vector<float>& v, std::vector<int64_t> shape) {
  return torch::from_blob(const_cast<float*>(v.data()), shape, torch::kFloat32).clone();
}
torch::Tensor toMask(const std::vector<std::uint8_t>& m) {
  return torch::from_blob(const_cast<std::uint8_t*>(m.data()), {static_cast<int64_t>(m.size())},
                          torch::kUInt8).to(torch::kBool);
}
// Concatenates the same-size vectors of a batch into one [B, ...] tensor.
template <typename Get>
torch::Tensor stack(const std::vector<const PolicyDecision*>& ds, std::vector<int64_t> rowShape, Get get) {
  int64_t rowSize = 1;
  for (auto s : rowShape) rowSize *= s;
  std::vector<float> flat;
  flat.reserve(static_cast<size_t>(rowSize) * ds.size());
  for (const auto* d : ds) {
    const std::vector<float>& v = get(*d);
    flat.insert(flat.end(), v.begin(), v.end());
  }
  rowShape.insert(rowShape.begin(), static_cast<int64_t>(ds.size()));
  return toTensor(flat, rowShape);
}
bool isFlat(DecisionKind k) {
  return k == DecisionKind::Layers || k == DecisionKind::MicroBatch || k == DecisionKind::Replicas;
}
int flatIndex(DecisionKind k) { return k == DecisionKind::Layers ? 0 : k == DecisionKind::MicroBatch ? 1 : 2; }
int64_t flatChoices(DecisionKind k) {
  return k == DecisionKind::Layers ? PolicyConfig::kLayerChoices
         : k == DecisionKind::MicroBatch ? PolicyConfig::kMicroBatchChoices
                                         : PolicyConfig::kReplicaChoices;
}

}  // namespace

PolicyNetwork::PolicyNetwork(const PolicyConfig& config) : config_(config), layout_(config) {
  const int64_t H = config.hidden, E = config.head_hidden;
  const int64_t S = layout_.stateSize(), Z = layout_.summarySize();
  const int64_t Cd = layout_.depthCandidateSize(), Cs = layout_.stageContextSize();
  const int64_t Cv = layout_.deviceCandidateSize();
  film1_ = register_module("film1", torch::nn::Linear(Z, config.film_hidden));
  film2_ = register_module("film2", torch::nn::Linear(config.film_hidden, filmSize()));
  layer1_ = register_module("layer1", torch::nn::Linear(S, H));
  layer2_ = register_module("layer2", torch::nn::Linear(H, H));
  depth_query_ = register_module("depth_query", torch::nn::Linear(H, E));
  depth_cand1_ = register_module("depth_cand1", torch::nn::Linear(Cd, E));
  depth_cand2_ = register_module("depth_cand2", torch::nn::Linear(E, E));
  depth_out_ = register_module("depth_out", torch::nn::Linear(E, 1));
  device_query_ = register_module("device_query", torch::nn::Linear(H + Cs, E));
  device_cand1_ = register_module("device_cand1", torch::nn::Linear(Cv, E));
  device_cand2_ = register_module("device_cand2", torch::nn::Linear(E, E));
  device_out_ = register_module("device_out", torch::nn::Linear(E, 1));
  tp_in_ = register_module("tp_in", torch::nn::Linear(H + Cs + Cv, E));
  tp_hidden_ = register_module("tp_hidden", torch::nn::Linear(E, E));
  tp_out_ = register_module("tp_out", torch::nn::Linear(E, config.k_max));
  if (config.flat) {
    const int64_t Cf = layout_.flatContextSize();
    const char* names[] = {"layers", "micro_batch", "replicas"};
    const DecisionKind kinds[] = {DecisionKind::Layers, DecisionKind::MicroBatch, DecisionKind::Replicas};
    for (int i = 0; i < 3; ++i) {
      const std::string stem = std::string("flat_") + names[i];
      flat_in_[i] = register_module(stem + "_in", torch::nn::Linear(H + Cf, E));
      flat_hidden_[i] = register_module(stem + "_hidden", torch::nn::Linear(E, E));
      flat_out_[i] = register_module(stem + "_out", torch::nn::Linear(E, flatChoices(kinds[i])));
    }
  }
  // FiLM starts close to the identity (scale 1, shift 0) so early training sees the plain
  // backbone; it is not exactly the identity, so compositions differ from the first update on.
  torch::NoGradGuard noGrad;
  film2_->weight.mul_(0.1);
  film2_->bias.zero_();
}

int PolicyNetwork::filmSize() const {
  return 2 * (2 * config_.hidden + (config_.flat ? 6 : 3) * config_.head_hidden);
}

// Block b's (scale, shift) as [B, 2 * width]; blocks: layer1, layer2, depth, device, TP, then
// (flat-rl) layers, micro-batch, replicas.
torch::Tensor PolicyNetwork::film(const torch::Tensor& all, int block, int width) const {
  const int64_t widths[] = {config_.hidden,      config_.hidden,      config_.head_hidden, config_.head_hidden,
                            config_.head_hidden, config_.head_hidden, config_.head_hidden, config_.head_hidden};
  int64_t offset = 0;
  for (int b = 0; b < block; ++b) offset += 2 * widths[b];
  return all.narrow(1, offset, 2 * width);
}

namespace {
torch::Tensor applyFilm(const torch::Tensor& x, const torch::Tensor& scaleShift, int64_t width) {
  auto scale = 1.0 + scaleShift.narrow(1, 0, width);
  auto shift = scaleShift.narrow(1, width, width);
  if (x.dim() == 3) {  // [B, N, width]: one (scale, shift) per batch row, shared by candidates
    scale = scale.unsqueeze(1);
    shift = shift.unsqueeze(1);
  }
  return x * scale + shift;
}
}  // namespace

PolicyEncoding PolicyNetwork::encode(const torch::Tensor& state, const torch::Tensor& summary) {
  PolicyEncoding e;
  e.film = film2_(torch::tanh(film1_(summary)));
  const int64_t H = config_.hidden;
  auto h1 = torch::relu(applyFilm(layer1_(state), film(e.film, 0, H), H));
  e.h = torch::relu(applyFilm(layer2_(h1), film(e.film, 1, H), H)) + h1;
  return e;
}

torch::Tensor PolicyNetwork::depthLogits(const PolicyEncoding& e, const torch::Tensor& candidates) {
  const int64_t E = config_.head_hidden;
  auto q = depth_query_(e.h).unsqueeze(1);                             // [B, 1, E]
  auto c = depth_cand2_(torch::tanh(depth_cand1_(candidates)));        // [B, N, E]
  auto u = applyFilm(q + c, film(e.film, 2, static_cast<int>(E)), E);
  return depth_out_(torch::tanh(u)).squeeze(-1);
}

torch::Tensor PolicyNetwork::deviceLogits(const PolicyEncoding& e, const torch::Tensor& context,
                                          const torch::Tensor& candidates) {
  const int64_t E = config_.head_hidden;
  auto q = device_query_(torch::cat({e.h, context}, 1)).unsqueeze(1);
  auto c = device_cand2_(torch::tanh(device_cand1_(candidates)));
  auto u = applyFilm(q + c, film(e.film, 3, static_cast<int>(E)), E);
  return device_out_(torch::tanh(u)).squeeze(-1);
}

torch::Tensor PolicyNetwork::tpLogits(const PolicyEncoding& e, const torch::Tensor& context,
                                      const torch::Tensor& chosen) {
  const int64_t E = config_.head_hidden;
  auto x = applyFilm(tp_in_(torch::cat({e.h, context, chosen}, 1)), film(e.film, 4, static_cast<int>(E)), E);
  return tp_out_(torch::relu(tp_hidden_(torch::relu(x))));
}

torch::Tensor PolicyNetwork::flatLogits(const PolicyEncoding& e, DecisionKind kind, const torch::Tensor& context) {
  if (!config_.flat || !isFlat(kind))
    throw std::invalid_argument(std::string("policy: no ") + decisionKindName(kind) + " head in an " +
                                config_.plannerName() + " network");
  const int i = flatIndex(kind);
  const int64_t E = config_.head_hidden;
  auto x = applyFilm(flat_in_[i](torch::cat({e.h, context}, 1)), film(e.film, 5 + i, static_cast<int>(E)), E);
  return flat_out_[i](torch::relu(flat_hidden_[i](torch::relu(x))));
}

torch::Tensor PolicyNetwork::maskLogits(const torch::Tensor& logits, const torch::Tensor& allowed) {
  return logits.masked_fill(allowed.logical_not(), -std::numeric_limits<float>::infinity());
}

void PolicyNetwork::check(const PolicyDecision& d) const {
  auto fail = [&](const std::string& what, size_t got, int64_t want) {
    throw std::invalid_argument(std::string("policy ") + decisionKindName(d.kind) + " decision: " + what + " has " +
                                std::to_string(got) + " entries, expected " + std::to_string(want));
  };
  if (!d.state || static_cast<int64_t>(d.state->size()) != layout_.stateSize())
    fail("state", d.state ? d.state->size() : 0, layout_.stateSize());
  if (!d.summary || static_cast<int64_t>(d.summary->size()) != layout_.summarySize())
    fail("summary", d.summary ? d.summary->size() : 0, layout_.summarySize());
  int64_t cands = 0, ctx = 0, mask = 0;
  switch (d.kind) {
    case DecisionKind::Depth:
      cands = layout_.depthCandidates() * layout_.depthCandidateSize();
      mask = layout_.depthCandidates();
      break;
    case DecisionKind::Device:
      ctx = layout_.stageContextSize();
      cands = config_.t_max * layout_.deviceCandidateSize();
      mask = config_.t_max;
      break;
    case DecisionKind::Tp:
      ctx = layout_.stageContextSize();
      cands = layout_.deviceCandidateSize();
      mask = config_.k_max;
      break;
    case DecisionKind::Layers:
    case DecisionKind::MicroBatch:
    case DecisionKind::Replicas:
      if (!config_.flat)
        throw std::invalid_argument(std::string("policy ") + decisionKindName(d.kind) +
                                    " decision: an arachne network has no such head (flat-rl only)");
      ctx = layout_.flatContextSize();
      mask = flatChoices(d.kind);
      break;
  }
  if (static_cast<int64_t>(d.context.size()) != ctx) fail("context", d.context.size(), ctx);
  if (static_cast<int64_t>(d.candidates.size()) != cands) fail("candidates", d.candidates.size(), cands);
  if (static_cast<int64_t>(d.mask.size()) != mask) fail("mask", d.mask.size(), mask);
  bool any = false;
  for (auto m : d.mask) any = any || m != 0;
  if (!any) throw std::invalid_argument(std::string("policy ") + decisionKindName(d.kind) + " decision: the mask allows no choice");
}

PolicyEncoding PolicyNetwork::encode(const PolicyDecision& d) {
  check(d);
  return encode(toTensor(*d.state, {1, layout_.stateSize()}), toTensor(*d.summary, {1, layout_.summarySize()}));
}

torch::Tensor PolicyNetwork::logits(const PolicyDecision& d, const PolicyEncoding& e) {
  check(d);
  torch::Tensor raw;
  switch (d.kind) {
    case DecisionKind::Depth:
      raw = depthLogits(e, toTensor(d.candidates, {1, layout_.depthCandidates(), layout_.depthCandidateSize()}));
      break;
    case DecisionKind::Device:
      raw = deviceLogits(e, toTensor(d.context, {1, layout_.stageContextSize()}),
                         toTensor(d.candidates, {1, config_.t_max, layout_.deviceCandidateSize()}));
      break;
    case DecisionKind::Tp:
      raw = tpLogits(e, toTensor(d.context, {1, layout_.stageContextSize()}),
                     toTensor(d.candidates, {1, layout_.deviceCandidateSize()}));
      break;
    case DecisionKind::Layers:
    case DecisionKind::MicroBatch:
    case DecisionKind::Replicas:
      raw = flatLogits(e, d.kind, toTensor(d.context, {1, layout_.flatContextSize()}));
      break;
  }
  return maskLogits(raw.squeeze(0), toMask(d.mask));
}

int PolicyNetwork::decide(PolicyDecision& d, std::mt19937_64* rng) {
  torch::NoGradGuard noGrad;
  return decide(d, encode(d), rng);
}

int PolicyNetwork::decide(PolicyDecision& d, const PolicyEncoding& e, std::mt19937_64* rng, double temperature) {
  torch::NoGradGuard noGrad;
  const auto raw = logits(d, e).to(torch::kFloat64);
  const auto logp = torch::log_softmax(raw, 0).contiguous();
  const double* lp = logp.data_ptr<double>();
  const bool tempered = rng && temperature > 0 && temperature != 1.0;
  const auto sampling = tempered ? torch::log_softmax(raw / temperature, 0).contiguous() : logp;
  const double* sp = sampling.data_ptr<double>();
  const int n = static_cast<int>(logp.size(0));
  int action = -1;
  if (!rng) {
    // Argmax over the allowed choices; ties go to the first (STOP before depths, lower TP first).
    for (int i = 0; i < n; ++i)
      if (d.mask[static_cast<size_t>(i)] && (action < 0 || lp[i] > lp[action])) action = i;
  } else {
    const double u = std::uniform_real_distribution<double>(0.0, 1.0)(*rng);
    double cumulative = 0;
    for (int i = 0; i < n; ++i) {
      if (!d.mask[static_cast<size_t>(i)]) continue;
      action = i;  // rounding may leave u above the last sum: the last allowed choice takes it
      cumulative += std::exp(sp[i]);
      if (u < cumulative) break;
    }
  }
  d.action = action;
  d.log_prob = static_cast<float>(lp[action]);
  return action;
}

void PolicyNetwork::score(PolicyDecision& d, const PolicyEncoding& e) {
  torch::NoGradGuard noGrad;
  if (d.action < 0 || d.action >= static_cast<int>(d.mask.size()) || !d.mask[static_cast<size_t>(d.action)])
    throw std::invalid_argument(std::string("policy ") + decisionKindName(d.kind) + " decision: action " +
                                std::to_string(d.action) + " is not an allowed choice");
  d.log_prob = torch::log_softmax(logits(d, e).to(torch::kFloat64), 0)[d.action].item<float>();
}

torch::Tensor PolicyNetwork::batchLogits(const std::vector<const PolicyDecision*>& ds, DecisionKind kind) {
  const int64_t S = layout_.stateSize(), Z = layout_.summarySize();
  auto e = encode(stack(ds, {S}, [](const PolicyDecision& d) -> const std::vector<float>& { return *d.state; }),
                  stack(ds, {Z}, [](const PolicyDecision& d) -> const std::vector<float>& { return *d.summary; }));
  auto cands = [](const PolicyDecision& d) -> const std::vector<float>& { return d.candidates; };
  auto ctx = [](const PolicyDecision& d) -> const std::vector<float>& { return d.context; };
  switch (kind) {
    case DecisionKind::Depth:
      return depthLogits(e, stack(ds, {layout_.depthCandidates(), layout_.depthCandidateSize()}, cands));
    case DecisionKind::Device:
      return deviceLogits(e, stack(ds, {layout_.stageContextSize()}, ctx),
                          stack(ds, {config_.t_max, layout_.deviceCandidateSize()}, cands));
    case DecisionKind::Tp:
      return tpLogits(e, stack(ds, {layout_.stageContextSize()}, ctx),
                      stack(ds, {layout_.deviceCandidateSize()}, cands));
    case DecisionKind::Layers:
    case DecisionKind::MicroBatch:
    case DecisionKind::Replicas:
      return flatLogits(e, kind, stack(ds, {layout_.flatContextSize()}, ctx));
  }
  return {};
}

PolicyEvaluation PolicyNetwork::evaluate(const std::vector<const PolicyDecision*>& decisions) {
  std::vector<torch::Tensor> logps, entropies;
  std::vector<int64_t> order;  // position in `decisions` of each row of the concatenation
  for (DecisionKind kind : {DecisionKind::Depth, DecisionKind::Device, DecisionKind::Tp, DecisionKind::Layers,
                            DecisionKind::MicroBatch, DecisionKind::Replicas}) {
    std::vector<const PolicyDecision*> group;
    std::vector<std::uint8_t> masks;
    std::vector<int64_t> actions;
    for (size_t i = 0; i < decisions.size(); ++i) {
      const PolicyDecision& d = *decisions[i];
      if (d.kind != kind) continue;
      check(d);
      if (d.action < 0 || d.action >= static_cast<int>(d.mask.size()) || !d.mask[static_cast<size_t>(d.action)])
        throw std::invalid_argument(std::string("policy ") + decisionKindName(kind) + " decision: stored action " +
                                    std::to_string(d.action) + " is not an allowed choice");
      group.push_back(&d);
      masks.insert(masks.end(), d.mask.begin(), d.mask.end());
      actions.push_back(d.action);
      order.push_back(static_cast<int64_t>(i));
    }
    if (group.empty()) continue;
    const auto n = static_cast<int64_t>(group.size());
    auto allowed = torch::from_blob(masks.data(), {n, static_cast<int64_t>(masks.size()) / n}, torch::kUInt8)
                       .to(torch::kBool);
    auto logits = maskLogits(batchLogits(group, kind), allowed);
    auto logp = torch::log_softmax(logits, 1);
    auto p = logp.exp();
    auto actionIdx = torch::from_blob(actions.data(), {n, 1}, torch::kInt64).clone();
    logps.push_back(logp.gather(1, actionIdx).squeeze(1));
    entropies.push_back(-(p * logp.masked_fill(allowed.logical_not(), 0.0)).sum(1));
  }
  PolicyEvaluation out;
  if (order.empty()) {
    out.log_prob = torch::zeros({0});
    out.entropy = torch::zeros({0});
    return out;
  }
  std::vector<int64_t> rowOf(order.size());
  for (size_t row = 0; row < order.size(); ++row) rowOf[static_cast<size_t>(order[row])] = static_cast<int64_t>(row);
  auto inverse = torch::from_blob(rowOf.data(), {static_cast<int64_t>(rowOf.size())}, torch::kInt64).clone();
  out.log_prob = torch::cat(logps).index_select(0, inverse);
  out.entropy = torch::cat(entropies).index_select(0, inverse);
  return out;
}

}  // namespace arachne
