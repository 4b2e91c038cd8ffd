// Figures 1, 7 and 10 of `arachne-cli paper`: dense models, arachne beside the paper's baselines
// on each cell, a summary per group of cells with the figures the paper's claims quote.
#include <algorithm>
#include <map>

#include "paper_figures.h"
#include "table.h"

namespace arachne::cli {

namespace {

struct DenseGroup {
  std::string title;
  std::vector<std::string> clusters;
  std::vector<std::string> models;
  std::vector<std::string> subset;  // a second lead column: over these baselines only (may be empty)
};

std::string range(std::vector<double> v, int decimals, const std::string& unit) {
  if (v.empty()) return "-";
  std::sort(v.begin(), v.end());
  const auto f = [&](double x) { return unit == "%" ? signedFixed(x, decimals) : fixed(x, decimals); };
  return v.front() == v.back() ? f(v.front()) + " " + unit : f(v.front()) + " to " + f(v.back()) + " " + unit;
}

std::string joinNames(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (const auto& x : v) appendItem(s, x, sep.c_str());
  return s;
}

// Prints one group's cells and its summary; the cells must be in the store.
void printGroup(PaperContext& c, const DenseGroup& g, bool latency) {
  const PaperOptions& o = c.options;
  const std::vector<std::string> baselines = paperBaselines(o);
  c.out << "\n### " << g.title << "\n";
  std::vector<std::vector<std::string>> summary;
  std::vector<double> leads, subsetLeads, arachneTimes, paperLeads;
  int wins = 0, cells = 0, paperWins = 0;
  std::map<std::string, int> atBudget, noPlan;
  std::vector<std::string> latencyHeader = {"planner"};
  std::vector<std::vector<std::string>> latencyRows(baselines.size() + 1);
  latencyRows[0].push_back(o.arachne);
  for (size_t i = 0; i < baselines.size(); ++i) latencyRows[i + 1].push_back(baselines[i]);
  for (const auto& model : g.models) {
    if (!o.wantsModel(model)) continue;
    for (const auto& cluster : g.clusters) {
      std::vector<std::pair<std::string, const CellResult*>> rows;
      rows.emplace_back(o.arachne, &c.store.get(paperKey(o, o.arachne, cluster, model)));
      for (const auto& b : baselines) rows.emplace_back(b, &c.store.get(paperKey(o, b, cluster, model)));
      printCellTable(c, clusterLabel(cluster) + ", " + model, rows);
      const std::vector<std::pair<std::string, const CellResult*>> base(rows.begin() + 1, rows.end());
      const CellResult& a = *rows.front().second;
      const Lead l = leadOver(a, base);
      ++cells;
      wins += l.wins();
      if (l.arachne_found && !l.best.empty()) leads.push_back(100 * l.lead());
      if (a.found) arachneTimes.push_back(a.planning_s);
      // The paper's Figures 1, 7 and 10 compare Arachne with these five; HetAuto appears only in
      // its Figure 11 (our reading of H2's HeteroAuto, docs/baselines.md).
      std::vector<std::pair<std::string, const CellResult*>> five;
      for (const auto& [n, r] : base)
        if (n != "hetauto") five.emplace_back(n, r);
      const Lead lf = leadOver(a, five);
      paperWins += lf.wins();
      if (lf.arachne_found && !lf.best.empty()) paperLeads.push_back(100 * lf.lead());
      std::string subsetText = "-";
      if (!g.subset.empty()) {
        std::vector<std::pair<std::string, const CellResult*>> sub;
        for (const auto& [n, r] : base)
          if (std::find(g.subset.begin(), g.subset.end(), n) != g.subset.end()) sub.emplace_back(n, r);
        const Lead s = leadOver(a, sub);
        subsetText = leadText(s);
        if (s.arachne_found && !s.best.empty()) subsetLeads.push_back(100 * s.lead());
      }
      std::vector<std::string> budgetNames, noPlanNames;
      for (const auto& [n, r] : base) {
        if (r->at_budget) budgetNames.push_back(n), ++atBudget[n];
        if (!r->found) noPlanNames.push_back(n), ++noPlan[n];
      }
      std::vector<std::string> row = {"`" + cluster + "`", std::to_string(a.gpus), model, seqText(a), iterText(a),
                                      fixed(a.planning_s, 2), planTypes(a, cluster), l.best.empty() ? "-" : l.best,
                                      l.best.empty() ? "-" : fixed(l.best_value, 2), leadText(l)};
      row.push_back(lf.best.empty() ? leadText(lf) : lf.best + ", " + leadText(lf));
      if (!g.subset.empty()) row.push_back(subsetText);
      row.push_back(budgetNames.empty() ? "-" : joinNames(budgetNames, ", "));
      row.push_back(noPlanNames.empty() ? "-" : joinNames(noPlanNames, ", "));
      summary.push_back(std::move(row));
      if (latency) {
        latencyHeader.push_back(cluster + " " + model);
        for (size_t i = 0; i < rows.size(); ++i)
          latencyRows[i].push_back(fixed(rows[i].second->planning_s, 1) + (rows[i].second->at_budget ? "*" : ""));
      }
    }
  }
  if (cells == 0) {
    c.out << "\n(no cell: --models and --clusters leave none of this group's cells)\n";
    return;
  }
  std::vector<std::string> header = {"cluster", "GPUs", "model", o.arachne + " seq/s", o.arachne + " iter/s",
                                     o.arachne + " s", o.arachne + "'s GPU types", "best baseline", "its seq/s",
                                     o.arachne + " lead"};
  header.push_back("best without hetauto, lead");
  if (!g.subset.empty()) header.push_back("lead over " + joinNames(g.subset, "+"));
  header.push_back("baselines at budget");
  header.push_back("no plan");
  c.out << "\n#### Summary: " << g.title << "\n\n"
        << paperTable(header, summary, g.subset.empty() ? "lrlrrrllrrrll" : "lrlrrrllrrrrll");
  c.out << "\n- " << o.arachne << " has the highest-throughput plan on " << wins << " of " << cells << " cells\n";
  c.out << "- " << o.arachne << "'s lead over the best baseline: " << range(leads, 1, "%") << " (" << leads.size()
        << (leads.size() == 1 ? " cell" : " cells") << " where both have a plan)\n";
  c.out << "- without hetauto (the paper's baselines of this figure): highest-throughput plan on " << paperWins << " of "
        << cells << " cells, lead " << range(paperLeads, 1, "%") << "\n";
  if (!g.subset.empty())
    c.out << "- lead over " << joinNames(g.subset, " and ") << " alone: " << range(subsetLeads, 1, "%") << "\n";
  c.out << "- " << o.arachne << "'s planning time: " << range(arachneTimes, 2, "s") << "\n";
  std::string budgets, plans;
  for (const auto& b : baselines) {
    appendItem(budgets, b + " " + std::to_string(atBudget[b]) + "/" + std::to_string(cells));
    appendItem(plans, b + " " + std::to_string(noPlan[b]) + "/" + std::to_string(cells));
  }
  c.out << "- baselines that exhausted their budget: " << (budgets.empty() ? "-" : budgets) << "\n";
  c.out << "- baselines without a plan: " << (plans.empty() ? "-" : plans) << "\n";
  if (latency) {
    c.out << "\n#### Planning time (s; * = stopped at the budget of " << fixed(o.budget_s, 1) << " s)\n\n"
          << paperTable(latencyHeader, latencyRows, "l" + std::string(latencyHeader.size() - 1, 'r'));
  }
  c.out.flush();
}

bool denseFigure(PaperContext& c, int figure, const std::string& title, const std::vector<DenseGroup>& groups,
                 bool latency) {
  const PaperOptions& o = c.options;
  std::vector<CellKey> keys;
  for (const auto& g : groups)
    for (const auto& model : g.models) {
      if (!o.wantsModel(model)) continue;
      for (const auto& cluster : g.clusters) {
        keys.push_back(paperKey(o, o.arachne, cluster, model));
        for (const auto& b : paperBaselines(o)) keys.push_back(paperKey(o, b, cluster, model));
      }
    }
  if (!c.store.ensure(figure, keys)) return false;
  paperHeading(c, figure, title);
  for (const auto& g : groups) printGroup(c, g, latency);
  return true;
}

// The clusters --clusters keeps, in the figure's order.
std::vector<std::string> keepClusters(const PaperOptions& o, const std::vector<std::string>& all) {
  std::vector<std::string> kept;
  for (const auto& c : all)
    if (o.wantsCluster(c)) kept.push_back(c);
  return kept;
}

// The clusters --clusters keeps; the quick configuration keeps the first of them.
std::vector<std::string> pick(const PaperOptions& o, const std::vector<std::string>& all, size_t quickCount = 1) {
  std::vector<std::string> kept = keepClusters(o, all);
  if (o.quick && kept.size() > quickCount) kept.resize(quickCount);
  return kept;
}

// The models --models keeps; the quick configuration keeps the first of them.
std::vector<std::string> pickModels(const PaperOptions& o, const std::vector<std::string>& all) {
  std::vector<std::string> kept;
  for (const auto& m : all)
    if (o.wantsModel(m)) kept.push_back(m);
  if (o.quick && kept.size() > 1) kept.resize(1);
  return kept;
}

}  // namespace

// Two-type compositions of Figure 7 beside paper-2t-64 (A100-40 and H100 1:1 in 4-GPU nodes);
// the excerpt does not give their sizes, these are ours (docs/paper-results.md).
const char* const kTwoType128 = "a100-40:4x16,h100:4x16";
const char* const kTwoType256 = "a100-40:4x32,h100:4x32";

const std::vector<std::string> kFigure1 = {"paper-3t-128", "paper-3t-256", "paper-3t-512"};
const std::vector<std::string> kUniform = {"paper-2t-64", kTwoType128, kTwoType256, "paper-3t-128", "paper-3t-256",
                                           "paper-3t-512"};
const std::vector<std::string> kUniformQuick = {"paper-2t-64", "paper-3t-128"};
const std::vector<std::string> kLs = {"paper-ls1", "paper-ls2", "paper-ls3", "paper-ls4", "paper-ls5"};
const std::vector<std::string> kFourTypes = {"paper-4t-1", "paper-4t-2", "paper-4t-3", "paper-4t-4", "paper-4t-5"};
const std::vector<std::string> kLarge = {"paper-64b-128", "paper-64b-256", "paper-64b-512"};

std::vector<std::string> paperDenseClusters() {
  std::vector<std::string> all;
  for (const auto* list : {&kFigure1, &kUniform, &kLs, &kFourTypes, &kLarge})
    for (const auto& c : *list)
      if (std::find(all.begin(), all.end(), c) == all.end()) all.push_back(c);
  return all;
}

bool paperFigure1(PaperContext& c) {
  const std::vector<std::string> models = pickModels(c.options, {"llama3-8b", "qwen3-32b"});
  return denseFigure(c, 1, "planning quality and latency, A100-40 : A6000 : H100 = 1:1:2 (Observations 1 and 2)",
                     {{"128, 256 and 512 GPUs", pick(c.options, kFigure1), models,
                       {}}},
                     true);
}

bool paperFigure7(PaperContext& c) {
  const PaperOptions& o = c.options;
  const std::vector<std::string> models = pickModels(o, {"llama3-8b", "qwen3-32b"});
  // The quick configuration keeps two uniform cells: one of two types and one of three, unless
  // --clusters chose others.
  const std::vector<std::string> uniform = o.quick && o.clusters.empty() ? kUniformQuick : pick(o, kUniform, 2);
  return denseFigure(c, 7, "uniform and non-uniform GPU compositions",
                     {{"(a), (b), (d), (e): uniform compositions, two and three GPU types", uniform, models, {}},
                      {"(c), (f): non-uniform compositions LS1-LS5 (1-GPU and 4-GPU nodes)",
                       pick(o, kLs), models,
                       {"metis", "hexiscale"}}},
                     false);
}

bool paperFigure10(PaperContext& c) {
  const PaperOptions& o = c.options;
  return denseFigure(c, 10, "more GPU types, and a larger model",
                     {{"(a): four GPU types (A6000, A100-40, A100-80, H100), llama3-8b",
                       pick(o, kFourTypes), {"llama3-8b"}, {}},
                      {"(b): qwen3-64b (128 blocks, activation checkpointing) on A100-80 + H100",
                       pick(o, kLarge), {"qwen3-64b"}, {}}},
                     false);
}

}  // namespace arachne::cli
