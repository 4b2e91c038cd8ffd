// The planners and the episode under them: exhaustive is the optimum of tiny cases, random
// and greedy never beat it, rewards sum to the final throughput on random compositions,
// every unused node has a reason, and cancelling returns the best plan so far.
#include <QtTest>

#include <atomic>
#include <functional>
#include <random>
#include <algorithm>
#include <set>
#include <thread>

#include "planning/construction_episode.h"
#include "planning/exhaustive_planner.h"
#include "planning/fill_cache.h"
#include "planning/greedy_planner.h"
#include "planning/ordered_fills.h"
#include "planning/template_enumerator.h"
#include "planning/unused_gpu_explainer.h"
#include "planning_world.h"

using namespace arachne;

namespace {

// The best throughput over every template sequence, without any symmetry reduction.
double bruteForceBest(const ConstructionEpisode& e) {
  double best = e.throughput();
  TemplateEnumerator::forEach(e.space(), e.free(), StageOrders::Every, [&](const TemplateChoice& c) {
    ConstructionEpisode next = e;
    next.step(c);
    best = std::max(best, next.throughput());
    if (!next.done()) best = std::max(best, bruteForceBest(next));
    return true;
  });
  return best;
}

int drawAdmitted(const Mask& m, std::mt19937& rng) {
  std::vector<int> idx;
  for (size_t i = 0; i < m.size(); ++i)
    if (m[i]) idx.push_back(static_cast<int>(i));
  if (idx.empty()) return -1;
  return idx[std::uniform_int_distribution<size_t>(0, idx.size() - 1)(rng)];
}

Composition randomComposition(std::mt19937& rng) {
  static const std::vector<std::string> ids = {"h100", "a100-40", "a100-80", "a6000", "l40s", "a5000", "v100-32", "rtx-4090"};
  std::vector<std::string> pool = ids;
  std::shuffle(pool.begin(), pool.end(), rng);
  const int types = std::uniform_int_distribution<int>(2, 4)(rng);
  const int target = std::uniform_int_distribution<int>(4, 512)(rng);
  Composition c;
  int total = 0;
  for (int t = 0; t < types; ++t) {
    const int s = std::uniform_int_distribution<int>(1, 8)(rng);
    c.addNode(Node{-1, pool[static_cast<size_t>(t)], s, 0});
    total += s;
  }
  while (total < target) {
    const int s = std::min(std::uniform_int_distribution<int>(1, 8)(rng), target - total);
    c.addNode(Node{-1, pool[static_cast<size_t>(std::uniform_int_distribution<int>(0, types - 1)(rng))], s, 0});
    total += s;
  }
  return c;
}

// One stage on `gpu` with the largest TP degree its mask allows.
TemplateChoice oneStage(const ConstructionEpisode& e, int gpu) {
  TemplateChoice c;
  c.depth = 1;
  const Mask tp = e.tpMask(c, gpu);
  int k = -1;
  for (size_t i = 0; i < tp.size(); ++i)
    if (tp[i]) k = static_cast<int>(i);
  c.stages.push_back({gpu, k < 0 ? 1 : e.space().tp_choices[static_cast<size_t>(k)]});
  return c;
}

}  // namespace

class TstPlanners : public QObject {
  Q_OBJECT
 private slots:
  void registry() {
    const auto names = plannerNames();
    // The search planners first, the baselines of other systems (docs/baselines.md) after them,
    // the learned planners last (making one would load the policy library: tst_policy_plugin).
    QVERIFY(names.size() >= 12);
    QCOMPARE(std::vector<std::string>(names.begin(), names.begin() + 3),
             (std::vector<std::string>{"greedy", "random", "exhaustive"}));
    QCOMPARE(std::vector<std::string>(names.end() - 3, names.end()),
             (std::vector<std::string>{"arachne", "arachne-untrained", "flat-rl"}));
    QCOMPARE(std::set<std::string>(names.begin(), names.end()).size(), names.size());
    for (const auto& n : {"metis", "sailor", "amp", "hexiscale", "espresso", "hetauto"})
      QVERIFY2(std::find(names.begin(), names.end(), n) != names.end(), n);
    for (const auto& n : std::vector<std::string>(names.begin(), names.end() - 3)) {
      auto p = makePlanner(n);
      QVERIFY(p != nullptr);
      QCOMPARE(p->name(), std::string(n));
    }
    QVERIFY(makePlanner("nope") == nullptr);
  }

