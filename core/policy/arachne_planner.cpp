// Planning with the policy: the rollout schedule in batched waves, or greedy as fallback.
#include "policy/arachne_planner.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "io/load_error.h"
#include "plan/texts.h"
#include "planning/memory_lower_bound.h"
#include "planning/planner_run.h"
#include "planning/stage_edit_sweep.h"
#include "planning/stage_order_sweep.h"
#include "planning/template_append_sweep.h"
#include "plugin/policy_fallback_planner.h"
#include "policy/decision_memo.h"
#include "policy/gpu_type_reduction.h"
#include "policy/policy_episode_view.h"
#include "policy/policy_inference.h"
#include "policy/policy_io.h"
#include "policy/policy_network.h"
#include "policy/policy_state.h"
#include "policy/rollout_ledger.h"

namespace arachne {

namespace {

// Consecutive rollouts that add no evaluation before an evaluation budget is given up (one that
// places nothing counts 64).
constexpr int kIdleRollouts = 4096;
// Rollouts of phases 3 and 4 per wave under an evaluation budget (they repeat until it is spent).
constexpr size_t kEvaluationWave = 256;
// Network answers kept per planning call (each well under a kilobyte).
constexpr size_t kMemoCapacity = 200000;
// Alternations of the appends and stage edits with the stage-order sweep after the first order sweep.
constexpr int kEditRounds = 2;

// The GPU types of `ids` that a stage of `plan` runs on, in the order of `ids`.
std::vector<std::string> typesUsed(const Plan& plan, const std::vector<std::string>& ids) {
  std::vector<std::string> used;
  for (const std::string& id : ids) {
    bool on = false;
    for (const Template& t : plan.templates)
      for (const Stage& st : t.stages) on = on || st.gpu_type == id;
    if (on) used.push_back(id);
  }
  return used;
}

// The random stream of the k-th sampled or exploring rollout (splitmix64 of seed and k): the
// rollout's draws do not depend on which rollouts ran before or beside it.
std::uint64_t streamSeed(std::uint64_t seed, long long k) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (static_cast<std::uint64_t>(k) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

RolloutJob greedyJob(std::vector<int> prefix = {}) {
  RolloutJob j;
  j.options.greedy = true;
  j.options.prefix = std::move(prefix);
  return j;
}

// Prefixes (first depth, first stage's device slot, its TP index) of every triple the masks
// allow, but the one `greedy` (the greedy rollout) took.
std::vector<RolloutJob> firstDecisionSweep(const PolicyEpisodeView& view, ConstructionEpisode& episode,
                                           const PolicyRollout& greedy) {
  std::vector<RolloutJob> sweep;
  episode.reset();
  const PolicyDecision first = view.depthDecision(episode);
  std::vector<int> taken;
  if (!greedy.steps.empty() && greedy.steps.front().decisions.size() > 2)
    for (int i = 0; i < 3; ++i) taken.push_back(greedy.steps.front().decisions[static_cast<size_t>(i)].action);
  for (int d = 1; d < static_cast<int>(first.mask.size()); ++d) {
    if (!first.mask[static_cast<size_t>(d)]) continue;
    TemplateChoice partial;
    partial.depth = view.depthOf(d);
    PolicyDecision depth = first;
    depth.action = d;
    const PolicyDecision device = view.deviceDecision(episode, partial, depth);
    for (int g = 0; g < static_cast<int>(device.mask.size()); ++g) {
      if (!device.mask[static_cast<size_t>(g)]) continue;
      const PolicyDecision tp = view.tpDecision(episode, partial, view.gpuOf(g), depth);
      for (int k = 0; k < static_cast<int>(tp.mask.size()); ++k)
        if (tp.mask[static_cast<size_t>(k)] && std::vector<int>{d, g, k} != taken) sweep.push_back(greedyJob({d, g, k}));
    }
  }
  return sweep;
}

// A greedy rollout for every other action `d`'s mask allows after the decisions `before`.
void changeEach(const std::vector<int>& before, const PolicyDecision& d, std::vector<RolloutJob>& out) {
  for (int a = 0; a < static_cast<int>(d.mask.size()); ++a) {
    if (!d.mask[static_cast<size_t>(a)] || a == d.action) continue;
    std::vector<int> prefix = before;
    prefix.push_back(a);
    out.push_back(greedyJob(std::move(prefix)));
  }
}

// Changes of each TP decision of the step whose depth decision is the rollout's `at`-th decision.
std::vector<RolloutJob> changeTpOfStep(const PolicyRollout& rolled, size_t at) {
  std::vector<RolloutJob> out;
  std::vector<int> actions;
  for (const RolloutStep& step : rolled.steps) {
    const bool changedStep = actions.size() == at;
    for (const PolicyDecision& d : step.decisions) {
      if (changedStep && d.kind == DecisionKind::Tp) changeEach(actions, d, out);
      actions.push_back(d.action);
    }
    if (changedStep) break;
  }
  return out;
}

}  // namespace

ArachnePlanner::ArachnePlanner(std::string weightsPath, RolloutSchedule schedule, std::string name, bool flat)
    : path_(std::move(weightsPath)), name_(std::move(name)), schedule_(schedule), flat_(flat) {}

ArachnePlanner::ArachnePlanner(std::shared_ptr<PolicyNetwork> network, std::string name, RolloutSchedule schedule)
    : network_(std::move(network)), name_(std::move(name)), schedule_(schedule),
      flat_(network_ && network_->config().flat) {}

ArachnePlanner::~ArachnePlanner() = default;

PlannerResult ArachnePlanner::plan(const CostModel& cost, const PlannerBudget& budget, std::uint64_t seed,
                                   const ProgressCallback& progress, const std::atomic<bool>* cancel) {
  std::string problem;
  std::shared_ptr<PolicyNetwork> net = network_;
  if (!net) {
    try {
      net = loadPolicyOfKind(path_, flat_).network;
    } catch (const LoadError& e) {
      problem = e.what();
    }
  }
  GpuTypeReduction types;
  std::unique_ptr<PolicyState> state;
  if (net) {
    try {
      types = reduceGpuTypes(cost, net->config().t_max);
      state = types.reduced() ? std::make_unique<PolicyState>(net->config(), cost, types.kept)
                              : std::make_unique<PolicyState>(net->config(), cost);
    } catch (const LoadError& e) {
      problem = e.what();
      net = nullptr;
    }
  }
  if (!net) return planWithGreedyInstead(name_, problem, cost, budget, seed, progress, cancel);

  // Rollouts of a sharp policy repeat many constructions (and the sweeps replay prefixes): each
  // distinct step is filled once, in a cache the rollouts of both threads share.
  EpisodeOptions options;
  options.reuse_fills = true;
  options.withheld_gpu_types = types.withheld;
  const ConstructionEpisode prototype(cost, options);
  ConstructionEpisode episode = prototype;  // the planner's own: replays, sweeps, the result
  const PolicyEpisodeView view(*state, prototype);
  const PolicyInference inference(*net, state->summary());
  DecisionMemo memo(kMemoCapacity);
  BatchedRollouts rollouts(inference, view, prototype, memo, execution_);
  PlannerRun run(budget, progress, cancel);
  // Phase 6's local searches run on this thread; the rollouts' other threads fill their
  // neighbours ahead (searchNeighbours).
  run.setHelperThreads(rollouts.threads() - 1);
  RolloutLedger ledger(run, episode, flat_, 1 + std::max(0, schedule_.runner_ups), schedule_.first_templates);
  int count = 0, swept = 0, sampled = 0, exploring = 0, changed = 0, retuned = 0;
  // With an evaluation budget the planner samples until it is spent (the best-so-far curves
  // compare planners at equal evaluations); otherwise the schedule bounds planning time.
  const bool byEvaluations = budget.evaluations > 0;
  const long long after = std::max(0, schedule_.sampled) + std::max(0, schedule_.exploring);
  const auto stop = [&run] { return run.shouldStop(); };
  double planned = 1.0 + static_cast<double>(after);  // rollouts of phases 1-4, for progress
  const auto commit = [&](BatchedRollout& r) {
    ledger.commit(r);
    ++count;
    if (!run.progressDue()) return;
    const Reason line(text::kPolicyProgress, {integer(count)});
    run.progress(std::min(1.0, byEvaluations ? static_cast<double>(run.evaluations()) / static_cast<double>(budget.evaluations)
                                             : count / planned),
                 line.english(), line);
  };
  // A policy that admits nothing would never spend an evaluation budget, nor would one whose
  // rollouts only repeat constructions already filled (on a small cluster it can exhaust what it
  // would ever sample). A flat policy that places nothing stops at once (its arithmetic heads
  // leave nothing else to vary).
  int idle = 0;
  const auto keepSampling = [&](const PolicyRollout& rolled) {
    bool placed = false;
    for (const RolloutStep& step : rolled.steps) placed = placed || !step.choice.isStop();
    if (!placed && flat_) return false;
    idle = !placed ? idle + 64 : rolled.evaluations == 0 ? idle + 1 : 0;
    return idle < kIdleRollouts;
  };

  // Phase 1: the greedy rollout always runs: it is the answer.
  PolicyRollout greedyRoll;
  bool sampling = true;
  rollouts.run({greedyJob()}, [&](size_t, BatchedRollout& r) {
    commit(r);
    greedyRoll = r.rollout;
    sampling = keepSampling(greedyRoll);
    return true;
  }, [] { return false; });
  const long long greedyVersion = ledger.bestVersion();
  ledger.endPhase("greedy rollout");

  // Phase 2, the sweep: a greedy rollout from every allowed (first depth, first stage's GPU type
  // and TP degree). A policy sure of a shallow pipeline can hide a fast deep one (the reason
  // training forces depths), one sure of which GPU type leads can hide a better stage order, and
  // one sure of the first stage's TP degree can hide a template that starts narrower or wider,
  // most of all on a composition it never saw. At most D_max x T_max x K greedy rollouts; after
  // the three forced decisions every decision is still the policy's argmax.
  if (sampling && schedule_.depth_sweep && !run.shouldStop()) {
    const std::vector<RolloutJob> sweep = firstDecisionSweep(view, episode, greedyRoll);
    planned += static_cast<double>(sweep.size());
    rollouts.run(sweep, [&](size_t, BatchedRollout& r) {
      if (run.shouldStop()) return false;
      commit(r);
      ++swept;
      return true;
    }, stop);
    ledger.endPhase("sweep");
  }

  // Phases 3 and 4: sampled, then exploring rollouts (rollout_schedule.h); under an evaluation
  // budget they repeat, wave after wave, until it is spent. Under a time budget they repeat only
  // while no rollout has found a plan that fits: the later phases search around a plan, so
  // without one the planner would answer "no feasible plan" with most of its budget left (a
  // DeepSeek-V3-like model on 48 GPUs of four types, where only a few mixed templates fit).
  std::string block;  // the phase the last committed rollout belonged to
  // Without a plan after the first wave, a memory bound may prove that none exists (a model
  // larger than the cluster): then the waves stop instead of spending the whole budget.
  // (Under a time budget the loop only gets past the first wave without a plan, so the check
  // runs once, before the second.)
  Reason provedInfeasible;
  for (long long k0 = 0; sampling && (k0 == 0 || byEvaluations || !run.found()) && !run.shouldStop();) {
    if (!byEvaluations && after > 0 && k0 == after) {
      const MemoryLowerBound bound = memoryLowerBound(cost, options.depth_cap);
      if (bound.provesInfeasible()) {
        provedInfeasible = bound.why();
        break;
      }
    }
    const long long n = byEvaluations ? static_cast<long long>(kEvaluationWave) : after;
    if (n <= 0 || after <= 0) break;
    std::vector<RolloutJob> jobs;
    for (long long k = k0; k < k0 + n; ++k) {
      RolloutJob j;
      j.options = schedule_.after(k);
      j.seed = streamSeed(seed, k);
      jobs.push_back(std::move(j));
    }
    const size_t done = rollouts.run(jobs, [&](size_t i, BatchedRollout& r) {
      if (run.shouldStop()) return false;
      const long long k = k0 + static_cast<long long>(i);
      const std::string kind = schedule_.explores(k) ? "exploring" : "sampled";
      if (!block.empty() && kind != block) ledger.endPhase(block);
      block = kind;
      commit(r);
      ++(schedule_.explores(k) ? exploring : sampled);
      sampling = keepSampling(r.rollout);
      return sampling;
    }, stop);
    if (done < jobs.size()) break;
    k0 += n;
  }
  if (!block.empty()) ledger.endPhase(block);

  // Phase 5: every single decision changed, the rest the policy's argmax: of the greedy rollout
  // (the policy's answer), then of the best rollout while rounds replace it. Around the greedy
  // rollout, a changed depth is a new template whose TP degrees the policy chose for a depth it
  // did not prefer: each is changed once more ("retuned"). A round's rollouts run as one wave and
  // their retunes as a second; both are committed in the order the changes are listed.
  long long seen = greedyVersion;  // bestVersion when the last round's base was the best rollout
  int rounds = 0;
  for (int round = 0; round < schedule_.change_rounds && ledger.bestSteps() > 0 && !run.shouldStop(); ++round) {
    if (round > 0 && seen == ledger.bestVersion()) break;  // the best rollout was a base already
    const PolicyRollout base = round == 0 ? greedyRoll : ledger.best();
    if (round > 0) seen = ledger.bestVersion();
    ++rounds;
    std::vector<RolloutJob> first;
    std::vector<bool> retune;  // per first-level job: its TP degrees are changed too
    std::vector<int> actions;
    for (const RolloutStep& step : base.steps)
      for (const PolicyDecision& d : step.decisions) {
        changeEach(actions, d, first);
        retune.resize(first.size(), round == 0 && d.kind == DecisionKind::Depth);
        actions.push_back(d.action);
      }
    std::vector<BatchedRollout> firstDone(first.size());
    const size_t firstCount = rollouts.run(first, [&](size_t i, BatchedRollout& r) {
      firstDone[i] = std::move(r);
      return true;
    }, stop);
    std::vector<std::vector<RolloutJob>> retunes(firstCount);
    std::vector<RolloutJob> second;
    for (size_t i = 0; i < firstCount; ++i)
      if (retune[i]) {
        retunes[i] = changeTpOfStep(firstDone[i].rollout, first[i].options.prefix.size() - 1);
        second.insert(second.end(), retunes[i].begin(), retunes[i].end());
      }
    std::vector<BatchedRollout> secondDone(second.size());
    const size_t secondCount = rollouts.run(second, [&](size_t i, BatchedRollout& r) {
      secondDone[i] = std::move(r);
      return true;
    }, stop);
    size_t s = 0;
    bool stopped = false;
    for (size_t i = 0; i < firstCount && !stopped; ++i) {
      if (run.shouldStop()) break;
      commit(firstDone[i]);
      ++changed;
      for (size_t j = 0; j < retunes[i].size(); ++j, ++s) {
        if (s >= secondCount || run.shouldStop()) {
          stopped = true;
          break;
        }
        commit(secondDone[s]);
        ++retuned;
      }
    }
    if (firstCount < first.size()) break;
  }
  if (rounds > 0) ledger.endPhase("one-decision changes");

  // Phase 6: the best construction's stage orders (stage_order_sweep.h), then templates appended
  // on the GPUs it leaves free (template_append_sweep.h) and its one-stage edits
  // (stage_edit_sweep.h), alternating with the order sweep while they improve it; then the same
  // from the runner-up constructions, best first. Not for flat-rl: the sweeps
  // replay templates through the rule-based fill, which the ablation does without (its
  // templates are placed with the arithmetic its policy decided).
  int orders = 0, edits = 0, appends = 0;
  std::unique_ptr<ConstructionEpisode> whole;  // set when an append used a withheld GPU type
  if (schedule_.stage_orders && !flat_ && !run.shouldStop()) {
    const bool local = schedule_.stage_edits || schedule_.template_appends;
    // Appends and one-stage edits, each improving round followed by another stage-order sweep.
    // The appends first: one fill each, where an edit fills its template and every later one.
    const auto polish = [&](std::vector<TemplateChoice> construction, int lookahead, bool lead) {
      for (int round = 0; local && round < kEditRounds && !run.shouldStop(); ++round) {
        const double before = run.bestThroughput();
        if (schedule_.template_appends) {
          TemplateAppendSweep appended = sweepAppendedTemplates(episode, run, construction, 2, lead);
          appends += appended.appends;
          construction = std::move(appended.best);
        }
        if (schedule_.stage_edits && !construction.empty()) {
          StageEditSweep edited = sweepStageEdits(episode, run, construction, 3, lookahead);
          edits += edited.edits;
          construction = std::move(edited.best);
        }
        if (run.bestThroughput() <= before) break;
        StageOrderSweep ordered = sweepStageOrders(episode, run, construction);
        orders += ordered.orders;
        construction = std::move(ordered.best);
      }
      return construction;
    };
    // The local search from one construction; returns the construction of the best plan it saw.
    // The edit sweep's lookahead (two edits at once) for the best construction only: a runner-up
    // is searched for the few edits that take it past the best, and each lookahead is a whole
    // neighbourhood more (on held-out `large-05`, a MoE model on six types, 3.6 s of planning
    // became 8 s with it everywhere, 4.8 s with it here only, the plans the same).
    const auto search = [&](std::vector<TemplateChoice> construction, bool first, bool lead = false) {
      const int lookahead = first ? schedule_.edit_lookahead : 0;
      if (!construction.empty()) {
        StageOrderSweep ordered = sweepStageOrders(episode, run, construction);
        orders += ordered.orders;
        if (first) ledger.endPhase(PlannerPhase::kStageOrderSweep);
        construction = std::move(ordered.best);
      }
      construction = polish(std::move(construction), lookahead, lead);
      // The templates' order last, from where the sweeps ended, so it only adds to them; a better
      // order is polished again.
      if (construction.size() > 1 && !run.shouldStop()) {
        const double before = run.bestThroughput();
        StageOrderSweep moved = sweepTemplateOrders(episode, run, construction);
        orders += moved.orders;
        construction = std::move(moved.best);
        if (run.bestThroughput() > before) construction = polish(std::move(construction), lookahead, lead);
      }
      return construction;
    };
    std::vector<TemplateChoice> best;
    for (int i = 0; i < ledger.bestSteps(); ++i) {
      const TemplateChoice& c = ledger.best().steps[static_cast<size_t>(i)].choice;
      if (!c.isStop()) best.push_back(c);
    }
    // With nothing placed there is no order to sweep and no stage to edit, but a template of one
    // type on the whole cluster may fit where every rollout failed (e.g. a sequence length far
    // from training's): the unused-GPU explanation would name it, so the appends still run.
    std::vector<TemplateChoice> construction = search(best, true);
    // The runner-ups: a plan below the best can be fewer edits from a better one (on the held-out
    // `large-01`, seed 1, the best rollout's edits end at 25.24 seq/s, below greedy's 25.88; a
    // runner-up's reach 26.43, three H100 replicas first and the L4s in templates of their own).
    for (const std::vector<TemplateChoice>& leader : ledger.leaders()) {
      if (run.shouldStop()) break;
      if (leader == best) continue;
      const double before = run.bestThroughput();
      std::vector<TemplateChoice> reached = search(leader, false);
      if (run.bestThroughput() > before) construction = std::move(reached);
    }
    // Last, each of the best first templates alone, every other GPU free: the templates a rollout
    // places after its first hold GPUs that the first one's edits need, and they are the policy's
    // least reliable decisions. On held-out `edge-1024-02` the edits of a sweep rollout's
    // H100 ×8 | H200 TP 2 ×7 reach 168.30 seq/s alone and 150.35 with the three templates placed
    // after it (`greedy`: 163.27; tst_stage_edit_sweep::editsTheFirstTemplateAlone); the whole
    // local search from it ends at 175.11, where the best construction's ended at 147.79.
    // Their appends also try templates led by a run of stages on a type with more memory per GPU
    // (`leading_runs`): alone, a first template leaves that type's GPUs free for one. Only here,
    // so no earlier search changes its path (their first-stage form, tried in every search, took
    // the validation set's `val-large-08` from 196.11 to 193.86 seq/s, commit 50e09cb); on
    // held-out `large-01`, seeds 0 and 2, H100 TP 2 ×2 | L4 TP 8 ×11 appended this way after
    // three H100 replicas reaches `greedy`'s 25.88 seq/s (from 25.25; greedy leads with H100 ×5).
    const std::vector<std::vector<TemplateChoice>> leaders = ledger.leaders();
    for (const std::vector<TemplateChoice>& first : ledger.firstTemplates()) {
      if (run.shouldStop()) break;
      // One searched already (as the best construction or a runner-up) is not searched again,
      // not even for the appends led by a larger type: on `paper-3t-512` with llama3-8b that
      // nearly doubled the evaluations, and on the held-out set it changed no plan.
      if (first == best || std::find(leaders.begin(), leaders.end(), first) != leaders.end()) continue;
      const double before = run.bestThroughput();
      std::vector<TemplateChoice> reached = search(first, false, schedule_.leading_runs);
      if (run.bestThroughput() > before) construction = std::move(reached);
    }
    // Then, once, the led appends on the construction all of that ended with: only the searches
    // from first templates alone tried them, so a plan whose best construction is one long
    // template never met the template a larger type's stages lead (on `paper-moe-160` with
    // deepseek-v3-like, H100 TP 4 | A100-40 TP 4 x5 on the GPUs nine H100 stages leave, which is
    // `greedy`'s second template: 183.61 seq/s without it, greedy's 188.69 with it). Last, so no
    // earlier search changes its path; an improvement is polished like any other.
    if (schedule_.leading_runs && schedule_.template_appends && !construction.empty() && !run.shouldStop()) {
      const double before = run.bestThroughput();
      TemplateAppendSweep led = sweepAppendedTemplates(episode, run, construction, 2, true);
      appends += led.appends;
      if (run.bestThroughput() > before) construction = polish(std::move(led.best), 0, false);
    }
    // Then, once, the best edits of that construction in other orders: an edit can lose only where
    // it stands (held-out `sailor-neo27-320-b1024`, seed 0: two V100 stages merged into one at
    // TP 2 lose in place and win at the pipeline's end; `small-05`: the RTX 2080 pipeline made
    // deeper wins once the V100 template moves ahead of the RTX 3090s, which then take a larger
    // micro-batch). Last, for the same reason as the led appends: tried within the edit sweep's
    // lookahead, the earlier improvement took held-out `medium-02` at seed 1 from 22.09 to 21.58
    // seq/s, the later searches no longer climbing past it.
    if (schedule_.lookahead_orders && schedule_.stage_edits && !construction.empty() && !run.shouldStop()) {
      const double before = run.bestThroughput();
      StageEditSweep reordered = sweepReorderedEdits(episode, run, construction, schedule_.edit_lookahead);
      edits += reordered.edits;
      orders += reordered.orders;
      if (run.bestThroughput() > before) construction = polish(std::move(reordered.best), 0, false);
    }
    // The GPU types the state cannot hold were withheld from every rollout; the appends need no
    // state, so they also try a template of one withheld type on its free GPUs (an episode
    // without the withholding, the same construction replayed first).
    if (types.reduced() && schedule_.template_appends && !run.shouldStop()) {
      EpisodeOptions every = options;
      every.withheld_gpu_types.clear();
      whole = std::make_unique<ConstructionEpisode>(cost, every);
      TemplateAppendSweep more = sweepAppendedTemplates(*whole, run, construction);
      appends += more.appends;
      if (more.best.size() > construction.size())
        construction = std::move(more.best);
      else
        whole.reset();  // nothing taken: the result is episode's
    }
    if (local && !construction.empty()) ledger.endPhase(PlannerPhase::kStageEditSweep);
  }

  std::vector<Reason> clauses = {Reason(text::kPolicyRollouts, {integer(count), integer(swept), integer(sampled), integer(exploring),
                                                                  integer(changed), integer(retuned), integer(orders),
                                                                  integer(edits), integer(appends)}),
                                  types.summary(cost)};
  if (!provedInfeasible.empty()) clauses.push_back(provedInfeasible);
  const Reason summary = joinReasons(text::kJoinClauses, clauses);
  PlannerResult result = run.finish(whole ? *whole : episode, name_, version(), seed, summary);
  // Withheld types the plan uses (only an append can place one): the message says so, and their
  // free GPUs are explained like any other type's; the others keep the reduction as their reason.
  const std::vector<std::string> appendedWithheld =
      whole && result.found ? typesUsed(result.plan, types.withheld) : std::vector<std::string>{};
  if (!appendedWithheld.empty()) {
    std::vector<Reason> ids;
    for (const std::string& id : appendedWithheld) ids.push_back(Reason(text::kVerbatim, {verbatim(id)}));
    result.stats.reason = joinReasons(
        text::kJoinClauses,
        {summary, Reason(text::kWithheldTypesAppended, {nested(joinReasons(text::kListItems, ids))})});
    result.stats.message = result.stats.reason.english();
  }
  result.stats.phases = ledger.phases();
  result.stats.proof = provedInfeasible;  // empty unless the bound proved that nothing fits
  if (types.reduced()) {
    // The withheld types' GPUs with the reduction as their reason (without a plan, finish()
    // explained every node as if the planner could have used it).
    const auto leftOut = [&](const std::string& id) {
      return std::find(types.withheld.begin(), types.withheld.end(), id) != types.withheld.end() &&
             std::find(appendedWithheld.begin(), appendedWithheld.end(), id) == appendedWithheld.end();
    };
    auto& unused = result.plan.unused_gpus;
    unused.erase(std::remove_if(unused.begin(), unused.end(), [&](const UnusedGpus& u) { return leftOut(u.gpu_type); }),
                 unused.end());
    for (UnusedGpus& u : types.unusedGpus(cost))
      if (leftOut(u.gpu_type)) unused.push_back(std::move(u));
  }
  return result;
}

}  // namespace arachne
