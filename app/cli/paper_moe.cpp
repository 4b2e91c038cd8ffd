// Figure 9 of `arachne-cli paper`: MoE models. Arachne with the expert dimension (the fill tiles
// EP x ETP x EDP) and without it (TrainingSpec::expert_tiling off: every MoE stage untiled), and
// each baseline's plan as returned (planned without the dimension) and re-tiled by the fill's rule.
#include <algorithm>

#include "paper_figures.h"
#include "table.h"

namespace arachne::cli {

namespace {

struct MoePanel {
  const char* title;
  const char* model;
  std::vector<std::string> clusters;
};

std::string ratioText(double a, double b) { return a > 0 && b > 0 ? fixed(a / b, 2) + "x" : "-"; }

std::string rangeText(std::vector<double> v, const std::string& unit, int decimals) {
  if (v.empty()) return "-";
  std::sort(v.begin(), v.end());
  return fixed(v.front(), decimals) + (v.front() == v.back() ? "" : " to " + fixed(v.back(), decimals)) + unit;
}

void printPanel(PaperContext& c, const MoePanel& p) {
  const PaperOptions& o = c.options;
  const std::vector<std::string> baselines = paperBaselines(o);
  c.out << "\n### " << p.title << "\n";
  std::vector<std::vector<std::string>> summary;
  std::vector<double> withOver, lifts, overRetiled, overMetisSailor, overFive;
  for (const auto& cluster : p.clusters) {
    const CellResult& with = c.store.get(paperKey(o, o.arachne, cluster, p.model));
    const CellResult& without = c.store.get(paperKey(o, o.arachne, cluster, p.model, kNoExpert));
    std::vector<std::vector<std::string>> rows;
    auto row = [&](const std::string& label, const CellResult& r, bool retile) {
      std::string gain = "-";
      if (retile && r.found && r.seq_per_s > 0) {
        gain = signedFixed(100 * (r.retiled_seq_per_s / r.seq_per_s - 1), 1) + " %";
      }
      rows.push_back({label, seqText(r), iterText(r), fixed(r.planning_s, 2), grouped(static_cast<double>(r.evaluations)),
                      r.found ? std::to_string(r.gpus_used) + "/" + std::to_string(r.gpus) : "-",
                      retile && r.found ? fixed(r.retiled_seq_per_s, 2) : "-", gain, cellNote(r)});
    };
    row(o.arachne + " (expert dimension)", with, false);
    row(o.arachne + " without tiling", without, true);
    std::vector<std::pair<std::string, const CellResult*>> base, metisSailor, five;
    for (const auto& b : baselines) {
      const CellResult& r = c.store.get(paperKey(o, b, cluster, p.model, kNoExpert));
      row(b, r, true);
      base.emplace_back(b, &r);
      if (b == "metis" || b == "sailor") metisSailor.emplace_back(b, &r);
      if (b != "hetauto") five.emplace_back(b, &r);  // the paper's Figure 9 has no HetAuto
      if (r.found && r.seq_per_s > 0) lifts.push_back(100 * (r.retiled_seq_per_s / r.seq_per_s - 1));
    }
    c.out << "\n#### " << clusterLabel(cluster) << ", " << p.model << "\n\n"
          << paperTable({"planner", "seq/s", "iter/s", "planning s", "evaluations", "GPUs used", "re-tiled seq/s",
                         "re-tiling gain", "note"},
                        rows, "lrrrrrrrl");
    const Lead asReturned = leadOver(with, base);
    const Lead retiled = leadOver(with, base, true);
    const Lead ms = leadOver(with, metisSailor);
    const Lead fiveRetiled = leadOver(with, five, true);
    if (fiveRetiled.arachne_found && !fiveRetiled.best.empty()) overFive.push_back(with.seq_per_s / fiveRetiled.best_value);
    const bool samePlan = with.found && without.found && with.plan == without.plan && with.seq_per_s == without.seq_per_s;
    if (with.found && without.found) withOver.push_back(with.seq_per_s / without.seq_per_s);
    if (retiled.arachne_found && !retiled.best.empty()) overRetiled.push_back(with.seq_per_s / retiled.best_value);
    if (ms.arachne_found && !ms.best.empty()) overMetisSailor.push_back(with.seq_per_s / ms.best_value);
    c.out << "\n" << o.arachne << " with / without the expert dimension: "
          << (with.found && without.found ? ratioText(with.seq_per_s, without.seq_per_s)
                                          : std::string(with.found ? "only with it is there a plan" : "no plan with it"))
          << (samePlan ? " (the same plan)" : "") << "; best baseline as returned: "
          << (asReturned.best.empty() ? "none" : asReturned.best + " " + fixed(asReturned.best_value, 2) + " seq/s")
          << "; best re-tiled: "
          << (retiled.best.empty() ? "none" : retiled.best + " " + fixed(retiled.best_value, 2) + " seq/s") << "\n";
    std::vector<std::string> noPlan;
    for (const auto& [n, r] : base)
      if (!r->found) noPlan.push_back(n);
    if (!without.found) noPlan.insert(noPlan.begin(), o.arachne + " without tiling");
    std::string none;
    for (const auto& n : noPlan) appendItem(none, n);
    summary.push_back({"`" + cluster + "`", std::to_string(with.gpus), seqText(with), seqText(without),
                       with.found && without.found ? ratioText(with.seq_per_s, without.seq_per_s) : "-",
                       samePlan ? "yes" : "no", retiled.best.empty() ? "-" : retiled.best,
                       retiled.best.empty() ? "-" : fixed(retiled.best_value, 2),
                       retiled.best.empty() ? "-" : ratioText(with.seq_per_s, retiled.best_value),
                       fiveRetiled.best.empty() ? "-"
                                                : fiveRetiled.best + " " + ratioText(with.seq_per_s, fiveRetiled.best_value),
                       ms.best.empty() ? "-" : ratioText(with.seq_per_s, ms.best_value), none.empty() ? "-" : none});
  }
  c.out << "\n#### Summary: " << p.model << "\n\n"
        << paperTable({"cluster", "GPUs", o.arachne + " seq/s", "without tiling", "with / without", "same plan",
                       "best re-tiled baseline", "its seq/s", o.arachne + " / it", "best re-tiled without hetauto, " + o.arachne + " / it",
                       o.arachne + " / best of metis, sailor", "no plan"},
                      summary, "lrrrrllrrlrl");
  c.out << "\n- with / without the expert dimension: " << rangeText(withOver, "x", 2) << "\n"
        << "- re-tiling lifts the baselines' plans by " << rangeText(lifts, " %", 1) << "\n"
        << "- " << o.arachne << " over the best re-tiled baseline: " << rangeText(overRetiled, "x", 2) << "\n"
        << "- " << o.arachne << " over the best re-tiled baseline without hetauto: " << rangeText(overFive, "x", 2) << "\n"
        << "- " << o.arachne << " over metis and sailor (as returned): " << rangeText(overMetisSailor, "x", 2) << "\n";
  c.out.flush();
}

std::vector<MoePanel> moePanels() {
  return {{"(a) Mixtral-8x7B", "mixtral-8x7b", {"paper-moe-64", "paper-moe-160", "paper-moe-256"}},
          {"(b) Qwen3-30B-A3B", "qwen3-30b-a3b", {"paper-moe-64", "paper-moe-160", "paper-moe-256"}},
          {"(c) DeepSeek-V3-like", "deepseek-v3-like", {"paper-moe-160", "paper-moe-256", "paper-moe-512"}}};
}

}  // namespace

std::vector<std::string> paperMoeClusters() {
  std::vector<std::string> all;
  for (const auto& p : moePanels())
    for (const auto& c : p.clusters)
      if (std::find(all.begin(), all.end(), c) == all.end()) all.push_back(c);
  return all;
}

bool paperFigure9(PaperContext& c) {
  const PaperOptions& o = c.options;
  std::vector<MoePanel> kept;
  for (auto p : moePanels()) {
    if (!o.wantsModel(p.model)) continue;
    std::vector<std::string> clusters;
    for (const auto& cl : p.clusters)
      if (o.wantsCluster(cl)) clusters.push_back(cl);
    p.clusters = clusters;
    if (!p.clusters.empty()) kept.push_back(p);
  }
  if (o.quick && !kept.empty()) {  // the first panel's smallest cluster
    kept.resize(1);
    kept[0].clusters.resize(1);
  }
  std::vector<CellKey> keys;
  for (const auto& p : kept)
    for (const auto& cluster : p.clusters) {
      keys.push_back(paperKey(o, o.arachne, cluster, p.model));
      keys.push_back(paperKey(o, o.arachne, cluster, p.model, kNoExpert));
      for (const auto& b : paperBaselines(o)) keys.push_back(paperKey(o, b, cluster, p.model, kNoExpert));
    }
  if (!c.store.ensure(9, keys)) return false;
  paperHeading(c, 9, "MoE models and the expert parallelism dimension");
  c.out << "\nThe baselines plan without the expert dimension (their systems have none: every MoE stage untiled, "
           "EP 1, ETP = TP, EDP = replicas); \"re-tiled\" prices the same plan with each MoE stage tiled by the "
           "fill's rule. `"
        << o.arachne << " without tiling` is the same planner with the fill's expert tiling switched off.\n";
  if (kept.empty()) c.out << "\n(no panel: --models and --clusters leave none of the MoE cells)\n";
  for (const auto& p : kept) printPanel(c, p);
  return true;
}

}  // namespace arachne::cli
