// Feature extraction for the policy: fixed-size, normalised vectors from plain episode inputs.
#include "policy/policy_state.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "catalog/gpu_catalog.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "io/load_error.h"
#include "model/model.h"

namespace arachne {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

float clip(double v, double lo, double hi) {
  if (!std::isfinite(v)) return static_cast<float>(v > 0 ? hi : lo);
  return static_cast<float>(std::clamp(v, lo, hi));
}
// log2(1 + x) / scale, clipped to [0, cap]: counts that span 1 .. 10^3 land in about [0, 1].
float logScale(double x, double scale, double cap = 1.0) {
  return clip(std::log2(1.0 + std::max(0.0, x)) / scale, 0.0, cap);
}
double achievableTflops(const GpuType& t, Precision p) { return t.peakTflops(p) * t.matmul_efficiency; }
int templateGpus(const Template& t) {
  int perReplica = 0;
  for (const auto& s : t.stages) perReplica += s.tp;
  return t.replicas * perReplica;
}

}  // namespace

namespace {
std::string labelOf(const Composition& c) { return c.name.empty() ? "<composition>" : c.name; }
}  // namespace

PolicyState::PolicyState(const PolicyConfig& config, const GpuCatalog& catalog,
                         const Composition& composition, const Model& model,
                         const TrainingSpec& training)
    : config_(config), layout_(config) {
  build(composition, model, training, [&](const std::string& id) -> const GpuType& {
    return catalog.at(id, labelOf(composition), "nodes.gpu_type");
  });
}

PolicyState::PolicyState(const PolicyConfig& config, const CostModel& cost)
    : config_(config), layout_(config) {
  build(cost.composition(), cost.model(), cost.spec(), [&](const std::string& id) -> const GpuType& {
    const int index = cost.gpuIndex(id);
    if (index < 0) throw LoadError(labelOf(cost.composition()), "nodes.gpu_type", "the cost model has no GPU type '" + id + "'");
    return cost.gpuType(index);
  });
}

PolicyState::PolicyState(const PolicyConfig& config, const CostModel& cost, const std::vector<std::string>& types)
    : config_(config), layout_(config) {
  const Composition& all = cost.composition();
  Composition kept;
  kept.name = all.name;
  kept.network = all.network;
  for (const Node& n : all.nodes())
    if (std::find(types.begin(), types.end(), n.gpu_type) != types.end()) kept.addNode(n);
  build(kept, cost.model(), cost.spec(), [&](const std::string& id) -> const GpuType& {
    const int index = cost.gpuIndex(id);
    if (index < 0) throw LoadError(labelOf(all), "nodes.gpu_type", "the cost model has no GPU type '" + id + "'");
    return cost.gpuType(index);
  });
}

