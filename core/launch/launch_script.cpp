// Writing launch.sh for Megatron-LM and for a generic torchrun job.
#include "launch/launch_script.h"

#include "launch/megatron_launch.h"

namespace arachne {

namespace {

bool safeChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '-' || c == '.' || c == '/' || c == '=' || c == ':' || c == ',' || c == '+' || c == '@';
}

std::string nodeComment(int nodeRank, int nodeId, const std::string& type, int gpus, int firstRank) {
  return "#   node rank " + std::to_string(nodeRank) + ": cluster node " + std::to_string(nodeId) + " (" + commentText(type) + "), " +
         std::to_string(gpus) + " GPU" + (gpus == 1 ? "" : "s") + ", ranks " + std::to_string(firstRank) + "-" +
         std::to_string(firstRank + gpus - 1) + "\n";
}

std::string caseTail(int nodes) {
  return "  *) echo \"launch.sh: NODE_RANK must be 0.." + std::to_string(nodes - 1) + ", not $NODE_RANK\" >&2; exit 2 ;;\n"
         "esac\n";
}

}  // namespace

std::string shellWord(const std::string& word) {
  if (word.empty()) return "''";
  bool safe = true;
  for (char c : word) safe = safe && safeChar(c);
  if (safe) return word;
  if (word[0] == '$') {
    bool var = true;
    for (size_t i = 1; i < word.size(); ++i) var = var && (safeChar(word[i]) && word[i] != '=' && word[i] != ':' && word[i] != ',' && word[i] != '+' && word[i] != '@');
    if (var) return "\"" + word + "\"";
  }
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string commentText(const std::string& text) {
  std::string out = text;
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return out;
}

std::string shellCommand(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& w : argv) {
    if (!out.empty()) out += ' ';
    out += shellWord(w);
  }
  return out;
}

std::string megatronLaunchScript(const MegatronLaunch& launch, const LaunchScriptHeader& header) {
  const RankMap& map = launch.rank_map;
  std::string s = "#!/bin/bash\n"
                  "# Megatron-LM launch of " + commentText(header.plan_label) + ": " + commentText(map.model) + " on " +
                  commentText(map.cluster) + ", " +
                  std::to_string(map.worldSize()) + " GPUs on " + std::to_string(map.nodes.size()) + " nodes.\n"
                  "# Written by " + commentText(header.generator) + "; the arguments follow megatron/training/arguments.py\n"
                  "# of Megatron-LM commit " + kMegatronCommit + ".\n"
                  "# Run it on every node of the hostfile with that node's rank:\n"
                  "#   NODE_RANK=k MASTER_ADDR=<host of node rank 0> MEGATRON_LM=<Megatron-LM checkout> \\\n"
                  "#     bash launch.sh <data, tokenizer, iteration and checkpoint arguments of pretrain_gpt.py>\n"
                  "# Not set here, so Megatron-LM's defaults apply unless you append them: the RoPE base\n"
                  "# (--rotary-base, default 10000; Llama 3 uses 500000), the norm epsilon, RoPE scaling and a\n"
                  "# router's scoring; they change the model, not the plan (docs/launch-export.md).\n"
                  "# Nodes (rankmap.json has every rank's stage, TP rank, replica and layers):\n";
  for (const MegatronNodeCommand& n : launch.nodes) s += nodeComment(n.node_rank, n.node_id, n.gpu_type, n.gpus, n.first_rank);
  for (const std::string& note : launch.notes) s += "# Note: " + commentText(note) + ".\n";
  s += "set -euo pipefail\n"
       ": \"${NODE_RANK:?set NODE_RANK to the rank of this node (see the hostfile)}\"\n"
       ": \"${MASTER_ADDR:?set MASTER_ADDR to the host of node rank 0}\"\n"
       ": \"${MEGATRON_LM:?set MEGATRON_LM to a Megatron-LM checkout}\"\n"
       "MASTER_PORT=\"${MASTER_PORT:-29500}\"\n";
  bool tp = false;
  for (size_t i = 0; i + 1 < launch.arguments.size(); ++i)
    if (launch.arguments[i] == "--tensor-model-parallel-size" && launch.arguments[i + 1] != "1") tp = true;
  if (tp) s += "# Megatron-LM requires this with tensor parallelism before Blackwell (arguments.py).\nexport CUDA_DEVICE_MAX_CONNECTIONS=1\n";
  for (const MegatronLaunch::Variable& v : launch.environment)
    s += "# " + commentText(v.why) + ".\nexport " + v.name + "=" + v.value + "\n";
  s += "case \"$NODE_RANK\" in\n";
  for (const MegatronNodeCommand& n : launch.nodes)
    s += "  " + std::to_string(n.node_rank) + ") exec " + shellCommand(n.argv) + " \"$@\" ;;\n";
  return s + caseTail(static_cast<int>(launch.nodes.size()));
}

std::string torchrunLaunchScript(const RankMap& map, const LaunchScriptHeader& header) {
  std::string s = "#!/bin/bash\n"
                  "# torchrun launch of " + commentText(header.plan_label) + ": " + commentText(map.model) + " on " +
                  commentText(map.cluster) + ", " +
                  std::to_string(map.worldSize()) + " GPUs on " + std::to_string(map.nodes.size()) + " nodes.\n"
                  "# Written by " + commentText(header.generator) + ".\n"
                  "# torchrun numbers ranks node by node, so RANK and LOCAL_RANK are the \"rank\" and \"local_gpu\"\n"
                  "# of rankmap.json; the training script reads its row (template, stage, TP rank, replica, layers,\n"
                  "# expert coordinates) from the file named by ARACHNE_RANK_MAP. Run it on every node:\n"
                  "#   NODE_RANK=k MASTER_ADDR=<host of node rank 0> bash launch.sh TRAINING_SCRIPT [ARGS...]\n"
                  "# Nodes:\n";
  for (const RankMapNode& n : map.nodes) s += nodeComment(n.node_rank, n.node_id, n.gpu_type, n.gpus_used, n.first_rank);
  s += "set -euo pipefail\n"
       ": \"${NODE_RANK:?set NODE_RANK to the rank of this node (see the hostfile)}\"\n"
       ": \"${MASTER_ADDR:?set MASTER_ADDR to the host of node rank 0}\"\n"
       "[ \"$#\" -ge 1 ] || { echo \"launch.sh: name the training script to start\" >&2; exit 2; }\n"
       "MASTER_PORT=\"${MASTER_PORT:-29500}\"\n"
       "export ARACHNE_RANK_MAP=\"${ARACHNE_RANK_MAP:-$(cd \"$(dirname \"$0\")\" && pwd)/rankmap.json}\"\n"
       "case \"$NODE_RANK\" in\n";
  const std::string nnodes = std::to_string(map.nodes.size());
  for (const RankMapNode& n : map.nodes)
    s += "  " + std::to_string(n.node_rank) + ") exec " +
         shellCommand({"torchrun", "--nnodes", nnodes, "--node_rank", std::to_string(n.node_rank), "--nproc_per_node",
                       std::to_string(n.gpus_used), "--master_addr", "$MASTER_ADDR", "--master_port", "$MASTER_PORT"}) +
         " \"$@\" ;;\n";
  return s + caseTail(static_cast<int>(map.nodes.size()));
}

}  // namespace arachne