  // With reuse_fills, a step taken again from the same history is looked up (same outcome and
  // plan, no evaluation counted); the same template after another history is filled again; a
  // step given its fill (stepWith) leaves the history unknown, so nothing is reused until reset.
  void reusedFillsAreCountedOnce() {
    PlanningWorld w("h100:8x2,a100-40:8x2", "llama3-8b");
    EpisodeOptions o;
    o.reuse_fills = true;
    ConstructionEpisode e(*w.cost, o);
    const TemplateChoice a = oneStage(e, 0), b = oneStage(e, 1);
    const auto twoSteps = [&](const TemplateChoice& first, const TemplateChoice& second) {
      e.reset();
      const StepOutcome one = e.step(first);
      QVERIFY2(one.feasible, one.note.c_str());
      const StepOutcome two = e.step(second);
      QVERIFY2(two.feasible, two.note.c_str());
    };
    twoSteps(a, b);
    QCOMPARE(e.evaluations(), 2LL);
    const double throughput = e.throughput();
    const Plan plan = e.plan();
    twoSteps(a, b);
    QCOMPARE(e.evaluations(), 0LL);
    QCOMPARE(e.throughput(), throughput);
    QCOMPARE(e.plan().templates, plan.templates);
    QCOMPARE(e.stepCount(), 2);
    twoSteps(b, a);  // b first is another history, and so is a after b
    QCOMPARE(e.evaluations(), 2LL);
    QCOMPARE(e.plan().templates.front().stages.front().gpu_type, std::string("a100-40"));
    e.reset();
    e.stepWith(a, e.tryStep(a));
    e.step(b);
    QCOMPARE(e.evaluations(), 2LL);
    // Without the option every step is filled and counted.
    ConstructionEpisode plain(*w.cost);
    for (int i = 0; i < 2; ++i) {
      plain.reset();
      plain.step(a);
      QCOMPARE(plain.evaluations(), 1LL);
    }
  }

  // Past the fill cache's byte budget a step seen before is filled again, not looked up: the
  // same outcome and plan, and still no evaluation counted (the bound costs time, never counts).
  void fillsBeyondTheByteBudgetAreStillCountedOnce() {
    PlanningWorld w("h100:8x2,a100-40:8x2", "llama3-8b");
    EpisodeOptions o;
    o.reuse_fills = true;
    o.reused_fill_bytes = 0;  // remember every step, keep no fill
    ConstructionEpisode e(*w.cost, o);
    const TemplateChoice a = oneStage(e, 0), b = oneStage(e, 1);
    e.step(a);
    e.step(b);
    QCOMPARE(e.evaluations(), 2LL);
    const Plan plan = e.plan();
    const PlanReport report = e.report();
    e.reset();
    e.step(a);
    e.step(b);
    QCOMPARE(e.evaluations(), 0LL);
    QCOMPARE(e.plan().templates, plan.templates);
    QCOMPARE(e.report().throughput.sequences_per_s, report.throughput.sequences_per_s);
    QCOMPARE(e.report().iteration_time_s, report.iteration_time_s);
  }

  // The budget is in bytes because a fill's size grows with the composition: it holds every
  // node's free GPUs. Kept fills stay within it; a key past it is remembered without its fill.
  void fillCacheHoldsItsByteBudget() {
    PlanningWorld small("h100:8x2", "llama3-8b"), large("h100:8x2000", "llama3-8b");
    FillResult built;
    built.free_after = FreeGpus(small.composition);
    const FillResult s = built;  // copies, as the cache keeps them (a copy's vectors are tight)
    built.free_after = FreeGpus(large.composition);
    const FillResult l = built;
    const size_t smallBytes = FillCache::footprint(s), largeBytes = FillCache::footprint(l);
    QVERIFY2(largeBytes >= smallBytes + 1998 * sizeof(FreeGpus::NodeSlot),
             qPrintable(QString("%1 vs %2 bytes").arg(largeBytes).arg(smallBytes)));
    const size_t budget = largeBytes + smallBytes + 100;  // room for two fills and their keys
    FillCache cache(3, budget);
    cache.insert("small-1", s);
    cache.insert("large", l);
    cache.insert("small-2", s);  // over the budget: remembered, not kept
    cache.insert("small-3", s);  // over the capacity: not even remembered
    QCOMPARE(cache.size(), size_t{3});
    QVERIFY(cache.keptBytes() <= budget);
    QVERIFY(cache.keptBytes() >= largeBytes + smallBytes);
    QVERIFY(cache.find("small-1").fill != nullptr);
    QVERIFY(cache.find("large").fill != nullptr);
    const FillCache::Found over = cache.find("small-2");
    QVERIFY(over.seen);
    QVERIFY(over.fill == nullptr);
    QVERIFY(!cache.find("small-3").seen);
  }

