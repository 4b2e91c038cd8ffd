// The policy's feature layout: every entry of the state, summary and candidate vectors by name.
#pragma once

#include <string>
#include <vector>

#include "policy/policy_config.h"

namespace arachne {

// The names are the single source of truth for the sizes: a feature exists when it has a name,
// and docs/learned-planner.md lists the same names with their normalisation.
struct PolicyLayout {
  explicit PolicyLayout(const PolicyConfig& config);

  std::vector<std::string> per_type;       // one block per GPU type slot
  std::vector<std::string> cluster;        // cluster-wide, after the t_max per-type blocks
  std::vector<std::string> summary;        // composition summary (the FiLM input)
  std::vector<std::string> depth_candidate;   // one row per candidate STOP, 1 .. d_max
  std::vector<std::string> stage_context;     // the decisions fixed before a device/TP choice
  std::vector<std::string> device_candidate;  // one row per GPU type slot
  std::vector<std::string> flat_context;      // flat-rl's layer/micro-batch/replica decisions

  int t_max = 0, d_max = 0, k_max = 0;

  int perTypeSize() const { return static_cast<int>(per_type.size()); }
  // The backbone's input: t_max per-type blocks followed by the cluster-wide block.
  int stateSize() const { return t_max * perTypeSize() + static_cast<int>(cluster.size()); }
  int summarySize() const { return static_cast<int>(summary.size()); }
  int depthCandidates() const { return d_max + 1; }
  int depthCandidateSize() const { return static_cast<int>(depth_candidate.size()); }
  int stageContextSize() const { return static_cast<int>(stage_context.size()); }
  int deviceCandidateSize() const { return static_cast<int>(device_candidate.size()); }
  int flatContextSize() const { return static_cast<int>(flat_context.size()); }
};

}  // namespace arachne
