// Loading a planning problem, terminal progress.
#include "planning_session.h"

#include <cstdio>
#include <iostream>
#include <unistd.h>

#include "cluster/cluster_spec.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"

namespace arachne::cli {
namespace {

constexpr int kMaxGlobalBatch = 100000000;
constexpr int kMaxSequenceLength = 10000000;

}  // namespace

std::vector<OptionSpec> trainingOptions() {
  return {
      {"--profiles", "FILE", "plan on this profile set (*.profiles.json, e.g. imported measurements) instead of the analytic one", false},
      {"--global-batch", "N", "sequences per iteration (default: the model's)", false},
      {"--seq-len", "N", "tokens per sequence (default: the model's)", false},
      {"--precision", "bf16|fp16|fp32", "training precision (default: the model's)", false},
      {"--checkpointing", "on|off", "activation checkpointing (default: the model's)", false},
      {"--distributed-optimizer", "on|off", "shard optimizer state over data parallel replicas", false},
  };
}

PlanningProblem loadProblem(const ParsedArgs& a) {
  PlanningProblem p;
  p.catalog = &GpuCatalog::builtin();
  // Flag values first, so a usage error is reported before any file is read.
  TrainingSpec overrides;
  if (auto v = a.value("--global-batch")) overrides.global_batch = parseIntOption("--global-batch", *v, 1, kMaxGlobalBatch);
  if (auto v = a.value("--seq-len")) overrides.sequence_length = parseIntOption("--seq-len", *v, 1, kMaxSequenceLength);
  std::optional<Precision> precision;
  if (auto v = a.value("--precision")) {
    precision = precisionFromString(*v);
    if (!precision) throw UsageError("option '--precision' needs bf16, fp16 or fp32, got '" + *v + "'");
  }
  std::optional<bool> ckpt, dopt;
  if (auto v = a.value("--checkpointing")) ckpt = parseOnOff("--checkpointing", *v);
  if (auto v = a.value("--distributed-optimizer")) dopt = parseOnOff("--distributed-optimizer", *v);

  p.model = resolveModel(*a.value("--model"));
  p.composition = resolveCluster(*a.value("--cluster"), *p.catalog);
  p.spec = p.model.default_training;
  if (a.has("--global-batch")) p.spec.global_batch = overrides.global_batch;
  if (a.has("--seq-len")) p.spec.sequence_length = overrides.sequence_length;
  if (precision) p.spec.precision = *precision;
  if (ckpt) p.spec.activation_checkpointing = *ckpt;
  if (dopt) p.spec.distributed_optimizer = *dopt;
  if (auto file = a.value("--profiles")) {
    // The imported set replaces the analytic one: a configuration it lacks leaves the search
    // space. Entries made for another model would match by layer-type name and silently give
    // wrong numbers, so they are refused (as `evaluate` does).
    p.profiles = loadProfileFile(*file);
    if (p.profiles.model_id != p.model.id)
      throw LoadError(*file, "model", "the profiles are for model '" + p.profiles.model_id +
                                          "', the planning uses '" + p.model.id + "'");
  } else {
    p.profiles = makeAnalyticProfiles(*p.catalog, p.composition.gpuTypes(), p.model, p.spec);
  }
  p.cost = std::make_unique<CostModel>(*p.catalog, p.composition, p.model, p.spec, p.profiles);
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
  if (auto v = a.value("--budget-s")) {
    double s = 0;
    size_t used = 0;
    try {
      s = std::stod(*v, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != v->size() || !(s > 0) || s > kMaxBudgetSeconds)
      throw UsageError("option '--budget-s' needs a number of seconds in (0, " +
                       std::to_string(kMaxBudgetSeconds) + "], got '" + *v + "'");
    b.seconds = s;
  }
  if (auto v = a.value("--evals")) {
    b.evaluations = parseIntOption("--evals", *v, 1, 2000000000);
    if (!a.has("--budget-s")) b.seconds = 0;  // evaluations alone bound the run
  }
  return b;
}

std::string plannerList() {
  std::string s;
  for (const auto& n : plannerNames()) s += (s.empty() ? "" : ", ") + n;
  return s;
}

}  // namespace arachne::cli
