// `scenario`: run a cluster that changes under the job (join / leave / fail events) with one or
// more planners and a replanning policy; per event the composition, the throughput before and
// after, the stall and what it cost; over the whole run the sequences trained.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include "catalog/gpu_catalog.h"
#include "commands.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "planning_session.h"
#include "runtime_options.h"
#include "scenario/scenario_json.h"
#include "scenario/scenario_run.h"
#include "scenario/trace_report.h"
#include "table.h"

namespace arachne::cli {

namespace {

double parseSeconds(const std::string& option, const std::string& text) {
  return parseRealOption(option, text, "seconds", 0, true, 1e9, "1e9");
}

// The training spec: the model's default, then the scenario's, then the command line's training
// and runtime options (the same parser as plan's).
TrainingSpec trainingFrom(const ParsedArgs& a, const Model& model, const Scenario& s) {
  TrainingSpec spec = s.training.applyTo(model.default_training);
  applyTrainingOptions(a, spec);
  return spec;
}

std::string rate(double v) { return v > 0 ? fixed(v, 3) : "-"; }

std::string stepsTable(const ScenarioTrace& t) {
  TextTable tab({"step", "at s", "event", "GPUs", "before seq/s", "planned seq/s", "after seq/s", "decision",
                 "stall s", "moved GB", "lost seq", "plan"});
  for (size_t c : {1u, 3u, 4u, 5u, 6u, 8u, 9u, 10u}) tab.setAlign(c, TextTable::Align::Right);
  for (const ScenarioStep& s : t.steps) {
    const double lost = s.sequences_lost_to_stall + s.sequences_rolled_back;
    tab.addRow({std::to_string(s.index), fixed(s.at_s, 0), s.event, std::to_string(s.gpus),
                s.index == 0 ? "-" : rate(s.before_sequences_per_s), rate(s.planned_sequences_per_s),
                rate(s.after_sequences_per_s), toString(s.decision), s.stall_s > 0 ? fixed(s.stall_s, 1) : "-",
                s.stall_s > 0 ? fixed(s.transfer.moved() / 1e9, 2) : "-", lost > 0 ? grouped(lost) : "-",
                s.plan_shape + " (" + std::to_string(s.gpus_used) + "/" + std::to_string(s.gpus) + " GPUs)"});
  }
  return tab.render("  ");
}

std::string reasons(const ScenarioTrace& t) {
  std::string out;
  for (const ScenarioStep& s : t.steps) {
    if (s.index == 0) continue;
    out += "  step " + std::to_string(s.index) + ": " + s.reason;
    if (s.stall_s > 0) {
      char buf[400];
      std::snprintf(buf, sizeof buf,
                    "; stall %.1f s = planner %.2f + release %.2f + process groups %.2f + transfer %.2f (%s) + engine %.2f + unattributed %.2f",
                    s.stall_s, s.stall.planner_s, s.stall.release_s, s.stall.process_group_s, s.stall.transfer_s,
                    s.transfer.bottleneck.c_str(), s.stall.engine_build_s, s.stall.unattributed_s);
      out += buf;
    }
    if (s.sequences_rolled_back > 0) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "; %s sequences rolled back to the checkpoint at %.0f s",
                    grouped(s.sequences_rolled_back).c_str(), s.rolled_back_to_s);
      out += buf;
    }
    out += "\n";
  }
  return out;
}

