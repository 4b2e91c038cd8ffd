// `train`: train the learned planner's policy over a problem mix, with progress and checkpoints.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <thread>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "commands.h"
#include "io/atomic_file.h"
#include "model/model_catalog.h"
#include "planning_session.h"
#include "plugin/policy_plugin.h"
#include "plugin/policy_plugin_api.h"  // torch-free: TrainingRunOptions and the module's entry table
#include "profile_option.h"
#include "train_workers.h"
#include "validation/heldout_set.h"

namespace arachne::cli {

namespace {

constexpr double kMaxMinutes = 7 * 24 * 60;
constexpr double kProgressEveryS = 10;

double parseMinutes(const std::string& option, const std::string& text, bool allowZero) {
  return parseRealOption(option, text, "minutes", 0, allowZero, kMaxMinutes, std::to_string(static_cast<int>(kMaxMinutes)));
}

std::string joinInts(const std::vector<int>& values) {
  std::string s;
  for (const int v : values) {
    if (!s.empty()) s += ',';
    s += std::to_string(v);
  }
  return s;
}

// The default mix: every preset, random compositions of the generator, dense and MoE models.
TrainingRunOptions defaultMix() {
  TrainingRunOptions o;
  o.clusters = presetNames();
  o.random_compositions = 32;
  o.small_random_compositions = 32;
  o.wide_random_compositions = 24;
  o.models = {"llama3-8b", "qwen3-32b", "mixtral-8x7b", "qwen3-30b-a3b", "llama3-70b", "gpt-neo-2.7b"};
  o.trainer.greedy_demonstrations = true;
  o.trainer.exhaustive_demonstration_gpus = 16;
  o.trainer.imitation_interval = 1;
  o.trainer.demonstration_epochs = 100;
  o.trainer.final_cloning_epochs = 100;
  return o;
}

// --workers, --rank, --master and --timeout: which rank this process is and where rank 0 is.
DistributedTrainingOptions parseDistributed(const ParsedArgs& a) {
  DistributedTrainingOptions d;
  if (auto v = a.value("--workers")) d.world_size = parseIntOption("--workers", *v, 1, 1024);
  const auto rank = a.value("--rank"), master = a.value("--master");
  if (rank && !master) throw UsageError("option '--rank' joins a run: it needs --master ADDR:PORT, the address of rank 0");
  if (master && !rank)
    throw UsageError("option '--master' is for a rank joining a run: give --rank too (with --workers N alone, "
                     "the N-1 other ranks are started on this machine)");
  if (rank) {
    if (d.world_size < 2) throw UsageError("option '--rank' needs --workers N with N of 2 or more");
    d.rank = parseIntOption("--rank", *rank, 0, d.world_size - 1);
    const MasterAddress m = parseMasterAddress(*master);
    d.master_host = m.host;
    d.master_port = m.port;
  }
  if (auto v = a.value("--timeout")) d.timeout_s = parseRealOption("--timeout", *v, "seconds", 0, false, 86400, "86400");
  return d;
}

template <typename... Values>
std::string line(const char* format, Values... values) {
  char buf[256];
  std::snprintf(buf, sizeof buf, format, values...);
  return buf;
}

// --problems FILE: a training set (the held-out set's format, kind "arachne-training-set"), each
// problem with its own settings and, when it names them, its measured profiles. Read here, not
// in the policy module, because measured profiles load through --profiles' reader.
std::vector<ListedTrainingProblem> loadListedProblems(const std::string& path) {
  const GpuCatalog& catalog = GpuCatalog::builtin();
  const HeldoutSet set = loadHeldoutSet(path, catalog, kTrainingSetKind);
  std::vector<ListedTrainingProblem> listed;
  ProblemProfiles profiles(catalog);
  for (const HeldoutProblem& h : set.problems) {
    ListedTrainingProblem p;
    p.composition = h.composition;
    p.model = h.model;
    const Model model = resolveModel(h.model);
    p.spec = heldoutTrainingSpec(h, model);
    p.profiles = profiles.of(h, model);
    listed.push_back(std::move(p));
  }
  return listed;
}

int runTrain(const CommandSpec& cmd, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const ParsedArgs a = parseArgs(cmd, args);
  if (a.help()) {
    out << helpText(cmd);
    return kExitOk;
  }
  TrainingRunOptions o = defaultMix();
  o.out = *a.value("--out");
  o.command = "arachne-cli train";
  for (const auto& arg : args) o.command += " " + arg;
  if (auto v = a.value("--minutes")) o.minutes = parseMinutes("--minutes", *v, false);
  if (auto v = a.value("--checkpoint-minutes")) o.checkpoint_minutes = parseMinutes("--checkpoint-minutes", *v, true);
  if (auto v = a.value("--seed")) o.seed = static_cast<std::uint64_t>(parseIntOption("--seed", *v, 0, 2147483647));
  if (auto v = a.value("--updates")) o.max_updates = parseIntOption("--updates", *v, 1, 100000000);
  if (auto v = a.value("--random")) o.random_compositions = parseIntOption("--random", *v, 0, 100000);
  if (auto v = a.value("--random-small")) o.small_random_compositions = parseIntOption("--random-small", *v, 0, 100000);
  if (auto v = a.value("--random-wide")) o.wide_random_compositions = parseIntOption("--random-wide", *v, 0, 100000);
  if (auto v = a.value("--cluster")) o.clusters = {*v};
  if (auto v = a.value("--models")) o.models = parseListOption("--models", *v);
  if (auto v = a.value("--batch-scales")) {
    o.batch_scales.clear();
    for (const auto& item : parseListOption("--batch-scales", *v)) o.batch_scales.push_back(parseIntOption("--batch-scales", item, 1, 64));
  }
  if (auto v = a.value("--problems")) o.listed_problems = loadListedProblems(*v);
  if (auto v = a.value("--resume")) o.resume = *v;
  if (auto v = a.value("--planner")) {
    if (*v != "arachne" && *v != "flat-rl")
      throw UsageError("option '--planner' must be arachne or flat-rl, not '" + *v + "'");
    o.config.flat = *v == "flat-rl";
  }
  // Greedy's constructions are templates filled by rule; flat-rl's raw decisions cannot replay them.
  if (o.config.flat) o.trainer.greedy_demonstrations = false;
  if (auto v = a.value("--demonstrations")) {
    if (*v != "greedy" && *v != "none")
      throw UsageError("option '--demonstrations' needs 'greedy' or 'none', got '" + *v + "'");
    if (*v == "greedy" && o.config.flat)
      throw UsageError("option '--demonstrations greedy' is for the arachne policy: flat-rl's raw decisions cannot replay greedy's filled templates");
    o.trainer.greedy_demonstrations = *v == "greedy";
  }
  if (auto v = a.value("--exhaustive-demonstrations"))
    o.trainer.exhaustive_demonstration_gpus = parseIntOption("--exhaustive-demonstrations", *v, 0, 4096);
  if (auto v = a.value("--demonstration-epochs"))
    o.trainer.demonstration_epochs = parseIntOption("--demonstration-epochs", *v, 0, 100000);
  if (auto v = a.value("--final-cloning-epochs"))
    o.trainer.final_cloning_epochs = parseIntOption("--final-cloning-epochs", *v, 0, 100000);
  if (auto v = a.value("--polish-evaluations"))
    o.trainer.polish_evaluations = parseIntOption("--polish-evaluations", *v, 0, 10000000);
  if (auto v = a.value("--imitation-interval"))
    o.trainer.imitation_interval = parseIntOption("--imitation-interval", *v, 0, 1000000);
  o.distributed = parseDistributed(a);
  // The mix's clusters and models are input like the flags: refused before any work or output
  // (the run resolves them only after printing its heading).
  for (const auto& spec : o.clusters) resolveCluster(spec, GpuCatalog::builtin());
  for (const auto& id : o.models) resolveModel(id);
  const bool spawnLocal = o.distributed.world_size > 1 && !a.value("--rank");
  const bool writer = o.distributed.rank == 0;

  // Before the training, not after it: a bad --out must not cost the whole budget. Only rank 0
  // writes it, so only rank 0 checks it (another machine may not have its directory).
  if (writer) checkOutputPath(o.out);
  // N processes on one machine share its cores: one torch thread pool each, split evenly,
  // unless the user chose (children inherit the variable).
  if (spawnLocal && !std::getenv("OMP_NUM_THREADS")) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned each = std::max(1u, cores / static_cast<unsigned>(o.distributed.world_size));
    ::setenv("OMP_NUM_THREADS", std::to_string(each).c_str(), 1);
  }
  // c10d logs its failures through glog as well, with a warning about glog itself: the errors
  // below name the problem once, so glog keeps quiet unless the user asked for it.
  if (o.distributed.world_size > 1 && !std::getenv("GLOG_minloglevel")) ::setenv("GLOG_minloglevel", "3", 1);
  // The other local ranks first, so that they load LibTorch while this process does.
  std::unique_ptr<LocalWorkers> local;
  if (spawnLocal) {
    o.distributed.master_host = "127.0.0.1";
    try {
      o.distributed.master_port = freeLoopbackPort();
      local = std::make_unique<LocalWorkers>(args, o.distributed.world_size, o.distributed.master_port);
    } catch (const std::runtime_error& e) {
      err << "arachne-cli train: " << e.what() << "\n";
      return kExitPeer;
    }
  }
  // The trainer is LibTorch code in the policy library, loaded only now that the options are good.
  const PolicyPluginStatus library = loadPolicyPlugin();
  const PolicyPluginApi* api = policyPluginApi();
  if (!api) {
    err << "arachne-cli train: " << library.problem << "\n";
    return kExitInternal;  // the local ranks fail alike; LocalWorkers stops what is left of them
  }
  // A bad --resume file is input like any other: refused before the first line of output (the
  // run would read it only after printing its heading).
  if (!o.resume.empty()) api->read_weights_metadata(o.resume, o.config.flat);
  const std::string where = o.distributed.master_host + ":" + std::to_string(o.distributed.master_port);
  if (writer) {
    out << "training the " << o.config.plannerName() << " policy: " << o.clusters.size() << " cluster(s) + " << o.random_compositions
        << " random + " << o.small_random_compositions << " small + " << o.wide_random_compositions << " wide random composition(s) x " << o.models.size() << " model(s)"
        << (o.batch_scales == std::vector<int>{1} ? "" : " at the global batch x " + joinInts(o.batch_scales))
        << (o.listed_problems.empty() ? "" : " + " + std::to_string(o.listed_problems.size()) + " listed problem(s)")
        << ", seed " << o.seed << ", " << o.minutes
        << " min" << (o.resume.empty() ? "" : ", resuming from " + o.resume);
    if (o.distributed.world_size > 1)
      out << ", " << o.distributed.world_size << " workers (rank 0 at " << where << (spawnLocal ? ", the others started here" : "") << ")";
    out << "\n";
  } else {
    out << "rank " << o.distributed.rank << " of " << o.distributed.world_size << ": joining the run of rank 0 at " << where
        << " (rank 0 reports and writes " << o.out << ")\n";
  }
  out.flush();
  // The children's lines after this process's own error, when some of them failed too.
  auto reportChildren = [&](double seconds) {
    if (!local) return false;
    const std::vector<std::string> failed = local->wait(seconds);
    for (const auto& f : failed) err << "  local " << f << "\n";
    return !failed.empty();
  };

