// Figure 8 of `arachne-cli paper`: the cluster that grows under the job (scenario preset
// paper-growth, the code of `arachne-cli scenario`), every planner replanning from scratch at each
// join. Each planner's run is one resumable unit: its rows of paper-fig8.csv (one per step).
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

#include "catalog/gpu_catalog.h"
#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/load_error.h"
#include "model/model_catalog.h"
#include "paper_figures.h"
#include "paper_run.h"
#include "scenario/scenario_json.h"
#include "scenario/scenario_run.h"
#include "table.h"

namespace arachne::cli {

namespace {

const char* const kScenario = "paper-growth";
// The planners the paper's Figure 8 compares with Arachne.
const std::vector<std::string> kPaperGrowthBaselines = {"amp", "sailor", "espresso"};

struct GrowthStep {
  int step = 0;
  double at_s = 0;
  std::string event;
  int gpus = 0, gpus_used = 0;
  bool found = false;
  double before = 0, after = 0, stall_s = 0, planner_s = 0;
  long long evaluations = 0;
  std::string decision, plan;
};

struct GrowthRun {
  std::vector<GrowthStep> steps;
  double time_weighted = 0;
};

struct GrowthKey {
  std::string planner, model;
  double budget_s = 0;
  int global_batch = 0;
  std::uint64_t seed = 1;
  std::string id() const {
    return planner + "|" + kScenario + "|" + model + "|" + exactNumber(budget_s) + "|" + std::to_string(global_batch) +
           "|" + std::to_string(seed);
  }
};

const std::vector<std::string> kColumns = {
    "planner", "scenario", "model", "budget_s", "global_batch", "seed", "step", "at_s", "event", "gpus", "gpus_used",
    "found", "before_seq_per_s", "after_seq_per_s", "stall_s", "planner_s", "evaluations", "decision", "plan",
    "time_weighted_seq_per_s"};

std::string csvPath(const PaperOptions& o) { return figureCsvPath(o.csv_dir, 8); }

// Writes the runs of `order` that are done, in that order (the file's earlier runs first, so a
// run with other options keeps them).
void writeCsv(const PaperOptions& o, const std::vector<GrowthKey>& order, const std::map<std::string, GrowthRun>& runs) {
  if (o.csv_dir.empty()) return;
  CsvData d;
  d.header = kColumns;
  std::set<std::string> written;
  for (const GrowthKey& k : order) {
    const auto it = runs.find(k.id());
    if (it == runs.end() || !written.insert(k.id()).second) continue;
    for (const GrowthStep& s : it->second.steps)
      d.rows.push_back({k.planner, kScenario, k.model, exactNumber(k.budget_s), std::to_string(k.global_batch),
                        std::to_string(k.seed), std::to_string(s.step), exactNumber(s.at_s), s.event,
                        std::to_string(s.gpus), std::to_string(s.gpus_used), s.found ? "1" : "0", exactNumber(s.before),
                        exactNumber(s.after), exactNumber(s.stall_s), exactNumber(s.planner_s),
                        std::to_string(s.evaluations), s.decision, s.plan, exactNumber(it->second.time_weighted)});
  }
  writeFileAtomically(csvPath(o), toCsv(d));
}

std::map<std::string, GrowthRun> readCsv(const PaperOptions& o, std::vector<GrowthKey>& fileOrder) {
  std::map<std::string, GrowthRun> runs;
  if (o.csv_dir.empty()) return runs;
  const std::string path = csvPath(o);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return runs;
  const CsvData d = parseCsv(readInputFile(path, "paper CSV file"), path);
  std::map<std::string, size_t> col;
  for (size_t i = 0; i < d.header.size(); ++i) col[d.header[i]] = i;
  for (const auto& name : kColumns)
    if (!col.count(name)) throw LoadError(path, name, "column missing");
  for (size_t r = 0; r < d.rows.size(); ++r) {
    const auto& row = d.rows[r];
    auto num = [&](const char* name) {
      const std::string& t = row[col[name]];
      char* end = nullptr;
      const double v = std::strtod(t.c_str(), &end);
      if (t.empty() || *end) throw LoadError(path, "row " + std::to_string(r + 1) + "." + name, "not a number: '" + t + "'");
      return v;
    };
    GrowthKey k{row[col["planner"]], row[col["model"]], num("budget_s"), static_cast<int>(num("global_batch")),
                static_cast<std::uint64_t>(num("seed"))};
    GrowthStep s;
    s.step = static_cast<int>(num("step"));
    s.at_s = num("at_s");
    s.event = row[col["event"]];
    s.gpus = static_cast<int>(num("gpus"));
    s.gpus_used = static_cast<int>(num("gpus_used"));
    s.found = row[col["found"]] == "1";
    s.before = num("before_seq_per_s");
    s.after = num("after_seq_per_s");
    s.stall_s = num("stall_s");
    s.planner_s = num("planner_s");
    s.evaluations = static_cast<long long>(num("evaluations"));
    s.decision = row[col["decision"]];
    s.plan = row[col["plan"]];
    if (!runs.count(k.id())) fileOrder.push_back(k);
    GrowthRun& run = runs[k.id()];
    run.time_weighted = num("time_weighted_seq_per_s");
    run.steps.push_back(std::move(s));
  }
  return runs;
}

GrowthRun fromTrace(const ScenarioTrace& t) {
  GrowthRun r;
  r.time_weighted = t.time_weighted_sequences_per_s;
  for (const ScenarioStep& s : t.steps) {
    GrowthStep g;
    g.step = s.index;
    g.at_s = s.at_s;
    g.event = s.event;
    g.gpus = s.gpus;
    g.gpus_used = s.gpus_used;
    g.found = s.found;
    g.before = s.before_sequences_per_s;
    g.after = s.after_sequences_per_s;
    g.stall_s = s.stall_s;
    g.planner_s = s.planner_wall_s;
    g.evaluations = s.evaluations;
    g.decision = toString(s.decision);
    g.plan = s.plan_shape;
    r.steps.push_back(std::move(g));
  }
  return r;
}

std::string pct(double x) { return signedFixed(100 * x, 1) + " %"; }

}  // namespace

bool paperFigure8(PaperContext& c) {
  const PaperOptions& o = c.options;
  const GpuCatalog& catalog = GpuCatalog::builtin();
  const Scenario scenario = resolveScenario(kScenario, catalog);
  const Model model = resolveModel(scenario.model);
  if (!o.wantsModel(model.id)) {
    paperHeading(c, 8, "a cluster that grows under the job");
    c.out << "\n(no cell: --models leaves out " << model.id << ", the scenario's model)\n";
    return true;
  }
  TrainingSpec spec = scenario.training.applyTo(model.default_training);
  if (o.global_batch > 0) spec.global_batch = o.global_batch;
  std::vector<std::string> planners = {o.arachne};
  for (const auto& b : paperBaselines(o)) planners.push_back(b);
  std::vector<GrowthKey> keys;
  for (const auto& p : planners) keys.push_back({p, model.id, o.budget_s, spec.global_batch, o.seed});

  std::vector<GrowthKey> fileOrder;
  std::map<std::string, GrowthRun> runs = readCsv(o, fileOrder);
  std::vector<size_t> todo;
  for (size_t i = 0; i < keys.size(); ++i)
    if (!runs.count(keys[i].id())) todo.push_back(i);
  std::vector<GrowthKey> order = fileOrder;
  order.insert(order.end(), keys.begin(), keys.end());
  writeCsv(o, order, runs);
  c.err << "paper: figure 8: " << keys.size() << " planner runs of " << kScenario << ", " << (keys.size() - todo.size())
        << " already done, " << todo.size() << " to run on " << o.jobs << " job" << (o.jobs == 1 ? "" : "s") << "\n";
  std::mutex m;
  bool interrupted = false;
  ScenarioRunOptions ro;
  ro.budget = {o.budget_s, 0};
  ro.seed = o.seed;
  const std::atomic<bool>* cancel = c.cancel;
  runParallel(o.jobs, todo.size(), [&](size_t i) {
    const GrowthKey& k = keys[todo[i]];
    {
      std::lock_guard<std::mutex> lock(m);
      c.err << "paper: figure 8 [" << (i + 1) << "/" << todo.size() << "] start " << k.planner << " on " << kScenario << "\n";
    }
    const ScenarioTrace t = runScenario(scenario, model, spec, k.planner, ro, catalog, {}, cancel);
    std::lock_guard<std::mutex> lock(m);
    if (t.cancelled || (cancel && cancel->load())) {
      interrupted = true;
      return;
    }
    runs[k.id()] = fromTrace(t);
    c.err << "paper: figure 8 done " << k.planner << ": " << fixed(t.time_weighted_sequences_per_s, 3)
          << " seq/s time-weighted, planner " << fixed(t.planner_s, 1) << " s\n";
    writeCsv(o, order, runs);
  }, cancel);
  if (interrupted || (cancel && cancel->load())) return false;

  paperHeading(c, 8, "a cluster that grows under the job (scenario `paper-growth`, policy replan)");
  c.out << "\nThe job starts on three RTX PRO 6000 GPUs; a four-GPU node (A6000, A5000, A6000, A6000) joins every "
           "five minutes. Every planner replans from scratch at each join (`arachne-cli scenario --scenario "
           "paper-growth --policy replan`). Throughput after each step in sequences/s (GPUs the plan uses / GPUs "
           "present); the A6000 network override does not apply to this scenario.\n\n";
  const GrowthRun& a = runs.at(keys.front().id());
  std::vector<std::string> header = {"step", "GPUs"};
  for (const auto& p : planners) header.push_back(p);
  header.push_back(o.arachne + " lead over amp, sailor, espresso");
  header.push_back("over every baseline");
  std::vector<std::vector<std::string>> rows;
  std::vector<double> leadsPaper, leadsAll;
  for (size_t s = 0; s < a.steps.size(); ++s) {
    std::vector<std::string> row = {std::to_string(a.steps[s].step), std::to_string(a.steps[s].gpus)};
    double bestPaper = 0, bestAll = 0;
    for (const auto& k : keys) {
      const GrowthRun& r = runs.at(k.id());
      const GrowthStep* st = s < r.steps.size() ? &r.steps[s] : nullptr;
      row.push_back(st && st->after > 0 ? fixed(st->after, 3) + " (" + std::to_string(st->gpus_used) + "/" +
                                              std::to_string(st->gpus) + ")"
                                        : "-");
      if (k.planner == o.arachne || !st) continue;
      bestAll = std::max(bestAll, st->after);
      if (std::find(kPaperGrowthBaselines.begin(), kPaperGrowthBaselines.end(), k.planner) != kPaperGrowthBaselines.end())
        bestPaper = std::max(bestPaper, st->after);
    }
    const double mine = a.steps[s].after;
    row.push_back(bestPaper > 0 && mine > 0 ? pct(mine / bestPaper - 1) : "-");
    row.push_back(bestAll > 0 && mine > 0 ? pct(mine / bestAll - 1) : "-");
    if (bestPaper > 0 && mine > 0) leadsPaper.push_back(mine / bestPaper - 1);
    if (bestAll > 0 && mine > 0) leadsAll.push_back(mine / bestAll - 1);
    rows.push_back(std::move(row));
  }
  c.out << paperTable(header, rows, std::string(header.size(), 'r')) << "\n";
  // Per planner: time-weighted throughput, the drops, the plans kept, the GPUs left out.
  std::vector<std::vector<std::string>> per;
  for (const auto& k : keys) {
    const GrowthRun& r = runs.at(k.id());
    std::string drops, same, left, none;
    double planner = 0;
    for (size_t s = 0; s < r.steps.size(); ++s) {
      const GrowthStep& st = r.steps[s];
      planner += st.planner_s;
      if (s > 0 && st.before > 0 && st.after < st.before)
        appendItem(drops, std::to_string(st.gpus) + " GPUs " + pct(st.after / st.before - 1), "; ");
      if (s > 0 && st.found && st.plan == r.steps[s - 1].plan) appendItem(same, std::to_string(st.gpus));
      if (st.found && st.gpus_used < st.gpus) appendItem(left, std::to_string(st.gpus));
      if (!st.found) appendItem(none, std::to_string(st.gpus));
    }
    const std::string last = r.steps.empty() ? "-" : r.steps.back().plan;
    per.push_back({k.planner, fixed(r.time_weighted, 3), none.empty() ? "-" : none, drops.empty() ? "none" : drops,
                   same.empty() ? "-" : same,
                   left.empty() ? "-" : left, last.find("a5000") == std::string::npos ? "no" : "yes",
                   fixed(planner, 1)});
  }
  c.out << paperTable({"planner", "time-weighted seq/s", "no plan at (GPUs)", "throughput falls at a join",
                       "same plan as before at", "GPUs left out at", "last plan uses the A5000", "planner s (all steps)"},
                      per, "lrlllllr");
  auto span = [](std::vector<double> v) {
    if (v.empty()) return std::string("-");
    std::sort(v.begin(), v.end());
    return pct(v.front()) + " to " + pct(v.back());
  };
  c.out << "\n- " << o.arachne << "'s lead over the best of amp, sailor and espresso at each size: " << span(leadsPaper)
        << "\n- over the best of every baseline: " << span(leadsAll) << "\n";
  c.out << "\nLast plans:\n\n";
  for (const auto& k : keys) {
    const GrowthRun& r = runs.at(k.id());
    c.out << "- " << k.planner << ": `" << (r.steps.empty() ? "-" : r.steps.back().plan) << "`\n";
  }
  c.out.flush();
  return true;
}

}  // namespace arachne::cli
