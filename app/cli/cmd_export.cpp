// `export`: the files that launch a plan as a real training job (Megatron-LM, torchrun, rank map).
#include <iostream>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cluster/node_order_spec.h"
#include "commands.h"
#include "cost/cost_model.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "launch/launch_export.h"
#include "launch/megatron_launch.h"
#include "launch/rank_map.h"
#include "model/model_catalog.h"
#include "plan/recorded_cluster_check.h"
#include "plan/unused_gpus_check.h"
#include "profile/analytic_profiler.h"
#include "recorded_inputs.h"
#include "report_table.h"

#ifndef ARACHNE_VERSION
#define ARACHNE_VERSION "unknown"
#endif

namespace arachne::cli {

namespace {

int runExport(const CommandSpec& cmd, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const ParsedArgs a = parseArgs(cmd, args);
  if (a.help()) {
    out << helpText(cmd);
    return kExitOk;
  }
  const std::string formatName = *a.value("--format");
  const auto format = launchFormatFromString(formatName);
  if (!format) throw UsageError("option '--format' needs megatron, torchrun or rankmap, got '" + formatName + "'");
  const std::string planPath = *a.value("--plan");
  PlanDocument doc = loadPlanDocument(planPath);
  Plan& plan = doc.plan;

  // The plan's own cluster and model unless the command line names others.
  const GpuCatalog& catalog = GpuCatalog::builtin();
  const Composition composition = clusterFor(a, plan, planPath, catalog);
  // The same file gets the same verdict as from evaluate: GPUs it claims unused must exist and be
  // free on this cluster, else the file was made for another one.
  checkUnusedGpus(plan, composition, planPath);
  const Model model = modelFor(a, plan, planPath);
  const TrainingSpec spec = doc.training.applyTo(model.default_training);

  // Priced first: an infeasible plan would fail on the cluster, so nothing is exported for it.
  const ProfileSet profiles = makeAnalyticProfiles(catalog, composition.gpuTypes(), model, spec);
  const CostModel cost(catalog, composition, model, spec, profiles);
  const PlanReport report = cost.priceAndUpdate(plan);
  // On stderr: stdout is the exported file's text, and `export ... > rankmap.json` must not get a
  // verdict where the caller expects JSON.
  if (!report.feasible) {
    err << "arachne-cli export: the plan is infeasible on " << nodeOrderSpec(composition) << " with "
        << model.id << "; nothing was exported.\n";
    err << violationLines(report);
    return kExitInfeasible;
  }

  const std::string generator = std::string("arachne-cli ") + ARACHNE_VERSION + " export --format " + formatName;
  LaunchExport e;
  try {
    e = exportLaunch(*format, plan, composition, model, spec, catalog, planPath, generator);
  } catch (const RankMapError& x) {
    throw LoadError(planPath, "templates", x.what());
  }
  for (const std::string& n : e.notes) err << "arachne-cli export: note: " << n << "\n";
  if (e.blocked()) {
    err << "arachne-cli export: Megatron-LM cannot run this plan unmodified (checked against Megatron-LM "
        << "commit " << kMegatronCommitShort << "):\n";
    for (const std::string& b : e.blockers) err << "  - " << b << "\n";
    err << "arachne-cli export: no Megatron-LM command was written; the rank map is "
        << (a.has("--out") ? "written" : "printed") << " instead\n";
  }
  if (auto dir = a.value("--out")) {
    writeLaunchFiles(e, *dir);
    for (const LaunchFile& f : e.files) out << "wrote " << *dir << "/" << f.name << "\n";
  } else {
    out << e.primary().text;
  }
  return e.blocked() ? kExitInfeasible : kExitOk;
}

}  // namespace

Command exportCommand() {
  CommandSpec s;
  s.name = "export";
  s.summary = "write the files that launch a plan as a training job (Megatron-LM, torchrun, rank map)";
  s.details =
      "megatron: one torchrun command per node starting Megatron-LM's pretrain_gpt.py with its own\n"
      "arguments, for plans Megatron-LM runs unmodified (one template, one TP degree on every stage,\n"
      "one expert tiling, GPU types that support the precision, nodes in Megatron-LM's rank order).\n"
      "For any other plan it names each feature that blocks it and gives the rank map instead (exit 3).\n"
      "torchrun: one torchrun command per node for any training script, which finds its rank's row\n"
      "through $ARACHNE_RANK_MAP. rankmap: one JSON row per rank (node, local GPU, template, stage,\n"
      "TP rank, DP rank, layers, expert coordinates). --out DIR writes launch.sh (megatron, torchrun),\n"
      "rankmap.json and hostfile; without it the script (or the rank map) goes to stdout.\n"
      "The plan is priced first on its cluster and model (recorded in the file unless --cluster /\n"
      "--model name others): an infeasible plan exports nothing (exit 3, the violations on stdout).\n"
      "Exit code 0 when the requested files were made, 3 as above, 2 on bad input.";
  s.options = {
      {"--plan", "FILE", "the *.plan.json to export", true},
      {"--format", "megatron|torchrun|rankmap", "what to write", true},
      {"--out", "DIR", "write the files into DIR (created when missing)", false},
      {"--cluster", "SPEC", "the cluster (default: the one the plan records)", false},
      {"--model", "ID|FILE", "the model (default: the one the plan records)", false},
  };
  return {s, runExport};
}

}  // namespace arachne::cli
