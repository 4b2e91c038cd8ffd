// The options of `arachne-cli paper`: which figures, budgets, models, planners, parallel jobs,
// the preset assumptions that can be overridden, and where the CSV files (and resume) live.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace arachne::cli {

struct PaperOptions {
  std::set<int> figures = {1, 7, 8, 9, 10, 11};
  double budget_s = 600;             // every planner run of Figures 1, 7, 8 (per call), 9, 10
  bool quick = false;                // tiny budgets and the smallest cells, for tests
  std::string csv_dir;               // empty: no CSV, no resume
  std::vector<std::string> models;   // empty: every model of the selected figures
  std::vector<std::string> clusters; // empty: every cluster of Figures 1, 7, 9 and 10
  std::vector<std::string> planners; // empty: every planner of each figure
  int jobs = 2;                      // planner runs in parallel
  std::uint64_t seed = 1;
  int global_batch = 0;              // 0: each model's default
  double a6000_gbps = 0;             // 0: the catalog's A6000 inter-node figure
  long long curve_evals = 32000;     // Figure 11: evaluations of arachne, flat-rl and random
  int curve_seeds = 3;               // Figure 11: seeds of random and hetauto (the paper's median)
  std::string arachne = "arachne";   // the planner in the arachne rows (tests: arachne-untrained)
  // Options as given (name, value; "" for a flag), for the command line printed under the title.
  std::vector<std::pair<std::string, std::string>> given;

  bool wantsModel(const std::string& id) const;
  bool wantsCluster(const std::string& id) const;
  bool wantsPlanner(const std::string& name) const;
};

}  // namespace arachne::cli
