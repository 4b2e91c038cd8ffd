// Loading a planning problem, terminal progress.
#include "planning_session.h"

#include <filesystem>
#include <cstdio>
#include <iostream>
#include <unistd.h>

#include "cluster/cluster_spec.h"
#include "io/input_file.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"
#include "sailor/sailor_network.h"
#include "runtime_options.h"
#include "profile_option.h"

namespace arachne::cli {
std::vector<OptionSpec> trainingOptions() {
  std::vector<OptionSpec> o = {
      {"--profiles", "FILE", "plan on this profile set instead of the analytic one: a *.profiles.json, or Sailor's measured profiles (profiles_tmp.json, profiles/<model>/<gpu>/profile.json)", false},
      {"--llm-info", "FILE", "Sailor's per-layer sizes for Sailor-format --profiles; default: llm_info.json next to them or in a parent folder", false}};
  for (OptionSpec& x : pricingOptions()) o.push_back(std::move(x));
  return o;
}

void printProblemNotes(const PlanningProblem& p, const std::string& command, std::ostream& err) {
  for (const std::string& w : p.warnings) err << "arachne-cli " << command << ": warning: " << w << "\n";
  for (const std::string& n : p.profile_notes) err << "arachne-cli " << command << ": note: " << n << "\n";
}

PlanningProblem loadProblem(const ParsedArgs& a) {
  PlanningProblem p;
  p.catalog = &GpuCatalog::builtin();
  // Flag values first, so a usage error is reported before any file is read.
  {
    TrainingSpec check;
    applyTrainingOptions(a, check);
    costTermsFrom(a);
  }
  p.model = resolveModel(*a.value("--model"));
  p.composition = resolveCluster(*a.value("--cluster"), *p.catalog);
  if (std::string w = applyNetworkOption(a, p.composition, *p.catalog); !w.empty()) p.warnings.push_back(std::move(w));
  // Sailor's own measured files also go to the baselines whose estimators read them as the
  // real systems do (sailor, amp, metis: their fits with GPU counts, not our profile).
  // (applyNetworkOption has read the file already when it is one, so it exists and is regular.)
  if (auto v = a.value("--network"); v && std::filesystem::is_regular_file(*v))
    if (looksLikeSailorNetwork(readInputFile(*v, "network")))
      p.sailor_files.network = std::make_shared<SailorNetwork>(loadSailorNetwork(*v));
  p.spec = p.model.default_training;
  applyTrainingOptions(a, p.spec);
  if (auto file = a.value("--profiles")) {
    // The imported set replaces the analytic one: a configuration it lacks leaves the search
    // space. Entries made for another model would match by layer-type name and silently give
    // wrong numbers, so they are refused (as `evaluate` does).
    LoadedProfiles loaded = loadProfileOption(*file, a.value("--llm-info").value_or(""), p.model, *p.catalog);
    p.profiles = std::move(loaded.profiles);
    p.profile_notes = std::move(loaded.notes);
    if (!loaded.layer_times.empty())
      p.sailor_files.layer_times = std::make_shared<SailorLayerTimesTable>(std::move(loaded.layer_times));
  } else {
    p.profiles = makeAnalyticProfiles(*p.catalog, p.composition.gpuTypes(), p.model, p.spec);
  }
  p.cost = std::make_unique<CostModel>(*p.catalog, p.composition, p.model, p.spec, p.profiles,
                                       costTermsFrom(a));
  return p;
}

ProgressCallback terminalProgress(const std::string& label) {
  if (!isatty(STDERR_FILENO)) return {};
  return [label](const PlannerProgress& p) {
    std::fprintf(stderr, "\r\033[K%s: %.1f s, %s", label.c_str(), p.elapsed_s, p.message.c_str());
    std::fflush(stderr);
  };
}

void endProgressLine() {
  if (isatty(STDERR_FILENO)) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }
}

PlannerBudget budgetFrom(const ParsedArgs& a, double defaultSeconds) {
  constexpr int kMaxBudgetSeconds = 7 * 24 * 3600;
  PlannerBudget b;
  b.seconds = defaultSeconds;
  if (auto v = a.value("--budget-s"))
    b.seconds = parseRealOption("--budget-s", *v, "seconds", 0, false, kMaxBudgetSeconds, std::to_string(kMaxBudgetSeconds));
  if (auto v = a.value("--evals")) {
    b.evaluations = parseIntOption("--evals", *v, 1, 2000000000);
    if (!a.has("--budget-s")) b.seconds = 0;  // evaluations alone bound the run
  }
  return b;
}

std::unique_ptr<Planner> makeConfiguredPlanner(const std::string& name, const PlanningProblem& p) {
  std::unique_ptr<Planner> planner = makePlanner(name);
  if (auto* user = dynamic_cast<SailorFileUser*>(planner.get())) user->setSailorFiles(p.sailor_files);
  return planner;
}

std::string plannerList() {
  std::string s;
  for (const auto& n : plannerNames()) s += (s.empty() ? "" : ", ") + n;
  return s;
}

}  // namespace arachne::cli
