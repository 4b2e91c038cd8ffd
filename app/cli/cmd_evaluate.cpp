// `evaluate`: price a plan file on a cluster and a model, print the report, exit 0 or 3.
#include <optional>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cluster/node_order_spec.h"
#include "commands.h"
#include "cost/cost_model.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "model/model_catalog.h"
#include "plan/unused_gpus_check.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_json.h"
#include "profile/profile_set.h"
#include "profile_option.h"
#include "recorded_inputs.h"
#include "report_table.h"
#include "runtime_options.h"
#include "sailor/sailor_pipeline.h"
#include "sailor/sailor_run.h"

namespace arachne::cli {

namespace {

// Precedence: the command line, then what the plan file records, then the model's default.
TrainingSpec trainingFrom(const ParsedArgs& a, const Model& model, const PlanTraining& recorded) {
  TrainingSpec spec = recorded.applyTo(model.default_training);
  applyTrainingOptions(a, spec);
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
  costTermsFrom(a);
  // The options given are read before the plan file, so their errors come first.
  std::optional<Model> named;
  if (a.value("--model")) named = resolveModel(*a.value("--model"));
  std::optional<Composition> given;
  if (auto v = a.value("--cluster")) given = resolveCluster(*v, catalog);
  const std::string planPath = *a.value("--plan");
  PlanDocument doc;
  const std::string text = readPlanFileText(planPath);
  const bool sailorFormat = isSailorPlanJson(text);
  if (sailorFormat) {
    // Sailor's plan format names VMs, not a cluster or a model of ours: both must be given.
    if (!given) throw LoadError(planPath, "pipeline_list", "a plan in Sailor's format records no cluster; name one with --cluster");
    if (!named) throw LoadError(planPath, "pipeline_list", "a plan in Sailor's format records no model of the catalog; name one with --model");
  } else {
    doc = planDocumentFromJson(text, planPath);
  }
  // Without --cluster / --model, the ones the plan records (as export reads them).
  Composition composition = given ? std::move(*given) : clusterFor(a, doc.plan, planPath, catalog);
  const Model model = named ? std::move(*named) : modelFor(a, doc.plan, planPath);
  if (const std::string w = applyNetworkOption(a, composition, catalog); !w.empty())
    err << "arachne-cli evaluate: warning: " << w << "\n";
  if (sailorFormat) {
    // Sailor's plan format: its pipeline goes onto the given cluster in rank order, its
    // training spec (gbs from the file; fp32, sequence 2048 as Sailor's runs) is the recorded one.
    const SailorRun run = parseSailorPlan(text, planPath, catalog);
    const SailorPlacement placed = placeSailorPipeline(run.pipeline, composition);
    if (!placed.problem.empty())
      throw LoadError(planPath, "pipeline_list[0]", "does not fit the cluster " + nodeOrderSpec(composition) + ": " + placed.problem);
    doc.plan = toPlan(run.pipeline, placed.node_ids);
    doc.plan.provenance = run.plan.provenance;
    doc.plan.provenance.cluster.clear();  // the file names VMs, not a cluster: nothing to warn about
    doc.training.global_batch = run.spec.global_batch;
    doc.training.sequence_length = run.spec.sequence_length;
    doc.training.precision = run.spec.precision;
    doc.training.activation_checkpointing = run.spec.activation_checkpointing;
    doc.training.distributed_optimizer = run.spec.distributed_optimizer;
  }
  Plan& plan = doc.plan;
  // What the file claims about GPUs it leaves out must hold on this cluster (the report sums it).
  checkUnusedGpus(plan, composition, planPath);
  TrainingSpec spec = trainingFrom(a, model, doc.training);
  if (sailorFormat) spec.runtime = TrainingSpec::Runtime::DeepSpeed;  // Sailor runs Megatron-DeepSpeed

  const Provenance recorded = plan.provenance;
  if (!recorded.model.empty() && recorded.model != model.id) {
    err << "arachne-cli evaluate: warning: the plan records model '" << recorded.model
        << "', evaluating it with '" << model.id << "'\n";
  }
  // Plans record their cluster in node order (nodeOrderSpec); older ones grouped by type.
  const std::string clusterSpec = nodeOrderSpec(composition);
  if (!recorded.cluster.empty() && recorded.cluster != clusterSpec && recorded.cluster != composition.toInlineSpec()) {
    err << "arachne-cli evaluate: warning: the plan records cluster '" << recorded.cluster
        << "', evaluating it on '" << clusterSpec << "'\n";
  }

  ProfileSet profiles = makeAnalyticProfiles(catalog, composition.gpuTypes(), model, spec);
  if (auto path = a.value("--profiles")) {
    // Measured entries replace the analytic ones key by key; entries made for another model
    // would be matched by layer-type name and silently give wrong numbers, so they are refused.
    const LoadedProfiles loaded = loadProfileOption(*path, a.value("--llm-info").value_or(""), model, catalog);
    for (const auto& n : loaded.notes) err << "arachne-cli evaluate: note: " << n << "\n";
    const ProfileSet& measured = loaded.profiles;
    profiles.overlay(measured);
    profiles.name += " + " + measured.name;
  }
  const CostModel cost(catalog, composition, model, spec, profiles, costTermsFrom(a));
  // A plan priced with terms off (plan --without) gives other numbers with them on: say so, as
  // for a cluster or model other than the recorded one.
  if (const std::vector<std::string> off = cost.terms().offNames(); off != recorded.cost_terms_off)
    err << "arachne-cli evaluate: warning: the plan was priced with "
        << (recorded.cost_terms_off.empty() ? std::string("every cost-model term on")
                                            : "cost-model terms off: " + joinTermNames(recorded.cost_terms_off))
        << ", evaluating it with " << (off.empty() ? std::string("every term on") : "terms off: " + joinTermNames(off))
        << (recorded.cost_terms_off.empty() ? std::string()
                                            : " (--without " + joinTermNames(recorded.cost_terms_off, ",") + " reproduces it)")
        << "\n";
  // The batch split is recomputed and written back, so --json shows the micro-batches priced.
  const PlanReport report = cost.priceAndUpdate(plan);

  // Provenance records what this evaluation used; the planner fields stay as the plan's author.
  plan.provenance.catalog = "builtin-" + catalog.version();
  plan.provenance.profile_set = profiles.name;
  plan.provenance.cluster = clusterSpec;
  plan.provenance.model = model.id;
  plan.provenance.cost_terms_off = cost.terms().offNames();

  if (a.has("--json")) {
    out << planToJson(plan, &report, spec);
  } else {
    ReportContext ctx;
    ctx.plan_label = planPath;
    ctx.composition = &composition;
    ctx.model = &model;
    ctx.spec = &spec;
    ctx.profile_set = profiles.name;
    ctx.terms_off = joinTermNames(plan.provenance.cost_terms_off);
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
      "and the global batch is split across the replicas in proportion to their speed, unless\n"
      "the plan fixes its micro-batches (micro_batches_fixed, Sailor's format).\n"
      "Without --cluster and --model the plan is priced on the cluster and model its provenance\n"
      "records (as export does); a plan in Sailor's format records neither, so both are needed.\n"
      "A plan in Sailor's format (a top-level pipeline_list) is placed on the cluster in rank\n"
      "order; its stages' replicas may mix GPU types and TP degrees (one DP for all stages).\n"
      "Exit code 0 when the plan is feasible, 3 when it is not (the report, with every\n"
      "violation, is still printed on stdout), 2 on bad input.";
  s.options = {
      {"--cluster", "SPEC", "the cluster: a *.cluster.json file, a preset name or the inline form (default: the one the plan records)", false},
      {"--model", "ID|FILE", "model catalog id or model JSON file (default: the one the plan records)", false},
      {"--plan", "FILE", "the plan to price: a *.plan.json, or a plan in Sailor's format (plan_config_*.json)", true},
      {"--json", "", "print the priced plan as plan JSON instead of tables", false},
      {"--profiles", "FILE", "measured profiles overriding the analytic ones: a *.profiles.json, or Sailor's (profiles_tmp.json, profiles/<model>/<gpu>/profile.json)", false},
      {"--llm-info", "FILE", "Sailor's per-layer sizes for Sailor-format --profiles; default: llm_info.json next to them or in a parent folder", false},
  };
  for (OptionSpec& o : pricingOptions()) s.options.push_back(std::move(o));
  return {s, runEvaluate};
}

}  // namespace arachne::cli
