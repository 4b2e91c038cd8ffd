// The Markdown the figures of `arachne-cli paper` share: headings, cell tables, leads.
#include "paper_report.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

#include "catalog/gpu_catalog.h"
#include "paper_run.h"
#include "table.h"

namespace arachne::cli {

namespace {

constexpr double kRelTol = 1e-9;

std::string shellWord(const std::string& w) {
  bool plain = !w.empty();
  for (char ch : w)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || std::string("-_./,:=+@%").find(ch) != std::string::npos))
      plain = false;
  if (plain) return w;
  std::string q = "'";
  for (char ch : w) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

}  // namespace

std::string paperTable(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                       const std::string& align) {
  std::string s = "|";
  for (const auto& h : header) s += " " + h + " |";
  s += "\n|";
  for (size_t i = 0; i < header.size(); ++i) s += i < align.size() && align[i] == 'r' ? "---:|" : "---|";
  s += "\n";
  for (const auto& r : rows) {
    s += "|";
    for (const auto& cell : r) s += " " + cell + " |";
    s += "\n";
  }
  return s;
}

bool PaperOptions::wantsModel(const std::string& id) const {
  if (models.empty()) return true;
  for (const auto& m : models)
    if (m == id) return true;
  return false;
}

bool PaperOptions::wantsCluster(const std::string& id) const {
  return clusters.empty() || std::find(clusters.begin(), clusters.end(), id) != clusters.end();
}

bool PaperOptions::wantsPlanner(const std::string& name) const {
  if (planners.empty() || name == arachne) return true;
  for (const auto& p : planners)
    if (p == name) return true;
  return false;
}

std::vector<std::string> paperBaselines(const PaperOptions& o) {
  std::vector<std::string> out;
  for (const char* p : {"metis", "sailor", "amp", "hexiscale", "espresso", "hetauto"})
    if (o.wantsPlanner(p)) out.push_back(p);
  return out;
}

CellKey paperKey(const PaperOptions& o, const std::string& planner, const std::string& cluster,
                 const std::string& model, const std::string& variant) {
  CellKey k;
  k.planner = planner;
  k.variant = variant;
  k.cluster = cluster;
  k.model = model;
  k.budget_s = o.budget_s;
  k.global_batch = paperGlobalBatch(model, o.global_batch);
  k.a6000_gbps = o.a6000_gbps;
  k.seed = o.seed;
  return k;
}

void paperHeading(PaperContext& c, int figure, const std::string& title) {
  const PaperOptions& o = c.options;
  std::string cmd;
  if (const char* env = std::getenv("ARACHNE_POLICY_WEIGHTS"); env && *env)
    cmd += "ARACHNE_POLICY_WEIGHTS=" + shellWord(env) + " ";
  if (const char* env = std::getenv("ARACHNE_FLAT_RL_WEIGHTS"); env && *env && figure == 11)
    cmd += "ARACHNE_FLAT_RL_WEIGHTS=" + shellWord(env) + " ";
  cmd += "arachne-cli paper --figure " + std::to_string(figure);
  for (const auto& [name, value] : o.given) {
    if (name == "--figure" || name == "--csv-dir" || name == "--jobs") continue;
    if ((name == "--curve-evals" || name == "--curve-seeds") && figure != 11) continue;
    cmd += ' ';
    cmd += name;
    if (!value.empty()) {
      cmd += ' ';
      cmd += shellWord(value);
    }
  }
  c.out << "\n## Figure " << figure << ": " << title << "\n\n```\n" << cmd << "\n```\n\n";
  c.out << "Budget " << fixed(o.budget_s, 1) << " s per planner run" << (o.quick ? " (--quick)" : "") << ", seed "
        << o.seed << ", global batch "
        << (o.global_batch > 0 ? std::to_string(o.global_batch) + " sequences" : std::string("the model's default"))
        << ", A6000 inter-node "
        << (o.a6000_gbps > 0 ? fixed(o.a6000_gbps, 3) + " GB/s (--a6000-network)"
                             : fixed(GpuCatalog::builtin().find("a6000")->inter_node_gbps, 3) + " GB/s (catalog, 25 Gb/s)")
        << "; analytic profiles; every plan priced by our cost model.\n";
  c.out.flush();
}

