// A whole training run: the problem mix, updates until the budget ends, checkpoints, resume.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "cluster/composition.h"
#include "policy/composition_generator.h"
#include "policy/policy_config.h"
#include "policy/policy_trainer.h"
#include "profile/profile_set.h"

namespace arachne {

// One rank of a distributed run (docs/learned-planner.md, "Distributed training"): world_size
// processes, on one machine or several, that meet at rank 0's TCPStore on master_port. With
// world_size 1 nothing of c10d is used.
struct DistributedTrainingOptions {
  int world_size = 1;
  int rank = 0;
  std::string master_host = "127.0.0.1";  // where rank 0 runs, as the other ranks reach it
  int master_port = 0;                    // rank 0 listens there (every interface)
  double timeout_s = 300;                 // for connecting, and for every exchange after
};

// A peer of a distributed run could not be reached, left the run or stopped answering: the
// message names this rank, the master and what failed.
class TrainingPeerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A problem given in full (arachne-cli train --problems FILE): its own training settings and,
// when given, its own profile set (e.g. measured ones), where the generated problems all use
// the model's defaults and the analytic profiles.
struct ListedTrainingProblem {
  Composition composition;              // with its network attached
  std::string model;                    // catalog id
  TrainingSpec spec;
  std::optional<ProfileSet> profiles;   // absent: the analytic profiles of the composition's types
};

struct TrainingRunOptions {
  std::vector<std::string> clusters;    // preset names, cluster files or inline specs
  int random_compositions = 0;          // more compositions drawn by the generator from `seed`
  CompositionGeneratorOptions generator;
  // More compositions from a second band of the generator (by default 4-16 GPUs): the band of
  // `generator` is log-uniform over 8-512 GPUs, so small clusters, where one stage order or TP
  // degree decides whether the model fits at all, are otherwise rare in the mix.
  int small_random_compositions = 0;
  CompositionGeneratorOptions small_generator = smallCompositions();
  static CompositionGeneratorOptions smallCompositions() {
    CompositionGeneratorOptions g;
    g.min_gpus = 4;
    g.max_gpus = 16;
    return g;
  }
  // A third band, wider than the first in both directions that users' clusters take: 2-6 GPU
  // types and up to 1,024 GPUs (the first band stops at 4 types and 512 GPUs), so the policy
  // sees the type counts and sizes it is asked to plan beyond the presets.
  int wide_random_compositions = 0;
  CompositionGeneratorOptions wide_generator = wideCompositions();
  static CompositionGeneratorOptions wideCompositions() {
    CompositionGeneratorOptions g;
    g.max_types = 6;
    g.max_gpus = 1024;
    return g;
  }
  std::vector<std::string> models = {"llama3-8b"};  // every composition is paired with each
  // Each (composition, model) pair trains at the model's default global batch times one of these,
  // drawn per pair from its own stream (seed + 0xba7c): the state carries the global batch, but a
  // policy trained at the defaults alone never learns what a larger batch changes (the replicas a
  // slow GPU type is worth). {1} keeps every pair at the default. Listed problems keep theirs.
  std::vector<int> batch_scales = {1};
  std::vector<ListedTrainingProblem> listed_problems;  // added as they are, after the pairs above
  double minutes = 60;                  // wall-clock budget; <= 0 means none
  long long max_updates = 0;            // 0 means none
  std::string out;                      // weights file, rewritten at every checkpoint
  double checkpoint_minutes = 5;        // <= 0: write only at the end
  std::string resume;                   // start from these weights (the optimiser restarts)
  // For a fresh policy; a resumed one keeps its own. config.flat trains flat-rl (the same
  // trainer; a resume file of the other kind is refused with a LoadError).
  PolicyConfig config;
  TrainerOptions trainer;               // its seed is replaced by `seed`
  std::uint64_t seed = 1;
  std::string command;                  // how the run was started (stored in the metadata when set)
  // Several ranks: every rank passes the same options but `distributed.rank` (checked at the
  // start); rank 0 alone writes `out`.
  DistributedTrainingOptions distributed;
};

struct TrainingRunResult {
  long long updates = 0;          // in this run
  long long evaluations = 0;      // fills run in this run
  double elapsed_s = 0;
  int problems = 0;               // (composition, model) pairs trained on
  std::vector<int> global_batches;  // each trained problem's global batch, in the order of its key
  std::vector<std::string> skipped;  // problems left out, each with the reason
  double last_mean_throughput = 0;
  double best_throughput = 0;     // best rollout of the run, sequences/s (not comparable across problems)
  int checkpoints = 0;            // files written, the final one included
  bool cancelled = false;
  // Behaviour cloning of the greedy demonstrations before the first update (when enabled).
  int demonstrations = 0;         // problems whose greedy plan was demonstrated
  long long polish_improved = 0;    // polished plans that beat the buffer's best (TrainerOptions::polish_evaluations)
  long long exhaustive_better = 0;  // of them, problems where exhaustive's demonstration beat greedy's
  size_t demonstration_decisions = 0;
  int demonstration_epochs = 0;
  double demonstration_first_loss = 0, demonstration_last_loss = 0;
  double demonstration_s = 0;     // wall time of the demonstrations and their cloning
  int final_cloning_epochs = 0;   // passes over each problem's best plan after the last update
  double final_cloning_first_loss = 0, final_cloning_last_loss = 0;
  int workers = 1;                // ranks of the run (updates and evaluations above count them all)
};

using TrainingProgress = std::function<void(const UpdateStats& update, const TrainingRunResult& soFar)>;

// Builds every problem (analytic profiles of the built-in catalog, or a listed problem's own), trains until the budget,
// the update limit or the cancel flag, and writes `out` with metadata saying how it was
// trained (seed, updates, evaluations, wall time, problems, resumed-from). Throws LoadError for
// an unreadable resume file or cluster spec, std::invalid_argument when no problem is usable,
// `out` is empty or the ranks' options differ, TrainingPeerError when a peer cannot be reached
// or leaves (rank 0 then writes the weights it has first, when an update has completed).
TrainingRunResult runPolicyTraining(const TrainingRunOptions& options, const TrainingProgress& progress = {},
                                    const std::atomic<bool>* cancel = nullptr);

}  // namespace arachne