  // Fills computed ahead (a local search's helpers) are apart from the remembered keys: they are
  // not seen, take no capacity, stay within the byte budget, and the episode that reaches one
  // takes it out.
  void prefetchedFillsCountNothingUntilTaken() {
    PlanningWorld small("h100:8x2", "llama3-8b");
    FillResult built;
    built.free_after = FreeGpus(small.composition);
    const FillResult s = built;
    const size_t bytes = FillCache::footprint(s);
    FillCache cache(1, 2 * bytes + 100);  // room for two fills of each kind
    cache.insertPrefetched("a", s);
    cache.insertPrefetched("b", s);
    cache.insertPrefetched("c", s);  // over the budget: not kept
    QCOMPARE(cache.size(), size_t{0});
    QVERIFY(!cache.find("a").seen);
    QVERIFY(cache.findPrefetched("a") != nullptr);
    QVERIFY(cache.findPrefetched("c") == nullptr);
    QVERIFY(cache.takePrefetched("a") != nullptr);
    QVERIFY(cache.findPrefetched("a") == nullptr);
    QVERIFY(cache.takePrefetched("a") == nullptr);
    cache.insertPrefetched("c", s);  // taking "a" made room
    QVERIFY(cache.findPrefetched("c") != nullptr);
    cache.insert("a", s);
    cache.insert("b", s);  // the remembered keys' capacity (1) is not the prefetched fills'
    QCOMPARE(cache.size(), size_t{1});
    QVERIFY(cache.findPrefetched("b") != nullptr);
    // A key remembered meanwhile drops its fill made ahead, and is not filled ahead again.
    FillCache roomy(4, 4 * bytes);
    roomy.insertPrefetched("d", s);
    roomy.insert("d", s);
    QVERIFY(roomy.findPrefetched("d") == nullptr);
    roomy.insertPrefetched("d", s);
    QVERIFY(roomy.findPrefetched("d") == nullptr);
    QVERIFY(roomy.find("d").seen);
  }

  void exhaustiveIsTheOptimumOfHandCheckableCases() {
    // Two one-GPU H100 nodes and a global batch of 8: one stage with one or two replicas
    // (the replicas are capped so that each gets a micro-batch), or a two-stage pipeline.
    PlanningWorld w("h100:1x2", "gpt-tiny");
    const CostModel& c = *w.cost;
    double hand = 0;
    int handGpus = 0;
    auto keep = [&](const Plan& p, const PlanReport& r) {
      if (r.feasible && r.throughput.sequences_per_s > hand) {
        hand = r.throughput.sequences_per_s;
        handGpus = p.gpusUsed();
      }
    };
    for (int mbs : {1, 2, 4, 8})
      for (int replicas : {1, 2}) {
        Plan dp;
        Template t;
        t.replicas = replicas;
        t.micro_batch = mbs;
        t.stages = {Stage{"h100", 1, 0, w.model.layerCount() - 1,
                          replicas == 2 ? std::vector<int>{0, 1} : std::vector<int>{0}, std::nullopt}};
        dp.templates = {t};
        keep(dp, c.price(dp, true));
      }
    const int L = w.model.layerCount();
    for (int mbs : {1, 2, 4, 8})
      for (int cut = 0; cut + 1 < L; ++cut) {  // every split of the two-stage pipeline
        Plan pp;
        Template t;
        t.micro_batch = mbs;
        t.stages = {Stage{"h100", 1, 0, cut, {0}, std::nullopt}, Stage{"h100", 1, cut + 1, L - 1, {1}, std::nullopt}};
        pp.templates = {t};
        keep(pp, c.price(pp, true));
      }
    ExhaustivePlanner ex;
    ex.setOrders(StageOrders::Every);
    const PlannerResult r = ex.plan(c, PlannerBudget{0, 0}, 0, {}, nullptr);
    QVERIFY(r.found);
    QVERIFY(!r.stats.refused);
    QCOMPARE(r.report.throughput.sequences_per_s, hand);
    // The winner uses as many GPUs as the best hand-built plan (on InfiniBand both H100s: two
    // replicas or two stages beat one GPU), and a GPU it leaves out has its reason.
    QVERIFY(handGpus > 0);
    QCOMPARE(r.plan.gpusUsed(), handGpus);
    QCOMPARE(int(r.plan.unused_gpus.size()), 2 - handGpus);
    for (const auto& u : r.plan.unused_gpus) QVERIFY(!u.reason.empty());
  }

