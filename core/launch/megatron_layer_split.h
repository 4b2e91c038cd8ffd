// How a plan's layer split is told to Megatron-LM: uniform, first/last stage counts, or an
// explicit --pipeline-model-parallel-layout.
#pragma once

#include <string>
#include <vector>

namespace arachne {

struct Model;
struct Template;

struct MegatronLayerSplit {
  std::vector<int> decoder_layers;  // transformer blocks per stage (embedding and head not counted)
  int num_layers = 0;               // --num-layers: all transformer blocks
  // The flags that give exactly this split, e.g. {"--decoder-first-pipeline-num-layers", "7"};
  // empty when Megatron's default even split already is this split.
  std::vector<std::string> flags;
  std::string problem;  // non-empty when the template's layers cannot be mapped at all
};

// Counts the transformer blocks of each stage and picks the plainest flags that reproduce the
// split under the argument rules of the Megatron-LM commit in megatron_launch.h:
//   - all stages equal: no flag (num_layers % PP == 0 is then guaranteed);
//   - every stage but the first (or the last, or both) equal and the odd ones non-empty:
//     --decoder-first-pipeline-num-layers / --decoder-last-pipeline-num-layers (the remaining
//     layers divide evenly over the remaining stages: TransformerConfig's "Uneven PP" rule);
//   - anything else: --pipeline-model-parallel-layout "Et*n0|t*n1|...|t*nkL" (E embedding,
//     t a transformer block, L the loss; one '|'-separated entry per stage).
// The embedding must sit in the first stage and the head in the last (Megatron's GPT model
// places them there); `problem` says so when a plan puts them elsewhere.
MegatronLayerSplit megatronLayerSplit(const Template& tpl, const Model& model);

}  // namespace arachne
