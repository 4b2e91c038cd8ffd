// `bench`: regenerate every figure of the learned planner's page (docs/learned-planner.md) as
// Markdown tables, each under the command line that reproduces it, with optional CSV files.
#include <algorithm>
#include <filesystem>

#include "bench_common.h"
#include "cluster/cluster_spec.h"
#include "commands.h"
#include "heldout_writer.h"
#include "io/atomic_file.h"
#include "model/model_catalog.h"
#include "planning_session.h"
#include "table.h"

namespace arachne::cli {

namespace {

const std::vector<std::string> kSections = {"presets", "exhaustive", "time", "curve", "training"};
// Sections that run only when named (hours with the paper's 600 s budgets; about half an hour
// for the 52 held-out problems with five planners each).
const std::vector<std::string> kExtraSections = {"baselines", "heldout"};

double parseSeconds(const std::string& option, const std::string& text) {
  return parseRealOption(option, text, "seconds", 0, false, 3600, "3600");
}

int runBench(const CommandSpec& cmd, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const ParsedArgs a = parseArgs(cmd, args);
  if (a.help()) {
    out << helpText(cmd);
    return kExitOk;
  }
  BenchOptions o;
  o.quick = a.has("--quick");
  if (o.quick) {
    o.repeats = 1;
    o.curve_evals = 200;
    o.budget_s = 2;
  }
  std::vector<std::string> sections = kSections;
  if (auto v = a.value("--section")) {
    if (*v != "all") {
      sections = parseListOption("--section", *v);
      for (const auto& s : sections)
        if (std::find(kSections.begin(), kSections.end(), s) == kSections.end() &&
            std::find(kExtraSections.begin(), kExtraSections.end(), s) == kExtraSections.end())
          throw UsageError("option '--section' needs presets, exhaustive, time, curve, training, baselines, heldout or all, got '" +
                           s + "'");
    }
  }
  if (auto v = a.value("--models")) {
    o.models = parseListOption("--models", *v);
    o.models_given = true;
  }
  if (auto v = a.value("--seed")) o.seed = static_cast<std::uint64_t>(parseIntOption("--seed", *v, 0, 2147483647));
  if (auto v = a.value("--budget-s")) o.budget_s = parseSeconds("--budget-s", *v);
  if (auto v = a.value("--repeats")) o.repeats = parseIntOption("--repeats", *v, 1, 1000);
  if (auto v = a.value("--curve-evals")) o.curve_evals = parseIntOption("--curve-evals", *v, 1, 100000000);
  if (auto v = a.value("--curve-model")) o.curve_model = *v;
  if (auto v = a.value("--arachne-planner")) o.arachne = *v;
  if (o.quick) o.baseline_budget_s = 2;
  if (auto v = a.value("--baseline-planners")) o.baseline_planners = parseListOption("--baseline-planners", *v);
  if (auto v = a.value("--baseline-budget-s")) o.baseline_budget_s = parseSeconds("--baseline-budget-s", *v);
  if (auto v = a.value("--baseline-model")) o.baseline_model = *v;
  for (const auto& p : o.baseline_planners)
    if (!makePlanner(p)) throw UsageError("option '--baseline-planners': unknown planner '" + p + "' (known: " + plannerList() + ")");
  resolveModel(o.baseline_model);
  if (auto v = a.value("--heldout")) o.heldout = *v;
  if (auto v = a.value("--heldout-problems")) o.heldout_problems = parseListOption("--heldout-problems", *v);
  if (auto v = a.value("--write-heldout")) {
    // Draws the set and writes it; no section runs.
    checkOutputPath(*v);
    writeHeldoutSet(*v, ARACHNE_SAILOR_DATA_DIR, out, err);
    return kExitOk;
  }
  if (auto v = a.value("--write-validation")) {
    // The validation set keeps clear of the held-out set it is drawn beside (the shipped one,
    // or --heldout FILE).
    checkOutputPath(*v);
    const HeldoutSet heldout = loadHeldoutSet(heldoutSetPath(o), GpuCatalog::builtin());
    writeHeldoutSet(*v, ARACHNE_SAILOR_DATA_DIR, out, err, EvaluationSet::Validation, heldout.problems);
    return kExitOk;
  }
  // A held-out set that cannot be read fails now (exit 2), not after the sections before it.
  if (std::find(sections.begin(), sections.end(), "heldout") != sections.end()) {
    const HeldoutSet set = loadHeldoutSet(heldoutSetPath(o), GpuCatalog::builtin());
    for (const auto& id : o.heldout_problems)
      if (std::none_of(set.problems.begin(), set.problems.end(), [&id](const HeldoutProblem& p) { return p.id == id; }))
        throw UsageError("option '--heldout-problems': the set has no problem '" + id + "'");
  }
  if (auto v = a.value("--csv-dir")) {
    o.csv_dir = *v;
    std::error_code ec;
    if (!std::filesystem::is_directory(o.csv_dir, ec))
      throw UsageError("option '--csv-dir' needs an existing directory, got '" + o.csv_dir + "'");
    // Every CSV file the run may write is checked now, not after tens of minutes of planning.
    for (const char* name : {"presets", "exhaustive", "time", "curve", "heldout", "heldout-phases"})
      checkOutputPath((std::filesystem::path(o.csv_dir) / (std::string(name) + ".csv")).string());
  }
  if (!makePlanner(o.arachne))
    throw UsageError("option '--arachne-planner': unknown planner '" + o.arachne + "' (known: " + plannerList() + ")");
  // Unknown models fail here (exit 2), not halfway through a long run.
  for (const auto& m : o.models) resolveModel(m);
  resolveModel(o.curve_model);
  // Every option that changes a number, in a fixed order, for the command lines printed.
  for (const char* name : {"--quick", "--models", "--seed", "--budget-s", "--repeats", "--curve-evals",
                           "--curve-model", "--arachne-planner", "--baseline-planners", "--baseline-budget-s",
                           "--baseline-model", "--heldout", "--heldout-problems"}) {
    if (a.has(name)) o.given.emplace_back(name, a.value(name).value_or(""));
  }

  BenchOutput bench(o, out, err);
  out << "# arachne-cli bench\n";
  // The policy's fallback changes every "arachne" number: say so before any table.
  {
    const auto probe = makeBenchProblem(parseInlineCluster("h100:8x1", GpuCatalog::builtin()), "llama3-8b");
    const BenchRun r = bench.run(o.arachne, *probe, {o.budget_s, 0}, o.seed);
    if (r.warned())
      out << "\n> **" << r.result.stats.message.substr(0, r.result.stats.message.find(". "))
          << "** Every `" << o.arachne << "` number below is greedy's, not the policy's.\n";
  }
  for (const auto& s : sections) {
    if (s == "presets") benchPresets(bench);
    if (s == "exhaustive") benchExhaustive(bench);
    if (s == "time") benchTime(bench);
    if (s == "curve") benchCurve(bench);
    if (s == "training") benchTraining(bench);
    if (s == "baselines") benchBaselines(bench);
    if (s == "heldout") benchHeldout(bench);
  }
  if (!bench.warnings().empty()) {
    out << "\nwarnings during the run:\n";
    for (const auto& w : bench.warnings()) out << "- " << w << "\n";
  }
  return kExitOk;
}

}  // namespace

Command benchCommand() {
  CommandSpec s;
  s.name = "bench";
  s.summary = "regenerate the learned planner's figures as Markdown tables (and CSV)";
  s.details =
      "Sections (--section, comma-separated, default all):\n"
      "  presets     every preset x --models: arachne, greedy, and random with 10x arachne's evaluations;\n"
      "              without --models the paper-moe-* presets also with every MoE catalog model\n"
      "  exhaustive  small compositions: arachne against exhaustive's optimum (>= 97%)\n"
      "  time        arachne's planning time, --repeats runs each: paper-3t-512 with every --models\n"
      "              model (target 0.5 s), paper-64b-512 with qwen3-64b (2 s) and 4,096 GPUs of the\n"
      "              paper-3t mix with llama3-70b (5 s)\n"
      "  curve       best-so-far seq/s against evaluations of arachne, flat-rl and random on paper-3t-256\n"
      "  training    how the shipped weights were trained (their metadata)\n"
      "  baselines   (only when named) planning time of --baseline-planners beside arachne at 128, 256\n"
      "              and 512 GPUs with two and three GPU types, each with --baseline-budget-s\n"
      "  heldout     (only when named) the held-out set (--heldout): arachne, greedy, random with 10x\n"
      "              arachne's evaluations, exhaustive where exhaustive-sized, arachne-untrained; the\n"
      "              check that no problem is in the weights file's training list; what each phase adds\n"
      "Each table is preceded by the command that regenerates it; a summary line per section says\n"
      "PASS or FAIL. Failed checks do not change the exit code (0); bad options exit 2. Progress on\n"
      "stderr. The figures are on docs/learned-planner.md.";
  s.options = {
      {"--section", "NAMES", "presets, exhaustive, time, curve, training, baselines, heldout or all (default all: the first five)", false},
      {"--models", "IDS", "models of the presets and time sections (default llama3-8b,qwen3-32b, and on the paper-moe-* presets every MoE catalog model)", false},
      {"--seed", "N", "planner seed (default 1; the time section uses N, N+1, ...)", false},
      {"--budget-s", "S", "arachne's and greedy's wall-clock budget in seconds (default 10)", false},
      {"--repeats", "N", "runs per model in the time section (default 5)", false},
      {"--curve-evals", "N", "evaluations of every planner in the curve section (default 4000)", false},
      {"--curve-model", "ID", "model of the curve section (default llama3-8b)", false},
      {"--csv-dir", "DIR", "also write one CSV file per section into this existing directory", false},
      {"--quick", "", "a tiny configuration (2 presets, 3 compositions, 3 held-out problems, 1 repeat, 200 curve evaluations, 2 s)",
       false},
      {"--arachne-planner", "NAME", "the planner in the arachne columns (for tests: arachne-untrained)", false},
      {"--baseline-planners", "NAMES", "planners of the baselines section (default metis,sailor,amp)", false},
      {"--baseline-budget-s", "S", "each baseline's wall-clock budget in the baselines section (default 600, the paper's cutoff; --quick: 2)", false},
      {"--baseline-model", "ID", "model of the baselines section (default llama3-8b)", false},
      {"--heldout", "FILE", "the held-out set of the heldout section (default: the shipped bench/heldout/heldout-problems.json)",
       false},
      {"--heldout-problems", "IDS", "run only these problems of the held-out set, in this order (comma-separated ids)", false},
      {"--write-heldout", "FILE", "draw the held-out set anew (seeded, deterministic), write it to FILE and stop", false},
      {"--write-validation", "FILE", "draw the validation set (its own stream, none of the held-out set's compositions), write it to FILE and stop", false},
  };
  return {s, runBench};
}

}  // namespace arachne::cli
