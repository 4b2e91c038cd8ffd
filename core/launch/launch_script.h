// The launch.sh scripts: one torchrun command per node, picked by $NODE_RANK.
#pragma once

#include <string>
#include <vector>

#include "launch/megatron_launch.h"
#include "launch/rank_map.h"

namespace arachne {

// What the script header says about where it came from.
struct LaunchScriptHeader {
  std::string plan_label;  // the plan file
  std::string generator;   // e.g. "arachne-cli 0.1.0 export --format megatron"
};

// A word for a POSIX shell: kept as is when it holds only safe characters, "$NAME" words stay
// expandable inside double quotes, anything else goes in single quotes.
std::string shellWord(const std::string& word);
// The words joined by spaces, each through shellWord.
std::string shellCommand(const std::vector<std::string>& argv);
// Text for a `#` comment line of a script or the hostfile: every control character becomes '?'.
// File names, model ids and network names reach the comments; a newline in one would end the
// comment and make the rest a command the script runs.
std::string commentText(const std::string& text);

// Megatron-LM: needs NODE_RANK, MASTER_ADDR and MEGATRON_LM; extra arguments (data, tokenizer,
// iterations, checkpoints) are passed through to pretrain_gpt.py.
std::string megatronLaunchScript(const MegatronLaunch& launch, const LaunchScriptHeader& header);
// Any training script: torchrun starts the script given as the arguments, with
// ARACHNE_RANK_MAP naming rankmap.json next to launch.sh, so the script can read its rank's row.
std::string torchrunLaunchScript(const RankMap& map, const LaunchScriptHeader& header);

}  // namespace arachne
