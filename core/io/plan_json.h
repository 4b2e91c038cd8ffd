// Reading and writing *.plan.json (schema_version 1): the plan, its provenance, and the
// priced numbers (throughput, iteration time, per-stage time and memory).
#pragma once

#include <optional>
#include <string>

#include "catalog/training_spec.h"
#include "cost/plan_report.h"
#include "plan/plan.h"

namespace arachne {

struct Model;

constexpr int kPlanSchemaVersion = 1;

// Writes the plan and, when given, its report (throughput, iteration_time_s, time_s and
// memory_bytes per stage, feasible + violations). Pretty-printed.
std::string planToJson(const Plan& plan, const PlanReport* report = nullptr);
// Parses and validates structure and value ranges (non-negative, integers where integers are
// expected, layers [first, last] with first <= last ...). Priced fields are read but ignored:
// a loaded plan is always re-priced. Throws LoadError naming the file, the field and the problem.
Plan planFromJson(const std::string& text, const std::string& fileLabel);
Plan loadPlanFile(const std::string& path);
void savePlanFile(const Plan& plan, const PlanReport* report, const std::string& path);

// The training spec a plan file records under "training". Each field is optional so that a
// hand-written plan may state only what differs from the model's default.
struct PlanTraining {
  std::optional<int> global_batch;
  std::optional<int> sequence_length;
  std::optional<Precision> precision;
  std::optional<bool> activation_checkpointing;
  std::optional<bool> distributed_optimizer;
  std::optional<TrainingSpec::Runtime> runtime;
  std::optional<bool> overlap_grad_reduce;
  std::optional<bool> overlap_param_gather;
  std::optional<bool> tp_comm_overlap;
  std::optional<bool> tf32;
  std::optional<bool> interleave;
  std::optional<int> grad_bucket_params;  // --grad-bucket; absent: the runtime's default
  // `base` with every recorded field replaced.
  TrainingSpec applyTo(TrainingSpec base) const;
  bool empty() const;
  bool operator==(const PlanTraining&) const = default;
};

// A plan file as a whole: the plan and the training spec it was priced with.
struct PlanDocument {
  Plan plan;
  PlanTraining training;
};

// As planFromJson / loadPlanFile, also reading and validating "training".
PlanDocument planDocumentFromJson(const std::string& text, const std::string& fileLabel);
PlanDocument loadPlanDocument(const std::string& path);
// The text of a plan file, with the checks loadPlanDocument makes (exists, not a directory,
// size limit); throws LoadError naming the file.
std::string readPlanFileText(const std::string& path);
// As planToJson / savePlanFile, also recording the training spec under "training" so the file
// reproduces the numbers it holds.
std::string planToJson(const Plan& plan, const PlanReport* report, const TrainingSpec& training);
void savePlanFile(const Plan& plan, const PlanReport* report, const TrainingSpec& training,
                  const std::string& path);

}  // namespace arachne
