// Reasons as data: English rendering, the core's sentences staying what the CLI printed before,
// the list of texts, the construction steps' batch split and the greedy planner's alternatives.
#include <QtTest>

#include <fstream>
#include <set>
#include <sstream>

#include "plan/reason.h"
#include "plan/texts.h"
#include "planning/construction_episode.h"
#include "planning/greedy_planner.h"
#include "planning/planner.h"
#include "planning_world.h"

using namespace arachne;

class TstReasons : public QObject {
  Q_OBJECT
 private slots:
  void rendersPlaceholdersInOnePass() {
    const Reason r("%2 then %1, %1 again; 100% sure", {verbatim("a%1b"), integer(42)});
    QCOMPARE(r.english(), std::string("42 then a%1b, a%1b again; 100% sure"));
    QCOMPARE(Reason("%1 GiB", {number(518.34, 1)}).english(), std::string("518.3 GiB"));
    QCOMPARE(Reason("%1", {number(123456.0, -3)}).english(), std::string("1.23e+05"));
    QCOMPARE(Reason("%1", {number(0.5, -2)}).english(), std::string("0.5"));
    const Reason inner("inner %1", {integer(-3)});
    QCOMPARE(Reason("outer (%1) %2", {nested(inner), term(text::kOptimizer)}).english(),
             std::string("outer (inner -3) optimizer"));
    QVERIFY(Reason().empty());
    QCOMPARE(Reason().english(), std::string());
    QVERIFY(Reason("%1", {integer(1)}) == Reason("%1", {integer(1)}));
    QVERIFY(!(Reason("%1", {integer(1)}) == Reason("%1", {integer(2)})));
  }

  // texts.h is what lupdate reads: every ARACHNE_TEXT constant must be in text::all(), once.
  void everyTextIsListed() {
    std::ifstream in(std::string(ARACHNE_SOURCE_DIR) + "/core/plan/texts.h");
    QVERIFY(in.good());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string src = ss.str();
    // Each declaration reads  = ARACHNE_TEXT("...");  on one line (no escaped quotes inside).
    std::set<std::string> declared;
    const std::string open = "= ARACHNE_TEXT(\"";
    for (size_t at = src.find(open); at != std::string::npos; at = src.find(open, at + 1)) {
      const size_t begin = at + open.size();
      declared.insert(src.substr(begin, src.find("\");", begin) - begin));
    }
    const auto all = text::all();
    std::set<std::string> listed(all.begin(), all.end());
    QVERIFY(declared.size() > 80);
    QCOMPARE(listed.size(), all.size());  // no text listed twice (a duplicate would share a translation)
    for (const auto& d : declared) QVERIFY2(listed.count(d), d.c_str());
    QCOMPARE(listed.size(), declared.size());
  }

  // The CLI prints violation messages; they are the sentences they were before reasons existed.
  void violationMessagesKeepTheirWording() {
    PlanningWorld w("h100:4x2", "llama3-8b");
    Plan p;
    Template t;
    t.replicas = 1;
    t.micro_batch = 1;
    t.stages = {Stage{"h100", 8, 0, 33, {0}, std::nullopt}};
    p.templates = {t};
    PlanReport r = w.cost->price(p, true);
    QVERIFY(!r.feasible);
    QCOMPARE(r.violations.front().message,
             std::string("stage 1 of template 1 (h100, TP 8, layers 0-33): a TP group of 8 GPUs does not fit node 0 "
                         "of 4 GPUs (a TP group never crosses a node)"));
    QCOMPARE(r.violations.front().reason.english(), r.violations.front().message);
    p.templates[0].stages = {Stage{"h100", 4, 0, 20, {0}, std::nullopt}};
    r = w.cost->price(p, true);
    QCOMPARE(r.violations.front().message,
             std::string("template 1 covers layers 0-20 of 0-33: layers 21-33 are not placed"));
    p.templates[0].stages = {Stage{"a6000", 4, 0, 33, {0}, std::nullopt}};
    r = w.cost->price(p, true);
    QCOMPARE(r.violations.front().message,
             std::string("stage 1 of template 1 wants GPU type 'a6000', which the composition does not have (it has: h100)"));
    // Out of memory: the sentence with its numbers, and the structured fields agree with it.
    PlanningWorld big("h100:1x1", "llama3-70b");
    Plan q;
    Template u;
    u.stages = {Stage{"h100", 1, 0, big.model.layerCount() - 1, {0}, std::nullopt}};
    q.templates = {u};
    r = big.cost->price(q, true);
    QVERIFY(!r.feasible);
    const Violation& v = r.violations.back();
    QVERIFY(v.kind == ViolationKind::OutOfMemory);
    char expected[256];
    std::snprintf(expected, sizeof expected, ": needs %.1f GiB of %.1f GiB (%.1f GiB over); largest component: ",
                  v.needed_bytes / (1 << 30), v.capacity_bytes / (1 << 30), v.over_bytes / (1 << 30));
    QVERIFY2(v.message.find(expected) != std::string::npos, v.message.c_str());
    QVERIFY(v.message.rfind("stage 1 of template 1 (h100, TP 1, layers 0-", 0) == 0);
    QCOMPARE(v.reason.english(), v.message);
  }

