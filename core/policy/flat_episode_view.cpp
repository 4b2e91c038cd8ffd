// flat-rl's decisions: their context vectors, masks and the values their actions stand for.
#include "policy/flat_episode_view.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "cost/cost_model.h"
#include "planning/feasibility_masks.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_state.h"

namespace arachne {

namespace {
static_assert(std::size(FlatEpisodeView::kLayerShares) == PolicyConfig::kLayerChoices);
static_assert(std::size(FlatEpisodeView::kReplicaCounts) == PolicyConfig::kReplicaChoices);
constexpr int kKinds = 3;  // layers, micro-batch, replicas (the context's first entries)
float lg(double x, double scale) { return static_cast<float>(std::clamp(std::log2(1.0 + x) / scale, 0.0, 1.0)); }
}  // namespace

FlatEpisodeView::FlatEpisodeView(const PolicyEpisodeView& view, const ConstructionEpisode& episode)
    : view_(view), layers_(episode.cost().model().layerCount()) {
  const CostModel& cost = episode.cost();
  speed_.assign(static_cast<size_t>(episode.gpuTypeCount()), std::vector<double>(kMaxTpLevels, 0.0));
  for (int g = 0; g < episode.gpuTypeCount(); ++g)
    for (int l = 0; l < kMaxTpLevels; ++l) {
      const auto& mbs = episode.fill().microBatches(g, 1 << l);
      if (mbs.empty()) continue;
      const double t = cost.layersTime(g, 1 << l, mbs.front(), 0, layers_ - 1);
      if (std::isfinite(t) && t > 0) speed_[static_cast<size_t>(g)][static_cast<size_t>(l)] = 1.0 / t;
    }
}

double FlatEpisodeView::speed(int gpu, int tp) const {
  const int l = tpLevel(tp);
  return l < 0 ? 0.0 : speed_[static_cast<size_t>(gpu)][static_cast<size_t>(l)];
}

long long FlatEpisodeView::batchLeft(const ConstructionEpisode& episode) const {
  long long used = 0;
  for (const Template& t : episode.plan().templates) used += static_cast<long long>(t.replicas) * t.micro_batch;
  return episode.cost().spec().global_batch - used;
}

std::vector<float> FlatEpisodeView::context(const ConstructionEpisode& episode, const TemplateChoice& choice,
                                            const std::vector<int>& layers, int kind, int microBatch) const {
  const PolicyState& st = view_.state();
  const PolicyConfig& c = st.config();
  const int d = choice.depth;
  const int s = static_cast<int>(layers.size());
  int left = layers_;
  for (int n : layers) left -= n;
  std::vector<float> v;
  v.reserve(static_cast<size_t>(st.layout().flatContextSize()));
  for (int k = 0; k < kKinds; ++k) v.push_back(k == kind ? 1.0f : 0.0f);
  const bool splitting = kind == 0;
  v.push_back(static_cast<float>(std::min(1.0, static_cast<double>(d) / c.d_max)));
  v.push_back(splitting ? static_cast<float>(s) / d : 0.0f);
  v.push_back(splitting ? static_cast<float>(d - s) / d : 0.0f);
  v.push_back(splitting ? static_cast<float>(left) / layers_ : 0.0f);
  v.push_back(splitting ? static_cast<float>(left) / (d - s) / layers_ : 0.0f);
  double rest = 0;
  if (splitting)
    for (int j = s; j < d; ++j) rest += speed(choice.stages[static_cast<size_t>(j)].gpu, choice.stages[static_cast<size_t>(j)].tp);
  v.push_back(splitting && rest > 0
                  ? static_cast<float>(speed(choice.stages[static_cast<size_t>(s)].gpu, choice.stages[static_cast<size_t>(s)].tp) / rest)
                  : 0.0f);
  std::vector<float> onType(static_cast<size_t>(c.t_max), 0.0f), stageType(static_cast<size_t>(c.t_max), 0.0f),
      stageTp(static_cast<size_t>(c.k_max), 0.0f);
  int gpus = 0;
  for (const StageChoice& sc : choice.stages) {
    const int slot = st.slotOf(episode.free().typeId(sc.gpu));
    if (slot >= 0 && slot < c.t_max) onType[static_cast<size_t>(slot)] += 1.0f / static_cast<float>(d);
    gpus += sc.tp;
  }
  if (splitting) {
    const StageChoice& sc = choice.stages[static_cast<size_t>(s)];
    const int slot = st.slotOf(episode.free().typeId(sc.gpu));
    if (slot >= 0 && slot < c.t_max) stageType[static_cast<size_t>(slot)] = 1.0f;
    const int l = tpLevel(sc.tp);
    if (l >= 0 && l < c.k_max) stageTp[static_cast<size_t>(l)] = 1.0f;
  }
  v.insert(v.end(), onType.begin(), onType.end());
  v.insert(v.end(), stageType.begin(), stageType.end());
  v.insert(v.end(), stageTp.begin(), stageTp.end());
  const int packed = FeasibilityMasks::maxReplicas(episode.free(), FeasibilityMasks::demandOf(episode.free(), choice));
  v.push_back(lg(packed, 9));
  v.push_back(lg(static_cast<double>(batchLeft(episode)), 12));
  v.push_back(lg(gpus, 7));
  v.push_back(microBatch > 0 ? static_cast<float>(std::log2(microBatch) / 7.0) : 0.0f);
  int largest = 0;
  for (int n : layers) largest = std::max(largest, n);
  v.push_back(splitting ? 0.0f : static_cast<float>(largest) / layers_);
  return v;
}

int FlatEpisodeView::layersOf(const TemplateChoice& choice, const std::vector<int>& layers, int action) const {
  int left = layers_;
  for (int n : layers) left -= n;
  const int stagesLeft = choice.depth - static_cast<int>(layers.size());
  const double even = static_cast<double>(left) / stagesLeft;
  return std::max(1, static_cast<int>(std::lround(kLayerShares[action] * even)));
}

PolicyDecision FlatEpisodeView::layersDecision(const ConstructionEpisode& episode, const TemplateChoice& choice,
                                               const std::vector<int>& layers, const PolicyDecision& step) const {
  PolicyDecision d;
  d.kind = DecisionKind::Layers;
  d.state = step.state;
  d.summary = step.summary;
  d.context = context(episode, choice, layers, 0, 0);
  int left = layers_;
  for (int n : layers) left -= n;
  const int laterStages = choice.depth - static_cast<int>(layers.size()) - 1;
  d.mask.assign(PolicyConfig::kLayerChoices, 0);
  std::vector<int> seen;
  for (int i = 0; i < PolicyConfig::kLayerChoices; ++i) {
    const int n = layersOf(choice, layers, i);
    if (n > left - laterStages || std::find(seen.begin(), seen.end(), n) != seen.end()) continue;
    seen.push_back(n);
    d.mask[static_cast<size_t>(i)] = 1;
  }
  return d;
}

PolicyDecision FlatEpisodeView::microBatchDecision(const ConstructionEpisode& episode, const TemplateChoice& choice,
                                                   const std::vector<int>& layers, const PolicyDecision& step) const {
  PolicyDecision d;
  d.kind = DecisionKind::MicroBatch;
  d.state = step.state;
  d.summary = step.summary;
  d.context = context(episode, choice, layers, 1, 0);
  d.mask.assign(PolicyConfig::kMicroBatchChoices, 0);
  const long long left = batchLeft(episode);
  for (int i = 0; i < PolicyConfig::kMicroBatchChoices; ++i) {
    const int m = microBatchOf(i);
    bool ok = m <= left;
    for (const StageChoice& sc : choice.stages) {
      const auto& sizes = episode.fill().microBatches(sc.gpu, sc.tp);
      ok = ok && std::binary_search(sizes.begin(), sizes.end(), m);
    }
    d.mask[static_cast<size_t>(i)] = ok ? 1 : 0;
  }
  return d;
}

PolicyDecision FlatEpisodeView::replicasDecision(const ConstructionEpisode& episode, const TemplateChoice& choice,
                                                 const std::vector<int>& layers, int microBatch,
                                                 const PolicyDecision& step) const {
  PolicyDecision d;
  d.kind = DecisionKind::Replicas;
  d.state = step.state;
  d.summary = step.summary;
  d.context = context(episode, choice, layers, 2, microBatch);
  d.mask.assign(PolicyConfig::kReplicaChoices, 0);
  const int packed = FeasibilityMasks::maxReplicas(episode.free(), FeasibilityMasks::demandOf(episode.free(), choice));
  const long long left = batchLeft(episode);
  for (int i = 0; i < PolicyConfig::kReplicaChoices; ++i) {
    const int r = replicasOf(i);
    d.mask[static_cast<size_t>(i)] = r <= packed && static_cast<long long>(r) * microBatch <= left ? 1 : 0;
  }
  return d;
}

}  // namespace arachne
