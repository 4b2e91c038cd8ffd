// The bench's held-out section: arachne on problems it was never trained on, against greedy,
// random with ten times its evaluations, exhaustive's optimum and the untrained policy, after
// the check that no problem is in the weights file's training list.
#include <algorithm>
#include <cmath>
#include <map>

#include "bench_common.h"
#include "plugin/policy_weights_paths.h"
#include "table.h"
#include "validation/training_disjointness.h"

#ifndef ARACHNE_HELDOUT_SET
#error "ARACHNE_HELDOUT_SET must name the source tree's bench/heldout/heldout-problems.json"
#endif

namespace arachne::cli {

namespace {

// " held-out" or, for the validation set (`bench --write-validation` gives every id the prefix
// "val-"), " validation": the check is the same, the set's role is not.
std::string setKind(const HeldoutSet& set) {
  const bool validation = !set.problems.empty() && std::all_of(set.problems.begin(), set.problems.end(), [](const HeldoutProblem& p) {
    return p.id.rfind("val-", 0) == 0;
  });
  return validation ? " validation" : " held-out";
}

constexpr double kOptimumShare = 0.99;
// Exhaustive is bounded by kHeldoutExhaustiveEvaluations (what the writer checked); the seconds
// only stop a machine far slower than expected, and the row then says the budget ended.
constexpr double kExhaustiveSeconds = 600;
constexpr size_t kQuickProblems = 3;

struct Outcome {
  const HeldoutProblem* problem = nullptr;
  int gpus = 0;
  BenchRun arachne, greedy, random, untrained, exhaustive;
  bool optimum = false;  // exhaustive searched every stage order
};

double ratio(double a, double b) { return b > 0 ? a / b : (a > 0 ? INFINITY : 1.0); }
std::string ratioCell(double a, double b, bool ok) {
  return (b > 0 ? fixed(a / b, 3) + " " : std::string()) + passFail(ok);
}

std::string profilesLabel(const HeldoutProblem& h) {
  return h.profiles.empty() ? "analytic" : "measured (" + h.profiles.substr(h.profiles.rfind('/') + 1) + ")";
}

std::string exhaustiveCell(const Outcome& x) {
  if (!x.problem->exhaustive) return "not run";
  if (x.optimum) return seqsCell(x.exhaustive);
  if (x.exhaustive.result.stats.refused) return "refused";
  return x.exhaustive.result.found ? "incomplete" : "no plan";
}

std::string untrainedCell(const Outcome& x) {
  const double a = x.arachne.throughput(), u = x.untrained.throughput();
  if (!atLeast(u, a)) return fixed(ratio(u, a), 3) + " below";
  return fixed(ratio(u, a), 3) + (atLeast(a, u) ? " equal" : " above");
}

// The untrained policy's best plan within as many evaluations as arachne spent, read from its
// best-so-far curve: its own schedule stopped there (not `--evals`, which changes the schedule).
double untrainedAtArachneEvals(const Outcome& x) {
  return std::max(0.0, bestAt(x.untrained.result.stats.best_curve, x.arachne.result.stats.evaluations));
}

std::string untrainedAtEvalsCell(const Outcome& x) {
  const double a = x.arachne.throughput(), u = untrainedAtArachneEvals(x);
  if (u <= 0) return a > 0 ? "none below" : "-";
  return fixed(ratio(u, a), 3) + (!atLeast(u, a) ? " below" : atLeast(a, u) ? " equal" : " above");
}

// Prints the disjointness check and returns its verdict word.
std::string checkAndPrintDisjointness(BenchOutput& o, const HeldoutSet& set) {
  const std::string path = defaultPolicyWeightsPath();
  const WeightsMetadata w = readWeightsMetadata(path, false);
  o.out() << "**Disjointness from training.** The same problem means the same model id and the same nodes "
             "(GPU type and size) up to their order; networks, link figures, training settings and profiles "
             "are ignored, so a problem cannot pass as unseen by changing only those.\n\n";
  const TrainingList list = w.state == WeightsMetadata::State::Read ? trainingListOf(w.metadata) : TrainingList{};
  if (w.state != WeightsMetadata::State::Read || !list.complete()) {
    const std::string why = w.state == WeightsMetadata::State::Missing ? "no weights file at `" + path + "`"
                            : w.state == WeightsMetadata::State::Read  ? "`" + path + "`: " + list.missing
                                                                       : w.problem;
    o.out() << "heldout: disjoint from training: not checked (" << why << ")\n\n";
    return "not checked";
  }
  const DisjointnessReport r =
      checkDisjointness(set, list.entries, builtinPresetCompositions(GpuCatalog::builtin()), GpuCatalog::builtin());
  o.out() << "heldout: disjoint from training: `" << path << "` lists " << r.training_entries << " training problems"
          << (list.runs > 1 ? " over " + std::to_string(list.runs) + " runs (it was trained with --resume)" : std::string())
          << " ("
          << r.training_distinct << " distinct); of the " << r.heldout_problems << setKind(set) << " problems "
          << r.problems_seen.size() << " are in that list and " << r.presets_matched.size()
          << " have a preset's composition; " << r.compositions_seen.size()
          << " compositions were trained with another model: " << (r.disjoint() ? "PASS" : "FAIL") << "\n";
  for (const auto& u : r.unreadable) o.out() << "- unreadable training entry: " << u << "\n";
  for (const auto& h : r.problems_seen) o.out() << "- trained on: " << h.problem << " = `" << h.matched << "`\n";
  for (const auto& h : r.presets_matched) o.out() << "- a preset's composition: " << h.problem << " = " << h.matched << "\n";
  for (const auto& h : r.compositions_seen)
    o.out() << "- composition trained with another model: " << h.problem << " ~ `" << h.matched << "`\n";
  o.out() << "\n";
  return r.disjoint() ? "PASS" : "FAIL";
}

// The best plan the policy's rollouts reached (phases 1-5), before the local searches around
// them (the stage-order and stage-edit sweeps, which are not learned); -1 without phases.
double rolloutsAlone(const PlannerResult& r) {
  double best = -1;
  for (const auto& p : r.stats.phases)
    if (p.name != PlannerPhase::kStageOrderSweep && p.name != PlannerPhase::kStageEditSweep)
      best = p.best_sequences_per_s;
  return best;
}

// The worst ratio of a check and the problem it is on ("lowest 0.965 on large-03").
struct Worst {
  double value = INFINITY;
  std::string id;
  void see(double v, const std::string& problem) {
    if (v < value) value = v, id = problem;
  }
  std::string text() const { return std::isfinite(value) ? "lowest " + fixed(value, 3) + " on " + id : "none"; }
};

void printPhases(BenchOutput& o, const std::vector<Outcome>& outcomes) {
  std::vector<std::string> names;
  for (const Outcome& x : outcomes)
    for (const PlannerPhase& p : x.arachne.result.stats.phases)
      if (std::find(names.begin(), names.end(), p.name) == names.end()) names.push_back(p.name);
  if (names.empty()) {
    o.out() << "What each planning phase adds: not available (`" << o.options().arachne
            << "` does not fill PlannerStats::phases).\n";
    return;
  }
  std::vector<std::string> header = {"problem"};
  for (const auto& n : names) header.push_back(n);
  std::vector<std::vector<std::string>> rows, csvRows;
  for (const Outcome& x : outcomes) {
    std::vector<std::string> row = {x.problem->id};
    std::map<std::string, const PlannerPhase*> byName;
    for (const PlannerPhase& p : x.arachne.result.stats.phases) byName[p.name] = &p;
    double before = 0;
    for (const auto& n : names) {
      const auto it = byName.find(n);
      if (it == byName.end()) {
        row.push_back("-");
        continue;
      }
      const PlannerPhase& p = *it->second;
      std::string cell = p.best_sequences_per_s > 0 ? fixed(p.best_sequences_per_s, 2) : "-";
      if (before > 0 && p.best_sequences_per_s > before)
        cell.append(" (+").append(fixed(100 * (p.best_sequences_per_s / before - 1), 2)).append(" %)");
      before = std::max(before, p.best_sequences_per_s);
      row.push_back(cell + ", " + grouped(static_cast<double>(p.evaluations)));
      csvRows.push_back({x.problem->id, p.name, std::to_string(p.evaluations), csvNumber(p.elapsed_s, 4),
                         csvNumber(p.best_sequences_per_s, 6)});
    }
    rows.push_back(row);
  }
  o.out() << "What each planning phase of `" << o.options().arachne
          << "` adds: the best seq/s after the phase (its gain over the phases before it), then the evaluations "
             "spent up to its end:\n\n";
  std::string align(names.size() + 1, 'r');
  align[0] = 'l';
  o.out() << markdownTable(header, rows, align) << "\n";
  o.csv("heldout-phases", {"problem", "phase", "evaluations", "elapsed_s", "best_seq_per_s"}, csvRows);
}

}  // namespace

std::string heldoutSetPath(const BenchOptions& opt) { return opt.heldout.empty() ? ARACHNE_HELDOUT_SET : opt.heldout; }

void benchHeldout(BenchOutput& o) {
  const BenchOptions& opt = o.options();
  const std::string path = heldoutSetPath(opt);
  const HeldoutSet set = loadHeldoutSet(path, GpuCatalog::builtin());
  o.heading("heldout", "arachne on held-out problems it was never trained on");
  const HeldoutCoverage cover = heldoutCoverage(set);
  o.out() << "Set: `" << path << "`, " << cover.problems << " problems (" << cover.exhaustive << " exhaustive-sized, "
          << cover.imported << " on measured profiles), " << cover.min_gpus << "-" << cover.max_gpus << " GPUs, "
          << cover.models.size() << " models.";
  std::vector<const HeldoutProblem*> problems;
  for (const auto& id : opt.heldout_problems)
    for (const auto& p : set.problems)
      if (p.id == id) problems.push_back(&p);
  if (!opt.heldout_problems.empty()) {
    o.out() << " --heldout-problems: " << problems.size() << " of them.";
  } else {
    for (const auto& p : set.problems) problems.push_back(&p);
  }
  if (opt.heldout_problems.empty() && opt.quick && problems.size() > kQuickProblems) {
    problems.resize(kQuickProblems);
    o.out() << " --quick: the first " << kQuickProblems << " only.";
  }
  o.out() << "\n\n";
  const std::string disjoint = checkAndPrintDisjointness(o, set);

  std::vector<Outcome> outcomes;
  for (size_t i = 0; i < problems.size(); ++i) {
    const HeldoutProblem& h = *problems[i];
    o.progress("heldout " + std::to_string(i + 1) + "/" + std::to_string(problems.size()) + ": " + h.id + ", " +
               h.cluster + ", " + h.model);
    const auto p = makeHeldoutBenchProblem(h);
    Outcome x;
    x.problem = &h;
    x.gpus = h.composition.totalGpus();
    x.arachne = o.run(opt.arachne, *p, {opt.budget_s, 0}, opt.seed);
    x.greedy = o.run("greedy", *p, {opt.budget_s, 0}, opt.seed);
    x.random = o.runRandomTenfold(*p, x.arachne, opt.seed);
    x.untrained = o.run("arachne-untrained", *p, {opt.budget_s, 0}, opt.seed);
    if (h.exhaustive) {
      x.exhaustive = o.run("exhaustive", *p, {kExhaustiveSeconds, kHeldoutExhaustiveEvaluations}, opt.seed);
      x.optimum = searchedEveryStageOrder(x.exhaustive);
    }
    outcomes.push_back(std::move(x));
  }

  // What each problem is.
  {
    std::vector<std::vector<std::string>> rows;
    for (const Outcome& x : outcomes) {
      const HeldoutProblem& h = *x.problem;
      rows.push_back({h.id, "`" + h.cluster + (h.network.empty() ? "" : "@" + h.network) + "`", std::to_string(x.gpus),
                      std::to_string(h.composition.gpuTypes().size()), nodeSizesLabel(h.composition), h.model,
                      profilesLabel(h), h.exhaustive ? "yes" : "no"});
    }
    o.out() << markdownTable({"problem", "cluster", "GPUs", "types", "node sizes", "model", "profiles", "exhaustive-sized"},
                             rows, "llrrllll")
            << "\n";
  }

  // The results and the checks.
  const std::vector<std::string> header = {"problem", "arachne seq/s", "arachne evals", "arachne s", "first rollout seq/s",
                                           "greedy seq/s", "random-10x seq/s", "optimum seq/s", "untrained seq/s",
                                           "vs greedy", "vs random-10x", "vs optimum (>= 0.99)", "untrained / arachne",
                                           "at arachne's evals"};
  std::vector<std::vector<std::string>> rows, csvRows;
  int passG = 0, passR = 0, passE = 0, counted = 0, below = 0, equal = 0, above = 0, firstKnown = 0, firstAtLeast = 0;
  int equalAtOptimum = 0;  // ties where both reached exhaustive's optimum: no planner can be above it
  Worst worstG, worstR, worstE, worstU, worstFirst;
  double logU = 0, logFirst = 0;
  int ratiosU = 0, ratiosFirst = 0;
  // How many evaluations the untrained policy's search spends for what it finds, against the
  // trained one's: the same schedule, so the difference is what the weights decide.
  double logEvalsU = 0;
  int ratiosEvalsU = 0;
  // The learned part alone: arachne's and the untrained policy's rollouts before the sweeps.
  int rollKnown = 0, rollAtLeastG = 0, rollUntrainedBelow = 0;
  double logRollU = 0;
  int ratiosRollU = 0;
  // The same comparison at equal evaluations: the untrained policy's schedule stopped after as
  // many evaluations as arachne spent, and the evaluations it needs to reach arachne's plan.
  int belowAtEvals = 0, reachedA = 0;
  double logUAtEvals = 0, logEvalsToReach = 0;
  int ratiosUAtEvals = 0;
  Worst worstUAtEvals;
  std::vector<std::string> notCounted;
  std::vector<std::string> budgetBound;  // problems where arachne used its whole budget
  std::vector<std::string> greedyBound;  // and where greedy did: its answer was cut short too
  for (const Outcome& x : outcomes) {
    const HeldoutProblem& h = *x.problem;
    const double a = x.arachne.throughput(), g = x.greedy.throughput(), r = x.random.throughput();
    const double e = x.exhaustive.throughput(), u = x.untrained.throughput();
    const bool okG = atLeast(a, g), okR = atLeast(a, r);
    const bool okE = x.optimum && atLeast(ratio(a, e), kOptimumShare);
    passG += okG;
    passR += okR;
    if (g > 0) worstG.see(a / g, h.id);
    if (r > 0) worstR.see(a / r, h.id);
    if (x.optimum) {
      ++counted;
      passE += okE;
      worstE.see(ratio(a, e), h.id);
    } else if (h.exhaustive) {
      notCounted.push_back(h.id + ": " + x.exhaustive.result.stats.message);
    }
    if (!atLeast(u, a)) ++below;
    else if (atLeast(a, u)) {
      ++equal;
      if (x.optimum && atLeast(a, e)) ++equalAtOptimum;
    }
    else ++above;
    if (a > 0 && u > 0) {
      logU += std::log(u / a);
      ++ratiosU;
      worstU.see(u / a, h.id);
    }
    const long long ea = x.arachne.result.stats.evaluations, eu = x.untrained.result.stats.evaluations;
    if (ea > 0 && eu > 0) {
      logEvalsU += std::log(static_cast<double>(eu) / static_cast<double>(ea));
      ++ratiosEvalsU;
    }
    const double uAt = untrainedAtArachneEvals(x);
    if (a > 0 && !atLeast(uAt, a)) ++belowAtEvals;
    if (a > 0 && uAt > 0) {
      logUAtEvals += std::log(uAt / a);
      ++ratiosUAtEvals;
      worstUAtEvals.see(uAt / a, h.id);
    }
    // Against the evaluations arachne itself needed to reach its plan, not all it spent: much of
    // a search is spent confirming that nothing better is near.
    const long long toReach = a > 0 ? reaches(x.untrained.result.stats.best_curve, a) : -1;
    const long long arachneReach = a > 0 ? reaches(x.arachne.result.stats.best_curve, a) : -1;
    if (toReach > 0 && arachneReach > 0) {
      ++reachedA;
      logEvalsToReach += std::log(static_cast<double>(toReach) / static_cast<double>(arachneReach));
    }
    // Within a wall-clock budget the schedule runs once; a problem where it ran out of time is
    // planned to the machine's speed, and its figure can differ between two runs.
    const bool bound = x.arachne.wall_s >= opt.budget_s;
    if (bound) budgetBound.push_back(h.id);
    if (x.greedy.wall_s >= opt.budget_s) greedyBound.push_back(h.id);
    const double ra = rolloutsAlone(x.arachne.result), ru = rolloutsAlone(x.untrained.result);
    if (ra >= 0 && ru >= 0) {
      ++rollKnown;
      rollAtLeastG += atLeast(ra, g);
      rollUntrainedBelow += !atLeast(ru, ra);
      if (ra > 0 && ru > 0) {
        logRollU += std::log(ru / ra);
        ++ratiosRollU;
      }
    }
    const auto& phases = x.arachne.result.stats.phases;
    const double first = phases.empty() ? -1 : phases.front().best_sequences_per_s;
    if (first >= 0) {
      ++firstKnown;
      firstAtLeast += atLeast(first, g);
      if (first > 0 && g > 0) {
        logFirst += std::log(first / g);
        ++ratiosFirst;
        worstFirst.see(first / g, h.id);
      }
    }
    rows.push_back({h.id, seqsCell(x.arachne), grouped(static_cast<double>(x.arachne.result.stats.evaluations)),
                    fixed(x.arachne.wall_s, 2), first < 0 ? "n/a" : first > 0 ? fixed(first, 2) : "-", seqsCell(x.greedy),
                    x.random.result.stats.evaluations > 0 ? seqsCell(x.random) : "-", exhaustiveCell(x),
                    seqsCell(x.untrained), ratioCell(a, g, okG), ratioCell(a, r, okR),
                    x.optimum ? ratioCell(a, e, okE) : (h.exhaustive ? "not counted" : "-"), untrainedCell(x),
                    untrainedAtEvalsCell(x)});
    csvRows.push_back({h.id, h.cluster, h.network, h.model, std::to_string(x.gpus), h.exhaustive ? "1" : "0",
                       csvNumber(a, 6), std::to_string(x.arachne.result.stats.evaluations), csvNumber(x.arachne.wall_s, 3),
                       first < 0 ? "" : csvNumber(first, 6), csvNumber(g, 6), csvNumber(r, 6),
                       std::to_string(x.random.result.stats.evaluations), x.optimum ? csvNumber(e, 6) : "",
                       csvNumber(u, 6), okG ? "1" : "0", okR ? "1" : "0", x.optimum ? (okE ? "1" : "0") : "",
                       !atLeast(u, a) ? "1" : "0", bound ? "1" : "0", uAt > 0 ? csvNumber(uAt, 6) : "",
                       toReach > 0 ? std::to_string(toReach) : "",
                       arachneReach > 0 ? std::to_string(arachneReach) : ""});
  }
  o.out() << markdownTable(header, rows, "lrrrrrrrrlllll") << "\n";
  const int n = static_cast<int>(outcomes.size());
  auto verdict = [](bool ok) { return ok ? "PASS" : "FAIL"; };
  o.out() << "heldout: arachne >= greedy on " << passG << "/" << n << " (" << worstG.text() << "): " << verdict(passG == n)
          << "\n";
  o.out() << "heldout: arachne >= random-10x on " << passR << "/" << n << " (" << worstR.text()
          << "): " << verdict(passR == n) << "\n";
  o.out() << "heldout: arachne >= " << fixed(100 * kOptimumShare, 0) << "% of exhaustive's optimum on " << passE << "/"
          << counted << " searched completely";
  if (!notCounted.empty()) o.out() << ", " << notCounted.size() << " not counted";
  o.out() << " (" << worstE.text() << "): " << verdict(passE == counted && counted > 0) << "\n";
  for (const auto& s : notCounted) o.out() << "- not counted: " << s << "\n";
  o.out() << "heldout: arachne-untrained below arachne on " << below << "/" << n << " (equal on " << equal
          << " (" << equalAtOptimum << " of them at exhaustive's optimum)"
          << ", above on " << above << "; untrained / arachne geometric mean "
          << (ratiosU > 0 ? fixed(std::exp(logU / ratiosU), 3) : "-") << ", "
          << worstU.text() << "): " << verdict(below == n) << "\n";
  if (ratiosEvalsU > 0)
    o.out() << "heldout: arachne-untrained's evaluations / arachne's: geometric mean "
            << fixed(std::exp(logEvalsU / ratiosEvalsU), 3) << " over " << ratiosEvalsU << " problems\n";
  int withPlan = 0;
  for (const Outcome& x : outcomes) withPlan += x.arachne.throughput() > 0;
  o.out() << "heldout: at arachne's evaluations (the untrained policy's search stopped after as many evaluations as "
             "arachne spent), arachne-untrained below arachne on "
          << belowAtEvals << "/" << withPlan << " (untrained / arachne geometric mean "
          << (ratiosUAtEvals > 0 ? fixed(std::exp(logUAtEvals / ratiosUAtEvals), 3) : "-") << ", " << worstUAtEvals.text()
          << "); it reaches arachne's plan on " << reachedA << "/" << withPlan;
  if (reachedA > 0)
    o.out() << ", after " << fixed(std::exp(logEvalsToReach / reachedA), 3)
            << " x the evaluations arachne needed to reach it (geometric mean over those)";
  o.out() << "\n";
  if (firstKnown > 0)
    o.out() << "heldout: the policy's first rollout >= greedy on " << firstAtLeast << "/" << firstKnown
            << " (first / greedy geometric mean " << (ratiosFirst > 0 ? fixed(std::exp(logFirst / ratiosFirst), 3) : "-")
            << ", "
            << worstFirst.text() << ")\n";
  else
    o.out() << "heldout: the policy's first rollout: not available (`" << opt.arachne
            << "` does not fill PlannerStats::phases)\n";
  if (rollKnown > 0)
    o.out() << "heldout: the policy's rollouts alone (phases 1-5, before the stage-order and stage-edit sweeps) >= "
               "greedy on "
            << rollAtLeastG << "/" << rollKnown << "; the untrained policy's rollouts alone below them on "
            << rollUntrainedBelow << "/" << rollKnown << " (geometric mean "
            << (ratiosRollU > 0 ? fixed(std::exp(logRollU / ratiosRollU), 3) : "-") << ")\n";
  o.out() << "heldout: arachne stopped at its " << fixed(opt.budget_s, 1) << " s budget on " << budgetBound.size() << "/"
          << n;
  for (size_t i = 0; i < budgetBound.size(); ++i) o.out() << (i ? ", " : " (") << budgetBound[i];
  o.out() << (budgetBound.empty() ? "" : "): their figures depend on the machine's speed and load") << "\n";
  o.out() << "heldout: greedy stopped at its " << fixed(opt.budget_s, 1) << " s budget on " << greedyBound.size() << "/" << n;
  for (size_t i = 0; i < greedyBound.size(); ++i) o.out() << (i ? ", " : " (") << greedyBound[i];
  o.out() << (greedyBound.empty() ? "" : "): greedy's plan there is the best it reached in the budget, not its last step")
          << "\n";
  o.out() << "heldout: disjoint from training: " << disjoint << "\n";
  o.out() << "(seq/s of the best plan, '-' when none was found; arachne, greedy and arachne-untrained get "
          << fixed(opt.budget_s, 1) << " s, random ten times arachne's evaluations, exhaustive "
          << grouped(static_cast<double>(kHeldoutExhaustiveEvaluations))
          << " evaluations on the exhaustive-sized problems ('not run' elsewhere) and counts only when it searched "
             "every stage order; the policy's first rollout is PlannerStats::phases[0]; the untrained check passes "
             "only where the untrained policy's plan is below arachne's; seed "
          << opt.seed << "; ties pass within a relative 1e-9)\n\n";
  o.csv("heldout",
        {"problem", "cluster", "network", "model", "gpus", "exhaustive_sized", "arachne_seq_per_s", "arachne_evaluations",
         "arachne_planning_s", "first_rollout_seq_per_s", "greedy_seq_per_s", "random10x_seq_per_s",
         "random10x_evaluations", "optimum_seq_per_s", "untrained_seq_per_s", "arachne_ge_greedy",
         "arachne_ge_random10x", "arachne_ge_99pct_optimum", "untrained_below_arachne", "arachne_budget_bound",
         "untrained_at_arachne_evaluations_seq_per_s", "untrained_evaluations_to_reach_arachne",
         "arachne_evaluations_to_reach_its_plan"},
        csvRows);
  printPhases(o, outcomes);
}

}  // namespace arachne::cli
