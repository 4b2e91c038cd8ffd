// The rank map of a plan: which global rank runs which part of which template on which GPU.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "plan/plan.h"

namespace arachne {

class Composition;
struct Model;

// Expert-tiling coordinates of one rank of a MoE stage. Inside a stage of TP t and R replicas
// the W = t * R ranks are numbered w = tp_rank + t * dp_rank; ETP varies fastest, then EP, then
// EDP (Megatron-LM's expert order "tp-ep-dp": etp = w % ETP, ep = (w / ETP) % EP,
// edp = w / (ETP * EP)), so an ETP group stays inside its TP group and its node.
struct ExpertCoordinates {
  int ep_rank = 0;
  int etp_rank = 0;
  int edp_rank = 0;
  bool operator==(const ExpertCoordinates&) const = default;
};

struct RankMapRow {
  int rank = 0;          // global rank (what torchrun assigns: node ranks in order, then local GPU)
  int node_rank = 0;     // position of the node in the launch (torchrun --node_rank)
  int node_id = 0;       // the composition's node id
  std::string gpu_type;
  int local_gpu = 0;     // GPU index inside the node (torchrun's LOCAL_RANK)
  int template_index = 0;
  int stage = 0;
  int tp_rank = 0;
  int dp_rank = 0;       // the replica of the template
  int first_layer = 0;   // inclusive indices into the model's layer stack
  int last_layer = 0;
  std::optional<ExpertCoordinates> expert;  // MoE stages only
  bool operator==(const RankMapRow&) const = default;
};

// One node of the launch: its place in the torchrun order and the GPUs the plan uses on it.
struct RankMapNode {
  int node_rank = 0;
  int node_id = 0;
  std::string gpu_type;
  int gpus_used = 0;   // torchrun --nproc_per_node
  int gpus_in_node = 0;
  int first_rank = 0;  // ranks first_rank .. first_rank + gpus_used - 1
  bool operator==(const RankMapNode&) const = default;
};

// What a template needs besides its ranks to be rebuilt from the map.
struct RankMapTemplate {
  int replicas = 1;
  int micro_batch = 1;
  int micro_batches = 1;
  int depth = 1;
  bool operator==(const RankMapTemplate&) const = default;
};

struct RankMap {
  std::string cluster;  // the composition's inline form
  std::string model;    // model id
  std::vector<RankMapTemplate> templates;
  std::vector<RankMapNode> nodes;  // in node-rank order
  std::vector<RankMapRow> rows;    // in rank order, one per GPU the plan uses
  int worldSize() const { return static_cast<int>(rows.size()); }
  bool operator==(const RankMap&) const = default;
};

// The order in which a template's TP groups are numbered. StageMajor is Megatron-LM's default
// order "tp-cp-ep-dp-pp" (rank = tp + TP * (dp + DP * pp)): every replica of stage 0 first.
// ReplicaMajor is its --use-tp-pp-dp-mapping order "tp-cp-ep-pp-dp" (rank = tp + TP * (pp +
// PP * dp)): one whole pipeline after the other.
enum class RankOrder { StageMajor, ReplicaMajor };

// A plan that cannot be laid out on the composition (unknown node, node over-subscribed, GPU
// type mismatch). The message names the template, stage, replica and node.
class RankMapError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Lays the plan out: templates in order, each template's TP groups in `order`; each group takes
// the next free GPUs of its node; nodes get node ranks in the order they are first used, and
// global ranks follow node rank, then local GPU (torchrun's rule), so every node's ranks are one
// consecutive block. `model` decides which stages are MoE stages (expert coordinates; the
// plan's tiling, else the cost model's default EP 1 x ETP TP x EDP replicas); may be null.
RankMap buildRankMap(const Plan& plan, const Composition& composition, const Model* model,
                     RankOrder order = RankOrder::StageMajor);

// The GPU assignment the map describes, as plan templates (replicas, micro-batches, stages with
// GPU type, TP degree, layers, node of each replica and expert tiling). Throws RankMapError when
// the rows do not form whole TP groups of consistent templates.
std::vector<Template> templatesFromRankMap(const RankMap& map);

}  // namespace arachne
