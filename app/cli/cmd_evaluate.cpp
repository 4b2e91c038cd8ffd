// `evaluate`: price a plan file on a cluster and a model, print the report, exit 0 or 3.
#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "commands.h"
#include "cost/cost_model.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "model/model_catalog.h"
#include "plan/unused_gpus_check.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"
#include "profile/profile_set.h"
#include "report_table.h"

namespace arachne::cli {

namespace {

// Limits well above any real run; they keep a typo such as --seq-len 4096000000 out of the
// cost model.
constexpr int kMaxGlobalBatch = 100000000;
constexpr int kMaxSequenceLength = 10000000;

// Precedence: the command line, then what the plan file records, then the model's default.
TrainingSpec trainingFrom(const ParsedArgs& a, const Model& model, const PlanTraining& recorded) {
  TrainingSpec spec = recorded.applyTo(model.default_training);
  if (auto v = a.value("--global-batch")) spec.global_batch = parseIntOption("--global-batch", *v, 1, kMaxGlobalBatch);
  if (auto v = a.value("--seq-len")) spec.sequence_length = parseIntOption("--seq-len", *v, 1, kMaxSequenceLength);
  if (auto v = a.value("--precision")) {
    const auto p = precisionFromString(*v);
    if (!p) throw UsageError("option '--precision' needs bf16, fp16 or fp32, got '" + *v + "'");
    spec.precision = *p;
  }
  if (auto v = a.value("--checkpointing")) spec.activation_checkpointing = parseOnOff("--checkpointing", *v);
  if (auto v = a.value("--distributed-optimizer")) spec.distributed_optimizer = parseOnOff("--distributed-optimizer", *v);
  return spec;
}

int runEvaluate(const CommandSpec& cmd, const std::vector<std::string>& args, std::ostream& out,
                std::ostream& err) {
  const ParsedArgs a = parseArgs(cmd, args);
  if (a.help()) {
    out << helpText(cmd);
    return kExitOk;
  }
  const GpuCatalog& catalog = GpuCatalog::builtin();
  // Flag values are checked before any file is read so a usage error is reported first.
  trainingFrom(a, Model{}, PlanTraining{});
  const Model model = resolveModel(*a.value("--model"));
  const Composition composition = resolveCluster(*a.value("--cluster"), catalog);
  const std::string planPath = *a.value("--plan");
  PlanDocument doc = loadPlanDocument(planPath);
  Plan& plan = doc.plan;
  // What the file claims about GPUs it leaves out must hold on this cluster (the report sums it).
  checkUnusedGpus(plan, composition, planPath);
  const TrainingSpec spec = trainingFrom(a, model, doc.training);

  const Provenance recorded = plan.provenance;
  if (!recorded.model.empty() && recorded.model != model.id) {
    err << "arachne-cli evaluate: warning: the plan records model '" << recorded.model
        << "', evaluating it with '" << model.id << "'\n";
  }
  if (!recorded.cluster.empty() && recorded.cluster != composition.toInlineSpec()) {
    err << "arachne-cli evaluate: warning: the plan records cluster '" << recorded.cluster
        << "', evaluating it on '" << composition.toInlineSpec() << "'\n";
  }

  ProfileSet profiles = makeAnalyticProfiles(catalog, composition.gpuTypes(), model, spec);
  if (auto path = a.value("--profiles")) {
    // Measured entries replace the analytic ones key by key; entries made for another model
    // would be matched by layer-type name and silently give wrong numbers, so they are refused.
    const ProfileSet measured = loadProfileFile(*path);
    if (measured.model_id != model.id) {
      throw LoadError(*path, "model", "the profiles are for model '" + measured.model_id +
                                          "', the evaluation uses '" + model.id + "'");
    }
    profiles.overlay(measured);
    profiles.name += " + " + measured.name;
  }
  const CostModel cost(catalog, composition, model, spec, profiles);
  // The batch split is recomputed and written back, so --json shows the micro-batches priced.
  const PlanReport report = cost.priceAndUpdate(plan);

  // Provenance records what this evaluation used; the planner fields stay as the plan's author.
  plan.provenance.catalog = "builtin-" + catalog.version();
  plan.provenance.profile_set = profiles.name;
  plan.provenance.cluster = composition.toInlineSpec();
  plan.provenance.model = model.id;

  if (a.has("--json")) {
    out << planToJson(plan, &report, spec);
  } else {
    ReportContext ctx;
    ctx.plan_label = planPath;
    ctx.composition = &composition;
    ctx.model = &model;
    ctx.spec = &spec;
    ctx.profile_set = profiles.name;
    out << renderPlanReport(plan, report, ctx);
  }
  return report.feasible ? kExitOk : kExitInfeasible;
}

}  // namespace

Command evaluateCommand() {
  CommandSpec s;
  s.name = "evaluate";
  s.summary = "price a plan file on a cluster and a model (time, memory, throughput)";
  s.details =
      "SPEC is a *.cluster.json path, a preset name (see 'arachne-cli presets') or the inline\n"
      "form TYPE:SIZExCOUNT[+SIZExCOUNT...][,TYPE:...], e.g. h100:4x8,a6000:4x6+1x4.\n"
      "The model is a catalog id (see 'arachne-cli models') or a model JSON file. The training\n"
      "spec is the model's default, then what the plan file records under \"training\", then\n"
      "the options below. The plan is always re-priced: priced numbers in the file are ignored,\n"
      "and the global batch is split across the replicas in proportion to their speed.\n"
      "Exit code 0 when the plan is feasible, 3 when it is not (the report, with every\n"
      "violation, is still printed on stdout), 2 on bad input.";
  s.options = {
      {"--cluster", "SPEC", "the cluster: a *.cluster.json file, a preset name or the inline form", true},
      {"--model", "ID|FILE", "model catalog id or model JSON file", true},
      {"--plan", "FILE", "the *.plan.json to price", true},
      {"--json", "", "print the priced plan as plan JSON instead of tables", false},
      {"--global-batch", "N", "sequences per iteration (default: the model's)", false},
      {"--seq-len", "N", "tokens per sequence (default: the model's)", false},
      {"--precision", "bf16|fp16|fp32", "training precision (default: the model's)", false},
      {"--checkpointing", "on|off", "activation checkpointing (default: the model's)", false},
      {"--distributed-optimizer", "on|off", "shard optimizer state over data parallel replicas", false},
      {"--profiles", "FILE", "measured profile set (*.profiles.json) overriding the analytic one", false},
  };
  return {s, runEvaluate};
}

}  // namespace arachne::cli
