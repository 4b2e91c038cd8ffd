// Committing rollouts in the schedule's order: evaluations, offers, the best rollout, phases.
#include "policy/rollout_ledger.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace arachne {

RolloutLedger::RolloutLedger(PlannerRun& run, ConstructionEpisode& episode, bool flat, int leaders, int firsts)
    : run_(run), episode_(episode), flat_(flat), leaders_{static_cast<size_t>(std::max(1, leaders)), {}},
      firsts_{static_cast<size_t>(std::max(0, firsts)), {}} {}

void RolloutLedger::Ranked::note(Leader l) {
  if (!admits(l.throughput)) return;
  // A construction is priced the same each time (the fill is a function of it): one entry each.
  for (const Leader& o : entries)
    if (o.key == l.key) return;
  const auto at = std::find_if(entries.begin(), entries.end(), [&](const Leader& o) { return o.throughput < l.throughput; });
  entries.insert(at, std::move(l));
  if (entries.size() > count) entries.pop_back();
}

std::vector<std::vector<TemplateChoice>> RolloutLedger::Ranked::constructions() const {
  std::vector<std::vector<TemplateChoice>> out;
  for (const Leader& l : entries) out.push_back(l.construction);
  return out;
}

std::vector<std::vector<TemplateChoice>> RolloutLedger::leaders() const { return leaders_.constructions(); }

std::vector<std::vector<TemplateChoice>> RolloutLedger::firstTemplates() const { return firsts_.constructions(); }

void RolloutLedger::noteLeader(const BatchedRollout& r, size_t step) {
  const double thr = r.throughputs[step];
  if (!leaders_.admits(thr)) return;
  Leader l{thr, {}, {}};
  for (size_t i = 0; i <= step; ++i)
    if (!r.rollout.steps[i].choice.isStop()) l.construction.push_back(r.rollout.steps[i].choice);
  l.key = constructionKey(l.construction);
  leaders_.note(std::move(l));
}

bool RolloutLedger::commit(BatchedRollout& r) {
  const auto& steps = r.rollout.steps;
  long long added = 0;
  int improvedAt = 0;
  size_t replayed = 0;  // steps of `r` replayed on episode_ (after its reset)
  bool replaying = false;
  for (size_t i = 0; i < steps.size(); ++i) {
    if (r.filled[i] && counted_.insert(r.keys[i]).second) {
      ++added;
      run_.addEvaluations(1);
    }
    const double thr = r.throughputs[i];
    if (thr > 0 && r.filled[i]) {
      noteLeader(r, i);
      if (i == 0 && !steps[0].choice.isStop() && firsts_.admits(thr))
        firsts_.note(Leader{thr, constructionKey({steps[0].choice}), {steps[0].choice}});
    }
    if (thr <= 0 || (run_.found() && thr <= run_.bestThroughput())) continue;
    if (!replaying) {
      episode_.reset();
      replaying = true;
    }
    for (; replayed <= i; ++replayed) {
      const RolloutStep& s = steps[replayed];
      if (flat_ && !s.choice.isStop())
        episode_.place(s.choice, s.arithmetic);
      else
        episode_.step(s.choice);
    }
    // The fill is a function of the construction: the replay must price what the rollout did.
    if (episode_.throughput() != thr)
      throw std::logic_error("rollout ledger: a replayed step priced " + std::to_string(episode_.throughput()) +
                             " seq/s, the rollout " + std::to_string(thr));
    if (run_.offer(episode_)) improvedAt = static_cast<int>(i) + 1;
  }
  r.rollout.evaluations = added;
  if (improvedAt == 0) return false;
  best_ = r.rollout;
  best_steps_ = improvedAt;
  ++best_version_;
  return true;
}

void RolloutLedger::endPhase(const std::string& name) {
  PlannerPhase p;
  p.name = name;
  p.evaluations = run_.evaluations();
  p.elapsed_s = run_.elapsed();
  p.best_sequences_per_s = run_.found() ? run_.bestThroughput() : 0.0;
  phases_.push_back(std::move(p));
}

}  // namespace arachne
