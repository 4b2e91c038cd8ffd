// What `plan` and `compare` share: loading the problem (catalog, cluster, model, training spec,
// profiles), the signal-to-cancel-flag bridge (signal_handling.h), and progress on a terminal.
#pragma once

#include <atomic>
#include <memory>
#include <ostream>
#include <string>

#include "args.h"
#include "catalog/gpu_catalog.h"
#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "cost/cost_model.h"
#include "model/model.h"
#include "planning/baselines/sailor_files.h"
#include "planning/planner.h"
#include "profile/profile_set.h"
#include "signal_handling.h"

namespace arachne::cli {

struct PlanningProblem {
  const GpuCatalog* catalog = nullptr;
  Composition composition;
  Model model;
  TrainingSpec spec;
  ProfileSet profiles;
  std::vector<std::string> profile_notes;  // what a Sailor-format import left out
  std::vector<std::string> warnings;       // e.g. --network replacing the cluster's network
  SailorFiles sailor_files;                // for the planners whose own estimators read them
  std::unique_ptr<CostModel> cost;
};

// --cluster, --model, the training options and --profiles (an imported profile set, ours or
// Sailor's, replaces the analytic one). Throws UsageError / LoadError on bad input.
PlanningProblem loadProblem(const ParsedArgs& args);
// The problem's warnings and what an imported profile set left out, one line each on `err`.
void printProblemNotes(const PlanningProblem& p, const std::string& command, std::ostream& err);
// The options loadProblem reads besides --cluster and --model.
std::vector<OptionSpec> trainingOptions();

// A progress callback that redraws one status line on stderr when it is a terminal.
ProgressCallback terminalProgress(const std::string& label);
// Clears that status line (no-op when stderr is not a terminal).
void endProgressLine();
// --budget-s S and --evals N (default: defaultSeconds of wall clock).
PlannerBudget budgetFrom(const ParsedArgs& args, double defaultSeconds);

std::string plannerList();
// makePlanner(name) with what the problem loaded for planners that read Sailor's own files.
std::unique_ptr<Planner> makeConfiguredPlanner(const std::string& name, const PlanningProblem& p);

}  // namespace arachne::cli
