// The training run: problems from presets, specs and the generator; updates; checkpoints.
#include "policy/policy_training_run.h"

#include <chrono>
#include <memory>
#include <stdexcept>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/cost_model.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "policy/policy_io.h"
#include "policy/policy_network.h"
#include "policy/training_group.h"
#include "profile/analytic_profiler.h"
#include "profile/profile_set.h"

namespace arachne {

namespace {

// One (composition, model) pair with the cost model that prices it; heap-held so the
// references the cost model keeps stay valid.
struct TrainingProblem {
  std::string key;
  Composition composition;
  Model model;
  TrainingSpec spec;
  std::unique_ptr<ProfileSet> profiles;
  std::unique_ptr<CostModel> cost;
};

nlohmann::json trainerJson(const TrainerOptions& t) {
  return {{"group_size", t.group_size},
          {"problems_per_update", t.problems_per_update},
          {"ppo_epochs", t.ppo_epochs},
          {"clip", t.clip},
          {"learning_rate", t.learning_rate},
          {"entropy_coef", t.entropy_coef},
          {"forced_depth", {t.exploration.start, t.exploration.end, t.exploration.decay_updates}},
          {"project_gradients", t.project_gradients},
          {"imitation_interval", t.imitation_interval},
          {"imitation_coef", t.imitation_coef},
          {"greedy_demonstrations", t.greedy_demonstrations},
          {"exhaustive_demonstration_gpus", t.exhaustive_demonstration_gpus},
          {"exhaustive_demonstration_evaluations", t.exhaustive_demonstration_evaluations},
          {"demonstration_epochs", t.demonstration_epochs},
          {"final_cloning_epochs", t.final_cloning_epochs},
          {"polish_evaluations", t.polish_evaluations}};
}

// What must agree between the ranks of a distributed run: everything that decides the problems,
// the trainer's arithmetic and when the run stops, and the policy's feature layout and size
// (rank 0's weights are broadcast into every rank's network). Not the rank, the master, --out
// or --resume's path (the weights themselves come from rank 0).
nlohmann::json runIdentity(const TrainingRunOptions& o, const PolicyNetwork& network, const nlohmann::json& keys) {
  const PolicyConfig& c = network.config();
  const TrainerOptions& t = o.trainer;
  long long parameters = 0;
  for (const auto& p : const_cast<PolicyNetwork&>(network).parameters()) parameters += p.numel();
  return {{"workers", o.distributed.world_size},
          {"seed", o.seed},
          {"minutes", o.minutes},
          {"updates", o.max_updates},
          {"problems", keys},
          {"models", o.models},
          {"batch_scales", o.batch_scales},
          {"policy", {{"planner", c.plannerName()}, {"t_max", c.t_max}, {"d_max", c.d_max}, {"k_max", c.k_max},
                      {"hidden", c.hidden}, {"parameters", parameters},
                      {"feature_layout", PolicyConfig::kFeatureLayoutVersion}}},
          {"resumed", !o.resume.empty()},
          {"trainer", trainerJson(t)},
          {"trainer_more", {t.max_grad_norm, t.imitation_capacity, t.imitation_radius, t.imitation_entries,
                            t.exhaustive_demonstration_evaluations, t.demonstration_batch}}};
}

}  // namespace

TrainingRunResult runPolicyTraining(const TrainingRunOptions& options, const TrainingProgress& progress,
                                    const std::atomic<bool>* cancel) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (options.out.empty()) throw std::invalid_argument("policy training: no output file");

  std::shared_ptr<PolicyNetwork> network;
  nlohmann::json resumed;
  if (!options.resume.empty()) {
    LoadedPolicy loaded = loadPolicyOfKind(options.resume, options.config.flat);
    network = loaded.network;
    resumed = loaded.metadata;
  } else {
    torch::manual_seed(options.seed);
    network = std::make_shared<PolicyNetwork>(options.config);
  }

  const GpuCatalog& catalog = GpuCatalog::builtin();
  std::vector<Composition> compositions;
  for (const auto& spec : options.clusters) compositions.push_back(resolveCluster(spec, catalog));
  if (options.random_compositions > 0) {
    const CompositionGenerator generator(catalog, options.generator);
    std::mt19937_64 rng(options.seed);
    for (int i = 0; i < options.random_compositions; ++i) compositions.push_back(generator.draw(rng));
  }
  if (options.small_random_compositions > 0) {
    // Its own stream, so adding small compositions leaves the other draws as they were.
    const CompositionGenerator generator(catalog, options.small_generator);
    std::mt19937_64 rng(options.seed + 0x5eed);
    for (int i = 0; i < options.small_random_compositions; ++i) compositions.push_back(generator.draw(rng));
  }
  if (options.wide_random_compositions > 0) {
    const CompositionGenerator generator(catalog, options.wide_generator);
    std::mt19937_64 rng(options.seed + 0x71de);
    for (int i = 0; i < options.wide_random_compositions; ++i) compositions.push_back(generator.draw(rng));
  }