  void aGpuLeftOutForTheBatchSaysSo() {
    // Two one-GPU H100 nodes on 1 GB/s Ethernet: splitting costs more than it gains, so one
    // GPU runs the whole batch of 8 and the other is left out, with the global batch as reason.
    Composition slow = resolveCluster("h100:1x2", GpuCatalog::builtin());
    for (const Node& n : std::vector<Node>(slow.nodes())) {
      Node* m = slow.findNode(n.id);
      m->inter_node_gbps = 0.125;
      m->inter_node_fabric = Fabric::Ethernet;
    }
    PlanningWorld w(slow, "gpt-tiny");
    ExhaustivePlanner ex;
    ex.setOrders(StageOrders::Every);
    const PlannerResult r = ex.plan(*w.cost, PlannerBudget{0, 0}, 0, {}, nullptr);
    QVERIFY(r.found);
    QCOMPARE(r.plan.gpusUsed(), 1);
    QCOMPARE(int(r.plan.unused_gpus.size()), 1);
    QVERIFY2(r.plan.unused_gpus[0].reason.find("global batch") != std::string::npos, r.plan.unused_gpus[0].reason.c_str());
  }

  void exhaustiveMatchesBruteForce() {
    for (const char* cluster : {"h100:2x1,a6000:1x2", "a100-40:2x1,h100:1x1,l40s:1x1"}) {
      PlanningWorld w(cluster, "gpt-tiny");
      ConstructionEpisode e(*w.cost);
      const double brute = bruteForceBest(e);
      ExhaustivePlanner ex;
      ex.setOrders(StageOrders::Every);
      const PlannerResult r = ex.plan(*w.cost, PlannerBudget{0, 0}, 0, {}, nullptr);
      QVERIFY(r.found);
      QVERIFY2(std::fabs(r.report.throughput.sequences_per_s - brute) <= 1e-9 * brute,
               qPrintable(QString("%1: exhaustive %2, brute force %3").arg(cluster).arg(r.report.throughput.sequences_per_s).arg(brute)));
      // Nothing else beats it.
      for (const char* name : {"greedy", "random"}) {
        const PlannerResult o = makePlanner(name)->plan(*w.cost, PlannerBudget{0, 300}, 1, {}, nullptr);
        QVERIFY(o.found);
        QVERIFY(o.report.throughput.sequences_per_s <= brute * (1 + 1e-9));
      }
      // The budget-chosen granularity searches every order here too.
      const PlannerResult auto_ = ExhaustivePlanner().plan(*w.cost, PlannerBudget{30, 0}, 0, {}, nullptr);
      QCOMPARE(auto_.report.throughput.sequences_per_s, r.report.throughput.sequences_per_s);
    }
  }

  void exhaustiveRefusesWithItsEstimate() {
    PlanningWorld w("a100-40:4x32,a6000:4x32,h100:4x64", "llama3-8b");  // paper-3t-512
    const PlannerResult r = makePlanner("exhaustive")->plan(*w.cost, PlannerBudget{0.5, 0}, 0, {}, nullptr);
    QVERIFY(r.stats.refused);
    QVERIFY(!r.found);
    QVERIFY2(r.stats.message.find("plans") != std::string::npos, r.stats.message.c_str());
  }

