// What the figures of `arachne-cli paper` share: the context, cell keys, the planners, and the
// Markdown they print (a heading with the command that regenerates the figure, one table per
// cell, Arachne's lead over the best baseline).
#pragma once

#include <atomic>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "paper_cell.h"
#include "paper_options.h"
#include "paper_store.h"

namespace arachne::cli {

struct PaperContext {
  const PaperOptions& options;
  CellStore& store;
  std::ostream& out;
  std::ostream& err;
  const std::atomic<bool>* cancel;  // Ctrl-C: the running planners return, the figure is not printed
};

// The paper's baselines (metis, sailor, amp, hexiscale, espresso, hetauto) that --planners keeps.
std::vector<std::string> paperBaselines(const PaperOptions& o);
// A key with the options' budget, global batch (the model's default unless --global-batch),
// A6000 network and seed.
CellKey paperKey(const PaperOptions& o, const std::string& planner, const std::string& cluster,
                 const std::string& model, const std::string& variant = "");

// "## Figure N: title", the command line that regenerates it, and the setup line.
void paperHeading(PaperContext& c, int figure, const std::string& title);
// "paper-3t-128 (128 GPUs: 32 a100-40, 32 a6000, 64 h100)"; inline specs are shown as given.
std::string clusterLabel(const std::string& cluster);

// Arachne against the best of some baselines in one cell.
struct Lead {
  bool arachne_found = false;
  double arachne = 0;      // seq/s
  std::string best;        // best baseline's name, "" when none found a plan
  double best_value = 0;   // its seq/s
  // arachne / best - 1 (as a fraction); only meaningful when both found plans.
  double lead() const { return best_value > 0 ? arachne / best_value - 1 : 0; }
  bool wins() const;       // arachne >= best (relative tolerance 1e-9), or only arachne has a plan
};
Lead leadOver(const CellResult& arachne, const std::vector<std::pair<std::string, const CellResult*>>& baselines,
              bool retiled = false);
// "+12.3 %", "-0.4 %", "only arachne has a plan", "no plan".
std::string leadText(const Lead& l);
// What a planner's run says beside its numbers: "budget exhausted", "no plan: ...", "refused: ...".
std::string cellNote(const CellResult& r);
// "+1.2" / "-1.2" (a sign on every number), and a list item appended with a separator.
std::string signedFixed(double v, int decimals);
void appendItem(std::string& list, const std::string& item, const char* separator = ", ");
// The GPU types a plan's stages use ("a100-40+h100"), in the cluster's order; "-" without a plan.
std::string planTypes(const CellResult& r, const std::string& cluster);
// The plan's shape for a table cell: cut to 90 characters, stage separators as '/'.
std::string planText(const CellResult& r);
std::string seqText(const CellResult& r);   // "123.45" or "-"
std::string iterText(const CellResult& r);  // "0.2411" or "-"

// A Markdown table; `align` holds 'l' or 'r' per column.
std::string paperTable(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                       const std::string& align);

// One cell's table: a row per planner (seq/s, iter/s, planning s, evaluations, GPUs used, note),
// then the best baseline and Arachne's lead. `rows` are (label, result); the first is arachne.
void printCellTable(PaperContext& c, const std::string& title,
                    const std::vector<std::pair<std::string, const CellResult*>>& rows);

}  // namespace arachne::cli