void PolicyState::build(const Composition& composition, const Model& model, const TrainingSpec& training,
                        const TypeLookup& typeOf) {
  const PolicyConfig& config = config_;
  const std::string label = labelOf(composition);
  const auto types = composition.gpuTypes();
  if (static_cast<int>(types.size()) > config.t_max)
    throw LoadError(label, "nodes",
                    std::to_string(types.size()) + " GPU types exceed the policy's limit of " +
                        std::to_string(config.t_max));
  for (const auto& id : types) {
    Slot s;
    s.id = id;
    s.type = &typeOf(id);
    slots_.push_back(std::move(s));
  }
  std::sort(slots_.begin(), slots_.end(), [&](const Slot& a, const Slot& b) {
    const double ca = achievableTflops(*a.type, training.precision);
    const double cb = achievableTflops(*b.type, training.precision);
    if (ca != cb) return ca > cb;
    if (a.type->memory_bytes != b.type->memory_bytes) return a.type->memory_bytes > b.type->memory_bytes;
    return a.id < b.id;
  });

  const auto& nodes = composition.nodes();
  for (const auto& n : nodes) node_ids_.push_back(n.id);
  node_slot_.assign(nodes.size(), -1);
  std::vector<double> interSum(slots_.size(), 0.0);
  for (size_t i = 0; i < nodes.size(); ++i) {
    const int slot = slotOf(nodes[i].gpu_type);
    node_slot_[i] = slot;
    Slot& s = slots_[static_cast<size_t>(slot)];
    s.nodes.push_back(static_cast<int>(i));
    s.gpus += nodes[i].gpus;
    s.largest_node = std::max(s.largest_node, nodes[i].gpus);
    // As Composition::interNodeGbps: the node's override, else the type's figure.
    interSum[static_cast<size_t>(slot)] +=
        nodes[i].inter_node_gbps > 0 ? nodes[i].inter_node_gbps : s.type->inter_node_gbps;
    total_gpus_ += nodes[i].gpus;
  }
  layers_ = model.layerCount();
  const double bytesPerParam = training.weightBytes() + training.gradBytes() + training.optimizerBytes();
  model_state_bytes_ = std::max(1.0, model.totalParams() * bytesPerParam);

  double maxCompute = 0, maxMemory = 0, clusterMemory = 0, clusterCompute = 0;
  for (const auto& s : slots_) {
    maxCompute = std::max(maxCompute, achievableTflops(*s.type, training.precision));
    maxMemory = std::max(maxMemory, s.type->memory_bytes);
    clusterMemory += s.type->memory_bytes * s.gpus;
    clusterCompute += achievableTflops(*s.type, training.precision) * s.gpus;
  }
  const double total = std::max(1, total_gpus_);
  for (size_t i = 0; i < slots_.size(); ++i) {
    Slot& s = slots_[i];
    const GpuType& t = *s.type;
    const double compute = achievableTflops(t, training.precision);
    const double inter = s.nodes.empty() ? 0.0 : interSum[i] / static_cast<double>(s.nodes.size());
    s.fixed = {1.0f,
               clip(t.memory_bytes / (80.0 * kGiB), 0, 4),
               clip(compute / 1000.0, 0, 4),
               clip(t.memory_bandwidth_gbps / 3350.0, 0, 4),
               clip(t.intra_node_gbps / 450.0, 0, 4),
               clip(inter / 50.0, 0, 4),
               clip(maxCompute > 0 ? compute / maxCompute : 0, 0, 1),
               clip(maxMemory > 0 ? t.memory_bytes / maxMemory : 0, 0, 1),
               clip(t.memory_bytes / model_state_bytes_, 0, 1),
               clip(s.gpus / total, 0, 1)};
  }

  // Composition summary.
  summary_.push_back(logScale(total_gpus_, 10, 1.5));
  std::vector<double> shares;
  for (int t = 0; t < config_.t_max; ++t) {
    const double share = t < typeCount() ? slots_[static_cast<size_t>(t)].gpus / total : 0.0;
    summary_.push_back(clip(share, 0, 1));
    if (t < typeCount()) shares.push_back(share);
  }
  double entropy = 0;
  for (double p : shares)
    if (p > 0) entropy -= p * std::log(p);
  summary_.push_back(config_.t_max > 1 ? clip(entropy / std::log(config_.t_max), 0, 1) : 0.0f);
  double gini = 0;
  if (shares.size() > 1) {
    double diff = 0;
    for (double a : shares)
      for (double b : shares) diff += std::abs(a - b);
    const double mean = 1.0 / static_cast<double>(shares.size());
    gini = diff / (2.0 * static_cast<double>(shares.size() * shares.size()) * mean);
  }
  summary_.push_back(clip(gini, 0, 1));
  summary_.push_back(clip(static_cast<double>(typeCount()) / config_.t_max, 0, 1));
  double mean = 0, var = 0;
  for (const auto& n : nodes) mean += n.gpus;
  mean = nodes.empty() ? 0 : mean / static_cast<double>(nodes.size());
  for (const auto& n : nodes) var += (n.gpus - mean) * (n.gpus - mean);
  var = nodes.empty() ? 0 : var / static_cast<double>(nodes.size());
  summary_.push_back(clip(mean > 0 ? std::sqrt(var) / mean / 2.0 : 0, 0, 1));
  summary_.push_back(clip(mean / 8.0, 0, 2));
  const double fastest = slots_.empty() ? 0 : achievableTflops(*slots_[0].type, training.precision) * slots_[0].gpus;
  summary_.push_back(clip(clusterCompute > 0 ? fastest / clusterCompute : 0, 0, 1));

  // Cluster-wide entries that stay fixed for the episode (written after the step-dependent ones).
  bool uniform = true;
  for (const auto& s : slots_)
    for (int i : s.nodes) uniform = uniform && nodes[static_cast<size_t>(i)].gpus == s.largest_node;
  model_cluster_ = {clip(std::log2(std::max(1, layers_)) / 8.0, 0, 1.5),
                    logScale(model.totalParams() / 1e9, 10, 1.5),
                    model.isMoe() ? 1.0f : 0.0f,
                    logScale(clusterMemory / model_state_bytes_, 10),
                    clip(std::log2(std::max(1, training.global_batch)) / 12.0, 0, 1.5),
                    clip(std::log2(std::max(1, training.sequence_length)) / 17.0, 0, 1.5),
                    training.activation_checkpointing ? 1.0f : 0.0f,
                    uniform ? 1.0f : 0.0f};
  for (int t = 1; t <= config_.t_max; ++t) model_cluster_.push_back(t == typeCount() ? 1.0f : 0.0f);
}