  void rewardsSumToFinalThroughputOnRandomCompositions() {
    std::mt19937 rng(4242);
    int episodes = 0;
    for (int round = 0; round < 30; ++round) {
      PlanningWorld w(randomComposition(rng), "gpt-tiny", std::uniform_int_distribution<int>(8, 256)(rng));
      ConstructionEpisode e(*w.cost);
      for (int rep = 0; rep < 3; ++rep) {
        e.reset();
        while (!e.done()) {
          TemplateChoice c;
          c.depth = drawAdmitted(e.depthMask(), rng);
          for (int s = 0; s < c.depth; ++s) {
            const int g = drawAdmitted(e.deviceMask(c), rng);
            QVERIFY(g >= 0);
            const int k = drawAdmitted(e.tpMask(c, g), rng);
            QVERIFY(k >= 0);
            c.stages.push_back({g, e.space().tp_choices[static_cast<size_t>(k)]});
          }
          const StepOutcome o = e.step(c);
          // The masks admitted it: the fill never fails for want of nodes.
          QVERIFY2(o.note.find("cannot hold one replica") == std::string::npos, o.note.c_str());
        }
        ++episodes;
        double sum = 0;
        for (const auto& s : e.steps()) sum += s.reward;
        QCOMPARE(sum, e.totalReward());
        const double expect = e.plan().templates.empty() && !e.steps().empty() && e.steps()[0].note != "STOP"
                                  ? -e.options().infeasible_penalty
                                  : e.throughput();
        QVERIFY2(std::fabs(sum - expect) <= 1e-9 * std::max(1.0, std::fabs(expect)),
                 qPrintable(QString("sum %1 expected %2").arg(sum).arg(expect)));
        if (!e.plan().templates.empty()) {
          // The episode's plan is priced as reported, and every unused node has a reason.
          QCOMPARE(w.cost->price(e.plan(), true).throughput.sequences_per_s, e.throughput());
          const auto unused = UnusedGpuExplainer::explain(e.fill(), e.space(), e.plan(), e.free());
          int left = 0;
          for (const auto& u : unused) {
            QVERIFY(!u.reason.empty());
            left += u.count;
          }
          QCOMPARE(e.plan().gpusUsed() + left, w.composition.totalGpus());
        }
      }
    }
    QVERIFY(episodes == 90);
  }

  // A run the budget stops says so; one that ends its own search does not, although random's
  // and HetAuto's messages call that end "stopped" too (arachne-cli paper's "at budget").
  // Greedy's helper threads fill ahead of its scan, which takes the fills in candidate order: the
  // plan, the steps and their alternatives, the counts, the best-so-far curve and where an
  // evaluation budget stops (mid-step here) are those of one thread.
  void greedyWithHelpersDecidesAsOnOneThread() {
    struct Case {
      const char* cluster;
      const char* model;
      long long evals;
    };
    for (const Case& c : {Case{"h100:4x6,a6000:4x4,a100-40:2x5", "qwen3-30b-a3b", 0},
                          Case{"a100-40:4x32,a6000:4x32,h100:4x64", "llama3-8b", 0},
                          Case{"a100-40:4x32,a6000:4x32,h100:4x64", "llama3-8b", 777},
                          Case{"rtx-3090:6x1+3x1,l4:2x1,v100-16:4x2", "gpt-neo-2.7b", 0}}) {
      PlanningWorld w(c.cluster, c.model);
      const PlannerBudget budget{0, c.evals};
      const PlannerResult one = GreedyPlanner(1).plan(*w.cost, budget, 0, {}, nullptr);
      const PlannerResult four = GreedyPlanner(4).plan(*w.cost, budget, 0, {}, nullptr);
      const QByteArray what = QByteArray(c.cluster) + " " + c.model;
      QVERIFY2(one.found && four.found, what);
      QVERIFY2(one.plan == four.plan, what);
      QCOMPARE(four.report.iteration_time_s, one.report.iteration_time_s);
      QCOMPARE(four.stats.evaluations, one.stats.evaluations);
      QCOMPARE(four.stats.budget_spent, one.stats.budget_spent);
      QCOMPARE(four.stats.best_curve, one.stats.best_curve);
      QCOMPARE(four.stats.message, one.stats.message);
      QCOMPARE(four.construction.size(), one.construction.size());
      for (size_t k = 0; k < one.construction.size(); ++k) {
        QVERIFY2(four.construction[k].placed == one.construction[k].placed, what);
        const auto& a = one.construction[k].alternatives;
        const auto& b = four.construction[k].alternatives;
        QCOMPARE(b.size(), a.size());
        for (size_t i = 0; i < a.size(); ++i) {
          QVERIFY2(b[i].candidate == a[i].candidate, what);
          QCOMPARE(b[i].throughput_after, a[i].throughput_after);
          QCOMPARE(QString::fromStdString(b[i].why.english()), QString::fromStdString(a[i].why.english()));
        }
      }
      if (c.evals > 0) QVERIFY2(one.stats.budget_spent && one.stats.evaluations == c.evals, what);
    }
    QCOMPARE(OrderedFills::helpersFor(1), 0);
    QCOMPARE(OrderedFills::helpersFor(3), 2);
    QVERIFY(OrderedFills::helpersFor(0) >= 0);
  }

