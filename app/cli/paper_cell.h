// One cell of the paper's experiments: a planner run on (cluster, model, training, budget), its
// key (what decides its numbers, not the commit), its result, and its CSV row, written with
// round-trip precision so a resumed run prints exactly what the first run printed.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace arachne::cli {

// Planner variants: "" as registered; "no-expert" with TrainingSpec::expert_tiling off (the fill
// keeps every MoE stage untiled), whose plan is also re-tiled by the fill's rule afterwards.
constexpr const char* kNoExpert = "no-expert";

struct CellKey {
  std::string planner;
  std::string variant;
  std::string cluster;        // preset name or inline spec
  std::string model;
  double budget_s = 0;        // wall-clock budget of the run
  long long budget_evals = 0; // 0: none (curves: the evaluation budget)
  int global_batch = 0;       // the effective global batch (the model's default or --global-batch)
  double a6000_gbps = 0;      // 0: the catalog's figure
  std::uint64_t seed = 1;
  // Canonical text of every field above; equal keys give the same cell.
  std::string id() const;
};

struct CellResult {
  bool found = false;
  double seq_per_s = 0;
  double iter_per_s = 0;
  double planning_s = 0;      // wall time of the plan() call
  long long evaluations = 0;
  int gpus_used = 0;
  int gpus = 0;               // of the composition
  bool at_budget = false;     // the planner stopped at its budget, not at the end of its search
  bool refused = false;
  // no-expert cells: the plan re-tiled by the fill's rule (equal to the above when nothing changed)
  double retiled_seq_per_s = 0;
  double retiled_iter_per_s = 0;
  bool retiled_changed = false;
  std::string plan;           // one-line shape of the plan ("-" when none)
  std::string message;        // the planner's message, shortened
  std::vector<std::pair<long long, double>> curve;  // best-so-far seq/s against evaluations
};

// A CSV file as header + rows of strings (RFC 4180 quoting).
struct CsvData {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};
std::string toCsv(const CsvData& data);
// Throws LoadError(path, "line N", problem) on a malformed file.
CsvData parseCsv(const std::string& text, const std::string& path);

// Exact text of a double ("%.17g"), and its reading back; LoadError names the column.
std::string exactNumber(double v);

// The columns of every cell CSV, then one cell as a row of them (figure given for the reader).
const std::vector<std::string>& cellColumns();
// Throws LoadError(path, column, "column missing") unless the header has every column a row is
// read from: a file without them is not a paper CSV, and the run would overwrite it.
void checkCellColumns(const CsvData& data, const std::string& path);
std::vector<std::string> cellRow(int figure, const CellKey& key, const CellResult& result);
// A row of a file with cellColumns() (in any order, by header): its key and result.
std::pair<CellKey, CellResult> cellFromRow(const CsvData& data, size_t row, const std::string& path);

}  // namespace arachne::cli
