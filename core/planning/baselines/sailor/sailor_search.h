// Sailor's planner search: for every pipeline depth and micro-batch size, the TP degree of each
// GPU type per stage (memory-minimal, or raised while it speeds the stage up 1.5x), then the DP
// degrees from the largest down, each solved by Sailor's dynamic programme over how many
// replicas of each GPU type every stage takes, with Sailor's own iteration-time estimate.
// Ported from eth-easl/sailor cf2c8e3 (MIT): planner.cpp get_plans_num_gpus_dp, solve_dp,
// generate_all_combos_new; planner_utils.cpp find_tmp_degrees, simulate_time_single_stage,
// merge_stages_get_time, find_ar_time, get_ar_time_with_buckets.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "planning/baselines/baseline_network.h"
#include "planning/baselines/sailor/sailor_inputs.h"

namespace arachne {

// Replicas of one GPU type in a stage: Sailor lists a stage's replicas type by type.
struct SailorTypeGroup {
  int type = 0;  // index into SailorInputs::types
  int tp = 1;
  int count = 0;
};
using SailorStageAssign = std::vector<SailorTypeGroup>;

// One ranked plan: what Sailor's get_sorted_plans returns.
struct SailorConfig {
  int mbs = 1;
  int dp = 1;
  double tpp = 0;  // Sailor's estimated iteration time
  std::vector<std::pair<int, int>> stages;  // layer ranges
  std::vector<SailorStageAssign> assign;    // per stage
};

class SailorSearch {
 public:
  // `stop` is polled between candidates with the number of stage estimates made so far; when it
  // returns true the search ends and what it has ranked so far is returned.
  SailorSearch(const SailorInputs& in, const BaselineNetwork& net, std::function<bool(long long)> stop,
               std::function<void(int depth, int mbs)> progress = {});
  // Sailor's ranked plans (ascending estimated iteration time; ties keep search order).
  std::vector<SailorConfig> run();
  long long estimates() const { return estimates_; }
  bool stopped() const { return stopped_; }
  // Sailor's search handles at most kMaxTypes GPU types (more returns no plan and says so).
  bool tooManyTypes() const { return static_cast<int>(in_.types.size()) > kMaxTypes; }

  // Sailor's per-stage TP degrees for one depth and micro-batch size: tmps[type][stage], empty
  // for a type that cannot hold some stage at any candidate TP (find_tmp_degrees).
  std::vector<std::vector<int>> tpDegrees(const std::vector<std::pair<int, int>>& stages, int mbs) const;
  // The DP degrees Sailor tries for a micro-batch size, in its order: every DP at which
  // ceil(gbs / (mbs * dp)) changes, largest first (build_structs' mbs_dp_vector).
  std::vector<int> dpDegrees(int mbs) const;

 private:
  struct Info {  // Sailor's PipelineInfo
    double straggler = 0, comp = 0, inter = 0, ar = 0, update = 0, tpp = 0, first_comp = 0;
  };
  // Sailor's ParallelismConfig: this stage's assignment and the memo entry of the rest (entries
  // of an unordered_map stay put), so an entry holds one small vector whatever the depth.
  struct Partial {
    bool valid = false;
    double tpp = 0;
    Info info;
    SailorStageAssign first;
    const Partial* rest = nullptr;
  };
  static constexpr int kMaxTypes = 8;
  struct MemoKey {  // Sailor's dp[mbs][pp][start][dp][resources]
    int mbs = 0, pp = 0, start = 0, dp = 0;
    std::array<int, kMaxTypes> counts{};
    bool operator==(const MemoKey&) const = default;
  };
  struct MemoHash {
    size_t operator()(const MemoKey& k) const;
  };
  static std::vector<SailorStageAssign> stagesOf(const Partial& p);
  const Partial& solve(int mbs, int pp, int dp, int stage, const std::vector<int>& counts);
  Info singleStage(int first, int last, const SailorStageAssign& a, int mbs, int dp);
  double merge(Info& p1, const Info& p2, const SailorStageAssign& cur, const SailorStageAssign& next, int mbs, int dp) const;
  double allReduce(int type, int tp, int dp, int first, int last);
  int microBatches(int mbs, int dp) const;

  const SailorInputs& in_;
  const BaselineNetwork& net_;
  std::function<bool(long long)> stop_;
  std::function<void(int, int)> progress_;
  // State of the (depth, mbs) being solved.
  std::vector<std::pair<int, int>> stages_;
  std::vector<std::vector<int>> tmps_;
  std::unordered_map<MemoKey, Partial, MemoHash> memo_;
  std::map<std::tuple<int, int, int, int, int>, double> ar_cache_;
  long long estimates_ = 0;
  bool stopped_ = false;
};

}  // namespace arachne