  // The fills handed out in order are the episode's own, whichever thread made them, also when
  // the scan stops early and the helpers' fills ahead are dropped.
  void orderedFillsAreTheEpisodesFills() {
    PlanningWorld w("h100:4x6,a6000:4x4,a100-40:2x5", "llama3-8b");
    ConstructionEpisode e(*w.cost);
    e.step(oneStage(e, 0));
    const std::vector<TemplateChoice> cands = GreedyPlanner::candidates(e);
    QVERIFY(cands.size() > 40);
    for (size_t stopAt : {cands.size(), size_t{7}}) {
      OrderedFills fills(e, cands, 3);
      for (size_t i = 0; i < stopAt; ++i) {
        const FillResult got = fills.take(i);
        const FillResult want = e.tryStep(cands[i]);
        QCOMPARE(got.feasible, want.feasible);
        QVERIFY(got.plan == want.plan);
        QCOMPARE(got.report.iteration_time_s, want.report.iteration_time_s);
        QCOMPARE(got.why, want.why);
        QCOMPARE(got.priced, want.priced);
      }
    }
  }

  void budgetSpentOnlyWhenTheBudgetStopsIt() {
    PlanningWorld w("a100-40:4x32,a6000:4x32,h100:4x64", "llama3-8b");
    for (const char* name : {"random", "greedy", "hetauto"}) {
      const PlannerResult r = makePlanner(name)->plan(*w.cost, PlannerBudget{600, 5}, 0, {}, nullptr);
      QVERIFY2(r.stats.budget_spent, name);
      QVERIFY2(!r.stats.cancelled, name);
    }
    PlanningWorld tiny("a100-40:2x1,h100:2x1", "llama3-8b");
    for (const char* name : {"random", "hetauto"}) {
      const PlannerResult r = makePlanner(name)->plan(*tiny.cost, PlannerBudget{600, 0}, 0, {}, nullptr);
      QVERIFY2(r.stats.message.find("stopped:") != std::string::npos, qPrintable(QString::fromStdString(r.stats.message)));
      QVERIFY2(!r.stats.budget_spent, name);
    }
  }

  void cancellationReturnsTheBestPlanSoFar() {
    PlanningWorld w("a100-40:4x32,a6000:4x32,h100:4x64", "llama3-8b");
    for (const char* name : {"random", "greedy", "exhaustive"}) {
      std::atomic<bool> cancel{false};
      int calls = 0;
      // Cancel at the second progress report (>= ~100 ms into the run), long before the budget.
      ProgressCallback cb = [&](const PlannerProgress& p) {
        if (++calls == 2 && p.best_sequences_per_s > 0) cancel = true;
        if (calls > 2) cancel = true;
      };
      PlannerBudget b{600, 0};
      auto planner = makePlanner(name);
      if (std::string(name) == "exhaustive") {
        // On this cluster exhaustive refuses at once; cancel it on a space it would search.
        PlanningWorld small("a100-40:4x2,h100:4x2", "llama3-8b");
        const PlannerResult r = planner->plan(*small.cost, b, 0, cb, &cancel);
        QVERIFY(r.stats.cancelled);
        QVERIFY(r.found);
        QCOMPARE(small.cost->price(r.plan, true).throughput.sequences_per_s, r.report.throughput.sequences_per_s);
        continue;
      }
      const PlannerResult r = planner->plan(*w.cost, b, 0, cb, &cancel);
      QVERIFY2(r.stats.cancelled, name);
      QVERIFY2(!r.stats.budget_spent, name);
      QVERIFY2(r.found, name);
      QVERIFY(r.report.feasible);
      QCOMPARE(w.cost->price(r.plan, true).throughput.sequences_per_s, r.report.throughput.sequences_per_s);
      QVERIFY(!r.stats.best_curve.empty());
      QCOMPARE(r.stats.best_curve.back().second, r.report.throughput.sequences_per_s);
      QVERIFY(!r.construction.empty());
      QCOMPARE(r.plan.provenance.planner, std::string(name));
    }
    // Without any budget, exhaustive on paper-3t-512 would estimate (and search) for a very
    // long time: the cancel flag stops it there too.
    std::atomic<bool> cancel{false};
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      cancel = true;
    });
    const PlannerResult r = makePlanner("exhaustive")->plan(*w.cost, PlannerBudget{0, 0}, 0, {}, &cancel);
    stopper.join();
    QVERIFY(r.stats.cancelled);
    QVERIFY(!r.stats.refused);
  }
};

QTEST_GUILESS_MAIN(TstPlanners)
#include "tst_planners.moc"
