// `paper`: regenerate the experiments of the Arachne paper's evaluation (Figures 1, 7, 8, 9, 10,
// 11) on our presets, as Markdown tables, with one CSV per figure written as each cell finishes
// and read back by a rerun with the same --csv-dir (resume).
#include <algorithm>
#include <filesystem>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "commands.h"
#include "io/atomic_file.h"
#include "model/model_catalog.h"
#include "paper_figures.h"
#include "paper_run.h"
#include "planning/planner.h"
#include "planning_session.h"
#include "signal_handling.h"
#include "table.h"

namespace arachne::cli {

namespace {

const std::vector<int> kFigures = {1, 7, 8, 9, 10, 11};

double parsePositive(const std::string& option, const std::string& text, double max) {
  return parseRealOption(option, text, "", 0, false, max, fixed(max, 0));
}

// The clusters of --clusters. Figure 7's two-type compositions are cluster specs with a comma
// of their own ("a100-40:4x16,h100:4x16"), so the list is read against the known clusters: the
// longest run of comma-separated items that names one is taken.
std::vector<std::string> splitClusters(const std::string& text) {
  std::vector<std::string> known = paperDenseClusters();
  for (const auto& c : paperMoeClusters()) known.push_back(c);  // no name is in both
  const std::vector<std::string> items = parseListOption("--clusters", text);
  std::vector<std::string> clusters;
  for (size_t i = 0; i < items.size();) {
    size_t end = i;
    std::string joined, match;
    for (size_t j = i; j < items.size(); ++j) {
      joined += (j == i ? "" : ",") + items[j];
      if (std::find(known.begin(), known.end(), joined) != known.end()) match = joined, end = j + 1;
    }
    if (match.empty()) {
      std::string list;
      for (const auto& k : known) appendItem(list, k, "; ");
      throw UsageError("option '--clusters': '" + items[i] + "' is not a cluster of Figures 1, 7, 9 or 10 (they are: " +
                       list + ")");
    }
    clusters.push_back(match);
    i = end;
  }
  return clusters;
}

PaperOptions parseOptions(const ParsedArgs& a) {
  PaperOptions o;
  o.quick = a.has("--quick");
  if (o.quick) {
    o.budget_s = 0.5;
    o.curve_evals = 200;
    o.curve_seeds = 1;
  }
  if (auto v = a.value("--figure"); v && *v != "all") {
    o.figures.clear();
    for (const auto& f : parseListOption("--figure", *v)) {
      int n = 0;
      try {
        n = parseIntOption("--figure", f, 1, 11);
      } catch (const UsageError&) {
        n = 0;
      }
      if (std::find(kFigures.begin(), kFigures.end(), n) == kFigures.end())
        throw UsageError("option '--figure' needs 1, 7, 8, 9, 10, 11 (comma-separated) or all, got '" + f + "'");
      o.figures.insert(n);
    }
  }
  if (auto v = a.value("--budget-s")) o.budget_s = parsePositive("--budget-s", *v, 86400);
  if (auto v = a.value("--models")) o.models = parseListOption("--models", *v);
  if (auto v = a.value("--clusters")) o.clusters = splitClusters(*v);
  if (auto v = a.value("--planners")) o.planners = parseListOption("--planners", *v);
  if (auto v = a.value("--jobs")) o.jobs = parseIntOption("--jobs", *v, 1, 64);
  if (auto v = a.value("--seed")) o.seed = static_cast<std::uint64_t>(parseIntOption("--seed", *v, 0, 2147483647));
  if (auto v = a.value("--global-batch")) o.global_batch = parseIntOption("--global-batch", *v, 1, 100000000);
  if (auto v = a.value("--a6000-network")) o.a6000_gbps = parsePositive("--a6000-network", *v, 100000);
  if (auto v = a.value("--curve-evals")) o.curve_evals = parseIntOption("--curve-evals", *v, 1, 100000000);
  if (auto v = a.value("--curve-seeds")) o.curve_seeds = parseIntOption("--curve-seeds", *v, 1, 100);
  if (auto v = a.value("--arachne-planner")) o.arachne = *v;
  if (auto v = a.value("--csv-dir")) {
    o.csv_dir = *v;
    std::error_code ec;
    if (!std::filesystem::is_directory(o.csv_dir, ec))
      throw UsageError("option '--csv-dir' needs an existing directory, got '" + o.csv_dir + "'");
    // Every file the run may write is checked now, not after hours of planning.
    for (int f : kFigures) checkOutputPath(figureCsvPath(o.csv_dir, f));
  }
  // Unknown names fail here (exit 2), not halfway through a long run. Making a learned planner
  // loads the policy library: on this thread, before any job starts.
  for (const auto& p : o.planners) {
    static const std::vector<std::string> baselines = {"metis", "sailor", "amp", "hexiscale", "espresso", "hetauto"};
    if (std::find(baselines.begin(), baselines.end(), p) == baselines.end())
      throw UsageError("option '--planners' needs baselines of the paper (metis, sailor, amp, hexiscale, espresso, "
                       "hetauto), got '" + p + "'");
  }
  for (const std::string& p : {o.arachne, std::string("flat-rl"), std::string("random")})
    if (!makePlanner(p) && p == o.arachne)
      throw UsageError("option '--arachne-planner': unknown planner '" + p + "' (known: " + plannerList() + ")");
  for (const auto& m : o.models) resolveModel(m);
  for (const char* name : {"--quick", "--budget-s", "--models", "--clusters", "--planners", "--seed", "--global-batch",
                           "--a6000-network", "--curve-evals", "--curve-seeds", "--arachne-planner"})
    if (a.has(name)) o.given.emplace_back(name, a.value(name).value_or(""));
  return o;
}

int runPaper(const CommandSpec& cmd, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const ParsedArgs a = parseArgs(cmd, args);
  if (a.help()) {
    out << helpText(cmd);
    return kExitOk;
  }
  const PaperOptions o = parseOptions(a);
  CancelOnSigint sigint;
  CellStore store(o, err, sigint.flag());
  store.load();
  PaperContext c{o, store, out, err, sigint.flag()};
  out << "# arachne-cli paper\n";
  // A policy that cannot be used makes every arachne number greedy's: say so before any table.
  {
    CellKey probe = paperKey(o, o.arachne, "h100:8x1", "llama3-8b");
    probe.budget_s = 1;
    bool cancelled = false;
    const CellResult r = runPaperCell(probe, nullptr, cancelled);
    if (r.message.rfind("warning:", 0) == 0)
      out << "\n> **" << r.message.substr(0, r.message.find(". ")) << "** Every `" << o.arachne
          << "` number below is greedy's, not the policy's.\n";
  }
  for (int f : kFigures) {
    if (!o.figures.count(f)) continue;
    bool done = true;
    if (f == 1) done = paperFigure1(c);
    if (f == 7) done = paperFigure7(c);
    if (f == 8) done = paperFigure8(c);
    if (f == 9) done = paperFigure9(c);
    if (f == 10) done = paperFigure10(c);
    if (f == 11) done = paperFigure11(c);
    if (!done) {
      err << "arachne-cli paper: interrupted during figure " << f << "; the cells that finished are "
          << (o.csv_dir.empty() ? "lost (no --csv-dir)" : "in " + o.csv_dir + ": rerun with the same --csv-dir to resume")
          << "\n";
      return 128 + (sigint.signal() ? sigint.signal() : 2);
    }
  }
  err << "paper: " << store.ran() << " cells run, " << store.readBack() << " read back from "
      << (o.csv_dir.empty() ? std::string("no CSV directory") : o.csv_dir) << "\n";
  return kExitOk;
}

}  // namespace

Command paperCommand() {
  CommandSpec s;
  s.name = "paper";
  s.summary = "regenerate the Arachne paper's experiments (Figures 1, 7, 8, 9, 10, 11) as Markdown tables";
  s.details =
      "Runs arachne and the paper's baselines (metis, sailor, amp, hexiscale, espresso, hetauto) on\n"
      "every cell of the selected figures and prints, per cell, each planner's sequences/s, iterations/s,\n"
      "planning time, evaluations and GPUs used, the best baseline and arachne's lead over it; a planner\n"
      "that stopped at its budget is marked. Figures: 1 (paper-3t-128/256/512), 7 (uniform two- and\n"
      "three-type compositions; paper-ls1..5), 8 (scenario paper-growth), 9 (paper-moe-*: mixtral-8x7b,\n"
      "qwen3-30b-a3b, deepseek-v3-like; arachne with and without the expert dimension, the baselines'\n"
      "plans re-tiled), 10 (paper-4t-* with llama3-8b, paper-64b-* with qwen3-64b), 11 (best-so-far\n"
      "curves of arachne, flat-rl, random and hetauto on paper-3t-256). --jobs planner runs go in\n"
      "parallel, each with its own cost model (a learned planner may use more threads of its own).\n"
      "With --csv-dir each figure's cells go to DIR/paper-fig<N>.csv as they finish; a rerun with the\n"
      "same directory reads back the cells already there (same planner, cluster, model, budget, global\n"
      "batch, network, seed) and prints the same tables. Progress on stderr. A full run at the default\n"
      "600 s budget takes many hours. Ctrl-C keeps the finished cells in the CSV files (exit 130).\n"
      "docs/paper-results.md compares the results with the paper.";
  s.options = {
      {"--figure", "LIST", "1,7,8,9,10,11 (comma-separated) or all (default all)", false},
      {"--budget-s", "S", "wall-clock budget of every planner run (default 600, the paper's; --quick: 0.5)", false},
      {"--quick", "", "a tiny configuration for tests: 0.5 s budgets, the first model and smallest cells, 200 curve "
                      "evaluations, 1 seed",
       false},
      {"--csv-dir", "DIR", "write DIR/paper-fig<N>.csv as cells finish, and resume from them", false},
      {"--models", "IDS", "run only the cells of these models (default: every model of the figures)", false},
      {"--clusters", "IDS",
       "run only the cells on these clusters, as Figures 1, 7, 9 and 10 name them (default: all; Figures 8 and 11 "
       "have one cluster each and ignore it)",
       false},
      {"--planners", "NAMES", "baselines to run beside arachne (default: metis,sailor,amp,hexiscale,espresso,hetauto)",
       false},
      {"--jobs", "N", "planner runs in parallel (default 2)", false},
      {"--seed", "N", "planner seed (default 1; Figure 11's random and hetauto use N, N+1, ...)", false},
      {"--global-batch", "N", "global batch in sequences instead of each model's default", false},
      {"--a6000-network", "GBPS", "inter-node rate of every A6000 node in GB/s (catalog: 3.125, i.e. 25 Gb/s)", false},
      {"--curve-evals", "N", "Figure 11: evaluations of arachne, flat-rl and random (default 32000; hetauto 8x)", false},
      {"--curve-seeds", "N", "Figure 11: seeds of random and hetauto, whose median is shown (default 3)", false},
      {"--arachne-planner", "NAME", "the planner in the arachne rows (default arachne; tests: arachne-untrained)", false},
  };
  return {s, runPaper};
}

}  // namespace arachne::cli