int runScenarioCommand(const CommandSpec& cmd, const std::vector<std::string>& args, std::ostream& out,
                       std::ostream& err) {
  const ParsedArgs a = parseArgs(cmd, args);
  if (a.help()) {
    out << helpText(cmd);
    return kExitOk;
  }
  ScenarioRunOptions options;
  options.budget = budgetFrom(a, 10.0);
  if (auto v = a.value("--seed")) options.seed = static_cast<std::uint64_t>(parseIntOption("--seed", *v, 0, 2147483647));
  if (auto v = a.value("--policy")) {
    auto p = replanPolicyFromString(*v);
    if (!p) throw UsageError("option '--policy' needs replan or keep-if-better, got '" + *v + "'");
    options.policy = *p;
  }
  std::vector<std::string> names = a.has("--planners") ? parseListOption("--planners", *a.value("--planners")) : plannerNames();
  for (const auto& n : names)
    if (!makePlanner(n)) throw UsageError("unknown planner '" + n + "' (known: " + plannerList() + ")");
  std::optional<double> plannerTime;
  if (auto v = a.value("--planner-time-s")) plannerTime = parseSeconds("--planner-time-s", *v);
  const std::optional<std::string> csv = a.value("--csv");
  if (csv && csv->empty()) throw UsageError("option '--csv' needs a file name");

  const GpuCatalog& catalog = GpuCatalog::builtin();
  Scenario scenario = resolveScenario(*a.value("--scenario"), catalog);
  if (plannerTime) scenario.reconfiguration.planner_s = plannerTime;
  // --model is the user's own path; the file's "model" is taken from beside the file first.
  std::error_code noFile;
  const std::string given = *a.value("--scenario");
  const Model model = a.has("--model") ? resolveModel(*a.value("--model"))
                                       : resolveScenarioModel(scenario.model, std::filesystem::is_regular_file(given, noFile) ? given : "");
  const TrainingSpec spec = trainingFrom(a, model, scenario);

  std::vector<ScenarioTrace> traces;
  bool interrupted = false;
  {
    CancelOnSigint sigint;
    const bool tty = isatty(STDERR_FILENO);
    for (const auto& n : names) {
      if (sigint.raised()) break;
      const size_t steps = scenario.events.size() + 1;
      auto onStep = [&](const ScenarioTrace& soFar) {
        if (!tty) return;
        std::fprintf(stderr, "\r\033[K%s: step %zu of %zu", n.c_str(), soFar.steps.size(), steps);
        std::fflush(stderr);
      };
      traces.push_back(runScenario(scenario, model, spec, n, options, catalog, onStep, sigint.flag()));
      endProgressLine();
      if (traces.back().cancelled) interrupted = true;
    }
  }

  if (csv) writeScenarioOutput(*csv, tracesToCsv(traces));
  if (a.has("--json")) {
    out << tracesToJson(scenario, model, spec, options, traces);
  } else {
    const ReconfigurationParams& rp = scenario.reconfiguration;
    char head[1024];
    std::snprintf(head, sizeof head,
                  "Scenario %s: %s, global batch %d x %d tokens, horizon %.0f s, %zu events, policy %s, budget %s per planning\n"
                  "Reconfiguration: planner %s, release %.2f s, process groups %.2f s, engine build %.2f s, unattributed %.2f s, "
                  "state transfer from the plans; checkpoint every %.0f s\n",
                  scenario.name.c_str(), model.id.c_str(), spec.global_batch, spec.sequence_length, scenario.horizon(),
                  scenario.events.size(), toString(options.policy).c_str(),
                  options.budget.seconds > 0 ? (fixed(options.budget.seconds, 1) + " s").c_str()
                                             : (grouped(static_cast<double>(options.budget.evaluations)) + " evaluations").c_str(),
                  rp.planner_s ? (fixed(*rp.planner_s, 2) + " s").c_str() : "as measured", rp.release_s,
                  rp.process_group_s, rp.engine_build_s, rp.unattributed_s, rp.checkpoint_interval_s);
    out << head;
    for (const ScenarioTrace& t : traces) {
      out << "\n" << t.planner << (t.cancelled ? " (interrupted)" : "") << ":\n" << stepsTable(t) << reasons(t);
    }
    TextTable totals({"planner", "sequences", "time-weighted seq/s", "stalls s", "planner s", "lowest after/before"});
    for (size_t c = 1; c <= 5; ++c) totals.setAlign(c, TextTable::Align::Right);
    for (const ScenarioTrace& t : traces) {
      double worst = 0;
      bool any = false;
      for (const ScenarioStep& s : t.steps)
        if (s.index > 0 && s.before_sequences_per_s > 0) {
          const double r = s.after_sequences_per_s / s.before_sequences_per_s;
          worst = any ? std::min(worst, r) : r;
          any = true;
        }
      totals.addRow({t.planner, grouped(t.total_sequences), fixed(t.time_weighted_sequences_per_s, 3), fixed(t.stall_s, 1),
                     fixed(t.planner_s, 2), any ? fixed(worst, 3) : "-"});
    }
    out << "\nTotals over " << fixed(scenario.horizon(), 0) << " s:\n" << totals.render("  ");
  }
  if (interrupted) err << "arachne-cli scenario: interrupted; the remaining events and planners were not run\n";
  bool anyPlan = false;
  for (const ScenarioTrace& t : traces)
    for (const ScenarioStep& s : t.steps) anyPlan = anyPlan || s.found;
  return anyPlan ? kExitOk : kExitInfeasible;
}

}  // namespace

Command scenarioCommand() {
  CommandSpec s;
  s.name = "scenario";
  s.summary = "replan as nodes join, leave or fail under a running job, with priced reconfigurations";
  std::string presets;
  for (const auto& n : scenarioPresetNames()) presets += (presets.empty() ? "" : ", ") + n;
  s.details =
      "Runs each planner of --planners (default: every planner) through the scenario: a plan at the\n"
      "start, then at each event a plan on the new composition. --policy replan (the paper's protocol)\n"
      "restarts on the new plan at every event; keep-if-better plans in the background and switches\n"
      "only when the new plan's gain over the rest of the horizon repays the stall, and changes the\n"
      "plan when the running one used GPUs that are gone. A stall is the planner's measured time (or\n"
      "--planner-time-s), release, process-group rebuild, the state transfer computed from the two\n"
      "plans over the links it crosses, engine build and the unattributed rest of the paper's\n"
      "measurement; a failure also loses the work since the last checkpoint. Prints per step the\n"
      "composition, the throughput before, planned and after, the decision, the stall, the bytes moved\n"
      "and the sequences lost, and the totals over the horizon. --json prints every number instead;\n"
      "--csv writes throughput over time (two rows per piece). Exit code 3 when no planner found any\n"
      "plan. Scenario presets: " + presets + ". Planners: " + plannerList() + ".";
  s.options = {
      {"--scenario", "FILE|PRESET", "a *.scenario.json file or a scenario preset", true},
      {"--model", "ID|FILE", "plan this model instead of the scenario's", false},
      {"--planners", "A,B,C", "comma-separated planner names (default: every planner)", false},
      {"--policy", "replan|keep-if-better", "what to do with the running plan at an event (default replan)", false},
      {"--json", "", "print the whole run as JSON", false},
      {"--csv", "FILE", "write throughput over time as CSV (planner, policy, time_s, sequences_per_s, phase, step)", false},
      {"--budget-s", "S", "wall-clock budget of each planning call in seconds (default 10)", false},
      {"--evals", "N", "budget of each planning call in plan evaluations", false},
      {"--seed", "N", "random seed of every planning call (default 0)", false},
      {"--planner-time-s", "S", "charge S seconds of planning per reconfiguration instead of the measured time", false},
  };
  // Every step prices on analytic profiles, each composition's own links and every cost-model
  // term (core/scenario/scenario_run.cpp), so --profiles, --llm-info, --network and --without
  // are not offered: they used to be accepted and silently ignored.
  for (auto& o : pricingOptions())
    if (o.name != "--network" && o.name != "--without") s.options.push_back(o);
  return {s, runScenarioCommand};
}

}  // namespace arachne::cli