  // The problems' keys first: the ranks of a distributed run compare them before any work.
  std::vector<std::unique_ptr<TrainingProblem>> problems;
  nlohmann::json keys = nlohmann::json::array();
  // A spec of nullptr is the model's default; profiles of nullptr, the analytic ones (made below).
  auto add = [&](const Composition& composition, const std::string& modelId, const TrainingSpec* spec,
                 const ProfileSet* profiles) {
    auto p = std::make_unique<TrainingProblem>();
    p->composition = composition;
    p->model = resolveModel(modelId);
    p->spec = spec ? *spec : p->model.default_training;
    if (profiles) p->profiles = std::make_unique<ProfileSet>(*profiles);
    p->key = composition.toInlineSpec() + "|" + p->model.id;
    keys.push_back(p->key);
    problems.push_back(std::move(p));
  };
  if (options.batch_scales.empty()) throw std::invalid_argument("policy training: no batch scale");
  std::mt19937_64 batchRng(options.seed + 0xba7c);
  for (const auto& composition : compositions)
    for (const auto& modelId : options.models) {
      const int scale = options.batch_scales[batchRng() % options.batch_scales.size()];
      if (scale == 1) {
        add(composition, modelId, nullptr, nullptr);
        continue;
      }
      TrainingSpec spec = resolveModel(modelId).default_training;
      spec.global_batch *= scale;
      add(composition, modelId, &spec, nullptr);
    }
  for (const auto& listed : options.listed_problems)
    add(listed.composition, listed.model, &listed.spec, listed.profiles ? &*listed.profiles : nullptr);

  // Local checks above, then the peers: a bad file fails here before anyone waits for it.
  std::unique_ptr<TrainingGroup> group;
  if (options.distributed.world_size > 1) {
    group = std::make_unique<TrainingGroup>(options.distributed);
    group->checkSameOptions(runIdentity(options, *network, keys).dump());
  }
  const bool writer = !group || group->rank() == 0;
  // Stop decisions must be the same on every rank, or one would wait in an exchange the others
  // never enter: any rank's reason stops them all.
  auto anyRank = [&](bool local) { return group ? group->anyRank(local) : local; };
  auto cancelled = [&] { return cancel && cancel->load(); };

  TrainerOptions trainerOptions = options.trainer;
  trainerOptions.seed = options.seed;
  PolicyTrainer trainer(network, trainerOptions, group.get());
  TrainingRunResult result;
  result.workers = group ? group->size() : 1;
  keys = nlohmann::json::array();
  std::vector<std::unique_ptr<TrainingProblem>> usable;
  for (auto& p : problems) {
    try {
      if (!p->profiles)
        p->profiles = std::make_unique<ProfileSet>(makeAnalyticProfiles(catalog, p->composition.gpuTypes(), p->model, p->spec));
      p->cost = std::make_unique<CostModel>(catalog, p->composition, p->model, p->spec, *p->profiles);
      trainer.addProblem(*p->cost, p->key, false);
    } catch (const LoadError& e) {
      result.skipped.push_back(p->key + ": " + e.what());
      continue;
    }
    keys.push_back(p->key);
    result.global_batches.push_back(p->spec.global_batch);
    usable.push_back(std::move(p));
  }
  problems = std::move(usable);
  result.problems = static_cast<int>(problems.size());
  if (problems.empty()) throw std::invalid_argument("policy training: no usable (composition, model) pair");
  // Demonstrations may take at most half the budget (greedy is slow on large MoE problems).
  result.demonstrations = trainer.demonstrateProblems(
      [&] { return cancelled() || (options.minutes > 0 && elapsed() >= 30.0 * options.minutes); });
  result.exhaustive_better = trainer.exhaustiveBetter();
  std::string stoppedBy;  // a peer's failure that ended the run early
  auto save = [&] {
    if (!writer) return;  // rank 0 writes; the others hold the same weights
    nlohmann::json meta = {{"trained_by", "runPolicyTraining"},
                           {"planner", network->config().plannerName()},
                           {"seed", options.seed},
                           {"updates", result.updates},
                           {"evaluations", result.evaluations},
                           {"wall_time_s", elapsed()},
                           {"demonstrations", {{"problems", result.demonstrations},
                                               {"exhaustive_better", result.exhaustive_better},
                                               {"decisions", result.demonstration_decisions},
                                               {"epochs", result.demonstration_epochs},
                                               {"first_loss", result.demonstration_first_loss},
                                               {"last_loss", result.demonstration_last_loss},
                                               {"wall_time_s", result.demonstration_s}}},
                           {"final_cloning", {{"epochs", result.final_cloning_epochs},
                                              {"first_loss", result.final_cloning_first_loss},
                                              {"last_loss", result.final_cloning_last_loss}}},
                           {"non_finite_steps_skipped", trainer.nonFiniteSkipped()},
                           {"polish_improved", trainer.polishImproved()},
                           {"problems", keys},
                           {"models", options.models},
                           {"batch_scales", options.batch_scales},
                           {"trainer", trainerJson(trainerOptions)},
                           {"workers", result.workers}};
    if (!options.command.empty()) meta["command"] = options.command;
    if (!options.resume.empty()) meta["resumed_from"] = {{"file", options.resume}, {"metadata", resumed}};
    if (!stoppedBy.empty()) meta["stopped_by"] = stoppedBy;
    savePolicy(*network, options.out, meta);
    ++result.checkpoints;
  };

