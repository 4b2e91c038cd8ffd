// Shared planner bookkeeping: budget, cancel, progress, best plan, result.
#include "planning/planner_run.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "cluster/node_order_spec.h"
#include "cost/cost_model.h"
#include "plan/texts.h"
#include "planning/construction_space.h"
#include "planning/template_fill.h"
#include "planning/unused_gpu_explainer.h"
#include "profile/profile_set.h"

namespace arachne {

PlannerRun::PlannerRun(const PlannerBudget& budget, const ProgressCallback& progress,
                       const std::atomic<bool>* cancel)
    : budget_(budget), callback_(progress), cancel_(cancel), start_(Clock::now()),
      last_progress_(start_) {}

double PlannerRun::elapsed() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

double PlannerRun::secondsLeft() const {
  if (budget_.seconds <= 0) return std::numeric_limits<double>::infinity();
  return budget_.seconds - elapsed();
}

bool PlannerRun::shouldStop() {
  if (cancel_ && cancel_->load(std::memory_order_relaxed)) {
    cancelled_ = true;
    return true;
  }
  if ((budget_.evaluations > 0 && evaluations_ >= budget_.evaluations) ||
      (budget_.seconds > 0 && elapsed() >= budget_.seconds))
    budget_spent_ = true;
  return budget_spent_;
}

bool PlannerRun::offer(const ConstructionEpisode& episode) {
  const double thr = episode.throughput();
  if (thr <= 0 || (found_ && thr <= best_thr_)) return false;
  found_ = true;
  best_thr_ = thr;
  best_plan_ = episode.plan();
  best_report_ = episode.report();
  best_free_ = episode.free();
  best_steps_ = episode.steps();
  curve_.emplace_back(evaluations_, thr);
  return true;
}

bool PlannerRun::keep(const Plan& plan, const PlanReport& report, bool replace) {
  const double thr = report.feasible ? report.throughput.sequences_per_s : 0;
  if (thr <= 0 || (found_ && !replace && thr <= best_thr_)) return false;
  found_ = true;
  best_thr_ = thr;
  best_plan_ = plan;
  best_report_ = report;
  best_steps_.clear();
  curve_.emplace_back(evaluations_, thr);
  return true;
}

bool PlannerRun::offer(const Plan& plan, const PlanReport& report) { return keep(plan, report, false); }

bool PlannerRun::offer(const Plan& plan, const PlanReport& report, const FreeGpus& freeAfter, bool replace) {
  if (!keep(plan, report, replace)) return false;
  best_free_ = freeAfter;
  return true;
}

bool PlannerRun::progressDue() const {
  return callback_ && Clock::now() - last_progress_ >= std::chrono::milliseconds(50);
}

void PlannerRun::progress(double fraction, const std::string& message, Reason reason, double best) {
  if (!callback_) return;
  const auto now = Clock::now();
  if (now - last_progress_ < std::chrono::milliseconds(50)) return;
  last_progress_ = now;
  PlannerProgress p;
  p.evaluations = evaluations_;
  p.elapsed_s = elapsed();
  p.best_sequences_per_s = std::max(best_thr_, best);
  p.fraction = fraction;
  if (message.empty()) {
    p.reason = Reason(text::kProgressPlans, {integer(evaluations_), number(best_thr_, 2)});
    p.message = p.reason.english();
  } else {
    p.message = message;
    p.reason = std::move(reason);
  }
  callback_(p);
}

PlannerResult PlannerRun::startResult(Reason message) const {
  PlannerResult r;
  r.found = found_;
  r.stats.evaluations = evaluations_;
  r.stats.best_curve = curve_;
  r.stats.cancelled = cancelled_;
  r.stats.budget_spent = budget_spent_;
  r.stats.message = message.english();
  r.stats.reason = std::move(message);
  if (found_) {
    r.plan = best_plan_;
    r.report = best_report_;
  }
  return r;
}

void PlannerRun::stamp(PlannerResult& r, const std::string& planner, const std::string& version,
                       std::uint64_t seed) const {
  r.plan.provenance.planner = planner;
  r.plan.provenance.planner_version = version;
  r.plan.provenance.seed = seed;
  r.stats.elapsed_s = elapsed();
}

std::function<bool()> PlannerRun::explanationStop() const {
  const std::atomic<bool>* cancel = cancel_;
  if (budget_.seconds <= 0) return [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
  const auto seconds = [](double s) { return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s)); };
  const Clock::time_point end = std::max(Clock::now(), start_ + seconds(budget_.seconds)) + seconds(0.1 * budget_.seconds);
  return [cancel, end] { return (cancel && cancel->load(std::memory_order_relaxed)) || Clock::now() >= end; };
}

PlannerResult PlannerRun::finish(const ConstructionEpisode& episode, const std::string& planner,
                                 const std::string& version, std::uint64_t seed,
                                 Reason message) {
  PlannerResult r = startResult(std::move(message));
  if (found_) {
    r.construction = best_steps_;
    r.plan.unused_gpus = UnusedGpuExplainer::explain(episode.fill(), episode.space(), best_plan_, best_free_, explanationStop());
  } else {
    // No plan: say for every node why it cannot hold a template on its own.
    r.plan.provenance = episode.plan().provenance;
    r.plan.unused_gpus = UnusedGpuExplainer::explain(episode.fill(), episode.space(), Plan{},
                                                     FreeGpus(episode.cost().composition()), explanationStop());
  }
  stamp(r, planner, version, seed);
  return r;
}

PlannerResult PlannerRun::finish(std::vector<UnusedGpus> unused, const std::string& planner,
                                 const std::string& version, std::uint64_t seed, Reason message) {
  PlannerResult r = startResult(std::move(message));
  r.plan.unused_gpus = std::move(unused);
  stamp(r, planner, version, seed);
  return r;
}

PlannerResult PlannerRun::finish(const CostModel& cost, const std::string& planner,
                                 const std::string& version, std::uint64_t seed, Reason message) {
  const TemplateFill fill(cost);
  const FreeGpus all(cost.composition());
  const ConstructionSpace space = ConstructionSpace::fromCostModel(cost, all);
  PlannerResult r = startResult(std::move(message));
  r.plan.unused_gpus = found_ ? UnusedGpuExplainer::explain(fill, space, best_plan_, best_free_, explanationStop())
                              : UnusedGpuExplainer::explain(fill, space, Plan{}, all, explanationStop());
  r.plan.provenance.cluster = nodeOrderSpec(cost.composition());
  r.plan.provenance.model = cost.model().id;
  r.plan.provenance.profile_set = cost.profiles().name;
  stamp(r, planner, version, seed);
  return r;
}

}  // namespace arachne