int PolicyState::slotOf(const std::string& gpuType) const {
  for (size_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].id == gpuType) return static_cast<int>(i);
  return -1;
}

void PolicyState::checkFree(const std::vector<int>& free_gpus) const {
  if (free_gpus.size() != node_slot_.size())
    throw std::invalid_argument("policy state: free_gpus has " + std::to_string(free_gpus.size()) +
                                " entries for " + std::to_string(node_slot_.size()) + " nodes");
}

int PolicyState::freeTotal(const std::vector<int>& free_gpus) const {
  return std::accumulate(free_gpus.begin(), free_gpus.end(), 0);
}

std::vector<float> PolicyState::perType(int slot, const std::vector<int>& free_gpus) const {
  const Slot& s = slots_[static_cast<size_t>(slot)];
  int free = 0, largestFree = 0, freeNodes = 0;
  int buckets[5] = {0, 0, 0, 0, 0};
  for (int i : s.nodes) {
    const int f = std::max(0, free_gpus[static_cast<size_t>(i)]);
    free += f;
    largestFree = std::max(largestFree, f);
    if (f <= 0) continue;
    ++freeNodes;
    ++buckets[f == 1 ? 0 : f == 2 ? 1 : f <= 4 ? 2 : f <= 8 ? 3 : 4];
  }
  std::vector<float> v = s.fixed;
  const double nodes = std::max<size_t>(1, s.nodes.size());
  v.push_back(clip(s.gpus > 0 ? static_cast<double>(free) / s.gpus : 0, 0, 1));
  v.push_back(clip(static_cast<double>(free) / std::max(1, total_gpus_), 0, 1));
  v.push_back(clip(largestFree / 8.0, 0, 2));
  v.push_back(clip(s.largest_node / 8.0, 0, 2));
  for (int b : buckets) v.push_back(clip(b / nodes, 0, 1));
  v.push_back(logScale(freeNodes, 9));
  return v;
}

std::vector<float> PolicyState::state(const std::vector<int>& free_gpus,
                                      const std::vector<Template>& placed, int step,
                                      int stepLimit) const {
  checkFree(free_gpus);
  std::vector<float> v;
  v.reserve(static_cast<size_t>(layout_.stateSize()));
  for (int t = 0; t < config_.t_max; ++t) {
    if (t < typeCount()) {
      const auto block = perType(t, free_gpus);
      v.insert(v.end(), block.begin(), block.end());
    } else {
      v.insert(v.end(), static_cast<size_t>(layout_.perTypeSize()), 0.0f);
    }
  }
  const int free = freeTotal(free_gpus);
  const double total = std::max(1, total_gpus_);
  int placedGpus = 0, deepest = 0;
  for (const auto& t : placed) {
    placedGpus += templateGpus(t);
    deepest = std::max(deepest, t.depth());
  }
  const double limit = std::max(1, stepLimit);
  v.push_back(logScale(total_gpus_ - 1, 10, 1.5));
  v.push_back(logScale(free, 10, 1.5));
  v.push_back(clip(free / total, 0, 1));
  v.push_back(clip(placedGpus / total, 0, 1));
  v.push_back(clip(step / limit, 0, 1));
  v.push_back(clip(static_cast<double>(deepest) / config_.d_max, 0, 1));
  v.push_back(clip(static_cast<double>(placed.size()) / limit, 0, 1));
  v.insert(v.end(), model_cluster_.begin(), model_cluster_.end());
  for (int d = 1; d <= config_.d_max; ++d) v.push_back(logScale(static_cast<double>(free) / d, 10, 1.5));
  return v;
}

double PolicyState::largestFreeMemory(const std::vector<int>& free_gpus, bool smallest) const {
  double best = 0;
  bool any = false;
  for (size_t i = 0; i < node_slot_.size(); ++i) {
    if (free_gpus[i] <= 0) continue;
    const double m = slots_[static_cast<size_t>(node_slot_[i])].type->memory_bytes;
    best = !any ? m : smallest ? std::min(best, m) : std::max(best, m);
    any = true;
  }
  return best;
}

