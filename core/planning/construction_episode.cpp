// The construction episode: masks, step, fill, reward and the record of every step.
#include "planning/construction_episode.h"

#include <stdexcept>

#include "cluster/node_order_spec.h"
#include "cost/cost_model.h"
#include "plan/texts.h"
#include "profile/profile_set.h"

namespace arachne {

namespace {
// Steps remembered for reuse at most: a planning call needs a few thousand.
constexpr size_t kReusedFills = 20000;
}  // namespace

ConstructionEpisode::ConstructionEpisode(const CostModel& cost, EpisodeOptions options)
    : fill_(std::make_shared<const TemplateFill>(cost)), options_(options), initial_(cost.composition()) {
  for (int t = 0; t < initial_.typeCount(); ++t)
    if (cost.gpuIndex(initial_.typeId(t)) != t)
      throw std::logic_error("GPU type order of the cost model differs from the composition's");
  space_ = ConstructionSpace::fromCostModel(cost, initial_, options_.depth_cap);
  // Withheld after the space is built: the space (K, each type's TP degrees) stays the
  // composition's, only the free GPUs change.
  for (const std::string& id : options_.withheld_gpu_types) {
    const int t = initial_.typeIndex(id);
    if (t >= 0)
      while (initial_.freeOfType(t) > 0) initial_.take(t, initial_.largestFree(t));
  }
  if (options_.reuse_fills) reused_ = std::make_shared<FillCache>(kReusedFills, options_.reused_fill_bytes);
  reset();
}

const CostModel& ConstructionEpisode::cost() const { return fill_->cost(); }

ConstructionEpisode ConstructionEpisode::prefetchingCopy() const {
  ConstructionEpisode copy = *this;
  copy.prefetching_ = true;
  return copy;
}

void ConstructionEpisode::reset() {
  free_ = initial_;
  plan_ = Plan{};
  plan_.provenance.cluster = nodeOrderSpec(cost().composition());
  plan_.provenance.model = cost().model().id;
  plan_.provenance.profile_set = cost().profiles().name;
  report_ = PlanReport{};
  steps_.clear();
  total_reward_ = 0;
  evaluations_ = 0;
  priced_ = 0;
  done_ = false;
  history_.clear();
  history_known_ = true;
  if (!depthMask().empty()) {
    const Mask m = depthMask();
    bool any = false;
    for (size_t d = 1; d < m.size(); ++d) any = any || m[d];
    done_ = !any;
  }
}

bool ConstructionEpisode::batchLeft() const {
  long long used = 0;
  for (const Template& t : plan_.templates) used += static_cast<long long>(t.replicas) * t.micro_batch;
  return used < cost().spec().global_batch;
}

Mask ConstructionEpisode::depthMask() const {
  Mask m = FeasibilityMasks::depthMask(space_, free_, plan_.templates.empty());
  if (!batchLeft()) {
    std::fill(m.begin() + 1, m.end(), 0);
    m[0] = 1;
  }
  return m;
}

Mask ConstructionEpisode::deviceMask(const TemplateChoice& partial) const {
  return FeasibilityMasks::deviceMask(space_, free_, partial);
}

Mask ConstructionEpisode::tpMask(const TemplateChoice& partial, int gpu) const {
  return FeasibilityMasks::tpMask(space_, free_, partial, gpu);
}

void ConstructionEpisode::finishStep(ConstructionStep step, const StepOutcome& out) {
  step.reward = out.reward;
  step.note = out.note;
  step.plan_micro_batches.reserve(plan_.templates.size());
  for (const Template& t : plan_.templates) step.plan_micro_batches.push_back(t.micro_batches);
  total_reward_ += out.reward;
  steps_.push_back(std::move(step));
  if (out.done) done_ = true;
}

namespace {

std::string stepKey(const TemplateChoice& choice, const TemplateArithmetic* arithmetic) {
  std::string k;
  const auto add = [&k](int value, char separator) {
    k += std::to_string(value);
    k += separator;
  };
  add(choice.depth, ':');
  for (const StageChoice& s : choice.stages) {
    add(s.gpu, ',');
    add(s.tp, ';');
  }
  if (arithmetic) {
    for (int l : arithmetic->layers) add(l, ',');
    add(arithmetic->micro_batch, 'm');
    add(arithmetic->replicas, 'r');
  }
  k += '|';
  return k;
}

}  // namespace

StepOutcome ConstructionEpisode::step(const TemplateChoice& choice) { return stepReusing(choice, nullptr); }

StepOutcome ConstructionEpisode::place(const TemplateChoice& choice, const TemplateArithmetic& arithmetic) {
  return stepReusing(choice, &arithmetic);
}

StepOutcome ConstructionEpisode::stepReusing(const TemplateChoice& choice, const TemplateArithmetic* arithmetic) {
  check(choice);
  if (choice.isStop()) return apply(choice, FillResult{}, false);
  const auto run = [&] {
    return arithmetic ? fill_->place(plan_, free_, choice, *arithmetic) : fill_->fill(plan_, free_, choice);
  };
  std::string key;
  std::shared_ptr<const FillResult> ahead;  // filled ahead by a prefetching copy
  if (reused_ && history_known_) {
    key = history_ + stepKey(choice, arithmetic);
    const FillCache::Found found = reused_->find(key);
    // Filled before (not a new evaluation, even when its fill was not kept), or filling ahead
    // (a prefetching copy counts nothing): a fill not kept may have been filled ahead again.
    if (found.seen || prefetching_) {
      std::shared_ptr<const FillResult> f = found.fill;
      if (!f) f = prefetching_ ? reused_->findPrefetched(key) : reused_->takePrefetched(key);
      FillResult r = f ? *f : run();
      if (!f && prefetching_) reused_->insertPrefetched(key, r);
      history_ = std::move(key);
      return apply(choice, std::move(r), false);
    }
    ahead = reused_->takePrefetched(key);  // new here: counted and remembered as if run now
  }
  FillResult r = ahead ? *ahead : run();
  if (!key.empty()) {
    reused_->insert(key, r);
    history_ = std::move(key);
  }
  return apply(choice, std::move(r), true);
}

StepOutcome ConstructionEpisode::stepWith(const TemplateChoice& choice, FillResult filled) {
  check(choice);
  history_known_ = false;
  if (choice.isStop()) return apply(choice, FillResult{}, false);
  const bool precomputed = filled.feasible || !filled.why.empty();
  return apply(choice, precomputed ? std::move(filled) : fill_->fill(plan_, free_, choice), true);
}

void ConstructionEpisode::check(const TemplateChoice& choice) const {
  if (done_) throw std::invalid_argument("the episode is done");
  std::string why;
  if (choice.depth < 0 || choice.depth > space_.max_depth) {
    throw std::invalid_argument(FeasibilityMasks::explainDepth(space_, free_, choice.depth));
  } else if (choice.isStop()) {
    if (!depthMask()[0]) throw std::invalid_argument("STOP is masked on the first step");
  } else if (!depthMask()[static_cast<size_t>(choice.depth)]) {
    throw std::invalid_argument(batchLeft() ? FeasibilityMasks::explainDepth(space_, free_, choice.depth)
                                            : "the global batch has no sequence left for another replica");
  } else if (!FeasibilityMasks::admits(space_, free_, choice, false, &why)) {
    throw std::invalid_argument(why);
  }
}

StepOutcome ConstructionEpisode::apply(const TemplateChoice& choice, FillResult r, bool counted) {
  const bool first = plan_.templates.empty();
  ConstructionStep rec;
  rec.throughput_before = throughput();
  StepOutcome out;
  if (choice.isStop()) {
    rec.throughput_after = rec.throughput_before;
    out.done = true;
    out.note = "STOP";
    finishStep(std::move(rec), out);
    return out;
  }

  if (counted) {
    ++evaluations_;
    priced_ += r.priced;
  }
  if (!r.feasible) {
    out.feasible = false;
    out.done = true;
    out.reward = first ? -options_.infeasible_penalty : 0.0;
    out.note = "infeasible: " + r.why;
    rec.reason = Reason(text::kStepInfeasible,
                        {nested(r.reason.empty() ? Reason(text::kVerbatim, {verbatim(r.why)}) : r.reason)});
    rec.placed.stages.resize(choice.stages.size());
    for (size_t s = 0; s < choice.stages.size(); ++s) {
      rec.placed.stages[s].gpu_type = free_.typeId(choice.stages[s].gpu);
      rec.placed.stages[s].tp = choice.stages[s].tp;
    }
    rec.throughput_after = rec.throughput_before;
    finishStep(std::move(rec), out);
    return out;
  }
  const Provenance prov = plan_.provenance;
  plan_ = std::move(r.plan);
  plan_.provenance = prov;
  report_ = std::move(r.report);
  free_ = std::move(r.free_after);
  rec.placed = plan_.templates.back();
  rec.throughput_after = throughput();
  out.reward = rec.throughput_after - rec.throughput_before;
  out.note = "placed";
  const Mask next = depthMask();
  bool any = false;
  for (size_t d = 1; d < next.size(); ++d) any = any || next[d];
  out.done = !any || static_cast<int>(plan_.templates.size()) >= options_.step_limit;
  finishStep(std::move(rec), out);
  return out;
}

}  // namespace arachne
