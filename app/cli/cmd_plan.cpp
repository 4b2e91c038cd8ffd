// `plan`: run one planner on a cluster and a model, print (or save) the best plan found.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "cluster/node_order_spec.h"
#include "io/atomic_file.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "planning_session.h"
#include "report_table.h"
#include "runtime_options.h"
#include "stdout_sink.h"
#include "table.h"

namespace arachne::cli {

namespace {

std::string stepsSection(const PlannerResult& r) {
  if (r.construction.empty()) return {};
  TextTable t({"step", "template", "replicas", "seq/s before", "seq/s after", "reward", "note"});
  for (size_t c : {2u, 3u, 4u, 5u}) t.setAlign(c, TextTable::Align::Right);
  for (size_t i = 0; i < r.construction.size(); ++i) {
    const ConstructionStep& s = r.construction[i];
    std::string shape;
    for (const Stage& st : s.placed.stages)
      shape += (shape.empty() ? "" : " | ") + st.gpu_type + " TP" + std::to_string(st.tp);
    t.addRow({std::to_string(i + 1), shape.empty() ? "-" : shape,
              s.note == "placed" ? std::to_string(s.placed.replicas) : "-",
              fixed(s.throughput_before, 2), fixed(s.throughput_after, 2), fixed(s.reward, 2), s.note});
  }
  return "Construction:\n" + t.render("  ");
}

int runPlan(const CommandSpec& cmd, const std::vector<std::string>& args, std::ostream& out,
            std::ostream& err) {
  const ParsedArgs a = parseArgs(cmd, args);
  if (a.help()) {
    out << helpText(cmd);
    return kExitOk;
  }
  const PlannerBudget budget = budgetFrom(a, 10.0);
  std::uint64_t seed = kDefaultPlanningSeed;
  if (auto v = a.value("--seed")) seed = static_cast<std::uint64_t>(parseIntOption("--seed", *v, 0, 2147483647));
  const std::string name = *a.value("--planner");
  auto planner = makePlanner(name);
  if (!planner) throw UsageError("unknown planner '" + name + "' (known: " + plannerList() + ")");
  // Before the search, not after it: a bad --out must not cost the whole budget.
  if (auto file = a.value("--out")) checkOutputPath(*file);
  const PlanningProblem p = loadProblem(a);
  printProblemNotes(p, "plan", err);
  planner = makeConfiguredPlanner(name, p);

  // From here on SIGINT / SIGTERM end the search with its best plan, which is still written.
  CancelOnSigint sigint;
  PlannerResult r = planner->plan(*p.cost, budget, seed, terminalProgress(name), sigint.flag());
  endProgressLine();
  r.plan.provenance.catalog = "builtin-" + p.catalog->version();
  r.plan.provenance.profile_set = p.profiles.name;
  r.plan.provenance.cluster = nodeOrderSpec(p.composition);
  r.plan.provenance.model = p.model.id;
  r.plan.provenance.cost_terms_off = p.cost->terms().offNames();

  char line[256];
  std::snprintf(line, sizeof line, "planner %s: %lld evaluations in %.2f s%s", name.c_str(),
                r.stats.evaluations, r.stats.elapsed_s,
                r.stats.cancelled ? " (interrupted: best plan so far)" : "");
  err << line << "\n";
  if (!r.stats.message.empty()) err << "  " << r.stats.message << "\n";
  if (!r.stats.phases.empty()) {
    // What each phase of the planner's search added (PlannerStats::phases), cumulative.
    TextTable t({"after phase", "best seq/s", "evaluations", "elapsed s"});
    for (size_t c = 1; c < 4; ++c) t.setAlign(c, TextTable::Align::Right);
    auto row = [&t](const std::string& label, const PlannerPhase& ph) {
      char best[32], elapsed[32];
      std::snprintf(best, sizeof best, "%.2f", ph.best_sequences_per_s);
      std::snprintf(elapsed, sizeof elapsed, "%.3f", ph.elapsed_s);
      t.addRow({label, best, std::to_string(ph.evaluations), elapsed});
    };
    // A phase that comes back (arachne's sampled and exploring waves repeat while no rollout has
    // found a plan, or until an evaluation budget is spent) is one row, "again", holding the
    // figures after its last wave: one row per wave made a table of dozens of identical lines.
    std::set<std::string> seen;
    std::vector<std::string> again;
    const PlannerPhase* lastAgain = nullptr;
    int waves = 0;
    auto flush = [&] {
      if (!lastAgain) return;
      std::string label;
      for (const auto& n : again) label += (label.empty() ? "" : " and ") + n;
      row(label + " again (" + std::to_string(waves) + " more)", *lastAgain);
      again.clear();
      lastAgain = nullptr;
      waves = 0;
    };
    for (const PlannerPhase& ph : r.stats.phases) {
      if (!seen.insert(ph.name).second) {
        if (std::find(again.begin(), again.end(), ph.name) == again.end()) again.push_back(ph.name);
        lastAgain = &ph;
        ++waves;
        continue;
      }
      flush();
      row(ph.name, ph);
    }
    flush();
    err << t.render("  ");
  }

  if (r.found) {
    std::string saveError;
    if (auto file = a.value("--out")) {
      try {
        savePlanFile(r.plan, &r.report, p.spec, *file);
      } catch (const LoadError& e) {
        saveError = e.what();
      }
    }
    if (a.has("--json")) {
      out << planToJson(r.plan, &r.report, p.spec);
    } else {
      ReportContext ctx;
      ctx.plan_label = "planner " + name;
      ctx.composition = &p.composition;
      ctx.model = &p.model;
      ctx.spec = &p.spec;
      ctx.profile_set = p.profiles.name;
      ctx.terms_off = joinTermNames(r.plan.provenance.cost_terms_off);
      out << renderPlanReport(r.plan, r.report, ctx);
      out << "\n" << stepsSection(r);
    }
    if (!saveError.empty()) {
      // The plan is printed above; keep it as a file too, so the search is not lost.
      const std::string kept = rescueOutput("plan", planToJson(r.plan, &r.report, p.spec), ".plan.json");
      err << "arachne-cli plan: " << saveError
          << (kept.empty() ? std::string("; the plan is only on stdout") : "; the plan is saved in " + kept) << "\n";
      return kExitBadInput;
    }
    return kExitOk;
  }
  if (a.has("--json")) {
    // Still JSON, so a script reading stdout can tell "no plan" from a broken run: no templates,
    // "feasible": false, and every GPU with the reason it holds no template. The exit code says it too.
    // A planner that proved no plan exists adds its proof ("infeasible_proof", beside the plan's
    // fields: a plan file does not carry it).
    std::string text = planToJson(r.plan, &r.report, p.spec);
    if (!r.stats.proof.empty()) {
      nlohmann::ordered_json j = nlohmann::ordered_json::parse(text);
      j["infeasible_proof"] = r.stats.proof.english();
      text = j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
    }
    out << text;
    return kExitInfeasible;
  }
  out << "no feasible plan found" << (r.stats.refused ? " (the planner refused: see above)" : "") << "\n";
  if (!r.stats.proof.empty()) out << "  " << r.stats.proof.english() << "\n";
  if (!r.plan.unused_gpus.empty()) {
    TextTable t({"GPU type", "node", "GPUs", "why it holds no template"});
    for (const UnusedGpuGroup& g : groupUnusedGpus(r.plan.unused_gpus))
      t.addRow({g.gpu_type, unusedNodesCell(g), unusedCountCell(g), g.reason});
    out << t.render("  ");
  }
  return kExitInfeasible;
}

}  // namespace

Command planCommand() {
  CommandSpec s;
  s.name = "plan";
  s.summary = "search a plan for a cluster and a model with one planner";
  s.details =
      "Planners: " + plannerList() + " (docs/planners.md). The budget ends the search: 10 s by\n"
      "default; --evals alone bounds it by plan evaluations instead. Ctrl-C (or SIGTERM) ends the\n"
      "search cleanly: the best plan so far is printed (and saved with --out). --out is checked\n"
      "before the search starts.\n"
      "Exit code 0 with a plan, 3 when no feasible plan was found (or exhaustive refused).";
  s.options = {
      {"--cluster", "SPEC", "the cluster: a *.cluster.json file, a preset name or the inline form", true},
      {"--model", "ID|FILE", "model catalog id or model JSON file", true},
      {"--planner", "NAME", "one of: " + plannerList(), true},
      {"--budget-s", "S", "wall-clock budget in seconds (default 10)", false},
      {"--evals", "N", "budget in plan evaluations", false},
      {"--seed", "N", "random seed (default 0)", false},
      {"--out", "FILE", "also write the plan as *.plan.json", false},
      {"--json", "", "print the plan as plan JSON instead of tables", false},
  };
  for (auto& o : trainingOptions()) s.options.push_back(o);
  return {s, runPlan};
}

}  // namespace arachne::cli