  long long episodes = 0;
  int checkpointsSeen = 0;
  double lastLine = -kProgressEveryS;
  TrainingRunResult result;
  // SIGINT / SIGTERM end the run after the current update, and the weights are still written.
  CancelOnSigint sigint;
  {
    auto progress = [&](const UpdateStats& u, const TrainingRunResult& soFar) {
      episodes += u.rollouts;
      if (!writer) return;
      if (soFar.checkpoints > checkpointsSeen) {
        checkpointsSeen = soFar.checkpoints;
        out << "checkpoint " << checkpointsSeen << " written to " << o.out << "\n";
      }
      if (soFar.elapsed_s - lastLine < kProgressEveryS) return;
      lastLine = soFar.elapsed_s;
      out << "update " << u.update << ": "
          << line("%.0f episodes, %.0f evaluations, mean reward %.3f seq/s (this update), best %.3f seq/s, "
                  "forced depth p=%.2f, %.1f s",
                  static_cast<double>(episodes), static_cast<double>(soFar.evaluations), u.mean_throughput,
                  soFar.best_throughput, u.forced_depth_probability, soFar.elapsed_s)
          << "\n";
      out.flush();
    };
    try {
      result = api->run_training(o, progress, sigint.flag());
    } catch (const std::invalid_argument& e) {
      err << "arachne-cli train: " << e.what() << "\n";
      reportChildren(30);
      return kExitBadInput;
    } catch (const TrainingPeerError& e) {
      err << "arachne-cli train: " << e.what() << "\n";
      reportChildren(30);
      return kExitPeer;
    } catch (...) {
      reportChildren(30);
      throw;
    }
  }
  // Every rank is past the run's last exchange; the children only have to exit.
  if (reportChildren(60)) {
    err << "arachne-cli train: a local rank failed after the run (" << o.out << " is written)\n";
    return kExitPeer;
  }
  if (!writer) {
    out << "rank " << o.distributed.rank << " done" << (result.cancelled ? " (interrupted)" : "") << ": " << result.updates
        << " updates of " << result.workers << " workers\n";
    return kExitOk;
  }
  if (result.demonstration_decisions > 0)
    out << "greedy demonstrations: " << result.demonstrations << " problems (exhaustive's plan better on "
        << result.exhaustive_better << "), " << result.demonstration_decisions
        << " decisions cloned over "
        << result.demonstration_epochs << " passes, loss "
        << line("%.3f -> %.3f; %.1f s with the greedy runs", result.demonstration_first_loss,
                result.demonstration_last_loss, result.demonstration_s)
        << "\n";
  if (o.trainer.polish_evaluations > 0)
    out << "expert iteration: " << result.polish_improved << " polished plans beat the best kept one\n";
  if (result.final_cloning_epochs > 0)
    out << "final cloning of each problem's best plan: " << result.final_cloning_epochs << " passes, loss "
        << line("%.3f -> %.3f", result.final_cloning_first_loss, result.final_cloning_last_loss) << "\n";
  out << "problems: " << result.problems << " (composition, model) pairs";
  if (!result.skipped.empty()) out << ", " << result.skipped.size() << " skipped";
  out << "\n";
  for (const auto& s : result.skipped) err << "  skipped " << s << "\n";
  out << "done" << (result.cancelled ? " (interrupted)" : "") << ": " << result.updates << " updates, " << episodes
      << " episodes, " << result.evaluations << " evaluations in "
      << line("%.1f s; last mean reward %.3f seq/s, best %.3f seq/s", result.elapsed_s,
              result.last_mean_throughput, result.best_throughput)
      << "\n";
  out << "wrote " << o.out << " (" << result.checkpoints << " checkpoint(s))\n";
  return kExitOk;
}

}  // namespace

