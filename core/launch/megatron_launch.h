// The Megatron-LM launch of a plan: whether Megatron-LM can run it unmodified, which feature
// blocks it when not, and the per-node torchrun commands with Megatron-LM's own arguments.
#pragma once

#include <string>
#include <vector>

#include "catalog/training_spec.h"
#include "launch/rank_map.h"

namespace arachne {

class Composition;
class GpuCatalog;
struct Model;

// The Megatron-LM commit whose megatron/training/arguments.py (and TransformerConfig, and
// PipelineParallelLayerLayout) the generated arguments were checked against.
inline constexpr const char* kMegatronCommit = "d98e8a64ddf34856e74b24714e3bedb2f5a39553";
inline constexpr const char* kMegatronCommitShort = "d98e8a6";
// The training script the commands start, relative to a Megatron-LM checkout.
inline constexpr const char* kMegatronEntryPoint = "pretrain_gpt.py";

// One reason Megatron-LM cannot run the plan as it stands.
struct MegatronBlocker {
  std::string feature;  // short id: "templates", "stage-tp", "expert-tiling", "precision", ...
  std::string detail;   // a full sentence with the plan's numbers
};

struct MegatronNodeCommand {
  int node_rank = 0;
  int node_id = 0;
  std::string gpu_type;
  int gpus = 0;       // --nproc_per_node
  int first_rank = 0;
  std::vector<std::string> argv;  // torchrun ... pretrain_gpt.py <arguments>
};

struct MegatronLaunch {
  std::vector<MegatronBlocker> blockers;  // empty: Megatron-LM runs the plan unmodified
  std::vector<std::string> notes;         // true statements a user should know (batch rounding ...)
  RankMap rank_map;                       // in the rank order the commands use
  std::vector<std::string> arguments;     // Megatron-LM's arguments, the same on every node
  // Variables launch.sh exports before torchrun, each with why (a comment line above it).
  struct Variable {
    std::string name, value, why;
  };
  std::vector<Variable> environment;
  std::vector<MegatronNodeCommand> nodes; // empty when blocked
  bool expressible() const { return blockers.empty(); }
};

// Checks every feature of the plan against what one Megatron-LM job can express (one
// template; one TP degree on every stage; one expert tiling on every MoE stage; GPU types that
// all support the precision; the node placement consistent with Megatron-LM's rank order; a model
// whose architecture Megatron-LM's GPT model builds) and, when nothing blocks, builds the
// arguments and one torchrun command per node. The plan should be feasible (priced first).
// Throws RankMapError when the plan does not fit the composition at all.
MegatronLaunch megatronLaunch(const Plan& plan, const Composition& composition, const Model& model,
                              const TrainingSpec& spec, const GpuCatalog& catalog);

}  // namespace arachne
