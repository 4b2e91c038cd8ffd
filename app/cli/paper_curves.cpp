// Figure 11 of `arachne-cli paper`: best-so-far iterations/s against plan evaluations of arachne,
// flat-rl, random and hetauto (hetauto to eight times the budget, as the paper), random and
// hetauto over several seeds (the paper quotes HetAuto's median).
#include <algorithm>

#include "best_curve.h"
#include "paper_figures.h"
#include "paper_run.h"
#include "planning/planner.h"
#include "table.h"

namespace arachne::cli {

namespace {

// Long enough never to bind a run that has an evaluation budget; it only stops a runaway.
constexpr double kSafetySeconds = 3600;
const char* const kCurveCluster = "paper-3t-256";
constexpr int kHetautoFactor = 8;

CellKey curveKey(const PaperOptions& o, const std::string& planner, const std::string& model, long long evals,
                 std::uint64_t seed) {
  CellKey k = paperKey(o, planner, kCurveCluster, model);
  k.budget_s = kSafetySeconds;
  k.budget_evals = evals;
  k.seed = seed;
  return k;
}

double median(std::vector<double> v) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double medianAt(const std::vector<const CellResult*>& runs, long long evals) {
  std::vector<double> v;
  for (const CellResult* r : runs) {
    const double x = bestAt(r->curve, evals);
    if (x >= 0) v.push_back(x);
  }
  // A run without a plan yet counts as 0 once another has one.
  if (!v.empty())
    for (size_t i = v.size(); i < runs.size(); ++i) v.push_back(0);
  return median(v);
}

std::string evalsText(long long e) { return e < 0 ? "not reached" : grouped(static_cast<double>(e)); }

struct Curves {
  const CellResult* arachne = nullptr;
  const CellResult* flat = nullptr;
  std::vector<const CellResult*> random, hetauto;
};

void printModel(PaperContext& c, const std::string& model, const Curves& k, long long evals, int gb) {
  const PaperOptions& o = c.options;
  const auto iters = [gb](double seq) { return seq < 0 ? std::string("-") : fixed(seq / gb, 4); };
  std::vector<long long> points;
  for (long long e : {1LL, 2LL, 5LL, 10LL, 20LL, 50LL, 100LL, 200LL, 500LL, 1000LL, 2000LL, 5000LL, 10000LL, 20000LL})
    if (e < evals) points.push_back(e);
  points.push_back(evals);
  for (long long f = 2; f <= kHetautoFactor; f *= 2) points.push_back(f * evals);
  const std::string seeds = std::to_string(k.random.size()) + (k.random.size() == 1 ? " seed" : " seeds");
  std::vector<std::vector<std::string>> rows;
  std::vector<double> flatGap;
  for (long long e : points) {
    const bool beyond = e > evals;
    const double a = beyond ? -1 : bestAt(k.arachne->curve, e);
    const double f = beyond || !k.flat ? -1 : bestAt(k.flat->curve, e);
    std::string ratio = "-";
    if (a > 0 && f >= 0) {
      ratio = fixed(f / a, 3);
      if (e >= 50) flatGap.push_back(100 * (1 - f / a));
    }
    rows.push_back({grouped(static_cast<double>(e)), iters(a), iters(f), ratio,
                    beyond ? "-" : iters(medianAt(k.random, e)), iters(medianAt(k.hetauto, e))});
  }
  c.out << "\n### " << clusterLabel(kCurveCluster) << ", " << model << " (global batch " << gb << ")\n\n"
        << "Best-so-far iterations/s at each evaluation count ('-': no plan yet or not run that far); random and "
           "hetauto: the median of "
        << seeds << "; hetauto runs to " << kHetautoFactor << "x the budget.\n\n"
        << paperTable({"evaluations", o.arachne, "flat-rl", "flat-rl / " + o.arachne, "random", "hetauto"}, rows,
                      "rrrrrr");
  c.out << "\n";
  auto line = [&](const std::string& n, const std::vector<const CellResult*>& runs) {
    for (size_t i = 0; i < runs.size(); ++i) {
      const CellResult* r = runs[i];
      c.out << "- " << n << (runs.size() > 1 ? " seed " + std::to_string(o.seed + i) : "") << ": "
            << (r->found ? iters(r->seq_per_s) + " iter/s" : std::string("no plan")) << " after "
            << grouped(static_cast<double>(r->evaluations)) << " evaluations, " << r->curve.size() << " improvements, "
            << fixed(r->planning_s, 1) << " s" << (r->message.empty() || r->found ? "" : " (" + r->message + ")") << "\n";
    }
  };
  // A learned planner that cannot use its weights plans with greedy: its curve is greedy's.
  for (const CellResult* r : {k.arachne, k.flat})
    if (r && r->message.rfind("warning:", 0) == 0)
      c.out << "> **" << r->message.substr(0, r->message.find(". ")) << "** Its column is greedy's curve.\n\n";
  line(o.arachne, {k.arachne});
  if (k.flat) line("flat-rl", {k.flat});
  line("random", k.random);
  line("hetauto", k.hetauto);
  // The claims: evaluations to the same plan, the gap at every budget, the values at the budget.
  if (k.flat && k.flat->found && k.arachne->found) {
    const double target = k.flat->seq_per_s;
    const long long ea = reaches(k.arachne->curve, target), ef = reaches(k.flat->curve, target);
    c.out << "\nevaluations to reach flat-rl's final value (" << iters(target) << " iter/s): " << o.arachne << " "
          << evalsText(ea) << ", flat-rl " << evalsText(ef);
    if (ea > 0 && ef > 0) c.out << " (flat-rl needs " << fixed(static_cast<double>(ef) / ea, 2) << "x)";
    c.out << "\nevaluations to reach " << o.arachne << "'s final value (" << iters(k.arachne->seq_per_s) << " iter/s): "
          << o.arachne << " " << evalsText(reaches(k.arachne->curve, k.arachne->seq_per_s)) << ", flat-rl "
          << evalsText(reaches(k.flat->curve, k.arachne->seq_per_s)) << "\n";
    if (!flatGap.empty()) {
      std::sort(flatGap.begin(), flatGap.end());
      c.out << "flat-rl below " << o.arachne << " at the counts from 50 evaluations on: " << fixed(flatGap.front(), 1)
            << " to " << fixed(flatGap.back(), 1) << " %\n";
    }
  }
  c.out << "at " << grouped(static_cast<double>(evals)) << " evaluations: " << o.arachne << " "
        << iters(bestAt(k.arachne->curve, evals)) << ", random " << iters(medianAt(k.random, evals)) << ", hetauto "
        << iters(medianAt(k.hetauto, evals)) << " iter/s; hetauto at " << grouped(static_cast<double>(kHetautoFactor * evals))
        << ": " << iters(medianAt(k.hetauto, kHetautoFactor * evals)) << " iter/s (medians over seeds)\n";
  c.out.flush();
}

}  // namespace

bool paperFigure11(PaperContext& c) {
  const PaperOptions& o = c.options;
  std::vector<std::string> models;
  for (const char* m : {"llama3-8b", "qwen3-32b"})
    if (o.wantsModel(m)) models.push_back(m);
  if (o.quick && models.size() > 1) models.resize(1);
  const long long evals = o.curve_evals;
  const bool flat = static_cast<bool>(makePlanner("flat-rl"));
  std::vector<CellKey> keys;
  for (const auto& m : models) {
    keys.push_back(curveKey(o, o.arachne, m, evals, o.seed));
    if (flat) keys.push_back(curveKey(o, "flat-rl", m, evals, o.seed));
    for (int s = 0; s < o.curve_seeds; ++s) {
      keys.push_back(curveKey(o, "random", m, evals, o.seed + static_cast<std::uint64_t>(s)));
      keys.push_back(curveKey(o, "hetauto", m, kHetautoFactor * evals, o.seed + static_cast<std::uint64_t>(s)));
    }
  }
  if (!c.store.ensure(11, keys)) return false;
  paperHeading(c, 11, "search efficiency: best-so-far throughput against plan evaluations");
  c.out << "\nEvery planner is given an evaluation budget (" << grouped(static_cast<double>(evals)) << "; hetauto "
        << grouped(static_cast<double>(kHetautoFactor * evals)) << "), no time limit but a " << fixed(kSafetySeconds, 0)
        << " s safety stop; an evaluation is a distinct fill priced (docs/planners.md).\n";
  if (!flat) c.out << "\n`flat-rl` is not available in this build; its column is absent.\n";
  if (models.empty()) c.out << "\n(no cell: --models leaves neither llama3-8b nor qwen3-32b)\n";
  for (const auto& m : models) {
    Curves k;
    k.arachne = &c.store.get(curveKey(o, o.arachne, m, evals, o.seed));
    if (flat) k.flat = &c.store.get(curveKey(o, "flat-rl", m, evals, o.seed));
    for (int s = 0; s < o.curve_seeds; ++s) {
      k.random.push_back(&c.store.get(curveKey(o, "random", m, evals, o.seed + static_cast<std::uint64_t>(s))));
      k.hetauto.push_back(
          &c.store.get(curveKey(o, "hetauto", m, kHetautoFactor * evals, o.seed + static_cast<std::uint64_t>(s))));
    }
    printModel(c, m, k, evals, paperGlobalBatch(m, o.global_batch));
  }
  return true;
}

}  // namespace arachne::cli