std::vector<float> PolicyState::depthCandidates(const std::vector<int>& free_gpus,
                                                const std::vector<Template>& placed) const {
  checkFree(free_gpus);
  const int rowSize = layout_.depthCandidateSize();
  std::vector<float> m(static_cast<size_t>((config_.d_max + 1) * rowSize), 0.0f);
  m[0] = 1.0f;  // STOP carries only its own bit
  const int free = freeTotal(free_gpus);
  const double largest = largestFreeMemory(free_gpus, false);
  const double smallest = largestFreeMemory(free_gpus, true);
  const double logD = config_.d_max > 1 ? std::log2(config_.d_max) : 1.0;
  for (int d = 1; d <= config_.d_max; ++d) {
    const double stageState = model_state_bytes_ / d;
    bool placedBefore = false;
    for (const auto& t : placed) placedBefore = placedBefore || t.depth() == d;
    const float row[] = {0.0f,
                         clip(static_cast<double>(d) / config_.d_max, 0, 1),
                         clip(std::log2(d) / logD, 0, 1),
                         logScale(static_cast<double>(free) / d, 10, 1.5),
                         free >= d ? 1.0f : 0.0f,
                         clip(static_cast<double>(d) / std::max(1, layers_), 0, 1),
                         largest > 0 ? clip(stageState / largest, 0, 4) / 4.0f : 1.0f,
                         smallest > 0 ? clip(stageState / smallest, 0, 4) / 4.0f : 1.0f,
                         placedBefore ? 1.0f : 0.0f};
    std::copy(std::begin(row), std::end(row), m.begin() + d * rowSize);
  }
  return m;
}

std::vector<float> PolicyState::stageContext(int depth, const std::vector<PolicyStageChoice>& earlier) const {
  const int s = static_cast<int>(earlier.size());
  const double d = std::max(1, depth);
  std::vector<float> v = {clip(depth / static_cast<double>(config_.d_max), 0, 1),
                          clip(s / d, 0, 1),
                          clip(static_cast<double>(s) / config_.d_max, 0, 1),
                          s == depth - 1 ? 1.0f : 0.0f,
                          clip((depth - s) / d, 0, 1)};
  std::vector<float> onType(static_cast<size_t>(config_.t_max), 0.0f);
  std::vector<float> prevType(static_cast<size_t>(config_.t_max), 0.0f);
  std::vector<float> prevTp(static_cast<size_t>(config_.k_max), 0.0f);
  int gpus = 0;
  for (const auto& c : earlier) {
    const int slot = slotOf(c.gpu_type);
    if (slot >= 0) onType[static_cast<size_t>(slot)] += static_cast<float>(1.0 / d);
    gpus += c.tp;
  }
  if (!earlier.empty()) {
    const int slot = slotOf(earlier.back().gpu_type);
    if (slot >= 0) prevType[static_cast<size_t>(slot)] = 1.0f;
    int k = 0;
    while ((2 << k) <= earlier.back().tp && k + 1 < config_.k_max) ++k;
    prevTp[static_cast<size_t>(k)] = 1.0f;
  }
  v.insert(v.end(), onType.begin(), onType.end());
  v.insert(v.end(), prevType.begin(), prevType.end());
  v.insert(v.end(), prevTp.begin(), prevTp.end());
  v.push_back(logScale(gpus, 7));
  return v;
}

std::vector<float> PolicyState::deviceCandidates(const std::vector<int>& free_gpus, int depth,
                                                 const std::vector<PolicyStageChoice>& earlier) const {
  checkFree(free_gpus);
  const int rowSize = layout_.deviceCandidateSize();
  std::vector<float> m(static_cast<size_t>(config_.t_max * rowSize), 0.0f);
  const double d = std::max(1, depth);
  const int stagesLeft = std::max(1, depth - static_cast<int>(earlier.size()));
  for (int t = 0; t < typeCount(); ++t) {
    std::vector<float> row = perType(t, free_gpus);
    int same = 0, free = 0;
    for (const auto& c : earlier) same += c.gpu_type == slots_[static_cast<size_t>(t)].id ? 1 : 0;
    for (int i : slots_[static_cast<size_t>(t)].nodes) free += std::max(0, free_gpus[static_cast<size_t>(i)]);
    const bool sameAsPrevious = !earlier.empty() && earlier.back().gpu_type == slots_[static_cast<size_t>(t)].id;
    row.push_back(clip(same / d, 0, 1));
    row.push_back(sameAsPrevious ? 1.0f : 0.0f);
    row.push_back(clip(slots_[static_cast<size_t>(t)].type->memory_bytes / (model_state_bytes_ / d), 0, 4) / 4.0f);
    row.push_back(clip(static_cast<double>(free) / stagesLeft, 0, 8) / 8.0f);
    std::copy(row.begin(), row.end(), m.begin() + t * rowSize);
  }
  return m;
}

std::vector<float> PolicyState::row(const std::vector<float>& matrix, int rowSize, int index) {
  const auto begin = matrix.begin() + static_cast<long>(index) * rowSize;
  return std::vector<float>(begin, begin + rowSize);
}

}  // namespace arachne
