// What the sections of `arachne-cli bench` share: options, problems, timed planner runs, and
// output as Markdown tables (each under the command that regenerates it) plus optional CSV.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "best_curve.h"
#include "catalog/gpu_catalog.h"
#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "model/model.h"
#include "planning/planner.h"
#include "profile/profile_set.h"
#include "validation/heldout_set.h"

namespace arachne::cli {

struct BenchOptions {
  std::vector<std::string> models = {"llama3-8b", "qwen3-32b"};
  bool models_given = false;  // --models named them: the presets section adds no MoE model
  std::uint64_t seed = 1;
  double budget_s = 10;          // arachne's and greedy's wall-clock budget
  int repeats = 5;               // time section
  long long curve_evals = 4000;  // curve section, every planner
  std::string curve_model = "llama3-8b";
  std::string csv_dir;           // empty: no CSV
  bool quick = false;
  std::string arachne = "arachne";  // the planner in the "arachne" columns (tests: arachne-untrained)
  // baselines section: the planners beside arachne, their budget (the paper's cutoff), the model
  std::vector<std::string> baseline_planners = {"metis", "sailor", "amp"};
  double baseline_budget_s = 600;
  std::string baseline_model = "llama3-8b";
  // heldout section: the set's file ("" = the shipped bench/heldout/heldout-problems.json)
  std::string heldout;
  std::vector<std::string> heldout_problems;  // ids to run, in this order; empty = all (--quick: the first 3)
  // Options as given (name, value; "" for a flag), to rebuild the command line of a section.
  std::vector<std::pair<std::string, std::string>> given;
};

// Relative tolerance of "a >= b": equal plans priced twice must pass.
constexpr double kRelTolerance = 1e-9;
inline bool atLeast(double a, double b) { return a >= b - kRelTolerance * (b < 0 ? -b : b); }
// Long enough never to bind a planner that has an evaluation budget; it only stops a runaway.
constexpr double kSafetySeconds = 1800;

// One planning problem with the model's default training spec and analytic profiles. The cost
// model refers to the other members, so a problem never moves.
struct BenchProblem {
  Composition composition;
  Model model;
  TrainingSpec spec;
  ProfileSet profiles;
  std::unique_ptr<CostModel> cost;
};
// Throws LoadError (unknown model, unusable composition).
std::unique_ptr<BenchProblem> makeBenchProblem(const Composition& composition, const std::string& modelId);
// A problem with its own training spec and profile set (e.g. measured ones).
std::unique_ptr<BenchProblem> makeBenchProblem(const Composition& composition, const Model& model,
                                               const TrainingSpec& spec, ProfileSet profiles);

struct BenchRun {
  PlannerResult result;
  double wall_s = 0;  // the whole plan() call, measured here
  double throughput() const { return result.found ? result.report.throughput.sequences_per_s : 0; }
  bool warned() const { return result.stats.message.rfind("warning:", 0) == 0; }
};

// A held-out problem as a bench problem: its spec over the model's defaults, its measured
// profiles (ours or Sailor's, through --profiles' loader) or the analytic ones. Throws LoadError.
std::unique_ptr<BenchProblem> makeHeldoutBenchProblem(const HeldoutProblem& problem);

// A weights file's metadata (how it was trained), read through the policy module.
struct WeightsMetadata {
  enum class State { Missing, NoLibrary, Unusable, Read };
  State state = State::Missing;
  nlohmann::json metadata;  // when Read
  std::string problem;      // NoLibrary: the module's problem; Unusable: the LoadError's message
};
WeightsMetadata readWeightsMetadata(const std::string& path, bool flat);

// Cells and checks the quality sections share.
std::string seqsCell(const BenchRun& r);  // seq/s to 2 decimals, "-" when no plan was found
std::string passFail(bool ok);            // "pass" or "FAIL"
// "uniform 4" or "mixed 1/2/4": the node sizes of the whole composition.
std::string nodeSizesLabel(const Composition& c);
// Whether an exhaustive run is the optimum: it searched every stage order to the end (not
// refused, not cancelled, not cut by its budget, not at a coarser granularity) and found a plan.
bool searchedEveryStageOrder(const BenchRun& exhaustive);

class BenchOutput {
 public:
  BenchOutput(const BenchOptions& options, std::ostream& out, std::ostream& err);

  const BenchOptions& options() const { return options_; }
  std::ostream& out() { return out_; }
  // A progress line on stderr, prefixed "bench: ".
  void progress(const std::string& line);
  // Runs `planner` and times the plan() call; a "warning:" message is remembered and repeated
  // on stderr once per (planner, message).
  BenchRun run(const std::string& planner, const BenchProblem& problem, const PlannerBudget& budget,
               std::uint64_t seed);
  // `random` with ten times the evaluations `reference` used (no time limit beyond the safety
  // stop); an empty run when `reference` used none.
  BenchRun runRandomTenfold(const BenchProblem& problem, const BenchRun& reference, std::uint64_t seed);

  // "## title", then the command line that regenerates the section (environment that chose the
  // weights included), in a code block.
  void heading(const std::string& section, const std::string& title);
  // Writes DIR/<name>.csv when --csv-dir was given and names it on stdout.
  void csv(const std::string& name, const std::vector<std::string>& header,
           const std::vector<std::vector<std::string>>& rows);
  std::vector<std::string> warnings() const { return warnings_; }

 private:
  const BenchOptions& options_;
  std::ostream& out_;
  std::ostream& err_;
  std::vector<std::string> warnings_;
};

// A Markdown table (GitHub form); `align` holds 'l' or 'r' per column (numbers read better
// right-aligned); missing entries are 'l'.
std::string markdownTable(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                          const std::string& align);
// Plain number for CSV (no thousands separators); "" for a missing value.
std::string csvNumber(double v, int decimals);

// The sections; each prints its tables and summary lines to the output.
void benchPresets(BenchOutput& o);
void benchExhaustive(BenchOutput& o);
void benchTime(BenchOutput& o);
void benchCurve(BenchOutput& o);
void benchTraining(BenchOutput& o);
void benchBaselines(BenchOutput& o);  // bench_baselines.cpp
void benchHeldout(BenchOutput& o);    // bench_heldout.cpp
// The held-out set the options name (--heldout FILE), else the shipped one,
// bench/heldout/heldout-problems.json of the source tree.
std::string heldoutSetPath(const BenchOptions& opt);

}  // namespace arachne::cli
