// A plan: filled templates that run data parallel over the global batch, plus what was left out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "plan/reason.h"

namespace arachne {

struct ExpertTiling {
  int ep = 1;   // expert parallel: experts split over EP ranks (may cross nodes)
  int etp = 1;  // expert tensor parallel: one expert sliced over ETP GPUs (node bound, divides tp)
  int edp = 1;  // expert data parallel: what remains, W_s / (EP * ETP)
  bool operator==(const ExpertTiling&) const = default;
};

struct Stage {
  std::string gpu_type;  // catalog id
  int tp = 1;
  int first_layer = 0;   // inclusive indices into Model::layers
  int last_layer = 0;
  // The node holding this stage's TP group in each replica: node_ids[r] for replica r
  // (size == template replicas; a node may appear more than once).
  std::vector<int> node_ids;
  std::optional<ExpertTiling> expert_tiling;  // MoE stages only
  bool operator==(const Stage&) const = default;
};

struct Template {
  int replicas = 1;       // DP degree of this pipeline structure
  int micro_batch = 1;    // sequences per micro-batch
  int micro_batches = 1;  // micro-batches per replica per iteration (M)
  // Interleaved 1F1B: every stage holds its layers as this many model chunks, taken round-robin
  // (Megatron's virtual pipeline stages); 1 is plain 1F1B.
  int virtual_stages = 1;
  std::vector<Stage> stages;
  int depth() const { return static_cast<int>(stages.size()); }
  int gpus() const;  // replicas * sum of tp
  bool operator==(const Template&) const = default;
};

struct UnusedGpus {
  std::string gpu_type;
  int node_id = 0;
  int count = 0;
  std::string reason;  // the cost model's reason, with numbers (why.english() when `why` is set)
  Reason why;          // the same reason as data, for translated views; empty when read from JSON
  // The text is the content: a plan read back from JSON (reason only) equals the original.
  bool operator==(const UnusedGpus& o) const {
    return gpu_type == o.gpu_type && node_id == o.node_id && count == o.count && reason == o.reason;
  }
};

struct Provenance {
  std::string catalog;          // GPU + model catalog identity, e.g. "builtin-1"
  std::string profile_set;      // e.g. "analytic-v1" or an imported file
  std::string planner;          // e.g. "greedy", "arachne", "hand"
  std::string planner_version;
  std::uint64_t seed = 0;
  std::string cluster;          // the composition's inline form
  std::string model;            // model id
  // The cost-model terms that were off when the plan was priced (CostTerms::names; `--without`);
  // empty when every term was on. Lets `evaluate` say when it prices the plan otherwise.
  std::vector<std::string> cost_terms_off;
  bool operator==(const Provenance&) const = default;
};

struct Plan {
  Provenance provenance;
  std::vector<Template> templates;
  std::vector<UnusedGpus> unused_gpus;
  // The templates' micro_batches are part of the plan and are priced as given, without the
  // proportional batch split: Sailor's format gives every pipeline ceil(gbs / (mbs * dp))
  // micro-batches, and a plan read from it (or made by a planner that decides M itself) keeps
  // that. False: M is the cost model's to choose (the batch split of docs/cost-model.md).
  bool fixed_micro_batches = false;
  int gpusUsed() const;
  bool operator==(const Plan&) const = default;
};

}  // namespace arachne