std::string clusterLabel(const std::string& cluster) {
  try {
    const Composition comp = paperComposition(cluster, 0);
    std::string parts;
    for (const auto& t : comp.gpuTypes()) appendItem(parts, std::to_string(comp.gpusOfType(t)) + " " + t);
    return "`" + cluster + "` (" + std::to_string(comp.totalGpus()) + " GPUs: " + parts + ")";
  } catch (const std::exception&) {
    return "`" + cluster + "`";
  }
}

bool Lead::wins() const {
  if (!arachne_found) return false;
  if (best.empty()) return true;
  return arachne >= best_value - kRelTol * best_value;
}

Lead leadOver(const CellResult& arachne, const std::vector<std::pair<std::string, const CellResult*>>& baselines,
              bool retiled) {
  Lead l;
  l.arachne_found = arachne.found;
  l.arachne = arachne.seq_per_s;
  for (const auto& [name, r] : baselines) {
    if (!r || !r->found) continue;
    const double v = retiled ? r->retiled_seq_per_s : r->seq_per_s;
    if (l.best.empty() || v > l.best_value) {
      l.best = name;
      l.best_value = v;
    }
  }
  return l;
}

std::string leadText(const Lead& l) {
  if (!l.arachne_found) return l.best.empty() ? "no plan" : "has no plan";
  if (l.best.empty()) return "only it has a plan";
  return signedFixed(100 * l.lead(), 1) + " %";
}

std::string cellNote(const CellResult& r) {
  std::string note;
  if (r.refused) note = "refused";
  else if (!r.found) note = "no plan";
  if (r.at_budget) appendItem(note, "budget exhausted");
  if (!r.found && !r.message.empty()) note += ": " + r.message;
  for (char& ch : note)
    if (ch == '|') ch = '/';  // the planners' messages quote plans; a Markdown cell cannot hold '|'
  return note;
}

std::string signedFixed(double v, int decimals) {
  std::string s = fixed(v, decimals);
  if (v >= 0) s.insert(s.begin(), '+');
  return s;
}

void appendItem(std::string& list, const std::string& item, const char* separator) {
  if (!list.empty()) list += separator;
  list += item;
}

std::string planTypes(const CellResult& r, const std::string& cluster) {
  if (!r.found) return "-";
  std::string types;
  try {
    for (const auto& t : paperComposition(cluster, 0).gpuTypes())
      if (r.plan.find(t + " TP") != std::string::npos) appendItem(types, t, "+");
  } catch (const std::exception&) {
    return "?";
  }
  return types.empty() ? "-" : types;
}

std::string planText(const CellResult& r) {
  constexpr size_t kPlanChars = 90;
  if (!r.found) return "-";
  std::string p = r.plan.size() <= kPlanChars ? r.plan : r.plan.substr(0, kPlanChars) + "...";
  for (char& ch : p)
    if (ch == '|') ch = '/';  // a Markdown cell cannot hold '|'
  return "`" + p + "`";
}

std::string seqText(const CellResult& r) { return r.found ? fixed(r.seq_per_s, 2) : "-"; }
std::string iterText(const CellResult& r) { return r.found ? fixed(r.iter_per_s, 4) : "-"; }

void printCellTable(PaperContext& c, const std::string& title,
                    const std::vector<std::pair<std::string, const CellResult*>>& rows) {
  std::vector<std::vector<std::string>> lines;
  for (const auto& [label, r] : rows)
    lines.push_back({label, seqText(*r), iterText(*r), fixed(r->planning_s, 2), grouped(static_cast<double>(r->evaluations)),
                     r->found ? std::to_string(r->gpus_used) + "/" + std::to_string(r->gpus) : "-", planText(*r),
                     cellNote(*r)});
  c.out << "\n#### " << title << "\n\n"
        << paperTable({"planner", "seq/s", "iter/s", "planning s", "evaluations", "GPUs used", "plan", "note"}, lines,
                         "lrrrrrll");
  if (!rows.empty()) {
    const std::vector<std::pair<std::string, const CellResult*>> base(rows.begin() + 1, rows.end());
    const Lead l = leadOver(*rows.front().second, base);
    c.out << "\nbest baseline: "
          << (l.best.empty() ? std::string("none found a plan") : l.best + " (" + fixed(l.best_value, 2) + " seq/s)")
          << "; " << rows.front().first << " " << leadText(l) << "\n";
  }
  c.out.flush();
}

}  // namespace arachne::cli
