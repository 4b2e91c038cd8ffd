// `compare`: run several planners on one problem and print one table of their results.
#include <algorithm>
#include <cstdio>

#include "cluster/node_order_spec.h"
#include "commands.h"
#include "planning_session.h"
#include "table.h"

namespace arachne::cli {

namespace {

int runCompare(const CommandSpec& cmd, const std::vector<std::string>& args, std::ostream& out,
               std::ostream& err) {
  const ParsedArgs a = parseArgs(cmd, args);
  if (a.help()) {
    out << helpText(cmd);
    return kExitOk;
  }
  const PlannerBudget budget = budgetFrom(a, 10.0);
  std::uint64_t seed = kDefaultPlanningSeed;
  if (auto v = a.value("--seed")) seed = static_cast<std::uint64_t>(parseIntOption("--seed", *v, 0, 2147483647));
  std::vector<std::string> names = parseListOption("--planners", *a.value("--planners"));
  if (std::find(names.begin(), names.end(), "all") != names.end()) {
    if (names.size() > 1) throw UsageError("option '--planners' takes 'all' alone or a list of planner names");
    names = plannerNames();  // as the GUI's --compare all: every planner the registry offers
  }
  for (const auto& n : names)
    if (!makePlanner(n)) throw UsageError("unknown planner '" + n + "' (known: " + plannerList() + ")");
  const PlanningProblem p = loadProblem(a);
  printProblemNotes(p, "compare", err);

  // $/M tokens: the whole cluster's price over the plan's tokens, so a plan that leaves GPUs idle
  // pays for them too.
  TextTable t({"planner", "seq/s", "iter/s", "iteration s", "planning s", "evaluations", "GPUs used", "$/M tokens", "note"});
  for (size_t c = 1; c <= 7; ++c) t.setAlign(c, TextTable::Align::Right);
  bool any = false, interrupted = false;
  // SIGINT / SIGTERM end the running planner with its best plan and skip the rest; the table
  // is still printed.
  CancelOnSigint sigint;
  {
    for (const auto& n : names) {
      if (sigint.raised()) {
        t.addRow({n, "-", "-", "-", "-", "-", "-", "-", "not run (interrupted)"});
        continue;
      }
      auto planner = makeConfiguredPlanner(n, p);
      const PlannerResult r = planner->plan(*p.cost, budget, seed, terminalProgress(n), sigint.flag());
      endProgressLine();
      // Without a plan the planner's own account says why (e.g. what Metis skipped or AMP's
      // batch rule); its first line, as `plan` prints it above its table.
      const std::string account = r.stats.message.substr(0, r.stats.message.find('\n'));
      std::string note = r.stats.refused ? r.stats.message
                         : r.stats.cancelled ? "interrupted: best so far"
                         : r.found ? ""
                         : account.empty() || account.rfind("warning:", 0) == 0 ? "no feasible plan"
                                                                                : "no feasible plan: " + account;
      // E.g. arachne without usable weights planned with greedy: the table must not pass it off as the policy.
      if (r.stats.message.rfind("warning:", 0) == 0) {
        err << "arachne-cli compare: " << n << ": " << r.stats.message << "\n";
        if (note.empty()) note = "warning: see stderr";
      }
      if (r.stats.cancelled) interrupted = true;
      if (r.found) {
        any = true;
        t.addRow({n, fixed(r.report.throughput.sequences_per_s, 2), fixed(r.report.throughput.iterations_per_s, 4),
                  fixed(r.report.iteration_time_s, 3), fixed(r.stats.elapsed_s, 2), grouped(r.stats.evaluations),
                  std::to_string(r.plan.gpusUsed()) + "/" + std::to_string(p.composition.totalGpus()),
                  r.report.usdPerMillionTokens() > 0 ? fixed(r.report.usdPerMillionTokens(), 3) : "-", note});
      } else {
        t.addRow({n, "-", "-", "-", fixed(r.stats.elapsed_s, 2), grouped(r.stats.evaluations), "-", "-", note});
      }
    }
  }
  char head[512];
  std::snprintf(head, sizeof head, "%s on %s (%d GPUs), global batch %d x %d tokens, budget %s\n",
                p.model.id.c_str(), nodeOrderSpec(p.composition).c_str(), p.composition.totalGpus(),
                p.spec.global_batch, p.spec.sequence_length,
                budget.seconds > 0 ? (fixed(budget.seconds, 1) + " s").c_str()
                                   : (grouped(static_cast<double>(budget.evaluations)) + " evaluations").c_str());
  out << head << t.render();
  if (interrupted) err << "arachne-cli compare: interrupted; remaining planners were not run\n";
  return any ? kExitOk : kExitInfeasible;
}

}  // namespace

Command compareCommand() {
  CommandSpec s;
  s.name = "compare";
  s.summary = "run several planners on one problem and tabulate their plans";
  s.details =
      "Runs each planner of --planners in turn with the same budget and seed and prints one\n"
      "table: throughput (sequences/s and iterations/s), iteration time, planning time,\n"
      "evaluations and GPUs used. Ctrl-C (or SIGTERM) ends the running planner with its best\n"
      "plan so far and skips the rest. Planners: " + plannerList() + ".";
  s.options = {
      {"--cluster", "SPEC", "the cluster: a *.cluster.json file, a preset name or the inline form", true},
      {"--model", "ID|FILE", "model catalog id or model JSON file", true},
      {"--planners", "A,B,C", "comma-separated planner names, or all", true},
      {"--budget-s", "S", "wall-clock budget per planner in seconds (default 10)", false},
      {"--evals", "N", "budget per planner in plan evaluations", false},
      {"--seed", "N", "random seed (default 0)", false},
  };
  for (auto& o : trainingOptions()) s.options.push_back(o);
  return {s, runCompare};
}

}  // namespace arachne::cli