  double cloningSeconds = 0;
  // With several ranks the cloning passes stop on a decision they share (cancel folded into it).
  const std::atomic<bool>* cloningCancel = group ? nullptr : cancel;
  if (trainerOptions.greedy_demonstrations && trainerOptions.demonstration_epochs > 0) {
    const double cloningStart = elapsed();
    std::function<bool()> stop;
    if (group) stop = [&] { return anyRank(cancelled()); };
    const PolicyTrainer::Cloning c = trainer.cloneDemonstrations(trainerOptions.demonstration_epochs, cloningCancel, stop);
    result.demonstration_decisions = c.decisions;
    result.demonstration_epochs = c.epochs;
    result.demonstration_first_loss = c.first_loss;
    result.demonstration_last_loss = c.last_loss;
    cloningSeconds = elapsed() - cloningStart;
  }
  result.demonstration_s = elapsed();
  // The final cloning must fit in the budget: reserve its estimated time (per-pass time of the
  // first cloning, with a margin for the plans found meanwhile).
  double reserve = 0;
  if (trainerOptions.final_cloning_epochs > 0 && result.demonstration_epochs > 0)
    reserve = 1.3 * cloningSeconds / result.demonstration_epochs * trainerOptions.final_cloning_epochs + 2.0;
  // flat-rl has no first cloning to time: a tenth of the budget, and the final cloning stops at
  // the end of the budget whatever the estimate.
  if (trainerOptions.final_cloning_epochs > 0 && result.demonstration_epochs == 0 && options.minutes > 0)
    reserve = 6.0 * options.minutes;
  if (options.minutes > 0) reserve = std::min(reserve, 30.0 * options.minutes);  // at most half the budget
  result.evaluations = trainer.evaluations();  // the demonstrations' greedy runs count

  double lastCheckpoint = 0;
  try {
    while (true) {
      // One exchange per update decides for every rank: a signal on any, or the budget.
      const bool timeUp = options.minutes > 0 && result.updates > 0 && elapsed() >= options.minutes * 60.0 - reserve;
      const bool interrupted = cancelled();
      if (group) {
        std::vector<double> votes = {interrupted ? 1.0 : 0.0, timeUp ? 1.0 : 0.0};
        group->allReduceSum(votes);
        if (votes[0] > 0) {
          result.cancelled = true;
          break;
        }
        if (votes[1] > 0) break;
      } else {
        if (interrupted) {
          result.cancelled = true;
          break;
        }
        if (timeUp) break;
      }
      if (options.max_updates > 0 && result.updates >= options.max_updates) break;
      // (At least one update, so even a budget the set-up used up yields a trained file.)
      const UpdateStats u = trainer.update();
      ++result.updates;
      result.evaluations = trainer.evaluations();
      result.polish_improved = trainer.polishImproved();
      result.last_mean_throughput = u.mean_throughput;
      result.best_throughput = std::max(result.best_throughput, u.best_throughput);
      result.elapsed_s = elapsed();
      if (progress) progress(u, result);
      if (writer && options.checkpoint_minutes > 0 && elapsed() - lastCheckpoint >= options.checkpoint_minutes * 60.0) {
        save();
        lastCheckpoint = elapsed();
      }
    }
    if (trainerOptions.final_cloning_epochs > 0 && !result.cancelled) {
      const auto outOfTime = [&] {
        const bool late = options.minutes > 0 && elapsed() >= options.minutes * 60.0;
        return group ? anyRank(late || cancelled()) : late;
      };
      const PolicyTrainer::Cloning c =
          trainer.cloneDemonstrations(trainerOptions.final_cloning_epochs, cloningCancel, outOfTime);
      result.final_cloning_epochs = c.epochs;
      result.final_cloning_first_loss = c.first_loss;
      result.final_cloning_last_loss = c.last_loss;
    }
  } catch (const TrainingPeerError& e) {
    // Hours of training are not lost with a peer: rank 0 writes what it has (the weights after
    // the last full update are identical on every rank; a failure inside an update may leave
    // one of its PPO steps taken) and says where.
    if (!writer || result.updates == 0) throw;
    stoppedBy = e.what();
    result.elapsed_s = elapsed();
    save();
    throw TrainingPeerError(std::string(e.what()) + "; the weights after " + std::to_string(result.updates) +
                            " update(s) are written to " + options.out);
  }
  result.elapsed_s = elapsed();
  save();
  // Rank 0 hosts the store: it leaves last, once every rank is past its last exchange.
  if (group) group->barrier();
  return result;
}

}  // namespace arachne
