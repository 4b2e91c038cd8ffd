// Cells by key: resume from the CSV files, parallel runs of the missing cells, atomic CSV writes.
#include "paper_store.h"

#include <exception>
#include <filesystem>
#include <set>
#include <thread>

#include "io/atomic_file.h"
#include "io/input_file.h"
#include "paper_run.h"
#include "table.h"

namespace arachne::cli {

namespace {

// The figures whose cells are plain planner runs (Figure 8's scenario rows have their own file).
const int kCellFigures[] = {1, 7, 9, 10, 11};

std::string describe(const CellKey& k) {
  std::string s = k.planner + (k.variant.empty() ? "" : " (" + k.variant + ")") + " on " + k.cluster + ", " + k.model;
  if (k.budget_evals > 0) s += ", " + grouped(static_cast<double>(k.budget_evals)) + " evaluations";
  if (k.seed != 1) s += ", seed " + std::to_string(k.seed);
  return s;
}

// The run options in which a cell of the file differs from one this run asks for, e.g.
// "global batch 8192 (this run: 512)": what the user most likely left off the command line.
std::string optionsThatDiffer(const CellKey& file, const CellKey& run) {
  std::vector<std::string> d;
  if (file.budget_s != run.budget_s)
    d.push_back("budget " + fixed(file.budget_s, 1) + " s (this run: " + fixed(run.budget_s, 1) + " s, --budget-s)");
  if (file.global_batch != run.global_batch)
    d.push_back("global batch " + std::to_string(file.global_batch) + " (this run: " + std::to_string(run.global_batch) +
                ", --global-batch)");
  const auto rate = [](double g) { return g > 0 ? fixed(g, 3) + " GB/s" : std::string("the catalog's"); };
  if (file.a6000_gbps != run.a6000_gbps)
    d.push_back("A6000 network " + rate(file.a6000_gbps) + " (this run: " + rate(run.a6000_gbps) + ", --a6000-network)");
  if (file.seed != run.seed)
    d.push_back("seed " + std::to_string(file.seed) + " (this run: " + std::to_string(run.seed) + ", --seed)");
  std::string out;
  for (const std::string& x : d) out += (out.empty() ? "" : ", ") + x;
  return out;
}

}  // namespace

void runParallel(int jobs, size_t n, const std::function<void(size_t)>& work, const std::atomic<bool>* cancel) {
  std::mutex m;
  size_t next = 0;
  std::exception_ptr failure;
  auto worker = [&] {
    for (;;) {
      size_t i;
      {
        std::lock_guard<std::mutex> lock(m);
        if (next >= n || failure || (cancel && cancel->load())) return;
        i = next++;
      }
      try {
        work(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(m);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  const int threads = static_cast<int>(std::min<size_t>(static_cast<size_t>(std::max(1, jobs)), n));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

std::string figureCsvPath(const std::string& dir, int figure) {
  return (std::filesystem::path(dir) / ("paper-fig" + std::to_string(figure) + ".csv")).string();
}

CellStore::CellStore(const PaperOptions& options, std::ostream& err, const std::atomic<bool>* cancel)
    : options_(options), err_(err), cancel_(cancel) {}

void CellStore::load() {
  if (options_.csv_dir.empty()) return;
  for (int f : kCellFigures) {
    const std::string path = figureCsvPath(options_.csv_dir, f);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) continue;
    const CsvData data = parseCsv(readInputFile(path, "paper CSV file"), path);
    checkCellColumns(data, path);  // also with no rows: the file would be overwritten
    for (size_t i = 0; i < data.rows.size(); ++i) {
      auto [key, result] = cellFromRow(data, i, path);
      const std::string id = key.id();
      figure_keys_[f].push_back(key);
      if (results_.count(id)) continue;  // a cell two figures share: the same run
      results_[id] = std::move(result);
      from_csv_[id] = true;
    }
  }
}

bool CellStore::has(const CellKey& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return results_.count(key.id()) > 0;
}

const CellResult& CellStore::get(const CellKey& key) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return results_.at(key.id());
}

void CellStore::writeFigure(int figure) {
  if (options_.csv_dir.empty()) return;
  CsvData d;
  d.header = cellColumns();
  std::set<std::string> seen;
  for (const CellKey& k : figure_keys_[figure]) {
    const std::string id = k.id();
    const auto it = results_.find(id);
    if (it == results_.end() || !seen.insert(id).second) continue;
    d.rows.push_back(cellRow(figure, k, it->second));
  }
  writeFileAtomically(figureCsvPath(options_.csv_dir, figure), toCsv(d));
}

bool CellStore::ensure(int figure, const std::vector<CellKey>& keys) {
  std::vector<CellKey> todo;
  std::vector<CellKey> inFile;  // the cells of the figure's file before this call (load())
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto& mine = figure_keys_[figure];
    inFile = mine;
    std::set<std::string> queued, listed;
    for (const CellKey& k : mine) listed.insert(k.id());
    for (const CellKey& k : keys) {
      const std::string id = k.id();
      if (listed.insert(id).second) mine.push_back(k);
      if (results_.count(id)) {
        if (from_csv_.count(id)) {
          from_csv_.erase(id);
          ++read_back_;
        }
      } else if (queued.insert(id).second) {
        todo.push_back(k);
      }
    }
    // The cells read back (or shared with an earlier figure) are in the figure's file at once.
    writeFigure(figure);
  }
  const size_t total = todo.size();
  // A file full of cells none of which this run asks for is most likely a run made with other
  // options (`--csv-dir bench/paper-run-600/gb8192` without `--global-batch 8192`): planning then
  // takes hours and adds its cells to that file, so say so before the first cell starts.
  // Other models or clusters in the same options are a run adding to the file: no warning.
  const std::string differ =
      !keys.empty() && total == keys.size() && !inFile.empty() ? optionsThatDiffer(inFile.front(), keys.front()) : "";
  if (!differ.empty())
    err_ << "paper: warning: " << figureCsvPath(options_.csv_dir, figure) << " holds " << inFile.size()
         << " cells, none made with this run's options (its first: " << differ
         << "); this run's cells are planned anew and added to the file, which keeps its own\n";
  err_ << "paper: figure " << figure << ": " << keys.size() << " cells, " << (keys.size() - total)
       << " already done, " << total << " to run on " << options_.jobs << " job" << (options_.jobs == 1 ? "" : "s")
       << "\n";
  err_.flush();
  bool interrupted = false;
  size_t done = 0;
  runParallel(options_.jobs, total, [&](size_t i) {
    const CellKey& k = todo[i];
    {
      std::lock_guard<std::mutex> lock(mutex_);
      err_ << "paper: figure " << figure << " [" << (i + 1) << "/" << total << "] start " << describe(k) << "\n";
      err_.flush();
    }
    bool cancelled = false;
    CellResult r = runPaperCell(k, cancel_, cancelled);
    std::lock_guard<std::mutex> lock(mutex_);
    if (cancelled || (cancel_ && cancel_->load())) {
      interrupted = true;
      return;
    }
    ++done;
    ++ran_;
    err_ << "paper: figure " << figure << " [" << done << "/" << total << " done] " << describe(k) << ": "
         << (r.found ? fixed(r.seq_per_s, 2) + " seq/s" : std::string("no plan")) << ", " << fixed(r.planning_s, 1)
         << " s" << (r.at_budget ? " (budget)" : "") << "\n";
    err_.flush();
    results_[k.id()] = std::move(r);
    writeFigure(figure);
  }, cancel_);
  return !interrupted && !(cancel_ && cancel_->load());
}

}  // namespace arachne::cli