  // Every step records the batch split of the plan after it, so a replay sums to the batch.
  void stepsRecordTheirBatchSplit() {
    PlanningWorld w("h100:8x2,a6000:4x4", "llama3-8b");
    GreedyPlanner g;
    const PlannerResult r = g.plan(*w.cost, PlannerBudget{10, 0}, 1, {}, nullptr);
    QVERIFY(r.found);
    QVERIFY(!r.construction.empty());
    for (size_t i = 0; i < r.construction.size(); ++i) {
      const ConstructionStep& s = r.construction[i];
      const size_t templates = std::min(i + 1, r.plan.templates.size());
      QCOMPARE(s.plan_micro_batches.size(), templates);
      long long sequences = 0;
      for (size_t j = 0; j < templates; ++j)
        sequences += static_cast<long long>(r.construction[j].placed.replicas) *
                     r.construction[j].placed.micro_batch * s.plan_micro_batches[j];
      QVERIFY2(sequences >= w.spec.global_batch, qPrintable(QString::number(sequences)));
    }
    // The last step's split is the plan's.
    for (size_t j = 0; j < r.plan.templates.size(); ++j)
      QCOMPARE(r.construction.back().plan_micro_batches[j], r.plan.templates[j].micro_batches);
    // Greedy keeps the templates it weighed and did not take, best first, each under the taken one.
    const ConstructionStep& first = r.construction.front();
    QVERIFY(!first.alternatives.empty());
    double last = first.throughput_after;
    for (const StepAlternative& a : first.alternatives) {
      if (!a.why.empty()) continue;
      QVERIFY(a.throughput_after <= last + 1e-9);
      QVERIFY(!(a.candidate == first.placed));
      last = a.throughput_after;
    }
    QCOMPARE(r.stats.reason.english(), r.stats.message);
  }

  void joinsClausesAsNestedReasons() {
    const Reason a("a %1", {integer(1)}), b("b"), c("c %1", {verbatim("x")});
    const Reason j = joinReasons(text::kJoinClauses, {a, Reason(), b, c});
    QCOMPARE(j.english(), std::string("a 1; b; c x"));
    QCOMPARE(j.text, text::kJoinClauses);  // the GUI translates the joiner and each part
    QVERIFY(joinReasons(text::kJoinClauses, {}).empty());
    QCOMPARE(joinReasons(text::kJoinClauses, {b}).english(), std::string("b"));
  }

  // Every baseline's run message and progress line is a reason (the GUI shows them translated),
  // with and without a plan, and its English is the message the CLI prints.
  void baselineMessagesAreReasons() {
    const PlanningWorld fits("h100:4x2,a6000:4x2", "llama3-8b");
    const PlanningWorld none("a6000:1x1", "llama3-70b");
    for (const char* name : {"metis", "sailor", "amp", "hexiscale", "espresso", "hetauto"}) {
      for (const PlanningWorld* w : {&fits, &none}) {
        const auto progress = [&](const PlannerProgress& p) {
          if (p.message.empty()) return;
          QVERIFY2(!p.reason.empty(), p.message.c_str());
          QCOMPARE(p.reason.english(), p.message);
        };
        const PlannerResult r = makePlanner(name)->plan(*w->cost, PlannerBudget{0.5, 0}, 1, progress, nullptr);
        QCOMPARE(r.found, w == &fits);
        QVERIFY2(!r.stats.reason.empty(), (std::string(name) + ": " + r.stats.message).c_str());
        QCOMPARE(r.stats.reason.english(), r.stats.message);
      }
    }
    // The wording is what the planners printed before: e.g. Espresso's summary.
    const PlannerResult e = makePlanner("espresso")->plan(*fits.cost, PlannerBudget{0.5, 0}, 1, {}, nullptr);
    QVERIFY2(e.stats.message.rfind("nodes as they are; ", 0) == 0, e.stats.message.c_str());
    QVERIFY(e.stats.message.find(" cost-tree leaves placed, ") != std::string::npos);
    QVERIFY(e.stats.message.find("; chosen: TP ") != std::string::npos);
  }

  void infeasibleStepCarriesItsReason() {
    PlanningWorld w("h100:4x2,a6000:1x1", "llama3-8b");
    ConstructionEpisode e(*w.cost);
    QVERIFY(e.step(TemplateChoice{1, {StageChoice{0, 4}}}).feasible);
    QVERIFY(!e.step(TemplateChoice{1, {StageChoice{1, 1}}}).feasible);
    const ConstructionStep& s = e.steps().back();
    QCOMPARE(s.reason.english(), s.note);
    QCOMPARE(std::string(s.reason.text), std::string(text::kStepInfeasible));
  }
};

QTEST_APPLESS_MAIN(TstReasons)
#include "tst_reasons.moc"
