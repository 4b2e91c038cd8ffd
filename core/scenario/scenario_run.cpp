// runScenario: the start, then each event in turn (replan, decide, price the stall and the
// state transfer, roll back a failure), accounted on a throughput timeline.
#include "scenario/scenario_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "catalog/gpu_catalog.h"
#include "cost/cost_model.h"
#include "io/load_error.h"
#include "plan/texts.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_set.h"
#include "scenario/throughput_timeline.h"

namespace arachne {

namespace {

// A composition with the profiles and cost model a planner plans on.
struct World {
  Composition composition;
  ProfileSet profiles;
  std::unique_ptr<CostModel> cost;
  World(const GpuCatalog& catalog, Composition c, const Model& model, const TrainingSpec& spec)
      : composition(std::move(c)),
        profiles(makeAnalyticProfiles(catalog, composition.gpuTypes(), model, spec)),
        cost(std::make_unique<CostModel>(catalog, composition, model, spec, profiles)) {}
};

bool usesAny(const Plan& plan, const std::set<int>& nodes) {
  for (const Template& t : plan.templates)
    for (const Stage& s : t.stages)
      for (int id : s.node_ids)
        if (nodes.count(id)) return true;
  return false;
}

double throughputOn(const Plan& plan, const CostModel& cost) {
  const PlanReport r = cost.price(plan);
  return r.feasible ? r.throughput.sequences_per_s : 0.0;
}

struct PlannerCall {
  PlannerResult result;
  double wall_s = 0;
};

PlannerCall callPlanner(const std::string& name, const CostModel& cost, const ScenarioRunOptions& o,
                        const std::atomic<bool>* cancel) {
  // A fresh instance at every event: no plan and no search state is carried forward.
  std::unique_ptr<Planner> planner = makePlanner(name);
  if (!planner) throw std::invalid_argument("unknown planner '" + name + "'");
  const auto t0 = std::chrono::steady_clock::now();
  PlannerCall c;
  c.result = planner->plan(cost, o.budget, o.seed, {}, cancel);
  c.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (c.result.found && !c.result.report.feasible) c.result.found = false;
  return c;
}

void fillPlanned(ScenarioStep& st, const PlannerCall& call) {
  st.found = call.result.found;
  st.planned_sequences_per_s = call.result.found ? call.result.report.throughput.sequences_per_s : 0.0;
  st.planner_wall_s = call.wall_s;
  st.evaluations = call.result.stats.evaluations;
  st.planner_message = call.result.stats.message;
}

void setRunning(ScenarioStep& st, const std::optional<Plan>& plan, double rate, double iteration) {
  st.plan = plan;
  st.after_sequences_per_s = plan ? rate : 0.0;
  st.after_iteration_s = plan ? iteration : 0.0;
  st.plan_shape = plan ? planShape(*plan) : "-";
  st.gpus_used = plan ? plan->gpusUsed() : 0;
}

// The step's reason as data and in English (the CLI's tables and the trace JSON).
void setWhy(ScenarioStep& st, Reason why) {
  st.reason = why.english();
  st.why = std::move(why);
}

}  // namespace

std::string toString(StepDecision d) {
  switch (d) {
    case StepDecision::Start: return "start";
    case StepDecision::Replan: return "replan";
    case StepDecision::Keep: return "keep";
    case StepDecision::Switch: return "switch";
    case StepDecision::Forced: return "forced";
    case StepDecision::Stopped: return "stopped";
  }
  return "start";
}

std::string toString(PiecePhase p) {
  switch (p) {
    case PiecePhase::Training: return "training";
    case PiecePhase::Stall: return "stall";
    case PiecePhase::Stopped: return "stopped";
  }
  return "training";
}

std::string planShape(const Plan& plan) {
  if (plan.templates.empty()) return "-";
  std::string s;
  for (const Template& t : plan.templates) {
    if (!s.empty()) s += " + ";
    s += std::to_string(t.replicas) + "x[";
    for (size_t i = 0; i < t.stages.size(); ++i) {
      const Stage& st = t.stages[i];
      if (i) s += " | ";
      s += st.gpu_type + " TP" + std::to_string(st.tp) + " L" + std::to_string(st.first_layer) + "-" +
           std::to_string(st.last_layer);
    }
    s += "]";
  }
  return s;
}

ScenarioTrace runScenario(const Scenario& scenario, const Model& model, const TrainingSpec& spec,
                          const std::string& plannerName, const ScenarioRunOptions& options,
                          const GpuCatalog& catalog, const ScenarioStepCallback& onStep,
                          const std::atomic<bool>* cancel) {
  if (!makePlanner(plannerName)) throw std::invalid_argument("unknown planner '" + plannerName + "'");
  const std::string label = "<scenario " + (scenario.name.empty() ? std::string("unnamed") : scenario.name) + ">";
  const std::vector<ScenarioProblem> problems = validateScenario(scenario);
  if (!problems.empty()) throw LoadError(label, problems.front().field, problems.front().problem);

  const ReconfigurationParams& rp = scenario.reconfiguration;
  const double horizon = scenario.horizon();
  ScenarioTrace trace;
  trace.planner = plannerName;
  trace.policy = options.policy;
  trace.horizon_s = horizon;
  ThroughputTimeline timeline;
  auto cancelled = [&] { return cancel && cancel->load(); };
  // After `done` events: the run so far, its pieces up to the next event.
  auto report = [&](size_t done) {
    if (!onStep) return;
    const double until = done < scenario.events.size() ? scenario.events[done].at_s : horizon;
    trace.pieces = timeline.snapshot(std::max(until, trace.steps.back().resumes_s));
    onStep(trace);
    trace.pieces.clear();
  };

  // The start: the job's first plan, without a stall (the figure begins with training).
  auto world = std::make_unique<World>(catalog, scenario.start, model, spec);
  std::optional<Plan> running;        // the plan that trains now
  double runningRate = 0;
  double runningSince = 0;            // when it began to train (for the iteration boundaries)
  double iterationS = 0;
  std::unique_ptr<World> holderWorld; // the composition whose GPUs hold the state, and its plan
  std::optional<Plan> holder;
  std::set<int> holderFailed;         // nodes of the holder's plan that failed or left since
  {
    ScenarioStep st;
    st.kind = "start";
    st.event = scenario.cluster_spec.empty() ? world->composition.toInlineSpec() : scenario.cluster_spec;
    st.event_text = Reason(text::kVerbatim, {verbatim(st.event)});
    st.composition = world->composition.toInlineSpec();
    st.gpus = world->composition.totalGpus();
    const PlannerCall call = callPlanner(plannerName, *world->cost, options, cancel);
    fillPlanned(st, call);
    trace.planner_s += call.wall_s;
    st.decision = call.result.found ? StepDecision::Start : StepDecision::Stopped;
    if (call.result.found) {
      running = call.result.plan;
      runningRate = call.result.report.throughput.sequences_per_s;
      iterationS = call.result.report.iteration_time_s;
      setWhy(st, Reason(text::kStepStarts));
    } else {
      setWhy(st, Reason(text::kStepNoStartPlan));
    }
    setRunning(st, running, runningRate, iterationS);
    timeline.set(0, running ? runningRate : 0.0, running ? PiecePhase::Training : PiecePhase::Stopped, 0);
    holder = running;
    holderWorld = std::move(world);
    trace.steps.push_back(st);
    report(0);
  }

  double controllerFree = 0;
  for (size_t i = 0; i < scenario.events.size() && !cancelled(); ++i) {
    const ScenarioEvent& ev = scenario.events[i];
    const int index = static_cast<int>(i) + 1;
    ScenarioStep st;
    st.index = index;
    st.at_s = ev.at_s;
    st.handled_s = std::max(ev.at_s, controllerFree);
    st.kind = toString(ev.kind);
    st.event_text = scenario.describeText(ev);
    st.event = st.event_text.english();
    auto next = std::make_unique<World>(catalog, scenario.compositionAfter(i + 1), model, spec);
    st.composition = next->composition.toInlineSpec();
    st.gpus = next->composition.totalGpus();
    const double t = st.handled_s;

    std::set<int> gone(ev.node_ids.begin(), ev.node_ids.end());
    const bool fail = ev.kind == ScenarioEventKind::Fail;
    st.before_sequences_per_s = timeline.rate();
    st.running_lost_gpus = running && usesAny(*running, gone);
    st.kept_sequences_per_s = running && !st.running_lost_gpus ? throughputOn(*running, *next->cost) : 0.0;
    const bool canContinue = running && !st.running_lost_gpus && st.kept_sequences_per_s > 0;
    if (fail) holderFailed.insert(gone.begin(), gone.end());

    // A failure of a GPU the plan used rolls the job back to its last checkpoint.
    if (fail && st.running_lost_gpus) {
      double checkpoint = 0;
      if (rp.checkpoint_interval_s > 0) {
        checkpoint = std::floor(ev.at_s / rp.checkpoint_interval_s) * rp.checkpoint_interval_s;
      } else if (iterationS > 0) {
        checkpoint = runningSince + std::floor((ev.at_s - runningSince) / iterationS) * iterationS;
      } else {
        checkpoint = ev.at_s;
      }
      st.rolled_back_to_s = std::clamp(checkpoint, 0.0, ev.at_s);
      st.sequences_rolled_back = timeline.sequences(st.rolled_back_to_s, ev.at_s);
    }
    // A leave or a failure of used GPUs stops the job when the event happens.
    if (st.running_lost_gpus) timeline.set(ev.at_s, 0.0, PiecePhase::Stall, index);

    const PlannerCall call = callPlanner(plannerName, *next->cost, options, cancel);
    fillPlanned(st, call);
    trace.planner_s += call.wall_s;
    const double plannerCharge = rp.planner_s.value_or(call.wall_s);

    auto reconfigure = [&](bool plannerInStall) {
      static const Plan kNone;
      st.transfer = priceStateTransfer(holder ? *holder : kNone, *holderWorld->cost, call.result.plan, *next->cost,
                                       holderFailed, rp);
      st.stall.planner_s = plannerInStall ? plannerCharge : 0.0;
      st.stall.release_s = rp.release_s;
      st.stall.process_group_s = rp.process_group_s;
      st.stall.transfer_s = st.transfer.time_s;
      st.stall.engine_build_s = rp.engine_build_s;
      st.stall.unattributed_s = rp.unattributed_s;
      st.stall_s = st.stall.total();
    };

    const bool backgroundPlanning = options.policy == ReplanPolicy::KeepIfBetter && canContinue;
    if (!backgroundPlanning) {
      // The paper's protocol, or a plan that cannot go on: stop, replan, restart.
      if (call.result.found) {
        reconfigure(true);
        st.decision = !running ? StepDecision::Start
                      : st.running_lost_gpus ? StepDecision::Forced
                      : options.policy == ReplanPolicy::Replan ? StepDecision::Replan : StepDecision::Switch;
        if (options.policy == ReplanPolicy::Replan && !st.running_lost_gpus && running)
          setWhy(st, Reason(text::kStepReplanned));
        else if (!running)
          setWhy(st, Reason(text::kStepRestarts));
        else
          setWhy(st, decideKeepIfBetter(0, true, st.planned_sequences_per_s, st.stall_s, horizon - t).why);
        timeline.set(t, 0.0, PiecePhase::Stall, index);
        st.resumes_s = t + st.stall_s;
        running = call.result.plan;
        runningRate = st.planned_sequences_per_s;
        iterationS = call.result.report.iteration_time_s;
        runningSince = st.resumes_s;
        timeline.set(st.resumes_s, runningRate, PiecePhase::Training, index);
        holder = running;
        holderWorld = std::move(next);
        holderFailed.clear();
      } else if (canContinue) {
        st.decision = StepDecision::Keep;
        setWhy(st, Reason(text::kStepKeptNoPlan));
        st.resumes_s = t;
        runningRate = st.kept_sequences_per_s;
        timeline.set(t, runningRate, PiecePhase::Training, index);
        holderWorld = std::move(next);
      } else {
        st.decision = StepDecision::Stopped;
        setWhy(st, Reason(running ? text::kStepStoppedLost : text::kStepStillWaits));
        st.resumes_s = t;
        running.reset();
        runningRate = 0;
        timeline.set(t, 0.0, PiecePhase::Stopped, index);
        // The state stays where the last plan left it (less what failed).
      }
    } else {
      // Keep-if-better with a plan that can go on: the planner ran while it trained.
      runningRate = st.kept_sequences_per_s;
      timeline.set(t, runningRate, PiecePhase::Training, index);
      const double decided = t + plannerCharge;
      if (call.result.found) reconfigure(false);
      const KeepDecision d = decideKeepIfBetter(runningRate, false, st.planned_sequences_per_s,
                                                call.result.found ? st.stall_s : 0.0, horizon - decided);
      setWhy(st, d.why);
      if (d.switch_plan) {
        st.decision = StepDecision::Switch;
        timeline.set(decided, 0.0, PiecePhase::Stall, index);
        st.resumes_s = decided + st.stall_s;
        running = call.result.plan;
        runningRate = st.planned_sequences_per_s;
        iterationS = call.result.report.iteration_time_s;
        runningSince = st.resumes_s;
        timeline.set(st.resumes_s, runningRate, PiecePhase::Training, index);
        holder = running;
        holderWorld = std::move(next);
        holderFailed.clear();
      } else {
        st.decision = StepDecision::Keep;
        st.stall = {};
        st.stall_s = 0;
        st.transfer = {};
        st.resumes_s = decided;
        // The running plan's nodes keep their ids, so the new composition prices it from now on.
        holderWorld = std::move(next);
      }
    }
    // Nodes that left can send their state only during this event's own reconfiguration.
    if (!fail && ev.kind == ScenarioEventKind::Leave && holder && usesAny(*holder, gone))
      holderFailed.insert(gone.begin(), gone.end());
    controllerFree = std::max(st.resumes_s, t + plannerCharge);
    // Only the part of the stall inside the horizon costs sequences: a stall that runs past the
    // end of the run would otherwise count training the run never had time for.
    const double stallInside = std::max(0.0, std::min(st.resumes_s, horizon) - std::min(st.resumes_s - st.stall_s, horizon));
    st.sequences_lost_to_stall = stallInside * (running ? runningRate : 0.0);
    setRunning(st, running, runningRate, iterationS);
    trace.stall_s += st.stall_s;
    trace.steps.push_back(st);
    report(i + 1);
  }
  trace.cancelled = cancelled();
  trace.pieces = timeline.finish(horizon);
  double trained = 0, rolledBack = 0;
  for (const ThroughputPiece& p : trace.pieces) trained += p.sequences_per_s * (p.end_s - p.start_s);
  for (const ScenarioStep& s : trace.steps) rolledBack += s.sequences_rolled_back;
  trace.total_sequences = std::max(0.0, trained - rolledBack);
  trace.time_weighted_sequences_per_s = horizon > 0 ? trace.total_sequences / horizon : 0.0;
  return trace;
}

}  // namespace arachne