Command trainCommand() {
  CommandSpec s;
  s.name = "train";
  s.summary = "train the learned planner's policy (for --planner arachne or flat-rl)";
  const TrainingRunOptions mix = defaultMix();
  const size_t compositions = mix.clusters.size() + static_cast<size_t>(mix.random_compositions +
                              mix.small_random_compositions + mix.wide_random_compositions);
  s.details =
      "Trains one policy across compositions and models (docs/learned-planner.md): by default every\n"
      "preset plus --random compositions of the generator (2-4 GPU types, 8-512 GPUs, non-uniform\n"
      "nodes), --random-small and --random-wide ones, each paired with every model of --models (" +
      std::to_string(compositions) + "\ncompositions x " + std::to_string(mix.models.size()) + " models: " +
      std::to_string(compositions * mix.models.size()) + " problems). A progress\n"
      "line about every 10 s gives the episodes (policy rollouts), plan evaluations, this update's\n"
      "mean reward and the run's best (sequences/s; problems differ in scale). The weights file is\n"
      "rewritten at every checkpoint and at the end; Ctrl-C or SIGTERM ends the run cleanly and saves\n"
      "it. --out is checked before the training starts.\n"
      "--resume starts from a weights file (its size settings are kept; the optimiser restarts).\n"
      "--planner flat-rl trains the flat-rl ablation instead (the same trainer; the policy also\n"
      "learns each template's layer split, micro-batch size and replicas); the file records which.\n"
      "Planning with a trained file: ARACHNE_POLICY_WEIGHTS=FILE arachne-cli plan --planner arachne,\n"
      "or ARACHNE_FLAT_RL_WEIGHTS=FILE arachne-cli plan --planner flat-rl.\n"
      "--workers N trains in N processes (docs/learned-planner.md, \"Distributed training\"): each\n"
      "update's rollouts are split between them and their gradients summed, so the update is the\n"
      "one process's over the same rollouts. On one machine --workers N alone starts the others.\n"
      "On several: the same command on each, plus --rank R --master ADDR:PORT (rank 0's address);\n"
      "the options must agree (checked at the start). Exit 4 when a peer cannot be reached within\n"
      "--timeout, leaves the run or stops answering.";
  s.options = {
      {"--out", "FILE", "the weights file to write (rewritten at every checkpoint)", true},
      {"--minutes", "M", "wall-clock budget in minutes, fractions allowed (default 60)", false},
      {"--seed", "N", "random seed of the initial weights, compositions and rollouts (default 1)", false},
      {"--resume", "FILE", "continue training these weights (of the same --planner kind)", false},
      {"--planner", "NAME", "arachne (default) or flat-rl: which policy to train", false},
      {"--checkpoint-minutes", "M", "minutes between checkpoints; 0 writes only at the end (default 5)", false},
      {"--updates", "N", "stop after N updates even if time is left", false},
      {"--cluster", "SPEC", "train on this one cluster instead of the presets", false},
      {"--random", "N", "random compositions of 8-512 GPUs added to the clusters (default 32)", false},
      {"--random-small", "N", "random compositions of 4-16 GPUs added to the clusters (default 32)", false},
      {"--random-wide", "N", "random compositions of 2-6 GPU types and 8-1,024 GPUs added to the clusters (default 24)", false},
      {"--batch-scales", "LIST",
       "each (composition, model) pair trains at its model's global batch times one of these, drawn per pair "
       "(1-64, comma-separated; default 1: every pair at the model's default)",
       false},
      {"--demonstrations", "greedy|none",
       "start each problem's self-imitation buffer with the greedy planner's plan (default greedy)", false},
      {"--exhaustive-demonstrations", "N",
       "with greedy's demonstrations, compositions of at most N GPUs also get exhaustive's plan (300,000 "
       "evaluations at most; 0 never; default 16)",
       false},
      {"--demonstration-epochs", "N", "behaviour-cloning passes over the demonstrations before PPO (default 100)", false},
      {"--final-cloning-epochs", "N",
       "cloning passes over each problem's best plan after the last update, within --minutes (default 100)", false},
      {"--imitation-interval", "N", "updates between self-imitation steps; 0 never (default 1)", false},
      {"--polish-evaluations", "N",
       "expert iteration: after each update, polish each of its problems' best kept plan by the stage-order and "
       "stage-edit sweeps within N fills and imitate an improved one (0 never; default 0)",
       false},
      {"--models", "IDS", "comma-separated model ids (default llama3-8b,qwen3-32b,mixtral-8x7b,qwen3-30b-a3b,llama3-70b,gpt-neo-2.7b)", false},
      {"--problems", "FILE",
       "more problems, each as listed: a training set (the held-out set's format, kind \"arachne-training-set\") "
       "whose problems may carry their own batch, precision, runtime, network and measured profiles",
       false},
      {"--workers", "N",
       "train in N processes that sum their gradients (c10d, Gloo over TCP); alone it starts the N-1 others on "
       "this machine (default 1)",
       false},
      {"--rank", "R", "with --workers and --master: join a run as rank R (0 hosts it and writes --out)", false},
      {"--master", "ADDR:PORT", "with --rank: where rank 0 listens (rank 0 listens on PORT on every interface)", false},
      {"--timeout", "S", "seconds to wait for the other ranks, at the start and at every exchange (default 300)", false},
  };
  return {s, runTrain};
}

}  // namespace arachne::cli
