// The cells of `arachne-cli paper`: results by key, read back from the CSV files of an earlier
// run (resume), the missing ones run on parallel jobs, each figure's CSV rewritten atomically
// as each of its cells finishes.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "paper_cell.h"
#include "paper_options.h"

namespace arachne::cli {

// Runs work(i) for i in [0, n) on `jobs` threads, in order of i as threads free up; stops taking
// new items once *cancel is set. Rethrows the first exception a work item threw, after all
// threads have stopped.
void runParallel(int jobs, size_t n, const std::function<void(size_t)>& work, const std::atomic<bool>* cancel);

// The CSV file of a figure in the CSV directory: DIR/paper-fig<N>.csv.
std::string figureCsvPath(const std::string& dir, int figure);

class CellStore {
 public:
  CellStore(const PaperOptions& options, std::ostream& err, const std::atomic<bool>* cancel);

  // Reads the cell CSV files of every figure from the CSV directory (when given and present).
  // Throws LoadError on a malformed file.
  void load();
  // Runs every cell of `keys` not yet known (the options' jobs in parallel), with a progress line
  // on stderr per cell, and rewrites the figure's CSV after each. False when interrupted (the
  // cancelled cells are not kept).
  bool ensure(int figure, const std::vector<CellKey>& keys);
  bool has(const CellKey& key) const;
  // The result of a cell ensure() ran or load() read; throws std::out_of_range otherwise.
  const CellResult& get(const CellKey& key) const;

  int ran() const { return ran_; }
  int readBack() const { return read_back_; }

 private:
  void writeFigure(int figure);  // callers hold mutex_

  const PaperOptions& options_;
  std::ostream& err_;
  const std::atomic<bool>* cancel_;
  mutable std::mutex mutex_;
  std::map<std::string, CellResult> results_;
  std::map<std::string, bool> from_csv_;            // read back, not yet counted as used
  // Per figure, the cells of its file: those read back (in file order, kept even when this run
  // does not ask for them, e.g. another --models), then those this run added.
  std::map<int, std::vector<CellKey>> figure_keys_;
  int ran_ = 0, read_back_ = 0;
};

}  // namespace arachne::cli
